CREATE TABLE "hjl_start_state" (
	"key" varchar(32) PRIMARY KEY NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
