CREATE TABLE "blade_scope_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"menu_id" bigint,
	"resource_code" varchar(64),
	"scope_name" varchar(255),
	"scope_path" varchar(255),
	"scope_type" varchar(10),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_scope_data" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"menu_id" bigint,
	"resource_code" varchar(64),
	"scope_name" varchar(255),
	"scope_field" varchar(255),
	"scope_class" varchar(500),
	"scope_column" varchar(64),
	"scope_type" integer,
	"scope_value" varchar(2000),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_role_scope" (
	"id" bigint PRIMARY KEY NOT NULL,
	"scope_category" integer NOT NULL,
	"scope_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_scope_api_list_idx" ON "blade_scope_api" USING btree ("create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_scope_api_menu_idx" ON "blade_scope_api" USING btree ("menu_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_scope_data_list_idx" ON "blade_scope_data" USING btree ("create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_scope_data_menu_idx" ON "blade_scope_data" USING btree ("menu_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_role_scope_uq" ON "blade_role_scope" USING btree ("role_id","scope_category","scope_id");--> statement-breakpoint
CREATE INDEX "blade_role_scope_scope_idx" ON "blade_role_scope" USING btree ("scope_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_role_alias_uq" ON "blade_role" USING btree ("tenant_id","role_alias") WHERE is_deleted = 0;