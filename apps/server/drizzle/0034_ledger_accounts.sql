-- Data migration (hand-written): every ledger row names its internal account (BUSINESS.md §1 Accounts and the
-- ledger). The demo company's (tenant 000000) rows written by business processes before the processes asked for the
-- account (collections, project expenses, labour fees, settlements, salary payments) name none, so no balance
-- counted them. They are received on / paid from the company's basic account (基本户: account nature 1, the first),
-- each leaves its history row at its transaction date, and the accounts' book balances are counted again from the
-- ledger (opening + Σ income − Σ expense in effect). The demo seed applies this file after seeding (seed/finance.ts
-- bookDemoLedger), so that a fresh demo and a migrated one are the same. Other tenants' rows are left as they are:
-- which account their money went through is theirs to say.
WITH basic AS (
  SELECT id, tenant_id FROM "hjl_account_info"
   WHERE tenant_id = '000000' AND is_deleted = 0 AND account_nature = 1
   ORDER BY id LIMIT 1
), assigned AS (
  UPDATE "hjl_income_expend" e SET account_info_id = b.id
    FROM basic b
   WHERE e.tenant_id = b.tenant_id AND e.account_info_id IS NULL AND e.biz_type IS NOT NULL AND e.is_deleted = 0
  RETURNING e.id, e.tenant_id, e.account_info_id, e.income_or_expend, e.trade_amount, e.transaction_date, e.biz_type,
            e.biz_id, e.create_user, e.status, e.remark
), base AS (
  SELECT coalesce(max(id), 0) AS top FROM "hjl_account_his_info"
)
INSERT INTO "hjl_account_his_info" (id, tenant_id, create_user, update_user, account_info_id, change_type, amount,
                                    balance_after, biz_type, biz_id, operator, operate_time, remark)
SELECT base.top + row_number() OVER (ORDER BY a.transaction_date, a.id), a.tenant_id, a.create_user, a.create_user,
       a.account_info_id, CASE WHEN a.income_or_expend = 0 THEN 3 ELSE 4 END,
       CASE WHEN a.income_or_expend = 0 THEN a.trade_amount ELSE -a.trade_amount END,
       0, a.biz_type, a.biz_id, a.create_user, a.transaction_date + time '15:00', a.remark
  FROM assigned a, base
 WHERE a.status = 2;--> statement-breakpoint
-- The balance after each history row, in the history's order (time, then id), a reconciliation changing nothing.
UPDATE "hjl_account_his_info" h SET balance_after = r.running
  FROM (
    SELECT id, sum(CASE WHEN change_type = 5 THEN 0 ELSE amount END)
             OVER (PARTITION BY account_info_id ORDER BY operate_time, id) AS running
      FROM "hjl_account_his_info"
     WHERE tenant_id = '000000' AND is_deleted = 0
  ) r
 WHERE h.id = r.id AND h.change_type <> 5 AND h.balance_after IS DISTINCT FROM r.running;--> statement-breakpoint
-- The book balances from the ledger.
UPDATE "hjl_account_info" a
   SET balance = coalesce(a.opening_balance, 0) + coalesce((
         SELECT sum(CASE WHEN e.income_or_expend = 0 THEN e.trade_amount ELSE -e.trade_amount END)
           FROM "hjl_income_expend" e
          WHERE e.tenant_id = a.tenant_id AND e.account_info_id = a.id AND e.is_deleted = 0 AND e.status = 2), 0)
 WHERE a.tenant_id = '000000' AND a.is_deleted = 0;;--> statement-breakpoint
-- The demo's records still to be approved or paid that name no account take the same one, since the processes
-- now ask for it (a collection's receiving account, a labour fee's and a payment's paying account).
UPDATE "hjl_project_collect" r SET account_info_id = b.id
  FROM (SELECT id FROM "hjl_account_info" WHERE tenant_id = '000000' AND is_deleted = 0 AND account_nature = 1 ORDER BY id LIMIT 1) b
 WHERE r.tenant_id = '000000' AND r.account_info_id IS NULL AND r.is_deleted = 0;--> statement-breakpoint
UPDATE "hjl_project_collect_labour_from" r SET account_info_id = b.id
  FROM (SELECT id FROM "hjl_account_info" WHERE tenant_id = '000000' AND is_deleted = 0 AND account_nature = 1 ORDER BY id LIMIT 1) b
 WHERE r.tenant_id = '000000' AND r.account_info_id IS NULL AND r.is_deleted = 0;--> statement-breakpoint
UPDATE "hjl_project_expense_pay" r SET account_info_id = b.id
  FROM (SELECT id FROM "hjl_account_info" WHERE tenant_id = '000000' AND is_deleted = 0 AND account_nature = 1 ORDER BY id LIMIT 1) b
 WHERE r.tenant_id = '000000' AND r.account_info_id IS NULL AND r.is_deleted = 0;--> statement-breakpoint
UPDATE "hjl_project_completion_pay" r SET account_info_id = b.id
  FROM (SELECT id FROM "hjl_account_info" WHERE tenant_id = '000000' AND is_deleted = 0 AND account_nature = 1 ORDER BY id LIMIT 1) b
 WHERE r.tenant_id = '000000' AND r.account_info_id IS NULL AND r.is_deleted = 0;
