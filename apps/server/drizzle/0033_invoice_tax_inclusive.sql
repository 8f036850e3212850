-- Data migration (hand-written): an invoice's amount is tax-inclusive (价税合计, BUSINESS.md §1 Invoice tax), so its tax
-- is amount ÷ (1 + rate) × rate rounded half up to the fen, and the amount excluding tax is amount − tax — as
-- packages/core/src/money.ts inclusiveTax computes them for new and changed invoices. Rows stored before had
-- tax = amount × rate (144,051.60 at 6 %: 8,643.10 instead of 8,153.86) and no amount excluding tax.
UPDATE "hjl_invoice"
   SET "tax_amount" = round("invoice_amount" * "tax_rate"::numeric / (1 + "tax_rate"::numeric), 2),
       "amount_excluding_tax" = "invoice_amount" - round("invoice_amount" * "tax_rate"::numeric / (1 + "tax_rate"::numeric), 2)
 WHERE "invoice_amount" IS NOT NULL AND "tax_rate" ~ '^(0(\.[0-9]{1,4})?|1(\.0{1,4})?)$';--> statement-breakpoint
-- Without a rate there is no tax to take out: the whole amount.
UPDATE "hjl_invoice" SET "amount_excluding_tax" = "invoice_amount"
 WHERE "invoice_amount" IS NOT NULL AND "amount_excluding_tax" IS NULL;
