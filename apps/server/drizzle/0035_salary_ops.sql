CREATE TABLE "hjl_salary_liability" (
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
	"salary_pay_id" bigint,
	"liability_kind" integer,
	"personal_amount" numeric(18, 2),
	"company_amount" numeric(18, 2),
	"amount" numeric(18, 2),
	"clear_status" integer,
	"clear_date" date,
	"account_info_id" bigint,
	"income_expend_id" bigint
);
--> statement-breakpoint
ALTER TABLE "blade_log_api" ADD COLUMN "request_id" varchar(64);--> statement-breakpoint
ALTER TABLE "blade_log_error" ADD COLUMN "request_id" varchar(64);--> statement-breakpoint
ALTER TABLE "blade_log_usual" ADD COLUMN "request_id" varchar(64);--> statement-breakpoint
ALTER TABLE "hjl_project_labour_person" ADD COLUMN "salary_month" varchar(7);--> statement-breakpoint
ALTER TABLE "hjl_user_salary_info" ADD COLUMN "children_count" integer;--> statement-breakpoint
ALTER TABLE "hjl_user_salary_info" ADD COLUMN "infant_count" integer;--> statement-breakpoint
ALTER TABLE "hjl_user_salary_info" ADD COLUMN "degree_education" integer;--> statement-breakpoint
ALTER TABLE "hjl_user_salary_info" ADD COLUMN "certificate_month" varchar(7);--> statement-breakpoint
ALTER TABLE "hjl_user_salary_info" ADD COLUMN "housing_loan" integer;--> statement-breakpoint
ALTER TABLE "hjl_user_salary_info" ADD COLUMN "housing_rent" integer;--> statement-breakpoint
ALTER TABLE "hjl_user_salary_info" ADD COLUMN "elderly_support" integer;--> statement-breakpoint
ALTER TABLE "hjl_user_salary_info" ADD COLUMN "elderly_share" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "hjl_user_salary_info" ADD COLUMN "serious_illness" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "hjl_salary_record" ADD COLUMN "labour_pay" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "hjl_salary_record" ADD COLUMN "fund_personal" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "hjl_salary_record" ADD COLUMN "social_company" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "hjl_salary_record" ADD COLUMN "fund_company" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "hjl_salary_record" ADD COLUMN "needs_recompute" integer;--> statement-breakpoint
CREATE INDEX "hjl_salary_liability_list_idx" ON "hjl_salary_liability" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_salary_liability_month_kind_uidx" ON "hjl_salary_liability" USING btree ("tenant_id","pay_month","liability_kind") WHERE is_deleted = 0;