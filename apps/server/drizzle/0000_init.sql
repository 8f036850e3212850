CREATE TABLE "blade_token_revoked" (
	"jti" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp(0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(32) DEFAULT 'hjl-server' NOT NULL,
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(255),
	"method" varchar(10),
	"request_uri" varchar(255),
	"user_agent" varchar(1000),
	"remote_ip" varchar(255),
	"params" text,
	"create_by" varchar(64),
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"type" varchar(2) DEFAULT '1' NOT NULL,
	"title" varchar(255),
	"status_code" integer,
	"time" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "blade_log_error" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(32) DEFAULT 'hjl-server' NOT NULL,
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(255),
	"method" varchar(10),
	"request_uri" varchar(255),
	"user_agent" varchar(1000),
	"remote_ip" varchar(255),
	"params" text,
	"create_by" varchar(64),
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"stack_trace" text,
	"exception_name" varchar(255),
	"message" text,
	"file_name" varchar(1000),
	"line_number" integer
);
--> statement-breakpoint
CREATE TABLE "blade_log_usual" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(32) DEFAULT 'hjl-server' NOT NULL,
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(255),
	"method" varchar(10),
	"request_uri" varchar(255),
	"user_agent" varchar(1000),
	"remote_ip" varchar(255),
	"params" text,
	"create_by" varchar(64),
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"log_level" varchar(10),
	"log_id" varchar(100),
	"log_data" text
);
--> statement-breakpoint
CREATE TABLE "blade_captcha" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"expires_at" timestamp(0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"title" varchar(255),
	"category" integer,
	"release_time" date,
	"content" text
);
--> statement-breakpoint
CREATE TABLE "blade_client" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"client_id" varchar(48) NOT NULL,
	"client_secret" varchar(256) NOT NULL,
	"resource_ids" varchar(256),
	"scope" varchar(256) DEFAULT 'all' NOT NULL,
	"authorized_grant_types" varchar(256) NOT NULL,
	"web_server_redirect_uri" varchar(256),
	"authorities" varchar(256),
	"access_token_validity" integer DEFAULT 3600 NOT NULL,
	"refresh_token_validity" integer DEFAULT 604800 NOT NULL,
	"additional_information" varchar(4096),
	"autoapprove" varchar(256)
);
--> statement-breakpoint
CREATE TABLE "blade_dept" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"ancestors" varchar(2000) DEFAULT '0' NOT NULL,
	"dept_category" integer DEFAULT 1 NOT NULL,
	"dept_name" varchar(45) NOT NULL,
	"full_name" varchar(45),
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_dict_biz" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"dict_key" varchar(255) DEFAULT '-1' NOT NULL,
	"dict_value" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"is_sealed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_dict" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"dict_key" varchar(255) DEFAULT '-1' NOT NULL,
	"dict_value" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"is_sealed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"alias" varchar(255),
	"path" varchar(255),
	"source" varchar(255),
	"sort" integer DEFAULT 0 NOT NULL,
	"category" integer DEFAULT 1 NOT NULL,
	"action" integer DEFAULT 0 NOT NULL,
	"is_open" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_param" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"param_name" varchar(255),
	"param_key" varchar(255),
	"param_value" text,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_post" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"category" integer DEFAULT 1 NOT NULL,
	"post_code" varchar(12) NOT NULL,
	"post_name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_role_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"role_name" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"role_alias" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_tenant_package" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"package_name" varchar(50) NOT NULL,
	"menu_id" text DEFAULT '' NOT NULL,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_tenant" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"tenant_name" varchar(50) NOT NULL,
	"domain_url" varchar(255),
	"background_url" varchar(1000),
	"linkman" varchar(20),
	"contact_number" varchar(20),
	"address" varchar(255),
	"account_number" integer DEFAULT -1 NOT NULL,
	"expire_time" timestamp(0),
	"package_id" bigint,
	"datasource_id" bigint,
	"license_key" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "blade_user_oauth" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"uuid" varchar(64) NOT NULL,
	"user_id" bigint NOT NULL,
	"source" varchar(64),
	"create_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"code" varchar(12),
	"user_type" integer DEFAULT 1 NOT NULL,
	"account" varchar(45) NOT NULL,
	"password" varchar(100) NOT NULL,
	"name" varchar(20),
	"real_name" varchar(10),
	"avatar" varchar(500),
	"email" varchar(45),
	"phone" varchar(45),
	"birthday" date,
	"sex" integer,
	"role_id" varchar(1000) DEFAULT '' NOT NULL,
	"dept_id" varchar(1000) DEFAULT '' NOT NULL,
	"post_id" varchar(1000) DEFAULT '' NOT NULL,
	"approval_status" integer DEFAULT 1 NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"lock_until" timestamp(0)
);
--> statement-breakpoint
CREATE INDEX "blade_token_revoked_expires_idx" ON "blade_token_revoked" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "blade_log_api_tenant_time_idx" ON "blade_log_api" USING btree ("tenant_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blade_log_error_tenant_time_idx" ON "blade_log_error" USING btree ("tenant_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blade_log_usual_tenant_time_idx" ON "blade_log_usual" USING btree ("tenant_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blade_notice_list_idx" ON "blade_notice" USING btree ("tenant_id","release_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_client_client_id_uq" ON "blade_client" USING btree ("client_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_dept_tenant_idx" ON "blade_dept" USING btree ("tenant_id","parent_id","sort");--> statement-breakpoint
CREATE INDEX "blade_dict_biz_code_idx" ON "blade_dict_biz" USING btree ("tenant_id","code","parent_id","sort");--> statement-breakpoint
CREATE INDEX "blade_dict_code_idx" ON "blade_dict" USING btree ("code","parent_id","sort");--> statement-breakpoint
CREATE INDEX "blade_menu_parent_idx" ON "blade_menu" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_menu_code_uq" ON "blade_menu" USING btree ("code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_param_list_idx" ON "blade_param" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_post_tenant_idx" ON "blade_post" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_role_menu_uq" ON "blade_role_menu" USING btree ("role_id","menu_id");--> statement-breakpoint
CREATE INDEX "blade_role_tenant_idx" ON "blade_role" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_tenant_tenant_id_uq" ON "blade_tenant" USING btree ("tenant_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_account_uq" ON "blade_user" USING btree ("tenant_id","account") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_user_list_idx" ON "blade_user" USING btree ("tenant_id","create_time");