CREATE TABLE "hjl_project_completion_pay" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"decision_id" bigint,
	"project_id" bigint,
	"project_name" varchar(200),
	"settlement_fee" numeric(18, 2),
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
CREATE TABLE "hjl_project_completion" (
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
	"completion_date" date,
	"summary" varchar(1000),
	"files" jsonb,
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE INDEX "hjl_project_completion_pay_list_idx" ON "hjl_project_completion_pay" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_completion_pay_instance_idx" ON "hjl_project_completion_pay" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_project_completion_pay_decision_idx" ON "hjl_project_completion_pay" USING btree ("decision_id","status");--> statement-breakpoint
CREATE INDEX "hjl_project_completion_pay_project_idx" ON "hjl_project_completion_pay" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "hjl_project_completion_list_idx" ON "hjl_project_completion" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_completion_instance_idx" ON "hjl_project_completion" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_project_completion_project_idx" ON "hjl_project_completion" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "hjl_income_expend_claim_idx" ON "hjl_income_expend" USING btree ("tenant_id","claim_biz_type","claim_biz_id") WHERE claim_biz_type IS NOT NULL;