CREATE TABLE "blade_wf_calendar" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"day" date,
	"kind" integer,
	"name" varchar(32),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_wf_overdue_notice" (
	"tenant_id" varchar(12) NOT NULL,
	"task_id" bigint NOT NULL,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	CONSTRAINT "blade_wf_overdue_notice_tenant_id_task_id_pk" PRIMARY KEY("tenant_id","task_id")
);
--> statement-breakpoint
CREATE INDEX "blade_wf_calendar_list_idx" ON "blade_wf_calendar" USING btree ("tenant_id","day","id") WHERE is_deleted = 0;