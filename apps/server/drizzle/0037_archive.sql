CREATE TABLE "hjl_archive_apply" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"archives_id" bigint,
	"archive_num" varchar(64),
	"project_id" bigint,
	"borrow_type" integer,
	"borrow_date" date,
	"plan_return_date" date,
	"return_date" date,
	"borrow_reason" varchar(500),
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_stage" integer,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_archives" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"archive_num" varchar(64),
	"archive_name" varchar(200),
	"project_id" bigint,
	"archive_type" integer,
	"box_num" varchar(64),
	"location" varchar(200),
	"pages" integer,
	"keep_period" integer,
	"archive_date" date,
	"archivist_user" bigint,
	"borrow_status" integer,
	"performance_score" numeric(18, 2),
	"files" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_archives_column" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"template_id" bigint,
	"column_label" varchar(100),
	"column_field" varchar(64),
	"column_type" integer,
	"required" integer,
	"options" varchar(500),
	"sort" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_archives_file" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"archives_id" bigint,
	"project_id" bigint,
	"column_id" bigint,
	"file_name" varchar(100),
	"content" varchar(500),
	"files" jsonb,
	"submit_time" timestamp(0),
	"submit_user" bigint
);
--> statement-breakpoint
CREATE TABLE "hjl_archives_template" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"template_name" varchar(100),
	"archive_type" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "kpi_parter_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"task_id" bigint,
	"month" varchar(7),
	"user_id" bigint,
	"dept_id" bigint,
	"items" text,
	"self_score" numeric(18, 2),
	"leader_score" numeric(18, 2),
	"final_score" numeric(18, 2),
	"self_submit_time" timestamp(0),
	"leader_user" bigint,
	"leader_submit_time" timestamp(0),
	"record_status" integer
);
--> statement-breakpoint
CREATE TABLE "kpi_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"month" varchar(7),
	"task_name" varchar(100),
	"items" text,
	"deadline" date,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_template_library" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"template_name" varchar(100),
	"category" integer,
	"version" varchar(32),
	"files" jsonb,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_template_library_version" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"library_id" bigint,
	"version" varchar(32),
	"files" jsonb,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE INDEX "hjl_archive_apply_list_idx" ON "hjl_archive_apply" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_archive_apply_instance_idx" ON "hjl_archive_apply" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_archive_apply_archive_idx" ON "hjl_archive_apply" USING btree ("archives_id","status");--> statement-breakpoint
CREATE INDEX "hjl_archive_apply_due_idx" ON "hjl_archive_apply" USING btree ("tenant_id","plan_return_date") WHERE is_deleted = 0 AND apply_stage = 2;--> statement-breakpoint
CREATE INDEX "hjl_archive_apply_user_idx" ON "hjl_archive_apply" USING btree ("tenant_id","apply_user") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_archives_list_idx" ON "hjl_archives" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_archives_instance_idx" ON "hjl_archives" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_archives_num_uidx" ON "hjl_archives" USING btree ("tenant_id","archive_num") WHERE is_deleted = 0 AND archive_num IS NOT NULL;--> statement-breakpoint
CREATE INDEX "hjl_archives_project_idx" ON "hjl_archives" USING btree ("project_id","archive_type");--> statement-breakpoint
CREATE INDEX "hjl_archives_column_list_idx" ON "hjl_archives_column" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_archives_column_template_idx" ON "hjl_archives_column" USING btree ("template_id","sort");--> statement-breakpoint
CREATE INDEX "hjl_archives_file_list_idx" ON "hjl_archives_file" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_archives_file_column_uidx" ON "hjl_archives_file" USING btree ("archives_id","column_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_archives_template_list_idx" ON "hjl_archives_template" USING btree ("tenant_id","archive_type","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "kpi_parter_record_list_idx" ON "kpi_parter_record" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_parter_record_task_user_uidx" ON "kpi_parter_record" USING btree ("task_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "kpi_parter_record_month_idx" ON "kpi_parter_record" USING btree ("tenant_id","month","final_score") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "kpi_task_list_idx" ON "kpi_task" USING btree ("tenant_id","month","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_template_library_list_idx" ON "hjl_template_library" USING btree ("tenant_id","update_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_template_library_version_list_idx" ON "hjl_template_library_version" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_template_library_version_idx" ON "hjl_template_library_version" USING btree ("library_id","create_time");