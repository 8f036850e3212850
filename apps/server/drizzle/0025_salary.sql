CREATE TABLE "hjl_attendance_field_config" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"field_code" varchar(32),
	"field_name" varchar(32),
	"unit" varchar(8),
	"displayable" integer,
	"payable_or_deduction" integer,
	"unit_amount" numeric(18, 2),
	"max_value" numeric(18, 2),
	"sort" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_attendance_import" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"import_month" varchar(7),
	"user_id" bigint,
	"attendance_values" text,
	"batch_no" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "hjl_salary_config" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"level_code" varchar(32),
	"level_name" varchar(64),
	"base_pay" numeric(18, 2),
	"post_pay" numeric(18, 2),
	"performance_pay" numeric(18, 2),
	"allowance" numeric(18, 2),
	"sort" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_user_salary_info" (
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
	"salary_standard" bigint,
	"base_pay" numeric(18, 2),
	"post_pay" numeric(18, 2),
	"performance_pay" numeric(18, 2),
	"allowance" numeric(18, 2),
	"social_scheme_id" bigint,
	"social_base" numeric(18, 2),
	"special_deduction" numeric(18, 2),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_salary_pay" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"pay_month" varchar(7),
	"pay_date" date,
	"account_info_id" bigint,
	"record_count" integer,
	"total_gross" numeric(18, 2),
	"total_net" numeric(18, 2),
	"income_expend_id" bigint
);
--> statement-breakpoint
CREATE TABLE "hjl_salary_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"import_month" varchar(7),
	"user_id" bigint,
	"dept_id" bigint,
	"salary_standard" bigint,
	"base_pay" numeric(18, 2),
	"post_pay" numeric(18, 2),
	"performance_pay" numeric(18, 2),
	"allowance" numeric(18, 2),
	"standard_pay" numeric(18, 2),
	"payable_amount" numeric(18, 2),
	"deduction_amount" numeric(18, 2),
	"other_pay" numeric(18, 2),
	"other_deduction" numeric(18, 2),
	"gross_pay" numeric(18, 2),
	"social_personal" numeric(18, 2),
	"special_deduction" numeric(18, 2),
	"cumulative_taxable" numeric(18, 2),
	"income_tax" numeric(18, 2),
	"net_pay" numeric(18, 2),
	"calc_detail" text,
	"pay_status" integer,
	"pay_time" timestamp(0),
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE INDEX "hjl_attendance_field_config_list_idx" ON "hjl_attendance_field_config" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_attendance_import_list_idx" ON "hjl_attendance_import" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_attendance_import_month_user_uidx" ON "hjl_attendance_import" USING btree ("tenant_id","import_month","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_salary_config_list_idx" ON "hjl_salary_config" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_user_salary_info_list_idx" ON "hjl_user_salary_info" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_user_salary_info_user_uidx" ON "hjl_user_salary_info" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_salary_pay_list_idx" ON "hjl_salary_pay" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_salary_pay_month_uidx" ON "hjl_salary_pay" USING btree ("tenant_id","pay_month") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_salary_record_list_idx" ON "hjl_salary_record" USING btree ("tenant_id","import_month","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_salary_record_instance_idx" ON "hjl_salary_record" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_salary_record_month_user_uidx" ON "hjl_salary_record" USING btree ("tenant_id","import_month","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_salary_record_user_idx" ON "hjl_salary_record" USING btree ("tenant_id","user_id","import_month") WHERE is_deleted = 0;