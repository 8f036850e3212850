ALTER TABLE "hjl_account_info" ADD COLUMN "allow_overdraft" integer;--> statement-breakpoint
ALTER TABLE "hjl_invoice" ADD COLUMN "amount_excluding_tax" numeric(18, 2);