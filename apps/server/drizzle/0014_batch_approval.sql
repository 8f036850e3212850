CREATE TABLE "hjl_batch_approval" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"biz_type" varchar(64),
	"title" varchar(255),
	"record_ids" text,
	"record_count" integer,
	"total_money" numeric(18, 2),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE INDEX "hjl_batch_approval_list_idx" ON "hjl_batch_approval" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_batch_approval_instance_idx" ON "hjl_batch_approval" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_batch_approval_kind_idx" ON "hjl_batch_approval" USING btree ("tenant_id","biz_type") WHERE is_deleted = 0;