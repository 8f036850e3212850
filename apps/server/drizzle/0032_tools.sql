CREATE TABLE "blade_code" (
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
	"service_name" varchar(64),
	"code_name" varchar(64),
	"table_name" varchar(64),
	"table_prefix" varchar(32),
	"pk_name" varchar(32),
	"package_name" varchar(100),
	"base_mode" integer,
	"wrap_mode" integer,
	"api_path" varchar(200),
	"web_path" varchar(200),
	"template_type" varchar(16),
	"author" varchar(64),
	"sub_model_id" bigint,
	"sub_fk_id" varchar(64),
	"tree_id" varchar(64),
	"tree_pid" varchar(64),
	"tree_name" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "blade_model_prototype" (
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
	"jdbc_name" varchar(64),
	"jdbc_type" varchar(64),
	"comment" varchar(255),
	"property_type" varchar(32),
	"property_name" varchar(64),
	"is_list" integer,
	"is_form" integer,
	"is_row" integer,
	"component_type" varchar(32),
	"dict_code" varchar(64),
	"is_required" integer,
	"is_query" integer,
	"query_type" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "blade_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"datasource_id" bigint,
	"model_name" varchar(100),
	"model_code" varchar(64),
	"model_table" varchar(64),
	"model_class" varchar(100),
	"model_remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_report_file" (
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
	"statistic" varchar(64),
	"view" varchar(16),
	"page_path" varchar(200),
	"content" text,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE INDEX "blade_code_list_idx" ON "blade_code" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_model_prototype_list_idx" ON "blade_model_prototype" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_model_prototype_model_idx" ON "blade_model_prototype" USING btree ("tenant_id","model_id");--> statement-breakpoint
CREATE INDEX "blade_model_list_idx" ON "blade_model" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_report_file_list_idx" ON "blade_report_file" USING btree ("tenant_id","update_time","id") WHERE is_deleted = 0;