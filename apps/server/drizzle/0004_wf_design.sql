CREATE TABLE "blade_wf_button" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"button_key" varchar(64),
	"name" varchar(64),
	"sort" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_wf_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"name" varchar(64),
	"parent_id" bigint,
	"sort" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_wf_condition" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"name" varchar(64),
	"type" integer,
	"expression" varchar(500),
	"sort" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_wf_deploy_form" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"deployment_id" varchar(64) NOT NULL,
	"process_definition_id" varchar(128) NOT NULL,
	"model_id" bigint NOT NULL,
	"model_version" integer NOT NULL,
	"form_key" varchar(64) NOT NULL,
	"form_name" varchar(64) NOT NULL,
	"form_version" integer NOT NULL,
	"content" text NOT NULL,
	"create_user" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_draft" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"process_def_key" varchar(64),
	"process_def_id" varchar(128),
	"task_id" varchar(64),
	"title" varchar(255),
	"form_key" varchar(64),
	"variables" text
);
--> statement-breakpoint
CREATE TABLE "blade_wf_form_default_values" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"name" varchar(64),
	"content" varchar(500),
	"field_type" varchar(32),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_wf_form_history" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"form_id" bigint,
	"form_key" varchar(64),
	"name" varchar(64),
	"content" text,
	"version" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_wf_form" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"form_key" varchar(64),
	"name" varchar(64),
	"category_id" bigint,
	"content" text,
	"version" integer,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_wf_model_history" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"model_id" bigint,
	"model_key" varchar(64),
	"name" varchar(64),
	"xml" text,
	"version" integer,
	"deployment_id" varchar(64),
	"process_definition_id" varchar(128),
	"deploy_time" timestamp(0),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_wf_model_scope" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"model_id" bigint,
	"model_key" varchar(64),
	"scope_type" integer,
	"scope_value" varchar(4000),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_wf_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"model_key" varchar(64),
	"name" varchar(64),
	"category_id" bigint,
	"icon" varchar(1000),
	"form_key" varchar(64),
	"description" varchar(500),
	"xml" text,
	"version" integer,
	"deployed_version" integer,
	"deployment_id" varchar(64),
	"process_definition_id" varchar(128),
	"deploy_time" timestamp(0),
	"serial_prefix" varchar(32),
	"serial_date_format" varchar(32),
	"serial_length" integer,
	"serial_start" integer,
	"serial_cycle" varchar(8)
);
--> statement-breakpoint
CREATE INDEX "blade_wf_button_list_idx" ON "blade_wf_button" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_category_list_idx" ON "blade_wf_category" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_category_parent_idx" ON "blade_wf_category" USING btree ("tenant_id","parent_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_condition_list_idx" ON "blade_wf_condition" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_deploy_form_def_idx" ON "blade_wf_deploy_form" USING btree ("tenant_id","process_definition_id","form_key");--> statement-breakpoint
CREATE INDEX "blade_wf_draft_list_idx" ON "blade_wf_draft" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_draft_user_idx" ON "blade_wf_draft" USING btree ("tenant_id","create_user") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_form_default_values_list_idx" ON "blade_wf_form_default_values" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_form_history_list_idx" ON "blade_wf_form_history" USING btree ("tenant_id","version","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_form_history_form_idx" ON "blade_wf_form_history" USING btree ("form_id","version") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_form_list_idx" ON "blade_wf_form" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_form_key_idx" ON "blade_wf_form" USING btree ("tenant_id","form_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_model_history_list_idx" ON "blade_wf_model_history" USING btree ("tenant_id","version","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_model_history_model_idx" ON "blade_wf_model_history" USING btree ("model_id","version") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_model_scope_list_idx" ON "blade_wf_model_scope" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_model_scope_key_idx" ON "blade_wf_model_scope" USING btree ("tenant_id","model_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_model_list_idx" ON "blade_wf_model" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_model_key_idx" ON "blade_wf_model" USING btree ("tenant_id","model_key") WHERE is_deleted = 0;