CREATE TABLE "hjl_account_his_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"account_info_id" bigint,
	"change_type" integer,
	"amount" numeric(18, 2),
	"balance_after" numeric(18, 2),
	"biz_type" varchar(64),
	"biz_id" bigint,
	"operator" bigint,
	"operate_time" timestamp(0),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_account_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"account_name" varchar(100),
	"account_num" varchar(64),
	"bank_name" varchar(100),
	"account_nature" integer,
	"opening_balance" numeric(18, 2),
	"balance" numeric(18, 2),
	"practical_amount" numeric(18, 2),
	"practical_time" timestamp(0),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_account_settlement" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"account_info_id" bigint,
	"settle_date" date,
	"book_balance" numeric(18, 2),
	"practical_amount" numeric(18, 2),
	"difference" numeric(18, 2),
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_dept_name" varchar(100),
	"apply_time" timestamp(0),
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_apply_expense_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"apply_expense_id" bigint,
	"expense_date" date,
	"expense_type" integer,
	"amount" numeric(18, 2),
	"bill_count" integer,
	"budget_id" bigint,
	"sort" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_apply_expense" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"title" varchar(200),
	"total_amount" numeric(18, 2),
	"project_id" bigint,
	"project_name" varchar(200),
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_dept_name" varchar(100),
	"apply_time" timestamp(0),
	"expense_type" integer,
	"transaction_date" date,
	"transaction_reference_number" varchar(64),
	"payer_name" varchar(100),
	"debit_account_no" varchar(64),
	"payer_account_bank" varchar(100),
	"account_info_id" bigint,
	"account_num" varchar(64),
	"pay_status" integer,
	"pay_time" timestamp(0),
	"paid_amount" numeric(18, 2),
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_apply_payment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"title" varchar(200),
	"amount" numeric(18, 2),
	"cost_type" integer,
	"business_subject_type" integer,
	"business_subject_id" bigint,
	"person_id" bigint,
	"person_name" varchar(100),
	"customer_id" bigint,
	"customer_name" varchar(200),
	"payee_name" varchar(100),
	"payee_account_number" varchar(64),
	"beneficiary_account_bank" varchar(100),
	"project_id" bigint,
	"project_name" varchar(200),
	"plan_pay_date" date,
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_dept_name" varchar(100),
	"apply_time" timestamp(0),
	"expense_type" integer,
	"transaction_date" date,
	"transaction_reference_number" varchar(64),
	"payer_name" varchar(100),
	"debit_account_no" varchar(64),
	"payer_account_bank" varchar(100),
	"account_info_id" bigint,
	"account_num" varchar(64),
	"pay_status" integer,
	"pay_time" timestamp(0),
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_apply_refund" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"title" varchar(200),
	"refund_amount" numeric(18, 2),
	"income_expend_id" bigint,
	"business_subject_type" integer,
	"business_subject_id" bigint,
	"person_id" bigint,
	"person_name" varchar(100),
	"customer_id" bigint,
	"customer_name" varchar(200),
	"payee_name" varchar(100),
	"payee_account_number" varchar(64),
	"beneficiary_account_bank" varchar(100),
	"project_id" bigint,
	"project_name" varchar(200),
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_dept_name" varchar(100),
	"apply_time" timestamp(0),
	"pay_status" integer,
	"pay_time" timestamp(0),
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_budget_expend" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"budget_year" integer,
	"budget_month" integer,
	"dept_id" bigint,
	"dept_name" varchar(100),
	"budget_type" integer,
	"budget_amount" numeric(18, 2),
	"used_amount" numeric(18, 2),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_expend_from" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"title" varchar(200),
	"amount" numeric(18, 2),
	"cost_stage" integer,
	"cost_type" integer,
	"expend_date" date,
	"account_info_id" bigint,
	"payee_name" varchar(100),
	"payee_account_number" varchar(64),
	"beneficiary_account_bank" varchar(100),
	"project_id" bigint,
	"project_name" varchar(200),
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_dept_name" varchar(100),
	"apply_time" timestamp(0),
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_finance_form" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"title" varchar(200),
	"form_type" integer,
	"content" text,
	"money" numeric(18, 2),
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_dept_name" varchar(100),
	"apply_time" timestamp(0),
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_full_tax" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"tax_period" varchar(7),
	"tax_type" integer,
	"project_id" bigint,
	"project_name" varchar(200),
	"taxable_amount" numeric(18, 2),
	"tax_rate" varchar(10),
	"tax_amount" numeric(18, 2),
	"pay_date" date,
	"account_info_id" bigint,
	"certificate_no" varchar(64),
	"file_path" jsonb,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_income_expend" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"income_or_expend" integer,
	"cost_stage" integer,
	"cost_type" integer,
	"transaction_date" date,
	"trade_amount" numeric(18, 2),
	"account_info_id" bigint,
	"transaction_reference_number" varchar(64),
	"payer_name" varchar(100),
	"debit_account_no" varchar(64),
	"payer_account_bank" varchar(100),
	"payee_name" varchar(100),
	"payee_account_number" varchar(64),
	"beneficiary_account_bank" varchar(100),
	"project_id" bigint,
	"project_name" varchar(200),
	"is_refund" integer,
	"is_know_get" integer,
	"option_person_name" varchar(100),
	"biz_type" varchar(64),
	"biz_id" bigint,
	"claim_biz_type" varchar(64),
	"claim_biz_id" bigint,
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_apply_lend_return_money" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"purpose" varchar(200),
	"lend_amount" numeric(18, 2),
	"returned_amount" numeric(18, 2),
	"balance" numeric(18, 2),
	"plan_return_date" date,
	"project_id" bigint,
	"project_name" varchar(200),
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_dept_name" varchar(100),
	"apply_time" timestamp(0),
	"expense_type" integer,
	"transaction_date" date,
	"transaction_reference_number" varchar(64),
	"payer_name" varchar(100),
	"debit_account_no" varchar(64),
	"payer_account_bank" varchar(100),
	"account_info_id" bigint,
	"account_num" varchar(64),
	"pay_status" integer,
	"pay_time" timestamp(0),
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_payment_his" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"biz_type" varchar(64),
	"biz_id" bigint,
	"biz_title" varchar(200),
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
	"payee_name" varchar(100),
	"payee_account_number" varchar(64),
	"beneficiary_account_bank" varchar(100),
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_pending_account" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"income_expend_id" bigint,
	"amount" numeric(18, 2),
	"payer_name" varchar(100),
	"transaction_date" date,
	"account_info_id" bigint,
	"claim_user" bigint,
	"claim_time" timestamp(0),
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_apply_return_money" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"lend_id" bigint,
	"lend_purpose" varchar(200),
	"return_amount" numeric(18, 2),
	"return_date" date,
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_dept_name" varchar(100),
	"apply_time" timestamp(0),
	"expense_type" integer,
	"transaction_date" date,
	"transaction_reference_number" varchar(64),
	"payer_name" varchar(100),
	"debit_account_no" varchar(64),
	"payer_account_bank" varchar(100),
	"account_info_id" bigint,
	"account_num" varchar(64),
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_user_account" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"user_id" bigint,
	"account_name" varchar(100),
	"account_num" varchar(64),
	"bank_name" varchar(100),
	"is_default" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE INDEX "hjl_account_his_info_list_idx" ON "hjl_account_his_info" USING btree ("tenant_id","operate_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_account_his_info_account_idx" ON "hjl_account_his_info" USING btree ("account_info_id","operate_time");--> statement-breakpoint
CREATE INDEX "hjl_account_info_list_idx" ON "hjl_account_info" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_account_settlement_list_idx" ON "hjl_account_settlement" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_account_settlement_instance_idx" ON "hjl_account_settlement" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_apply_expense_info_list_idx" ON "hjl_apply_expense_info" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_expense_info_claim_idx" ON "hjl_apply_expense_info" USING btree ("apply_expense_id");--> statement-breakpoint
CREATE INDEX "hjl_apply_expense_info_budget_idx" ON "hjl_apply_expense_info" USING btree ("budget_id");--> statement-breakpoint
CREATE INDEX "hjl_apply_expense_list_idx" ON "hjl_apply_expense" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_expense_instance_idx" ON "hjl_apply_expense" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_apply_expense_user_idx" ON "hjl_apply_expense" USING btree ("tenant_id","apply_user");--> statement-breakpoint
CREATE INDEX "hjl_apply_payment_list_idx" ON "hjl_apply_payment" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_payment_instance_idx" ON "hjl_apply_payment" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_apply_payment_user_idx" ON "hjl_apply_payment" USING btree ("tenant_id","apply_user");--> statement-breakpoint
CREATE INDEX "hjl_apply_refund_list_idx" ON "hjl_apply_refund" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_refund_instance_idx" ON "hjl_apply_refund" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_apply_refund_user_idx" ON "hjl_apply_refund" USING btree ("tenant_id","apply_user");--> statement-breakpoint
CREATE INDEX "hjl_budget_expend_list_idx" ON "hjl_budget_expend" USING btree ("tenant_id","budget_year","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_budget_expend_dept_idx" ON "hjl_budget_expend" USING btree ("tenant_id","dept_id","budget_year","budget_type") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_expend_from_list_idx" ON "hjl_expend_from" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_expend_from_instance_idx" ON "hjl_expend_from" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_expend_from_user_idx" ON "hjl_expend_from" USING btree ("tenant_id","apply_user");--> statement-breakpoint
CREATE INDEX "hjl_finance_form_list_idx" ON "hjl_finance_form" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_finance_form_instance_idx" ON "hjl_finance_form" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_finance_form_user_idx" ON "hjl_finance_form" USING btree ("tenant_id","apply_user");--> statement-breakpoint
CREATE INDEX "hjl_full_tax_list_idx" ON "hjl_full_tax" USING btree ("tenant_id","tax_period","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_income_expend_list_idx" ON "hjl_income_expend" USING btree ("tenant_id","transaction_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_income_expend_instance_idx" ON "hjl_income_expend" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_income_expend_biz_uq" ON "hjl_income_expend" USING btree ("tenant_id","biz_type","biz_id") WHERE biz_type IS NOT NULL;--> statement-breakpoint
CREATE INDEX "hjl_income_expend_account_idx" ON "hjl_income_expend" USING btree ("tenant_id","account_info_id","transaction_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_income_expend_type_idx" ON "hjl_income_expend" USING btree ("tenant_id","income_or_expend","transaction_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_income_expend_project_idx" ON "hjl_income_expend" USING btree ("tenant_id","project_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_lend_return_money_list_idx" ON "hjl_apply_lend_return_money" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_lend_return_money_instance_idx" ON "hjl_apply_lend_return_money" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_apply_lend_return_money_user_idx" ON "hjl_apply_lend_return_money" USING btree ("tenant_id","apply_user");--> statement-breakpoint
CREATE INDEX "hjl_payment_his_list_idx" ON "hjl_payment_his" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_payment_his_instance_idx" ON "hjl_payment_his" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_payment_his_biz_idx" ON "hjl_payment_his" USING btree ("tenant_id","biz_type","biz_id");--> statement-breakpoint
CREATE INDEX "hjl_pending_account_list_idx" ON "hjl_pending_account" USING btree ("tenant_id","transaction_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_pending_account_instance_idx" ON "hjl_pending_account" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_pending_account_row_uq" ON "hjl_pending_account" USING btree ("tenant_id","income_expend_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_return_money_list_idx" ON "hjl_apply_return_money" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_return_money_instance_idx" ON "hjl_apply_return_money" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_apply_return_money_lend_idx" ON "hjl_apply_return_money" USING btree ("lend_id");--> statement-breakpoint
CREATE INDEX "hjl_user_account_list_idx" ON "hjl_user_account" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_user_account_user_idx" ON "hjl_user_account" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;