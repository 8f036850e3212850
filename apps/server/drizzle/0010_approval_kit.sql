ALTER TABLE "blade_process_leave" ALTER COLUMN "status" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "blade_wf_comment" ADD COLUMN "process_from" varchar(64);--> statement-breakpoint
ALTER TABLE "blade_process_leave" ADD COLUMN "is_draft" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_process_leave" ADD COLUMN "process_definition_key" varchar(255);--> statement-breakpoint
ALTER TABLE "blade_process_leave" ADD COLUMN "submit_time" timestamp(0);--> statement-breakpoint
UPDATE "blade_process_leave" SET "is_draft" = 1, "process_definition_key" = 'Leave', "submit_time" = "apply_time" WHERE "process_instance_id" IS NOT NULL;
