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
CREATE INDEX "hjl_database_backups_list_idx" ON "hjl_database_backups" USING btree ("tenant_id","backup_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_datasource_list_idx" ON "blade_datasource" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_put_database_list_idx" ON "blade_put_database" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_attach_list_idx" ON "blade_attach" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_oss_list_idx" ON "blade_oss" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_oss_enabled_uq" ON "blade_oss" USING btree ("tenant_id") WHERE status = 2 AND is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_sms_list_idx" ON "blade_sms" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_sms_enabled_uq" ON "blade_sms" USING btree ("tenant_id") WHERE status = 2 AND is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_sms_log_tenant_time_idx" ON "blade_sms_log" USING btree ("tenant_id","create_time" DESC NULLS LAST);