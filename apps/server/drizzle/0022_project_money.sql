CREATE TABLE "hjl_invoice_void" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"invoice_id" bigint,
	"project_id" bigint,
	"project_name" varchar(200),
	"invoice_num" varchar(64),
	"invoice_amount" numeric(18, 2),
	"void_reason" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_invoice" (
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
	"project_name" varchar(200),
	"contract_id" bigint,
	"customer_id" bigint,
	"customer_invoice_id" bigint,
	"invoice_title" varchar(100),
	"tax_number" varchar(20),
	"invoice_type" integer,
	"invoice_amount" numeric(18, 2),
	"tax_rate" varchar(10),
	"tax_amount" numeric(18, 2),
	"invoice_num" varchar(64),
	"invoice_date" date,
	"invoice_status" integer,
	"void_reason" varchar(500),
	"void_time" timestamp(0),
	"remark" varchar(500),
	"files" jsonb,
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_project_collect_person" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"collect_id" bigint,
	"project_id" bigint,
	"user_id" bigint,
	"share_ratio" numeric(18, 2),
	"share_amount" numeric(18, 2),
	"expend" numeric(18, 2),
	"sort" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_project_collect" (
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
	"project_name" varchar(200),
	"contract_id" bigint,
	"customer_id" bigint,
	"collect_type" integer,
	"collect_amount" numeric(18, 2),
	"collect_date" date,
	"account_info_id" bigint,
	"invoice_id" bigint,
	"invoice_num" varchar(64),
	"is_know_get" integer,
	"remark" varchar(500),
	"files" jsonb,
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE INDEX "hjl_invoice_void_list_idx" ON "hjl_invoice_void" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_invoice_void_instance_idx" ON "hjl_invoice_void" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_invoice_void_invoice_idx" ON "hjl_invoice_void" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "hjl_invoice_list_idx" ON "hjl_invoice" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_invoice_instance_idx" ON "hjl_invoice" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_invoice_project_idx" ON "hjl_invoice" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "hjl_invoice_contract_idx" ON "hjl_invoice" USING btree ("contract_id","status") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_collect_person_list_idx" ON "hjl_project_collect_person" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_collect_person_collect_idx" ON "hjl_project_collect_person" USING btree ("collect_id");--> statement-breakpoint
CREATE INDEX "hjl_project_collect_person_user_idx" ON "hjl_project_collect_person" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_collect_list_idx" ON "hjl_project_collect" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_project_collect_instance_idx" ON "hjl_project_collect" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_project_collect_project_idx" ON "hjl_project_collect" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "hjl_project_collect_contract_idx" ON "hjl_project_collect" USING btree ("contract_id","status") WHERE is_deleted = 0;