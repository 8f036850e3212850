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
CREATE INDEX "db_unit_price_index_category_idx" ON "db_unit_price_index" USING btree ("tenant_id","category","period");