CREATE TABLE "hjl_database_backups" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"backup_name" varchar(255),
	"backup_time" timestamp(0),
	"file_name" varchar(500),
	"file_size" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_datasource" (
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
	"driver_class" varchar(100),
	"url" varchar(500),
	"username" varchar(100),
	"password" varchar(255),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_put_database" (
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
	"host" varchar(255),
	"port" integer,
	"database" varchar(100),
	"username" varchar(100),
	"password" varchar(255),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_region" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"code" varchar(12) NOT NULL,
	"parent_code" varchar(12) NOT NULL,
	"ancestors" varchar(255) NOT NULL,
	"name" varchar(32) NOT NULL,
	"province_code" varchar(12),
	"province_name" varchar(32),
	"city_code" varchar(12),
	"city_name" varchar(32),
	"district_code" varchar(12),
	"district_name" varchar(32),
	"town_code" varchar(12),
	"town_name" varchar(32),
	"village_code" varchar(12),
	"village_name" varchar(32),
	"region_level" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_top_menu_setting" (
	"id" bigint PRIMARY KEY NOT NULL,
	"top_menu_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_top_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"name" varchar(64),
	"code" varchar(64),
	"source" varchar(64),
	"path" varchar(255),
	"sort" integer
);
--> statement-breakpoint
CREATE TABLE "blade_attach" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"original_name" varchar(255),
	"extension" varchar(32),
	"attach_size" integer,
	"link" varchar(1000),
	"domain" varchar(500),
	"name" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "blade_oss" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"category" integer,
	"oss_code" varchar(32),
	"endpoint" varchar(255),
	"access_key" varchar(255),
	"secret_key" varchar(255),
	"bucket_name" varchar(255),
	"app_id" varchar(255),
	"region" varchar(255),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_sms" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"category" integer,
	"sms_code" varchar(32),
	"template_id" varchar(64),
	"access_key" varchar(255),
	"secret_key" varchar(255),
	"sign_name" varchar(64),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_sms_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"sms_id" bigint,
	"sms_code" varchar(32),
	"category" integer,
	"phone" varchar(20) NOT NULL,
	"template_id" varchar(64),
	"sign_name" varchar(64),
	"params" text,
	"status" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user_platform" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"user_type" integer NOT NULL,
	"user_ext" varchar(2000),
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_dict_biz" ADD COLUMN "color_type" varchar(100);--> statement-breakpoint
ALTER TABLE "blade_dict_biz" ADD COLUMN "css_class" varchar(100);--> statement-breakpoint
ALTER TABLE "blade_dict" ADD COLUMN "color_type" varchar(100);--> statement-breakpoint
ALTER TABLE "blade_dict" ADD COLUMN "css_class" varchar(100);--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "director_id" bigint;--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "area_leader_id" bigint;--> statement-breakpoint
CREATE INDEX "hjl_database_backups_list_idx" ON "hjl_database_backups" USING btree ("tenant_id","backup_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_datasource_list_idx" ON "blade_datasource" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_put_database_list_idx" ON "blade_put_database" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_region_code_uq" ON "blade_region" USING btree ("code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_region_parent_idx" ON "blade_region" USING btree ("parent_code","sort","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_top_menu_setting_uq" ON "blade_top_menu_setting" USING btree ("top_menu_id","menu_id");--> statement-breakpoint
CREATE INDEX "blade_top_menu_setting_menu_idx" ON "blade_top_menu_setting" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "blade_top_menu_list_idx" ON "blade_top_menu" USING btree ("sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_attach_list_idx" ON "blade_attach" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_oss_list_idx" ON "blade_oss" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_oss_enabled_uq" ON "blade_oss" USING btree ("tenant_id") WHERE status = 2 AND is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_sms_list_idx" ON "blade_sms" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_sms_enabled_uq" ON "blade_sms" USING btree ("tenant_id") WHERE status = 2 AND is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_sms_log_tenant_time_idx" ON "blade_sms_log" USING btree ("tenant_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_platform_uq" ON "blade_user_platform" USING btree ("user_id","user_type");--> statement-breakpoint
CREATE INDEX "blade_client_list_idx" ON "blade_client" USING btree ("create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_dict_biz_parent_idx" ON "blade_dict_biz" USING btree ("tenant_id","parent_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_dict_parent_idx" ON "blade_dict" USING btree ("parent_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_tenant_package_list_idx" ON "blade_tenant_package" USING btree ("create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_tenant_list_idx" ON "blade_tenant" USING btree ("create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_user_approval_idx" ON "blade_user" USING btree ("tenant_id","approval_status","create_time") WHERE is_deleted = 0;