CREATE TABLE "blade_login_failure" (
	"tenant_id" varchar(64) NOT NULL,
	"account" varchar(64) NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"lock_until" timestamp(0),
	"update_time" timestamp(0) NOT NULL,
	CONSTRAINT "blade_login_failure_tenant_id_account_pk" PRIMARY KEY("tenant_id","account")
);
--> statement-breakpoint
DROP INDEX "blade_user_account_uq";--> statement-breakpoint
ALTER TABLE "blade_notice" ALTER COLUMN "release_time" SET DATA TYPE timestamp(0);--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "must_change_password" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_account_ci_uq" ON "blade_user" USING btree ("tenant_id",lower("account")) WHERE is_deleted = 0;