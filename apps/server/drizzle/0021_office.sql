CREATE TABLE "hjl_audit_car" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"car_number" varchar(20),
	"driver" varchar(50),
	"start_time" timestamp(0),
	"end_time" timestamp(0),
	"route" varchar(200),
	"km" integer,
	"reason" varchar(500),
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_dept_name" varchar(100),
	"apply_time" timestamp(0),
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_audit_evection_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"audit_evection_id" bigint,
	"trip_date" date,
	"from_place" varchar(100),
	"to_place" varchar(100),
	"transport" integer,
	"cost" numeric(18, 2),
	"sort" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_audit_evection" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"reason" varchar(200),
	"destination" varchar(100),
	"start_date" date,
	"end_date" date,
	"days" integer,
	"total_amount" numeric(18, 2),
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_dept_name" varchar(100),
	"apply_time" timestamp(0),
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_audit_go_out" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp(0),
	"end_time" timestamp(0),
	"place" varchar(200),
	"reason" varchar(500),
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_dept_name" varchar(100),
	"apply_time" timestamp(0),
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "hjl_audit_shopping_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"audit_shopping_id" bigint,
	"item_name" varchar(100),
	"spec" varchar(100),
	"qty" integer,
	"price" numeric(18, 2),
	"amount" numeric(18, 2),
	"sort" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_audit_shopping" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"title" varchar(200),
	"need_date" date,
	"total_amount" numeric(18, 2),
	"apply_user" bigint,
	"apply_dept" bigint,
	"apply_dept_name" varchar(100),
	"apply_time" timestamp(0),
	"file_path" jsonb,
	"remark" varchar(500),
	"is_draft" integer DEFAULT 0 NOT NULL,
	"process_definition_key" varchar(255),
	"process_definition_id" bigint,
	"process_instance_id" bigint,
	"submit_time" timestamp(0)
);
--> statement-breakpoint
CREATE INDEX "hjl_audit_car_list_idx" ON "hjl_audit_car" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_audit_car_instance_idx" ON "hjl_audit_car" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_audit_car_user_idx" ON "hjl_audit_car" USING btree ("tenant_id","apply_user");--> statement-breakpoint
CREATE INDEX "hjl_audit_evection_info_list_idx" ON "hjl_audit_evection_info" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_audit_evection_info_parent_idx" ON "hjl_audit_evection_info" USING btree ("audit_evection_id");--> statement-breakpoint
CREATE INDEX "hjl_audit_evection_list_idx" ON "hjl_audit_evection" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_audit_evection_instance_idx" ON "hjl_audit_evection" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_audit_evection_user_idx" ON "hjl_audit_evection" USING btree ("tenant_id","apply_user");--> statement-breakpoint
CREATE INDEX "hjl_audit_go_out_list_idx" ON "hjl_audit_go_out" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_audit_go_out_instance_idx" ON "hjl_audit_go_out" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_audit_go_out_user_idx" ON "hjl_audit_go_out" USING btree ("tenant_id","apply_user");--> statement-breakpoint
CREATE INDEX "hjl_audit_shopping_info_list_idx" ON "hjl_audit_shopping_info" USING btree ("tenant_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_audit_shopping_info_parent_idx" ON "hjl_audit_shopping_info" USING btree ("audit_shopping_id");--> statement-breakpoint
CREATE INDEX "hjl_audit_shopping_list_idx" ON "hjl_audit_shopping" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_audit_shopping_instance_idx" ON "hjl_audit_shopping" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "hjl_audit_shopping_user_idx" ON "hjl_audit_shopping" USING btree ("tenant_id","apply_user");