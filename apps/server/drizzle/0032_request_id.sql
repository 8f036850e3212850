ALTER TABLE "blade_log_api" ADD COLUMN "request_id" varchar(64);--> statement-breakpoint
ALTER TABLE "blade_log_error" ADD COLUMN "request_id" varchar(64);--> statement-breakpoint
ALTER TABLE "blade_log_usual" ADD COLUMN "request_id" varchar(64);