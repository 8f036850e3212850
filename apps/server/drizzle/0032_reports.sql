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
CREATE INDEX "blade_report_file_list_idx" ON "blade_report_file" USING btree ("tenant_id","update_time","id") WHERE is_deleted = 0;