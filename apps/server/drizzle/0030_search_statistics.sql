-- A 1000-entry histogram (statistics target 1000, default 100) on the text columns users search by substring, the
-- ones migration 0029 gives a trigram index. The planner estimates a "contains" filter (LIKE '%…%') by trying it
-- on the histogram's values: with 100 of them a filter matching 1 % of a million rows was estimated at 100 rows,
-- so a list page sorted the filter's 10,000 matches instead of walking its sorted index, and its total was counted.
-- With 1000 the estimate is near the truth (docs/performance.md "Lists at a million rows"). Set on every server,
-- with or without pg_trgm.
ALTER TABLE "blade_log_api" ALTER COLUMN "request_uri" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "blade_log_error" ALTER COLUMN "request_uri" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "blade_log_usual" ALTER COLUMN "request_uri" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_customer" ALTER COLUMN "customer_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_income_expend" ALTER COLUMN "transaction_reference_number" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_income_expend" ALTER COLUMN "payer_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_income_expend" ALTER COLUMN "payee_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_income_expend" ALTER COLUMN "project_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_payment_his" ALTER COLUMN "biz_title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_payment_his" ALTER COLUMN "payee_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_invoice" ALTER COLUMN "project_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_invoice" ALTER COLUMN "invoice_title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_contract" ALTER COLUMN "contract_num" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_contract" ALTER COLUMN "contract_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_project" ALTER COLUMN "project_num" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "hjl_project" ALTER COLUMN "project_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "blade_param" ALTER COLUMN "param_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "blade_param" ALTER COLUMN "param_key" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "blade_wf_hi_procinst" ALTER COLUMN "title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "blade_wf_hi_procinst" ALTER COLUMN "serial_number" SET STATISTICS 1000;
