CREATE TABLE "hjl_asset" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"asset_num" varchar(64),
	"asset_name" varchar(100),
	"category" integer,
	"spec" varchar(100),
	"value" numeric(18, 2),
	"dept_id" bigint,
	"keeper_user" bigint,
	"register_date" date,
	"asset_status" integer,
	"location" varchar(100),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_user_certificate" (
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
	"cert_name" varchar(100),
	"cert_type" integer,
	"cert_num" varchar(64),
	"major" varchar(100),
	"issue_org" varchar(100),
	"issue_date" date,
	"expire_date" date,
	"affiliation" integer,
	"is_share" integer,
	"shared_scope" varchar(255),
	"files" jsonb,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_user_education" (
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
	"school" varchar(100),
	"major" varchar(100),
	"degree" integer,
	"start_date" date,
	"end_date" date,
	"is_highest" integer,
	"files" jsonb
);
--> statement-breakpoint
CREATE TABLE "hjl_user_home_info" (
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
	"name" varchar(50),
	"relation" integer,
	"phone" varchar(20),
	"workplace" varchar(100),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_user_outer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"name" varchar(50),
	"outer_type" integer,
	"id_card" varchar(18),
	"phone" varchar(20),
	"company" varchar(100),
	"major" varchar(100),
	"title" varchar(50),
	"bank_name" varchar(100),
	"bank_account" varchar(30),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_social_security" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"scheme_name" varchar(100),
	"city" varchar(50),
	"base_min" numeric(18, 2),
	"base_max" numeric(18, 2),
	"pension_company" numeric(18, 2),
	"pension_personal" numeric(18, 2),
	"medical_company" numeric(18, 2),
	"medical_personal" numeric(18, 2),
	"unemployment_company" numeric(18, 2),
	"unemployment_personal" numeric(18, 2),
	"injury_company" numeric(18, 2),
	"maternity_company" numeric(18, 2),
	"housing_company" numeric(18, 2),
	"housing_personal" numeric(18, 2),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "blade_user_ext" (
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
	"id_card" varchar(18),
	"entry_date" date,
	"regular_date" date,
	"native_place" varchar(100),
	"nation" varchar(20),
	"political_status" integer,
	"marital_status" integer,
	"address" varchar(255),
	"personal_email" varchar(100),
	"emergency_contact" varchar(50),
	"emergency_relation" varchar(20),
	"emergency_phone" varchar(20),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_user_social_security" (
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
	"scheme_id" bigint,
	"pay_month" varchar(7),
	"base" numeric(18, 2),
	"personal_amount" numeric(18, 2),
	"company_amount" numeric(18, 2),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_work_contract" (
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
	"contract_num" varchar(64),
	"contract_type" integer,
	"sign_date" date,
	"start_date" date,
	"end_date" date,
	"probation_end" date,
	"files" jsonb,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_user_work_his" (
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
	"company" varchar(100),
	"position" varchar(50),
	"start_date" date,
	"end_date" date,
	"duty" varchar(1000),
	"leave_reason" varchar(255)
);
--> statement-breakpoint
CREATE INDEX "hjl_asset_list_idx" ON "hjl_asset" USING btree ("tenant_id","register_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_asset_num_uidx" ON "hjl_asset" USING btree ("tenant_id","asset_num") WHERE is_deleted = 0 AND asset_num IS NOT NULL;--> statement-breakpoint
CREATE INDEX "hjl_user_certificate_list_idx" ON "hjl_user_certificate" USING btree ("tenant_id","expire_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_user_certificate_user_idx" ON "hjl_user_certificate" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_user_education_list_idx" ON "hjl_user_education" USING btree ("tenant_id","start_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_user_education_user_idx" ON "hjl_user_education" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_user_home_info_list_idx" ON "hjl_user_home_info" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_user_home_info_user_idx" ON "hjl_user_home_info" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_user_outer_list_idx" ON "hjl_user_outer" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_social_security_list_idx" ON "hjl_social_security" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_user_ext_list_idx" ON "blade_user_ext" USING btree ("tenant_id","entry_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_ext_user_uidx" ON "blade_user_ext" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_user_social_security_list_idx" ON "hjl_user_social_security" USING btree ("tenant_id","pay_month","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_user_social_security_user_idx" ON "hjl_user_social_security" USING btree ("tenant_id","user_id","pay_month") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_work_contract_list_idx" ON "hjl_work_contract" USING btree ("tenant_id","end_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_work_contract_user_idx" ON "hjl_work_contract" USING btree ("tenant_id","user_id","start_date") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_work_contract_num_uidx" ON "hjl_work_contract" USING btree ("tenant_id","contract_num") WHERE is_deleted = 0 AND contract_num IS NOT NULL;--> statement-breakpoint
CREATE INDEX "hjl_user_work_his_list_idx" ON "hjl_user_work_his" USING btree ("tenant_id","start_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_user_work_his_user_idx" ON "hjl_user_work_his" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;