CREATE TABLE "blade_wf_proxy" (
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
	"proxy_user_id" bigint,
	"process_def_key" varchar(64),
	"type" integer,
	"start_time" timestamp(0),
	"end_time" timestamp(0),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE INDEX "blade_wf_proxy_list_idx" ON "blade_wf_proxy" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_wf_proxy_user_idx" ON "blade_wf_proxy" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;