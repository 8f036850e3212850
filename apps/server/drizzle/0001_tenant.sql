ALTER TABLE "blade_dict_biz" ADD COLUMN "color_type" varchar(100);--> statement-breakpoint
ALTER TABLE "blade_dict_biz" ADD COLUMN "css_class" varchar(100);--> statement-breakpoint
ALTER TABLE "blade_dict" ADD COLUMN "color_type" varchar(100);--> statement-breakpoint
ALTER TABLE "blade_dict" ADD COLUMN "css_class" varchar(100);--> statement-breakpoint
CREATE INDEX "blade_client_list_idx" ON "blade_client" USING btree ("create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_dict_biz_parent_idx" ON "blade_dict_biz" USING btree ("tenant_id","parent_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_dict_parent_idx" ON "blade_dict" USING btree ("parent_id","sort","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_tenant_package_list_idx" ON "blade_tenant_package" USING btree ("create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_tenant_list_idx" ON "blade_tenant" USING btree ("create_time","id") WHERE is_deleted = 0;