CREATE TABLE "hjl_password_apply" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"password_id" bigint,
	"reason" varchar(500),
	"approve_time" timestamp(0),
	"expire_time" timestamp(0),
	"reveal_count" integer,
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_password" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"platform" varchar(100),
	"category" integer,
	"platform_url" varchar(255),
	"account" varchar(100),
	"login_name" varchar(100),
	"password" varchar(1024),
	"keeper_user" bigint,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_password_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"password_id" bigint,
	"apply_id" bigint,
	"user_id" bigint,
	"reveal_time" timestamp(0),
	"result" integer,
	"message" varchar(200),
	"ip" varchar(64)
);
--> statement-breakpoint
DROP INDEX "hjl_expire_notice_uidx";--> statement-breakpoint
CREATE INDEX "hjl_password_apply_list_idx" ON "hjl_password_apply" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_password_apply_instance_idx" ON "hjl_password_apply" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_password_apply_user_idx" ON "hjl_password_apply" USING btree ("tenant_id","create_user","password_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_password_list_idx" ON "hjl_password" USING btree ("tenant_id","platform","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_password_log_list_idx" ON "hjl_password_log" USING btree ("tenant_id","reveal_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_expire_notice_uidx" ON "hjl_expire_notice" USING btree ("tenant_id","user_id","biz_type","biz_id","expire_date") WHERE is_deleted = 0;