CREATE TABLE "blade_number_counter" (
	"tenant_id" varchar(12) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"head" varchar(128) NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "blade_number_counter_tenant_id_kind_head_pk" PRIMARY KEY("tenant_id","kind","head")
);
--> statement-breakpoint
CREATE TABLE "hjl_audit_seal" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"seal_num" varchar(64),
	"project_id" bigint,
	"contract_id" bigint,
	"seal_type" integer,
	"use_reason" varchar(500),
	"copies" integer,
	"use_date" date,
	"quality_id" bigint,
	"files" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_contract" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"contract_num" varchar(64),
	"contract_name" varchar(200),
	"business_type" integer,
	"customer_id" bigint,
	"party_b" varchar(100),
	"sign_date" date,
	"start_date" date,
	"end_date" date,
	"contract_amount" numeric(18, 2),
	"effective_amount" numeric(18, 2),
	"fee_basis" integer,
	"fee_rate" numeric(18, 2),
	"is_framework" integer,
	"handler_user" bigint,
	"dept_id" bigint,
	"payment_terms" varchar(1000),
	"parent_id" bigint,
	"replenish_type" integer,
	"link_status" integer,
	"member_users" text,
	"files" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_expire_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"user_id" bigint,
	"biz_type" integer,
	"biz_id" bigint,
	"title" varchar(200),
	"expire_date" date,
	"is_read" integer
);
--> statement-breakpoint
CREATE TABLE "hjl_project_person" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"project_id" bigint,
	"user_id" bigint,
	"project_role" integer,
	"share_ratio" numeric(18, 2),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_project_task_his" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"task_id" bigint NOT NULL,
	"project_id" bigint,
	"field" varchar(64) NOT NULL,
	"old_value" text,
	"new_value" text
);
--> statement-breakpoint
CREATE TABLE "hjl_project_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"project_id" bigint,
	"task_name" varchar(100),
	"assignee_user" bigint,
	"plan_start" date,
	"plan_end" date,
	"rate" integer,
	"weight" integer,
	"sort" integer,
	"task_status" integer,
	"finish_time" timestamp(0),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_project" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"project_num" varchar(64),
	"project_name" varchar(200),
	"project_type" integer,
	"customer_id" bigint,
	"contract_id" bigint,
	"dept_id" bigint,
	"leader_user" bigint,
	"region_code" varchar(12),
	"region_name" varchar(100),
	"address" varchar(255),
	"project_amount" numeric(18, 2),
	"investment_amount" numeric(18, 2),
	"approved_amount" numeric(18, 2),
	"start_date" date,
	"plan_end_date" date,
	"end_date" date,
	"bid_status" integer,
	"project_status" integer,
	"template_id" bigint,
	"two_audit" integer,
	"three_audit" integer,
	"member_users" text,
	"files" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_project_quality" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"project_id" bigint,
	"quality_type" integer,
	"check_date" date,
	"check_user" bigint,
	"grade" integer,
	"problems" varchar(1000),
	"rectification" varchar(1000),
	"seal_id" bigint,
	"files" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_project_second_check" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"project_id" bigint,
	"deliverable" varchar(200),
	"content" varchar(1000),
	"files" jsonb,
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_task_template" (
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
	"project_type" integer,
	"items" text,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_project_third_check" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"project_id" bigint,
	"deliverable" varchar(200),
	"content" varchar(1000),
	"files" jsonb,
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE INDEX "hjl_audit_seal_list_idx" ON "hjl_audit_seal" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_audit_seal_instance_idx" ON "hjl_audit_seal" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_audit_seal_project_idx" ON "hjl_audit_seal" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_audit_seal_num_uidx" ON "hjl_audit_seal" USING btree ("tenant_id","seal_num") WHERE is_deleted = 0 AND seal_num IS NOT NULL;--> statement-breakpoint
CREATE INDEX "hjl_contract_list_idx" ON "hjl_contract" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_contract_instance_idx" ON "hjl_contract" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_contract_num_uidx" ON "hjl_contract" USING btree ("tenant_id","contract_num") WHERE is_deleted = 0 AND contract_num IS NOT NULL;--> statement-breakpoint
CREATE INDEX "hjl_contract_customer_idx" ON "hjl_contract" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "hjl_contract_parent_idx" ON "hjl_contract" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "hjl_contract_end_idx" ON "hjl_contract" USING btree ("tenant_id","end_date") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_contract_members_idx" ON "hjl_contract" USING gin (string_to_array("member_users", ','));--> statement-breakpoint
CREATE INDEX "hjl_expire_notice_list_idx" ON "hjl_expire_notice" USING btree ("tenant_id","expire_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_expire_notice_uidx" ON "hjl_expire_notice" USING btree ("tenant_id","user_id","biz_type","biz_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_expire_notice_user_idx" ON "hjl_expire_notice" USING btree ("tenant_id","user_id","expire_date") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_person_list_idx" ON "hjl_project_person" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_project_person_uidx" ON "hjl_project_person" USING btree ("project_id","user_id","project_role") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_task_his_task_idx" ON "hjl_project_task_his" USING btree ("task_id","create_time");--> statement-breakpoint
CREATE INDEX "hjl_project_task_list_idx" ON "hjl_project_task" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_task_project_idx" ON "hjl_project_task" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "hjl_project_task_assignee_idx" ON "hjl_project_task" USING btree ("tenant_id","assignee_user") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_list_idx" ON "hjl_project" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_instance_idx" ON "hjl_project" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hjl_project_num_uidx" ON "hjl_project" USING btree ("tenant_id","project_num") WHERE is_deleted = 0 AND project_num IS NOT NULL;--> statement-breakpoint
CREATE INDEX "hjl_project_customer_idx" ON "hjl_project" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "hjl_project_contract_idx" ON "hjl_project" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "hjl_project_dept_idx" ON "hjl_project" USING btree ("tenant_id","dept_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_members_idx" ON "hjl_project" USING gin (string_to_array("member_users", ','));--> statement-breakpoint
CREATE INDEX "hjl_project_quality_list_idx" ON "hjl_project_quality" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_quality_instance_idx" ON "hjl_project_quality" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_project_quality_project_idx" ON "hjl_project_quality" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "hjl_project_second_check_list_idx" ON "hjl_project_second_check" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_second_check_instance_idx" ON "hjl_project_second_check" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_project_second_check_project_idx" ON "hjl_project_second_check" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "hjl_task_template_list_idx" ON "hjl_task_template" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_third_check_list_idx" ON "hjl_project_third_check" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_third_check_instance_idx" ON "hjl_project_third_check" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_project_third_check_project_idx" ON "hjl_project_third_check" USING btree ("project_id");