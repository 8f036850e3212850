CREATE TABLE "blade_job_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"tenant_id" varchar(12),
	"instance" varchar(64) NOT NULL,
	"attempt" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"ok" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "blade_job" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"key" varchar(255) NOT NULL,
	"tenant_id" varchar(12),
	"payload" jsonb,
	"every_ms" integer,
	"daily_at" varchar(5),
	"run_at" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"locked_by" varchar(64),
	"locked_until" timestamp with time zone,
	"last_run_time" timestamp with time zone,
	"last_error" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_job_log_job_idx" ON "blade_job_log" USING btree ("job_id","start_time");--> statement-breakpoint
CREATE INDEX "blade_job_log_time_idx" ON "blade_job_log" USING btree ("start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_job_key_uq" ON "blade_job" USING btree ("key");--> statement-breakpoint
CREATE INDEX "blade_job_due_idx" ON "blade_job" USING btree ("status","run_at");