CREATE TABLE "blade_notification_read" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"type" varchar(16) NOT NULL,
	"source_id" bigint NOT NULL,
	"read_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp(0) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blade_notification_read_uq" ON "blade_notification_read" USING btree ("tenant_id","user_id","type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_menu_uq" ON "blade_user_menu" USING btree ("tenant_id","user_id","menu_id");--> statement-breakpoint
CREATE INDEX "blade_user_menu_user_idx" ON "blade_user_menu" USING btree ("tenant_id","user_id","sort");