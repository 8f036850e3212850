CREATE TABLE "hjl_customer_account" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"customer_id" bigint,
	"account_name" varchar(100),
	"account_number" varchar(30),
	"bank_name" varchar(100),
	"account_nature" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_customer_chance" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"customer_id" bigint,
	"chance_name" varchar(100),
	"stage" integer,
	"expected_amount" numeric(18, 2),
	"expected_date" date,
	"win_rate" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_customer_contacts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"customer_id" bigint,
	"contact_name" varchar(50),
	"position" varchar(50),
	"mobile" varchar(20),
	"telephone" varchar(20),
	"email" varchar(100),
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "hjl_customer_invoice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"customer_id" bigint,
	"invoice_title" varchar(100),
	"tax_number" varchar(20),
	"address" varchar(255),
	"phone" varchar(20),
	"bank_name" varchar(100),
	"bank_account" varchar(30)
);
--> statement-breakpoint
CREATE TABLE "hjl_customer_visit" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"customer_id" bigint,
	"visit_date" date,
	"visit_way" integer,
	"visitee" varchar(50),
	"content" varchar(2000),
	"next_plan" varchar(1000),
	"attachment" jsonb
);
--> statement-breakpoint
CREATE TABLE "hjl_customer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"customer_name" varchar(100),
	"customer_type" integer,
	"credit_code" varchar(18),
	"contact_person" varchar(50),
	"contact_phone" varchar(20),
	"region_code" varchar(12),
	"region_name" varchar(100),
	"address" varchar(255),
	"industry" integer,
	"source" integer,
	"owner_user" bigint,
	"customer_status" integer,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE INDEX "hjl_customer_account_list_idx" ON "hjl_customer_account" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_customer_account_customer_idx" ON "hjl_customer_account" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "hjl_customer_chance_list_idx" ON "hjl_customer_chance" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_customer_chance_customer_idx" ON "hjl_customer_chance" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "hjl_customer_contacts_list_idx" ON "hjl_customer_contacts" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_customer_contacts_customer_idx" ON "hjl_customer_contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "hjl_customer_invoice_list_idx" ON "hjl_customer_invoice" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_customer_invoice_customer_idx" ON "hjl_customer_invoice" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "hjl_customer_visit_list_idx" ON "hjl_customer_visit" USING btree ("tenant_id","visit_date","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_customer_visit_customer_idx" ON "hjl_customer_visit" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "hjl_customer_list_idx" ON "hjl_customer" USING btree ("tenant_id","create_time","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "hjl_customer_owner_idx" ON "hjl_customer" USING btree ("tenant_id","owner_user");