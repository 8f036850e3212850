/**
 * The seeded demo company is one a consultant would believe (BUSINESS.md §1): every project on a contract for its own
 * works item (a framework agreement, over several works items, names none), no end date before its start, every
 * ledger row on an account, and no account ever below zero — at any time of its history — with each book balance
 * the ledger's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';

const A = '000000';
let t: TestApp;
const rows = (q: string) => t.database.raw(q, [A]);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo data', () => {
  it('has projects, each on a contract for its own works item (21 were on another’s)', async () => {
    const linked = await rows(
      `SELECT count(*)::int AS n FROM hjl_project p JOIN hjl_contract c ON c.id = p.contract_id WHERE p.tenant_id = $1 AND p.is_deleted = 0`,
    );
    expect(Number(linked[0]!.n)).toBeGreaterThan(20);
    const other = await rows(
      `SELECT p.project_name, c.contract_name FROM hjl_project p JOIN hjl_contract c ON c.id = p.contract_id
        WHERE p.tenant_id = $1 AND p.is_deleted = 0 AND c.is_deleted = 0
          AND CASE WHEN c.is_framework = 1 THEN c.contract_name NOT LIKE '%框架协议' ELSE c.contract_name <> p.project_name || '合同' END`,
    );
    expect(other).toEqual([]);
    // A framework agreement covers more than one project.
    const frameworks = await rows(
      `SELECT c.id, count(p.id)::int AS n FROM hjl_contract c JOIN hjl_project p ON p.contract_id = c.id AND p.is_deleted = 0
        WHERE c.tenant_id = $1 AND c.is_framework = 1 GROUP BY c.id`,
    );
    expect(frameworks.some((f) => Number(f.n) > 1)).toBe(true);
  });

  it('has no end date before its start: contracts, projects, their plans and tasks', async () => {
    expect(await rows(`SELECT contract_name FROM hjl_contract WHERE tenant_id = $1 AND end_date < start_date`)).toEqual([]);
    expect(await rows(`SELECT project_name FROM hjl_project WHERE tenant_id = $1 AND (end_date < start_date OR plan_end_date < start_date)`)).toEqual([]);
    expect(await rows(`SELECT task_name FROM hjl_project_task WHERE tenant_id = $1 AND plan_end < plan_start`)).toEqual([]);
  });

  it('puts every ledger row on an account, and no account is ever below zero', async () => {
    expect(await rows(`SELECT id FROM hjl_income_expend WHERE tenant_id = $1 AND is_deleted = 0 AND account_info_id IS NULL`)).toEqual([]);
    // So do the records the processes will post (started when the demo starts: their forms ask for the account).
    for (const table of ['hjl_project_collect', 'hjl_project_collect_labour_from', 'hjl_project_expense_pay', 'hjl_project_completion_pay'])
      expect(await rows(`SELECT id FROM ${table} WHERE tenant_id = $1 AND is_deleted = 0 AND account_info_id IS NULL`), table).toEqual([]);
    // The history's running balance, in its order (time, then id), at every row of every account.
    const lowest = await rows(
      `SELECT a.account_name AS name, min(r.running)::text AS lowest, count(*)::int AS n
         FROM (SELECT account_info_id, sum(CASE WHEN change_type = 5 THEN 0 ELSE amount END)
                        OVER (PARTITION BY account_info_id ORDER BY operate_time, id) AS running
                 FROM hjl_account_his_info WHERE tenant_id = $1 AND is_deleted = 0) r
         JOIN hjl_account_info a ON a.id = r.account_info_id
        GROUP BY a.account_name ORDER BY a.account_name`,
    );
    expect(lowest).toHaveLength(5);
    for (const a of lowest) expect(Number(a.lowest), `${a.name}: ${a.lowest}`).toBeGreaterThanOrEqual(0);
    // Each book balance is opening + Σ income − Σ expense of the ledger, and the end of its history.
    const off = await rows(
      `SELECT a.account_name, a.balance::text AS balance,
              (a.opening_balance + coalesce((SELECT sum(CASE WHEN e.income_or_expend = 0 THEN e.trade_amount ELSE -e.trade_amount END)
                 FROM hjl_income_expend e WHERE e.account_info_id = a.id AND e.is_deleted = 0 AND e.status = 2), 0))::text AS ledger,
              (SELECT sum(CASE WHEN h.change_type = 5 THEN 0 ELSE h.amount END) FROM hjl_account_his_info h
                WHERE h.account_info_id = a.id AND h.is_deleted = 0)::text AS history
         FROM hjl_account_info a WHERE a.tenant_id = $1 AND a.is_deleted = 0`,
    );
    expect(off).toHaveLength(5);
    for (const a of off) expect({ ledger: a.ledger, history: a.history }, String(a.account_name)).toEqual({ ledger: a.balance, history: a.balance });
  });
});
