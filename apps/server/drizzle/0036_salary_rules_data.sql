-- The stored rows brought under the tax rules of BUSINESS.md §1 "Labour fee" and "Salary" (a fresh installation
-- seeds them so; this corrects an existing database). Hand-written: data only, after 0032's columns.

-- 1. A labour fee paid to an employee (a person with a user) is wages: nothing withheld per payment; a paid one
--    joins the payroll of the month it was paid.
UPDATE "hjl_project_labour_person" p
   SET "tax_amount" = 0, "net_amount" = p."amount",
       "salary_month" = CASE WHEN f."pay_status" = 1 AND f."pay_date" IS NOT NULL THEN to_char(f."pay_date", 'YYYY-MM') ELSE p."salary_month" END
  FROM "hjl_project_collect_labour_from" f
 WHERE f."id" = p."labour_id" AND p."user_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "hjl_project_collect_labour_from" f
   SET "tax_amount" = t."tax", "net_amount" = t."net"
  FROM (SELECT "labour_id", sum("tax_amount") AS "tax", sum("net_amount") AS "net"
          FROM "hjl_project_labour_person" WHERE "is_deleted" = 0 GROUP BY "labour_id") t
 WHERE t."labour_id" = f."id";
--> statement-breakpoint

-- 2. The payables' parts of the records computed before them: the housing fund's share of the personal contribution
--    (the scheme's rates; insurance takes the rounding difference) and the company's contribution (the month's
--    社保缴纳 record, else the scheme's rates on the base as it was stored — before step 3 clamps it).
UPDATE "hjl_salary_record" r
   SET "fund_personal" = CASE WHEN x."prate" > 0 THEN round(r."social_personal" * x."hp" / x."prate", 2) ELSE 0 END,
       "social_company" = CASE WHEN x."crate" > 0 THEN round(coalesce(i."social_base", 0) * x."crate" / 100, 2) ELSE 0 END
  FROM "hjl_user_salary_info" i
  LEFT JOIN LATERAL (
    SELECT coalesce(s."pension_personal", 0) + coalesce(s."medical_personal", 0) + coalesce(s."unemployment_personal", 0) + coalesce(s."housing_personal", 0) AS "prate",
           coalesce(s."housing_personal", 0) AS "hp",
           coalesce(s."pension_company", 0) + coalesce(s."medical_company", 0) + coalesce(s."unemployment_company", 0) + coalesce(s."injury_company", 0)
             + coalesce(s."maternity_company", 0) + coalesce(s."housing_company", 0) AS "crate"
      FROM "hjl_social_security" s WHERE s."id" = i."social_scheme_id"
  ) x ON true
 WHERE i."tenant_id" = r."tenant_id" AND i."user_id" = r."user_id" AND i."is_deleted" = 0 AND r."fund_personal" IS NULL;
--> statement-breakpoint
UPDATE "hjl_salary_record" r
   SET "social_company" = c."company_amount"
  FROM "hjl_user_social_security" c
 WHERE c."tenant_id" = r."tenant_id" AND c."user_id" = r."user_id" AND c."pay_month" = r."import_month" AND c."is_deleted" = 0
   AND r."fund_company" IS NULL;
--> statement-breakpoint
UPDATE "hjl_salary_record" r
   SET "fund_company" = CASE WHEN x."crate" > 0 THEN round(coalesce(r."social_company", 0) * x."hc" / x."crate", 2) ELSE 0 END
  FROM "hjl_user_salary_info" i
  JOIN LATERAL (
    SELECT coalesce(s."housing_company", 0) AS "hc",
           coalesce(s."pension_company", 0) + coalesce(s."medical_company", 0) + coalesce(s."unemployment_company", 0) + coalesce(s."injury_company", 0)
             + coalesce(s."maternity_company", 0) + coalesce(s."housing_company", 0) AS "crate"
      FROM "hjl_social_security" s WHERE s."id" = i."social_scheme_id"
  ) x ON true
 WHERE i."tenant_id" = r."tenant_id" AND i."user_id" = r."user_id" AND i."is_deleted" = 0 AND r."fund_company" IS NULL;
--> statement-breakpoint
UPDATE "hjl_salary_record"
   SET "fund_personal" = coalesce("fund_personal", 0), "social_company" = coalesce("social_company", 0), "fund_company" = coalesce("fund_company", 0),
       "labour_pay" = coalesce("labour_pay", 0)
 WHERE "fund_personal" IS NULL OR "social_company" IS NULL OR "fund_company" IS NULL OR "labour_pay" IS NULL;
--> statement-breakpoint

-- 3. The social-security base of a standard within its scheme's floor and ceiling (赵敏's 4,500 → 4,879).
UPDATE "hjl_user_salary_info" i
   SET "social_base" = greatest(coalesce(s."base_min", i."social_base"), least(coalesce(s."base_max", i."social_base"), i."social_base"))
  FROM "hjl_social_security" s
 WHERE s."id" = i."social_scheme_id" AND i."social_base" IS NOT NULL;
--> statement-breakpoint

-- 4. The free monthly amount of special deductions itemised where one item (or a child count) makes it exactly:
--    3,000 赡养老人(独生子女), 2,000 × n 子女教育, 1,500 / 1,100 / 800 住房租金, 1,000 住房贷款利息, 400 学历继续教育.
--    Any other amount is left for HR to itemise: the payroll deducts items only.
UPDATE "hjl_user_salary_info"
   SET "elderly_support" = CASE WHEN "special_deduction" = 3000 THEN 1 ELSE 0 END,
       "children_count" = CASE WHEN "special_deduction" <> 3000 AND "special_deduction" > 0 AND mod("special_deduction", 2000) = 0 AND "special_deduction" <= 18000
                               THEN ("special_deduction" / 2000)::int ELSE 0 END,
       "housing_rent" = CASE "special_deduction" WHEN 1500 THEN 1 WHEN 1100 THEN 2 WHEN 800 THEN 3 ELSE 0 END,
       "housing_loan" = CASE WHEN "special_deduction" = 1000 THEN 1 ELSE 0 END,
       "degree_education" = CASE WHEN "special_deduction" = 400 THEN 1 ELSE 0 END,
       "infant_count" = 0
 WHERE "children_count" IS NULL;
--> statement-breakpoint
UPDATE "hjl_user_salary_info"
   SET "special_deduction" = 0
 WHERE coalesce("special_deduction", 0) NOT IN (0, 400, 800, 1000, 1100, 1500, 3000)
   AND NOT ("special_deduction" > 0 AND mod("special_deduction", 2000) = 0 AND "special_deduction" <= 18000);
--> statement-breakpoint

-- 5. Records not yet under approval read all of this when computed again: marked, the page says so and 重新核算
--    computes them in one action. Records under approval or approved keep their figures (a payroll approved or paid
--    is not rewritten; the next open month's cumulative withholding takes up the difference).
UPDATE "hjl_salary_record" SET "needs_recompute" = CASE WHEN "status" IN (1, 2) THEN 0 ELSE 1 END WHERE "needs_recompute" IS NULL;
--> statement-breakpoint

-- 6. The payables of the months paid before: income tax, social insurance, housing fund (personal and company
--    parts), uncleared until finance records their payment (payLiability). Ids above the snowflake range in use.
INSERT INTO "hjl_salary_liability" ("id", "tenant_id", "create_user", "update_user", "pay_month", "salary_pay_id", "liability_kind",
                                    "personal_amount", "company_amount", "amount", "clear_status")
SELECT 4611686018427387904 + row_number() OVER (ORDER BY q."pay_id", q."kind"), q."tenant_id", q."create_user", q."create_user", q."pay_month",
       q."pay_id", q."kind", q."personal", q."company", q."personal" + q."company", 0
  FROM (
    SELECT p."id" AS "pay_id", p."tenant_id", p."create_user", p."pay_month", k."kind",
           CASE k."kind" WHEN 1 THEN sum(r."income_tax") WHEN 2 THEN sum(r."social_personal") - sum(r."fund_personal") ELSE sum(r."fund_personal") END AS "personal",
           CASE k."kind" WHEN 1 THEN 0 WHEN 2 THEN sum(r."social_company") - sum(r."fund_company") ELSE sum(r."fund_company") END AS "company"
      FROM "hjl_salary_pay" p
      JOIN "hjl_salary_record" r ON r."tenant_id" = p."tenant_id" AND r."import_month" = p."pay_month" AND r."is_deleted" = 0
      CROSS JOIN (VALUES (1), (2), (3)) k("kind")
     WHERE p."is_deleted" = 0
       AND NOT EXISTS (SELECT 1 FROM "hjl_salary_liability" l WHERE l."salary_pay_id" = p."id")
     GROUP BY p."id", p."tenant_id", p."create_user", p."pay_month", k."kind"
  ) q
 WHERE q."personal" + q."company" > 0;
