CREATE TABLE "blade_wf_comment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"proc_inst_id" bigint NOT NULL,
	"task_id" bigint,
	"user_id" varchar(64),
	"type" varchar(64) NOT NULL,
	"action" varchar(64),
	"message" varchar(4000),
	"time" timestamp(0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_copy" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"proc_inst_id" bigint NOT NULL,
	"task_id" bigint,
	"user_id" varchar(64) NOT NULL,
	"from_user_id" varchar(64),
	"proc_def_key" varchar(255),
	"title" varchar(500),
	"is_read" boolean DEFAULT false NOT NULL,
	"create_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_deployment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(255),
	"category" varchar(255),
	"resource_name" varchar(255),
	"xml" text NOT NULL,
	"extra" jsonb,
	"deploy_user" varchar(64),
	"deploy_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_execution" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"proc_inst_id" bigint NOT NULL,
	"parent_id" bigint,
	"proc_def_id" bigint NOT NULL,
	"act_id" varchar(255),
	"is_active" boolean DEFAULT true NOT NULL,
	"is_scope" boolean DEFAULT false NOT NULL,
	"is_mi_root" boolean DEFAULT false NOT NULL,
	"business_key" varchar(255),
	"start_user_id" varchar(64),
	"suspension_state" integer DEFAULT 1 NOT NULL,
	"start_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_hi_actinst" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"proc_inst_id" bigint NOT NULL,
	"proc_def_id" bigint NOT NULL,
	"execution_id" bigint NOT NULL,
	"act_id" varchar(255) NOT NULL,
	"act_name" varchar(255),
	"act_type" varchar(64) NOT NULL,
	"task_id" bigint,
	"assignee" varchar(255),
	"start_time" timestamp(0) NOT NULL,
	"end_time" timestamp(0),
	"duration_ms" bigint,
	"delete_reason" varchar(4000)
);
--> statement-breakpoint
CREATE TABLE "blade_wf_hi_identity_link" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"proc_inst_id" bigint NOT NULL,
	"task_id" bigint,
	"type" varchar(32) NOT NULL,
	"user_id" varchar(255),
	"group_id" varchar(255),
	"create_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_hi_procinst" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"proc_def_id" bigint NOT NULL,
	"proc_def_key" varchar(255) NOT NULL,
	"proc_def_name" varchar(255),
	"proc_def_version" integer NOT NULL,
	"business_key" varchar(255),
	"title" varchar(500),
	"serial_number" varchar(64),
	"start_user_id" varchar(64),
	"start_user_name" varchar(64),
	"start_act_id" varchar(255),
	"end_act_id" varchar(255),
	"start_time" timestamp(0) NOT NULL,
	"end_time" timestamp(0),
	"duration_ms" bigint,
	"delete_reason" varchar(4000),
	"status" varchar(16) DEFAULT 'unfinished' NOT NULL,
	"suspension_state" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_hi_taskinst" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"proc_inst_id" bigint NOT NULL,
	"execution_id" bigint NOT NULL,
	"proc_def_id" bigint NOT NULL,
	"proc_def_key" varchar(255) NOT NULL,
	"task_def_key" varchar(255) NOT NULL,
	"name" varchar(255),
	"assignee" varchar(255),
	"owner" varchar(255),
	"delegation" varchar(16),
	"start_time" timestamp(0) NOT NULL,
	"claim_time" timestamp(0),
	"end_time" timestamp(0),
	"duration_ms" bigint,
	"delete_reason" varchar(4000)
);
--> statement-breakpoint
CREATE TABLE "blade_wf_hi_variable" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"proc_inst_id" bigint NOT NULL,
	"execution_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"type" varchar(16) NOT NULL,
	"value" text NOT NULL,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_identity_link" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"task_id" bigint NOT NULL,
	"proc_inst_id" bigint NOT NULL,
	"type" varchar(32) DEFAULT 'candidate' NOT NULL,
	"user_id" varchar(255),
	"group_id" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_wf_job" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"type" varchar(32) NOT NULL,
	"proc_inst_id" bigint NOT NULL,
	"execution_id" bigint NOT NULL,
	"proc_def_id" bigint NOT NULL,
	"element_id" varchar(255) NOT NULL,
	"config" jsonb,
	"due_time" timestamp(0) NOT NULL,
	"retries" integer DEFAULT 3 NOT NULL,
	"exception" text,
	"create_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_listener_map" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"class_name" varchar(500) NOT NULL,
	"handler" varchar(128) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"update_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_procdef" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"key" varchar(255) NOT NULL,
	"name" varchar(255),
	"version" integer NOT NULL,
	"deployment_id" bigint NOT NULL,
	"category" varchar(255),
	"description" text,
	"suspension_state" integer DEFAULT 1 NOT NULL,
	"create_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_serial" (
	"tenant_id" varchar(12) NOT NULL,
	"key" varchar(255) NOT NULL,
	"period" varchar(16) NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "blade_wf_serial_tenant_id_key_period_pk" PRIMARY KEY("tenant_id","key","period")
);
--> statement-breakpoint
CREATE TABLE "blade_wf_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"proc_inst_id" bigint NOT NULL,
	"execution_id" bigint NOT NULL,
	"proc_def_id" bigint NOT NULL,
	"proc_def_key" varchar(255) NOT NULL,
	"task_def_key" varchar(255) NOT NULL,
	"name" varchar(255),
	"description" text,
	"assignee" varchar(255),
	"owner" varchar(255),
	"delegation" varchar(16),
	"priority" integer DEFAULT 50 NOT NULL,
	"category" varchar(255),
	"form_key" varchar(255),
	"due_date" timestamp(0),
	"claim_time" timestamp(0),
	"suspension_state" integer DEFAULT 1 NOT NULL,
	"create_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_urge" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"proc_inst_id" bigint NOT NULL,
	"task_id" bigint,
	"from_user_id" varchar(64),
	"to_user_ids" varchar(4000) NOT NULL,
	"message" varchar(1000),
	"create_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_wf_variable" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"proc_inst_id" bigint NOT NULL,
	"execution_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"type" varchar(16) NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
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
CREATE INDEX "blade_wf_comment_inst_idx" ON "blade_wf_comment" USING btree ("proc_inst_id","time");--> statement-breakpoint
CREATE INDEX "blade_wf_comment_task_idx" ON "blade_wf_comment" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "blade_wf_copy_user_idx" ON "blade_wf_copy" USING btree ("tenant_id","user_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_wf_copy_inst_idx" ON "blade_wf_copy" USING btree ("proc_inst_id");--> statement-breakpoint
CREATE INDEX "blade_wf_deployment_tenant_idx" ON "blade_wf_deployment" USING btree ("tenant_id","deploy_time");--> statement-breakpoint
CREATE INDEX "blade_wf_execution_inst_idx" ON "blade_wf_execution" USING btree ("proc_inst_id");--> statement-breakpoint
CREATE INDEX "blade_wf_execution_def_idx" ON "blade_wf_execution" USING btree ("tenant_id","proc_def_id");--> statement-breakpoint
CREATE INDEX "blade_wf_hi_actinst_inst_idx" ON "blade_wf_hi_actinst" USING btree ("proc_inst_id","start_time","id");--> statement-breakpoint
CREATE INDEX "blade_wf_hi_identity_link_user_idx" ON "blade_wf_hi_identity_link" USING btree ("tenant_id","user_id","proc_inst_id");--> statement-breakpoint
CREATE INDEX "blade_wf_hi_identity_link_inst_idx" ON "blade_wf_hi_identity_link" USING btree ("proc_inst_id");--> statement-breakpoint
CREATE INDEX "blade_wf_hi_procinst_starter_idx" ON "blade_wf_hi_procinst" USING btree ("tenant_id","start_user_id","start_time");--> statement-breakpoint
CREATE INDEX "blade_wf_hi_procinst_tenant_idx" ON "blade_wf_hi_procinst" USING btree ("tenant_id","start_time");--> statement-breakpoint
CREATE INDEX "blade_wf_hi_procinst_end_idx" ON "blade_wf_hi_procinst" USING btree ("tenant_id","end_time");--> statement-breakpoint
CREATE INDEX "blade_wf_hi_procinst_key_idx" ON "blade_wf_hi_procinst" USING btree ("tenant_id","proc_def_key","business_key");--> statement-breakpoint
CREATE INDEX "blade_wf_hi_taskinst_done_idx" ON "blade_wf_hi_taskinst" USING btree ("tenant_id","assignee","end_time");--> statement-breakpoint
CREATE INDEX "blade_wf_hi_taskinst_inst_idx" ON "blade_wf_hi_taskinst" USING btree ("proc_inst_id","start_time");--> statement-breakpoint
CREATE INDEX "blade_wf_hi_variable_inst_idx" ON "blade_wf_hi_variable" USING btree ("proc_inst_id","name");--> statement-breakpoint
CREATE INDEX "blade_wf_identity_link_task_idx" ON "blade_wf_identity_link" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "blade_wf_identity_link_user_idx" ON "blade_wf_identity_link" USING btree ("tenant_id","user_id") WHERE user_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "blade_wf_identity_link_group_idx" ON "blade_wf_identity_link" USING btree ("tenant_id","group_id") WHERE group_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "blade_wf_identity_link_inst_idx" ON "blade_wf_identity_link" USING btree ("proc_inst_id");--> statement-breakpoint
CREATE INDEX "blade_wf_job_due_idx" ON "blade_wf_job" USING btree ("due_time");--> statement-breakpoint
CREATE INDEX "blade_wf_job_inst_idx" ON "blade_wf_job" USING btree ("proc_inst_id");--> statement-breakpoint
CREATE INDEX "blade_wf_job_tenant_idx" ON "blade_wf_job" USING btree ("tenant_id","due_time");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_wf_listener_map_uq" ON "blade_wf_listener_map" USING btree ("tenant_id","class_name");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_wf_procdef_version_uq" ON "blade_wf_procdef" USING btree ("tenant_id","key","version");--> statement-breakpoint
CREATE INDEX "blade_wf_procdef_deployment_idx" ON "blade_wf_procdef" USING btree ("deployment_id");--> statement-breakpoint
CREATE INDEX "blade_wf_task_assignee_idx" ON "blade_wf_task" USING btree ("tenant_id","assignee","create_time");--> statement-breakpoint
CREATE INDEX "blade_wf_task_inst_idx" ON "blade_wf_task" USING btree ("proc_inst_id");--> statement-breakpoint
CREATE INDEX "blade_wf_task_tenant_idx" ON "blade_wf_task" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_wf_urge_inst_idx" ON "blade_wf_urge" USING btree ("proc_inst_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_wf_variable_uq" ON "blade_wf_variable" USING btree ("execution_id","name");--> statement-breakpoint
CREATE INDEX "blade_wf_variable_inst_idx" ON "blade_wf_variable" USING btree ("proc_inst_id");--> statement-breakpoint
CREATE INDEX "blade_process_leave_list_idx" ON "blade_process_leave" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_process_leave_instance_idx" ON "blade_process_leave" USING btree ("process_instance_id");