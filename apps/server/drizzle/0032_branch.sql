CREATE TABLE "hjl_dividend_component" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"dividend_id" bigint,
	"item_name" varchar(100),
	"item_type" integer,
	"amount" numeric(18, 2),
	"sort" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_dividend" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"filiale_id" bigint,
	"dividend_year" integer,
	"dividend_period" varchar(50),
	"profit" numeric(18, 2),
	"ratio" numeric(18, 2),
	"dividend_amount" numeric(18, 2),
	"pay_state" integer,
	"pay_date" date,
	"account_info_id" bigint,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_filiale_account" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"filiale_id" bigint,
	"account_name" varchar(100),
	"account_num" varchar(30),
	"bank_name" varchar(100),
	"balance" numeric(18, 2),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_filiale_contract" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"filiale_id" bigint,
	"contract_num" varchar(64),
	"contract_name" varchar(200),
	"contract_amount" numeric(18, 2),
	"sign_date" date,
	"start_date" date,
	"end_date" date,
	"share_terms" varchar(1000),
	"files" jsonb
);
--> statement-breakpoint
CREATE TABLE "hjl_filiale_deposit" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"filiale_id" bigint,
	"amount" numeric(18, 2),
	"pay_date" date,
	"account_info_id" bigint,
	"refund_date" date,
	"deposit_status" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_filiale_mgmt" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"filiale_id" bigint,
	"mgmt_type" integer,
	"period" varchar(7),
	"content" varchar(1000),
	"amount" numeric(18, 2),
	"receive_date" date,
	"account_info_id" bigint,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_filiale" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"filiale_name" varchar(100),
	"dept_id" bigint,
	"leader_user" bigint,
	"contact" varchar(50),
	"phone" varchar(20),
	"address" varchar(255),
	"establish_date" date,
	"share_ratio" numeric(18, 2),
	"management_fee_rate" numeric(18, 2),
	"deposit_amount" numeric(18, 2),
	"filiale_status" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_invest_info_his" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"invest_info_id" bigint,
	"version" integer,
	"filiale_id" bigint,
	"investor" varchar(100),
	"invest_amount" numeric(18, 2),
	"invest_ratio" numeric(18, 2),
	"invest_date" date,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_invest_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"filiale_id" bigint,
	"investor" varchar(100),
	"invest_amount" numeric(18, 2),
	"invest_ratio" numeric(18, 2),
	"invest_date" date,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_withdraw_share" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"withdraw_type" integer,
	"filiale_id" bigint,
	"user_id" bigint,
	"period" varchar(7),
	"base_amount" numeric(18, 2),
	"ratio" numeric(18, 2),
	"amount" numeric(18, 2),
	"account_info_id" bigint,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
ALTER TABLE "hjl_project" ADD COLUMN "filiale_id" bigint;--> statement-breakpoint
CREATE INDEX "hjl_dividend_component_list_idx" ON "hjl_dividend_component" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_dividend_component_dividend_idx" ON "hjl_dividend_component" USING btree ("dividend_id");--> statement-breakpoint
CREATE INDEX "hjl_dividend_list_idx" ON "hjl_dividend" USING btree ("tenant_id","dividend_year","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_dividend_filiale_idx" ON "hjl_dividend" USING btree ("filiale_id");--> statement-breakpoint
CREATE INDEX "hjl_filiale_account_list_idx" ON "hjl_filiale_account" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_filiale_account_filiale_idx" ON "hjl_filiale_account" USING btree ("filiale_id");--> statement-breakpoint
CREATE INDEX "hjl_filiale_contract_list_idx" ON "hjl_filiale_contract" USING btree ("tenant_id","sign_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_filiale_contract_filiale_idx" ON "hjl_filiale_contract" USING btree ("filiale_id");--> statement-breakpoint
CREATE INDEX "hjl_filiale_deposit_list_idx" ON "hjl_filiale_deposit" USING btree ("tenant_id","pay_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_filiale_deposit_filiale_idx" ON "hjl_filiale_deposit" USING btree ("filiale_id");--> statement-breakpoint
CREATE INDEX "hjl_filiale_mgmt_list_idx" ON "hjl_filiale_mgmt" USING btree ("tenant_id","period","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_filiale_mgmt_filiale_idx" ON "hjl_filiale_mgmt" USING btree ("filiale_id");--> statement-breakpoint
CREATE INDEX "hjl_filiale_list_idx" ON "hjl_filiale" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_filiale_dept_idx" ON "hjl_filiale" USING btree ("tenant_id","dept_id");--> statement-breakpoint
CREATE INDEX "hjl_invest_info_his_list_idx" ON "hjl_invest_info_his" USING btree ("tenant_id","version","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_invest_info_his_info_idx" ON "hjl_invest_info_his" USING btree ("invest_info_id","version");--> statement-breakpoint
CREATE INDEX "hjl_invest_info_list_idx" ON "hjl_invest_info" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_invest_info_filiale_idx" ON "hjl_invest_info" USING btree ("filiale_id");--> statement-breakpoint
CREATE INDEX "hjl_withdraw_share_list_idx" ON "hjl_withdraw_share" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_withdraw_share_instance_idx" ON "hjl_withdraw_share" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_withdraw_share_filiale_idx" ON "hjl_withdraw_share" USING btree ("filiale_id");--> statement-breakpoint
CREATE INDEX "hjl_project_filiale_idx" ON "hjl_project" USING btree ("tenant_id","filiale_id") WHERE is_deleted = 0;