CREATE TABLE "blade_user_platform" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"user_type" integer NOT NULL,
	"user_ext" varchar(2000),
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_dict_biz" ADD COLUMN "color_type" varchar(100);--> statement-breakpoint
ALTER TABLE "blade_dict_biz" ADD COLUMN "css_class" varchar(100);--> statement-breakpoint
ALTER TABLE "blade_dict" ADD COLUMN "color_type" varchar(100);--> statement-breakpoint
ALTER TABLE "blade_dict" ADD COLUMN "css_class" varchar(100);--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "director_id" bigint;--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "area_leader_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_platform_uq" ON "blade_user_platform" USING btree ("user_id","user_type");--> statement-breakpoint
CREATE INDEX "blade_client_list_idx" ON "blade_client" USING btree ("create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_dict_biz_parent_idx" ON "blade_dict_biz" USING btree ("tenant_id","parent_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_dict_parent_idx" ON "blade_dict" USING btree ("parent_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_tenant_package_list_idx" ON "blade_tenant_package" USING btree ("create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_tenant_list_idx" ON "blade_tenant" USING btree ("create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_user_approval_idx" ON "blade_user" USING btree ("tenant_id","approval_status","create_time") WHERE is_deleted = 0;