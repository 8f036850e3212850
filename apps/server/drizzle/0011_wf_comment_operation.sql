ALTER TABLE "blade_wf_comment" ADD COLUMN "operation" varchar(32);--> statement-breakpoint
-- Comments kept the command in `action`; Flowable's action is AddComment and the command moves to `operation`.
UPDATE "blade_wf_comment" SET "operation" = "action", "action" = 'AddComment';
