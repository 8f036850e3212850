/**
 * 财务报表 (BUSINESS.md WP4) and the ledger's Excel export over the API, on the demo year: each month's income and
 * expense by cost type and by account equal to the ledger rows in effect summed in SQL, to the cent; budget use by
 * department equal to the budgets and the lines of claims under approval; outstanding loans (paid, balance above
 * zero) with their totals; the export answering the rows of the list's filters (body or query). A caller without
 * the menu code gets 403, another tenant sees none of it, a bad year is a Chinese 400, and a caller granted the
 * reports without seeing all applications sees only their own loans and their department's budgets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../platform/db/ids.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { createTenant, userIds } from '../../testing/db.ts';
import { sheetOf } from '../../testing/excel.ts';
import { ok, users } from '../../testing/http.ts';

let t: TestApp;
const { tok, get, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
const R = '/api/business/report/finance';
const L = '/api/business/hjlIncomeExpends';
const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  // The reports granted to the project role (张伟 and 陈静, who see only their own applications).
  const [project] = await t.database.raw(`SELECT id::text AS id FROM blade_role WHERE tenant_id = '000000' AND role_alias = 'project'`);
  const [menu] = await t.database.raw(`SELECT id::text AS id FROM blade_menu WHERE code = 'finance_report' AND is_deleted = 0`);
  await t.database.raw(`INSERT INTO blade_role_menu (id, role_id, menu_id) VALUES ($1, $2, $3)`, [nextId(), project!.id, menu!.id]);
  await login('lihong', 'zhangwei', 'zhaomin');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
}, 120_000);
afterAll(() => t.close());

describe('财务报表', () => {
  it('monthly income and expense by cost type and by account equal the ledger rows in effect, to the cent', async () => {
    const r = ok(await get('lihong', `${R}/monthly`, { year: String(year) })).body.data;
    const sums = await t.database.raw(
      `SELECT month, cost_type, account, grouping(cost_type)::int AS gt, grouping(account)::int AS ga,
              coalesce(sum(trade_amount) FILTER (WHERE income_or_expend = 0), 0)::numeric(18,2)::text AS income,
              coalesce(sum(trade_amount) FILTER (WHERE income_or_expend = 1), 0)::numeric(18,2)::text AS expend
         FROM (SELECT to_char(transaction_date, 'YYYY-MM') AS month, cost_type::text AS cost_type, account_info_id::text AS account,
                      income_or_expend, trade_amount
                 FROM hjl_income_expend WHERE tenant_id = '000000' AND is_deleted = 0 AND status = 2
                  AND transaction_date >= $1::date AND transaction_date < $2::date) s
        GROUP BY GROUPING SETS ((), (month), (month, cost_type), (month, account))`,
      [`${year}-01-01`, `${year + 1}-01-01`],
    );
    const total = sums.find((s) => s.month === null)!;
    const monthSum = (m: string) => sums.find((x) => x.month === m && x.gt === 1 && x.ga === 1);
    expect(r.totals).toMatchObject({ income: total.income, expend: total.expend });
    expect(r.months).toHaveLength(12);
    // Each month of the chart's figures.
    for (const [i, m] of (r.months as string[]).entries()) {
      const s = monthSum(m);
      expect([r.perMonth.incomes[i], r.perMonth.expends[i]]).toEqual([s?.income ?? '0.00', s?.expend ?? '0.00']);
    }
    // Each (month, cost type) and (month, account) cell.
    for (const row of r.byCostType.rows as { month: string; costType: string | null; income: string; expend: string }[]) {
      const s = sums.find((x) => x.month === row.month && x.gt === 0 && x.cost_type === row.costType);
      expect(s, `${row.month} ${row.costType}`).toBeTruthy();
      expect([row.income, row.expend]).toEqual([s!.income, s!.expend]);
    }
    for (const row of r.byAccount.rows as { month: string; accountInfoId: string; accountName: string; income: string; expend: string }[]) {
      const s = sums.find((x) => x.month === row.month && x.ga === 0 && x.account === row.accountInfoId);
      expect([row.income, row.expend]).toEqual([s!.income, s!.expend]);
      expect(row.accountName).not.toBe(row.accountInfoId);
    }
    // The per-key totals add up to the year's.
    const add = (xs: string[]) => xs.reduce((a, x) => a + Math.round(Number(x) * 100), 0);
    expect(add(r.byCostType.totals.map((x: { income: string }) => x.income))).toBe(add([String(total.income)]));
    expect(add(r.byAccount.totals.map((x: { expend: string }) => x.expend))).toBe(add([String(total.expend)]));
    expect(r.byCostType.chart.categories.length).toBeGreaterThan(1);
    expect(r.byCostType.chart.categories).toContain('未分类'); // income rows carry no cost type
    expect(r.byAccount.chart.categories).toContain('华建咨询基本户');
  });

  it('budget use by department: budgets, used, held by claims under approval, remaining', async () => {
    const r = ok(await get('lihong', `${R}/budget`, { year: String(year) })).body.data;
    const rows = await t.database.raw(
      `SELECT b.dept_id::text AS dept, sum(b.budget_amount)::numeric(18,2)::text AS budget, coalesce(sum(b.used_amount), 0)::numeric(18,2)::text AS used
         FROM hjl_budget_expend b WHERE b.tenant_id = '000000' AND b.is_deleted = 0 AND b.budget_year = $1 GROUP BY b.dept_id`,
      [year],
    );
    const [held] = await t.database.raw(
      `SELECT coalesce(sum(i.amount), 0)::numeric(18,2)::text AS held FROM hjl_apply_expense_info i JOIN hjl_apply_expense e ON e.id = i.apply_expense_id
        JOIN hjl_budget_expend b ON b.id = i.budget_id
        WHERE e.status = 1 AND e.is_deleted = 0 AND i.is_deleted = 0 AND b.budget_year = $1 AND b.tenant_id = '000000' AND b.is_deleted = 0`,
      [year],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(r.rows).toHaveLength(rows.length);
    for (const row of rows) {
      const got = (r.rows as { deptId: string; budgetAmount: string; usedAmount: string; deptName: string }[]).find((x) => x.deptId === row.dept)!;
      expect([got.budgetAmount, got.usedAmount]).toEqual([row.budget, row.used]);
      expect(got.deptName).not.toBe(row.dept);
    }
    expect(r.totals.pendingAmount).toBe(held!.held);
    const fen = (x: string) => Math.round(Number(x) * 100);
    expect(fen(r.totals.remaining)).toBe(fen(r.totals.budgetAmount) - fen(r.totals.usedAmount) - fen(r.totals.pendingAmount));
  });

  it('outstanding loans: paid and not repaid, with what repayments under approval hold', async () => {
    const r = ok(await get('lihong', `${R}/loans`)).body.data;
    const [s] = await t.database.raw(
      `SELECT count(*)::int AS n, coalesce(sum(balance), 0)::numeric(18,2)::text AS balance FROM hjl_apply_lend_return_money
        WHERE tenant_id = '000000' AND is_deleted = 0 AND status = 2 AND pay_status = 1 AND balance > 0`,
    );
    expect(s!.n).toBeGreaterThan(0);
    expect(r.totals).toMatchObject({ count: s!.n, balance: s!.balance });
    for (const row of r.rows) {
      expect(Number(row.balance)).toBeGreaterThan(0);
      expect(row.applyUserName).toBeTruthy();
    }
    // All three at once, as the report page reads them.
    const all = ok(await get('lihong', R)).body.data;
    expect(all.year).toBe(year);
    expect(all.loans.totals).toEqual(r.totals);
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['monthly', 'budget', 'loans']));
  });

  it('a bad year is a Chinese 400; without the menu code 403; another tenant sees none of the demo money', async () => {
    for (const year of ['26', '2026-01', 'abcd', '1999'])
      expect((await get('lihong', `${R}/monthly`, { year })).body).toMatchObject({ code: 400, msg: expect.stringContaining('年份格式') });
    const denied = await get('zhaomin', R);
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('请求被拒绝');
    await t.database.raw(
      `INSERT INTO blade_role_menu (id, role_id, menu_id) SELECT $1, r.id, m.id FROM blade_role r, blade_menu m
        WHERE r.tenant_id = '100001' AND r.role_alias = 'administrator' AND m.code = 'finance_report'
          AND NOT EXISTS (SELECT 1 FROM blade_role_menu x WHERE x.role_id = r.id AND x.menu_id = m.id)`,
      [nextId()],
    );
    const other = ok(await get('b', R, { year: String(year) })).body.data;
    expect(other.monthly.totals).toMatchObject({ income: '0.00', expend: '0.00', count: 0 });
    expect(other.budget.rows).toEqual([]);
    expect(other.loans.rows).toEqual([]);
  });

  it('a caller who sees only their own applications sees only their own loans and their department’s budgets', async () => {
    const r = ok(await get('zhangwei', R, { year: String(year) })).body.data;
    const [mine] = await t.database.raw(
      `SELECT count(*)::int AS n, coalesce(sum(balance), 0)::numeric(18,2)::text AS balance FROM hjl_apply_lend_return_money
        WHERE tenant_id = '000000' AND is_deleted = 0 AND status = 2 AND pay_status = 1 AND balance > 0 AND apply_user = $1`,
      [ids.zhangwei],
    );
    expect(r.loans.totals).toMatchObject({ count: mine!.n, balance: mine!.balance });
    expect(r.loans.rows.every((l: { applyUser: string }) => l.applyUser === ids.zhangwei)).toBe(true);
    const [dept] = await t.database.raw(`SELECT dept_id::text AS d FROM blade_user WHERE id = $1`, [ids.zhangwei]);
    expect(r.budget.rows.map((b: { deptId: string }) => b.deptId)).toEqual(r.budget.rows.length ? [String(dept!.d).split(',')[0]] : []);
  });
});

describe('the ledger export', () => {
  it('answers the rows of the list’s filters (date range, type, account), from the body or the query', async () => {
    const [a] = await t.database.raw(`SELECT id::text AS id FROM hjl_account_info WHERE tenant_id = '000000' AND account_name = '华建咨询基本户'`);
    const filters = { incomeOrExpend: 1, accountInfoId: a!.id, start_transactionDate: `${year}-01-01`, end_transactionDate: `${year}-12-31` };
    const listed = ok(await t.call(tok.lihong, { method: 'POST', url: `${L}/list`, query: { current: '1', size: '10' }, payload: filters })).body.data;
    expect(listed.total).toBeGreaterThan(0);
    expect(listed.totalExact).toBe(true);
    const fromBody = await t.call(tok.lihong, { method: 'POST', url: `${L}/export`, payload: filters });
    expect(fromBody.status).toBe(200);
    const rows = await sheetOf(fromBody.res.rawPayload);
    expect(rows.length - 1).toBe(listed.total);
    const fromQuery = await t.call(tok.lihong, {
      method: 'GET',
      url: `${L}/export`,
      query: Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, String(v)])),
    });
    expect((await sheetOf(fromQuery.res.rawPayload)).length - 1).toBe(listed.total);
    // The export's cells are the list's: the first exported amount is the list's first row's.
    const header = rows[0]!;
    const amountCol = header.indexOf('交易金额(元)');
    expect(amountCol).toBeGreaterThanOrEqual(0);
    expect(Number(rows[1]![amountCol])).toBe(Number(listed.records[0].tradeAmount));
    // A reversed range is a 400 there as in the list; without the export code 403.
    expect(
      (await t.call(tok.lihong, { method: 'POST', url: `${L}/export`, payload: { ...filters, end_transactionDate: `${year - 1}-01-01` } })).body.code,
    ).toBe(400);
    expect((await t.call(tok.zhangwei, { method: 'POST', url: `${L}/export`, payload: filters })).status).toBe(403);
  });
});
