CREATE TABLE "blade_process_leave" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"leave_type" integer,
	"start_time" date,
	"end_time" date,
	"days" integer,
	"reason" varchar(500),
	"task_user" bigint,
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"apply_time" timestamp(0)
);
--> statement-breakpoint
CREATE INDEX "blade_process_leave_list_idx" ON "blade_process_leave" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_process_leave_instance_idx" ON "blade_process_leave" USING btree ("process_instance_id");