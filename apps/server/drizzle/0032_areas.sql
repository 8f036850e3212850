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
CREATE TABLE "hjl_refund_guarantee_money" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"deposit_id" bigint,
	"deposit_type" integer,
	"refund_kind" integer,
	"project_id" bigint,
	"project_name" varchar(200),
	"payee_name" varchar(100),
	"refund_amount" numeric(18, 2),
	"refund_date" date,
	"account_info_id" bigint,
	"replacement_id" bigint,
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_apply_guarantee_money" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"deposit_type" integer,
	"direction" integer,
	"project_id" bigint,
	"project_name" varchar(200),
	"payee_name" varchar(100),
	"payee_account_number" varchar(64),
	"beneficiary_account_bank" varchar(100),
	"amount" numeric(18, 2),
	"pay_date" date,
	"deadline" date,
	"expected_refund_date" date,
	"account_info_id" bigint,
	"refund_status" integer,
	"refunded_amount" numeric(18, 2),
	"replaces_id" bigint,
	"replaced_by_id" bigint,
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "blade_code" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"model_id" bigint,
	"service_name" varchar(64),
	"code_name" varchar(64),
	"table_name" varchar(64),
	"table_prefix" varchar(32),
	"pk_name" varchar(32),
	"package_name" varchar(100),
	"base_mode" integer,
	"wrap_mode" integer,
	"api_path" varchar(200),
	"web_path" varchar(200),
	"template_type" varchar(16),
	"author" varchar(64),
	"sub_model_id" bigint,
	"sub_fk_id" varchar(64),
	"tree_id" varchar(64),
	"tree_pid" varchar(64),
	"tree_name" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "blade_model_prototype" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"model_id" bigint,
	"jdbc_name" varchar(64),
	"jdbc_type" varchar(64),
	"comment" varchar(255),
	"property_type" varchar(32),
	"property_name" varchar(64),
	"is_list" integer,
	"is_form" integer,
	"is_row" integer,
	"component_type" varchar(32),
	"dict_code" varchar(64),
	"is_required" integer,
	"is_query" integer,
	"query_type" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "blade_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"datasource_id" bigint,
	"model_name" varchar(100),
	"model_code" varchar(64),
	"model_table" varchar(64),
	"model_class" varchar(100),
	"model_remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "db_certification_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"pool" integer,
	"category_id" bigint,
	"speciality_id" bigint,
	"person_name" varchar(30),
	"gender" varchar(2),
	"title" varchar(30),
	"work_unit" varchar(100),
	"work_years" integer,
	"certificate_name" varchar(50),
	"certificate_level" integer,
	"certificate_no" varchar(50),
	"issue_date" date,
	"valid_until" date,
	"issuer" varchar(100),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "db_enterprise_authentication" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"category_id" bigint,
	"enterprise_name" varchar(100),
	"credit_code" varchar(18),
	"region_name" varchar(50),
	"legal_person" varchar(30),
	"qualification_name" varchar(100),
	"qualification_level" integer,
	"certificate_no" varchar(50),
	"issue_date" date,
	"valid_until" date,
	"authority" varchar(100),
	"sort" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "db_enterprise_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint,
	"category_name" varchar(50),
	"sort" integer
);
--> statement-breakpoint
CREATE TABLE "db_knowledge_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint,
	"category_name" varchar(50),
	"sort" integer
);
--> statement-breakpoint
CREATE TABLE "db_knowledge_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"category_id" bigint,
	"title" varchar(200),
	"summary" varchar(500),
	"content" text,
	"tags" varchar(500),
	"author" varchar(50),
	"source" varchar(100),
	"publish_date" date,
	"view_count" integer,
	"sort" integer
);
--> statement-breakpoint
CREATE TABLE "db_material_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint,
	"category_code" varchar(20),
	"category_name" varchar(50),
	"sort" integer
);
--> statement-breakpoint
CREATE TABLE "db_material_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"category_id" bigint,
	"material_code" varchar(30),
	"material_name" varchar(100),
	"spec" varchar(100),
	"unit" varchar(20),
	"brand" varchar(50),
	"price" numeric(18, 2),
	"price_date" varchar(7),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "db_material_price" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"material_id" bigint,
	"region_name" varchar(50),
	"price_month" varchar(7),
	"price" numeric(18, 2),
	"tax_included" integer
);
--> statement-breakpoint
CREATE TABLE "db_project_price_detail" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"index_id" bigint,
	"item_name" varchar(50),
	"item_price" numeric(18, 2),
	"ratio" numeric(18, 2),
	"sort" integer
);
--> statement-breakpoint
CREATE TABLE "db_project_price_index" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"index_name" varchar(100),
	"region_code" varchar(12),
	"region_name" varchar(50),
	"period" varchar(7),
	"project_type" integer,
	"structure_type" varchar(30),
	"unit_price" numeric(18, 2),
	"change_rate" numeric(18, 2),
	"sample_count" integer,
	"publish_date" date,
	"publisher" varchar(100),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "db_speciality" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"pool" integer,
	"category_id" bigint,
	"speciality_name" varchar(50),
	"description" varchar(500),
	"sort" integer
);
--> statement-breakpoint
CREATE TABLE "db_talent_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"pool" integer,
	"parent_id" bigint,
	"category_name" varchar(50),
	"sort" integer
);
--> statement-breakpoint
CREATE TABLE "db_unit_price_index" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"region_code" varchar(12),
	"region_name" varchar(50),
	"period" varchar(7),
	"category" integer,
	"item_code" varchar(30),
	"item_name" varchar(100),
	"spec" varchar(100),
	"unit" varchar(20),
	"price" numeric(18, 2),
	"change_rate" numeric(18, 2),
	"publish_date" date,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "blade_report_file" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"name" varchar(100),
	"statistic" varchar(64),
	"view" varchar(16),
	"page_path" varchar(200),
	"content" text,
	"remark" varchar(500)
);
--> statement-breakpoint
ALTER TABLE "hjl_account_info" ADD COLUMN "allow_overdraft" integer;--> statement-breakpoint
ALTER TABLE "hjl_invoice" ADD COLUMN "amount_excluding_tax" numeric(18, 2);--> statement-breakpoint
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
CREATE INDEX "hjl_refund_guarantee_money_list_idx" ON "hjl_refund_guarantee_money" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_refund_guarantee_money_instance_idx" ON "hjl_refund_guarantee_money" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_refund_guarantee_money_deposit_idx" ON "hjl_refund_guarantee_money" USING btree ("deposit_id","status") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_guarantee_money_list_idx" ON "hjl_apply_guarantee_money" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_guarantee_money_instance_idx" ON "hjl_apply_guarantee_money" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_apply_guarantee_money_project_idx" ON "hjl_apply_guarantee_money" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "hjl_apply_guarantee_money_due_idx" ON "hjl_apply_guarantee_money" USING btree ("tenant_id","expected_refund_date") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_guarantee_money_replaces_idx" ON "hjl_apply_guarantee_money" USING btree ("replaces_id");--> statement-breakpoint
CREATE INDEX "blade_code_list_idx" ON "blade_code" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_model_prototype_list_idx" ON "blade_model_prototype" USING btree ("tenant_id","id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_model_prototype_model_idx" ON "blade_model_prototype" USING btree ("tenant_id","model_id");--> statement-breakpoint
CREATE INDEX "blade_model_list_idx" ON "blade_model" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_certification_info_list_idx" ON "db_certification_info" USING btree ("tenant_id","issue_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_certification_info_category_idx" ON "db_certification_info" USING btree ("tenant_id","pool","category_id");--> statement-breakpoint
CREATE INDEX "db_enterprise_authentication_list_idx" ON "db_enterprise_authentication" USING btree ("tenant_id","enterprise_name","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_enterprise_authentication_category_idx" ON "db_enterprise_authentication" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "db_enterprise_category_list_idx" ON "db_enterprise_category" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_knowledge_category_list_idx" ON "db_knowledge_category" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_knowledge_info_list_idx" ON "db_knowledge_info" USING btree ("tenant_id","publish_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_knowledge_info_category_idx" ON "db_knowledge_info" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "db_material_category_list_idx" ON "db_material_category" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_material_category_parent_idx" ON "db_material_category" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "db_material_info_list_idx" ON "db_material_info" USING btree ("tenant_id","material_code","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_material_info_category_idx" ON "db_material_info" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "db_material_price_list_idx" ON "db_material_price" USING btree ("tenant_id","price_month","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_material_price_material_idx" ON "db_material_price" USING btree ("material_id","price_month");--> statement-breakpoint
CREATE INDEX "db_project_price_detail_list_idx" ON "db_project_price_detail" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_project_price_detail_index_idx" ON "db_project_price_detail" USING btree ("index_id");--> statement-breakpoint
CREATE INDEX "db_project_price_index_list_idx" ON "db_project_price_index" USING btree ("tenant_id","period","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_project_price_index_type_idx" ON "db_project_price_index" USING btree ("tenant_id","project_type","period");--> statement-breakpoint
CREATE INDEX "db_speciality_list_idx" ON "db_speciality" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_speciality_category_idx" ON "db_speciality" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "db_talent_category_list_idx" ON "db_talent_category" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_talent_category_pool_idx" ON "db_talent_category" USING btree ("tenant_id","pool");--> statement-breakpoint
CREATE INDEX "db_unit_price_index_list_idx" ON "db_unit_price_index" USING btree ("tenant_id","period","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "db_unit_price_index_category_idx" ON "db_unit_price_index" USING btree ("tenant_id","category","period");--> statement-breakpoint
CREATE INDEX "blade_report_file_list_idx" ON "blade_report_file" USING btree ("tenant_id","update_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_filiale_idx" ON "hjl_project" USING btree ("tenant_id","filiale_id") WHERE is_deleted = 0;