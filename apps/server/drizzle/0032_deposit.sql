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
CREATE INDEX "hjl_refund_guarantee_money_list_idx" ON "hjl_refund_guarantee_money" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_refund_guarantee_money_instance_idx" ON "hjl_refund_guarantee_money" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_refund_guarantee_money_deposit_idx" ON "hjl_refund_guarantee_money" USING btree ("deposit_id","status") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_guarantee_money_list_idx" ON "hjl_apply_guarantee_money" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_guarantee_money_instance_idx" ON "hjl_apply_guarantee_money" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_apply_guarantee_money_project_idx" ON "hjl_apply_guarantee_money" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "hjl_apply_guarantee_money_due_idx" ON "hjl_apply_guarantee_money" USING btree ("tenant_id","expected_refund_date") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_apply_guarantee_money_replaces_idx" ON "hjl_apply_guarantee_money" USING btree ("replaces_id");