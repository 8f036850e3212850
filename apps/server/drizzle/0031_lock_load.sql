ALTER TABLE "blade_wf_execution" ADD COLUMN "lock_rev" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_wf_procdef" ADD COLUMN "user_names" jsonb;