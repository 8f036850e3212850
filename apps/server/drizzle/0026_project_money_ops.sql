CREATE TABLE "hjl_project_collect_labour_from" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"project_id" bigint,
	"project_name" varchar(200),
	"collect_id" bigint,
	"period_start" date,
	"period_end" date,
	"labour_ratio" numeric(18, 2),
	"collect_amount" numeric(18, 2),
	"expense_amount" numeric(18, 2),
	"ought_amount" numeric(18, 2),
	"actual_amount" numeric(18, 2),
	"tax_amount" numeric(18, 2),
	"net_amount" numeric(18, 2),
	"account_info_id" bigint,
	"labour_stage" integer,
	"pay_status" integer,
	"pay_date" date,
	"remark" varchar(500),
	"files" jsonb,
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_project_labour_person" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"labour_id" bigint,
	"project_id" bigint,
	"user_id" bigint,
	"person_name" varchar(50),
	"bank_name" varchar(100),
	"bank_account" varchar(64),
	"share_ratio" numeric(18, 2),
	"amount" numeric(18, 2),
	"tax_amount" numeric(18, 2),
	"net_amount" numeric(18, 2),
	"sort" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_project_decision" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"project_id" bigint,
	"project_name" varchar(200),
	"submitted_amount" numeric(18, 2),
	"approved_amount" numeric(18, 2),
	"reduction_amount" numeric(18, 2),
	"reduction_rate" varchar(12),
	"settlement_fee" numeric(18, 2),
	"decision_date" date,
	"summary" varchar(1000),
	"files" jsonb,
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_project_apply_expense_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"expense_id" bigint,
	"expense_date" date,
	"expense_type" integer,
	"amount" numeric(18, 2),
	"bills" integer,
	"sort" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_project_expense_pay" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"expense_id" bigint,
	"project_id" bigint,
	"project_name" varchar(200),
	"amount" numeric(18, 2),
	"expense_type" integer,
	"transaction_date" date,
	"transaction_reference_number" varchar(64),
	"payer_name" varchar(100),
	"debit_account_no" varchar(64),
	"payer_account_bank" varchar(100),
	"account_info_id" bigint,
	"account_num" varchar(64),
	"business_subject_type" integer,
	"business_subject_id" bigint,
	"person_id" bigint,
	"person_name" varchar(100),
	"customer_id" bigint,
	"customer_name" varchar(200),
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_project_apply_expense" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"project_id" bigint,
	"project_name" varchar(200),
	"title" varchar(200),
	"expense_type" integer,
	"total_amount" numeric(18, 2),
	"apply_user" bigint,
	"apply_date" date,
	"pay_status" integer,
	"paid_amount" numeric(18, 2),
	"pay_date" date,
	"remark" varchar(500),
	"files" jsonb,
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE INDEX "hjl_project_collect_labour_from_list_idx" ON "hjl_project_collect_labour_from" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_collect_labour_from_instance_idx" ON "hjl_project_collect_labour_from" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_labour_project_idx" ON "hjl_project_collect_labour_from" USING btree ("project_id","period_start");--> statement-breakpoint
CREATE INDEX "hjl_project_labour_person_list_idx" ON "hjl_project_labour_person" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_labour_person_labour_idx" ON "hjl_project_labour_person" USING btree ("labour_id");--> statement-breakpoint
CREATE INDEX "hjl_labour_person_user_idx" ON "hjl_project_labour_person" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_decision_list_idx" ON "hjl_project_decision" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_decision_instance_idx" ON "hjl_project_decision" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_project_decision_project_idx" ON "hjl_project_decision" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "hjl_project_apply_expense_info_list_idx" ON "hjl_project_apply_expense_info" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_expense_info_expense_idx" ON "hjl_project_apply_expense_info" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "hjl_project_expense_pay_list_idx" ON "hjl_project_expense_pay" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_expense_pay_instance_idx" ON "hjl_project_expense_pay" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_project_expense_pay_expense_idx" ON "hjl_project_expense_pay" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "hjl_project_apply_expense_list_idx" ON "hjl_project_apply_expense" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_apply_expense_instance_idx" ON "hjl_project_apply_expense" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_project_expense_project_idx" ON "hjl_project_apply_expense" USING btree ("project_id","apply_date");--> statement-breakpoint
CREATE INDEX "hjl_project_expense_user_idx" ON "hjl_project_apply_expense" USING btree ("tenant_id","apply_user") WHERE is_deleted = 0;