/**
 * The money rules a finance head signs (BUSINESS.md §1 Invoice tax, Accounts and the ledger, A contract over several
 * projects) on the seeded demo company, over the API and the hand-written data migrations: every ledger row names
 * its account and no payment takes a cash or bank account below zero (账户余额不足) unless it allows an overdraft;
 * the account history's running balance chains in the order the list shows; the history's total is exact and its
 * last page reachable; a framework contract over two projects counts once in the project report (2,072,412.00 too
 * high before); existing invoices' tax recomputed tax-inclusive (144,051.60 at 6 %: 8,153.86, not 8,643.10).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNT_CHANGE, addMoney, fenToMoney, subtractMoney, toFen } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../platform/db/index.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { basicAccountId, countRows, createTenant } from '../../testing/db.ts';
import { expectEvery } from '../../testing/expect.ts';
import { ok, users } from '../../testing/http.ts';
import { postLedgerEntry } from './api.ts';

const A = '000000';
const HIS = '/api/business/hjlAccountHisInfo';
const ACC = '/api/business/hjlAccountInfo';
let t: TestApp;
const { get, post, login, loginAs } = users(() => t);
const rows = (q: string, v: unknown[] = []) => t.database.raw(q, v);
const one = async (q: string, v: unknown[] = []) => (await rows(q, v))[0]!;

/** The statements of a hand-written migration (drizzle/NNNN_<name>.sql), found by its name whatever its number. */
function migration(name: string): string[] {
  const file = fs.readdirSync(migrationsFolder).find((f) => new RegExp(`^\\d{4}_${name}\\.sql$`).test(f));
  if (!file) throw new Error(`no migration ${name}`);
  return fs
    .readFileSync(path.join(migrationsFolder, file), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => s.trim());
}
const runMigration = async (name: string) => {
  for (const statement of migration(name)) await rows(statement);
};

/** The business processes' ledger rows (their producing tables). */
const PROCESS_ROWS = `biz_type IN ('hjl_project_collect', 'hjl_project_expend', 'hjl_project_apply_expense', 'hjl_project_collect_labour_from',
  'hjl_project_decision', 'hjl_salary_pay')`;

interface HistoryRow {
  id: string;
  accountInfoId: string;
  changeType: number;
  amount: string;
  balanceAfter: string;
  operateTime: string;
}

/** Every row of an account's history as the list shows it (newest first), page after page. */
async function historyOf(accountId: string): Promise<{ rows: HistoryRow[]; totals: number[]; pages: number }> {
  const out: HistoryRow[] = [];
  const totals: number[] = [];
  let current = 1;
  let pages = 1;
  do {
    const r = await get('admin', `${HIS}/list`, { accountInfoId: accountId, current: String(current), size: '1000' });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    out.push(...(r.body.data.records as HistoryRow[]));
    totals.push(r.body.data.total);
    pages = r.body.data.pages;
    current += 1;
  } while (current <= pages);
  return { rows: out, totals, pages };
}

let accounts: { id: string; name: string; balance: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'lihong', 'zhangwei', 'wufang');
  await loginAs('b', 'admin', '100001');
  accounts = (
    await rows(
      `SELECT id::text AS id, account_name AS name, balance::text AS balance FROM hjl_account_info WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id`,
      [A],
    )
  ).map((r) => ({ id: String(r.id), name: String(r.name), balance: String(r.balance) }));
  expect(accounts.length).toBe(5);
});
afterAll(() => t.close());

describe('every ledger row names its account (BUSINESS.md §1 Accounts and the ledger)', () => {
  it('the demo: no row without an account; the processes’ rows on the basic account; every balance the ledger’s', async () => {
    expect(await countRows(t.database, 'hjl_income_expend', `tenant_id = '${A}' AND account_info_id IS NULL`)).toBe(0);
    // The collections and expenses the processes wrote (106 rows without an account before) are on the basic account.
    const basic = await basicAccountId(t.database);
    const processRows = await rows(
      `SELECT account_info_id::text AS a, count(*)::int AS n FROM hjl_income_expend WHERE tenant_id = $1 AND ${PROCESS_ROWS} GROUP BY 1`,
      [A],
    );
    expect(processRows).toEqual([{ a: basic, n: expect.any(Number) }]);
    expect(Number(processRows[0]!.n)).toBeGreaterThanOrEqual(100);
    // Book balance = opening + Σ income − Σ expense in effect, for every account, and none below zero.
    for (const a of accounts) {
      const figures = (await get('admin', `${ACC}/sum-practical/${a.id}`)).body.data;
      expect(figures.balance, a.name).toBe(figures.sumPractical);
      expect(toFen(figures.balance) >= 0n, `${a.name} ${figures.balance}`).toBe(true);
    }
  });

  it('the data migration books rows without an account on the basic account, with their history and balances', async () => {
    const basic = await basicAccountId(t.database);
    const before = String((await one(`SELECT balance::text AS b FROM hjl_account_info WHERE id = $1`, [basic])).b);
    // The demo as it was: the processes' rows named no account and moved no balance.
    const moved = await one(
      `SELECT coalesce(sum(trade_amount) FILTER (WHERE income_or_expend = 0), 0)::text AS income,
              coalesce(sum(trade_amount) FILTER (WHERE income_or_expend = 1), 0)::text AS expend, count(*)::int AS n
         FROM hjl_income_expend WHERE tenant_id = $1 AND ${PROCESS_ROWS} AND status = 2 AND is_deleted = 0`,
      [A],
    );
    const net = subtractMoney(String(moved.income), String(moved.expend));
    await rows(
      `DELETE FROM hjl_account_his_info h USING hjl_income_expend e
        WHERE h.tenant_id = $1 AND e.tenant_id = $1 AND e.${PROCESS_ROWS} AND h.biz_type = e.biz_type AND h.biz_id = e.biz_id`,
      [A],
    );
    await rows(`UPDATE hjl_income_expend SET account_info_id = NULL WHERE tenant_id = $1 AND ${PROCESS_ROWS}`, [A]);
    await rows(`UPDATE hjl_account_info SET balance = balance - $2::numeric WHERE id = $1`, [basic, net]);
    await runMigration('ledger_accounts');
    expect(await countRows(t.database, 'hjl_income_expend', `tenant_id = '${A}' AND account_info_id IS NULL`)).toBe(0);
    expect(String((await one(`SELECT balance::text AS b FROM hjl_account_info WHERE id = $1`, [basic])).b)).toBe(before);
    expect(
      await countRows(
        t.database,
        'hjl_account_his_info',
        `tenant_id = '${A}' AND account_info_id = ${basic} AND EXISTS (SELECT 1 FROM hjl_income_expend e
          WHERE e.tenant_id = hjl_account_his_info.tenant_id AND e.biz_type = hjl_account_his_info.biz_type
            AND e.biz_id = hjl_account_his_info.biz_id AND e.${PROCESS_ROWS} AND e.status = 2)`,
      ),
    ).toBe(Number(moved.n));
    // Run again: nothing more.
    await runMigration('ledger_accounts');
    expect(String((await one(`SELECT balance::text AS b FROM hjl_account_info WHERE id = $1`, [basic])).b)).toBe(before);
  });

  it('a payment that would take an account below zero is refused (账户余额不足) unless the account allows it', async () => {
    const cash = accounts.find((a) => a.name === '库存现金')!;
    const balance = String((await one(`SELECT balance::text AS b FROM hjl_account_info WHERE id = $1`, [cash.id])).b);
    const ledgerRows = () => countRows(t.database, 'hjl_income_expend', `biz_type = 'hjl_test_overdraft'`);
    const pay = (bizId: string, amount: string) =>
      t.database.db.transaction((tx) =>
        postLedgerEntry(tx, {
          tenantId: A,
          bizType: 'hjl_test_overdraft',
          bizId,
          incomeOrExpend: 1,
          tradeAmount: amount,
          transactionDate: '2026-06-01',
          accountInfoId: cash.id,
        }),
      );
    await expect(pay('1', addMoney(balance, '0.01'))).rejects.toThrow('账户余额不足');
    expect(await ledgerRows()).toBe(0);
    expect(String((await one(`SELECT balance::text AS b FROM hjl_account_info WHERE id = $1`, [cash.id])).b)).toBe(balance);
    // The whole balance may go; then not a fen more.
    expect((await pay('2', balance)).created).toBe(true);
    await expect(pay('3', '0.01')).rejects.toThrow('账户余额不足');
    // A hand entry (收支登记) is refused the same way, with the message.
    const hand = await post('lihong', '/api/business/hjlIncomeExpends/save', {
      incomeOrExpend: 1,
      transactionDate: '2026-06-02',
      tradeAmount: '5.00',
      payerName: '华建咨询',
      payeeName: '南京图文快印有限公司',
      accountInfoId: cash.id,
      costType: 3,
    });
    expect(hand.body).toMatchObject({ code: 400, msg: '账户余额不足' });
    // An account allowed below zero (a credit line) pays.
    const update = await post('admin', `${ACC}/submit`, { id: cash.id, allowOverdraft: 1 });
    expect(update.body, JSON.stringify(update.body)).toMatchObject({ code: 200 });
    expect((await pay('4', '100.00')).created).toBe(true);
    expect(String((await one(`SELECT balance::text AS b FROM hjl_account_info WHERE id = $1`, [cash.id])).b)).toBe('-100.00');
    // Paid back, and refused again below zero.
    await t.database.db.transaction((tx) =>
      postLedgerEntry(tx, {
        tenantId: A,
        bizType: 'hjl_test_overdraft',
        bizId: '5',
        incomeOrExpend: 0,
        tradeAmount: '100.00',
        transactionDate: '2026-06-03',
        accountInfoId: cash.id,
      }),
    );
    await post('admin', `${ACC}/submit`, { id: cash.id, allowOverdraft: 0 });
    await expect(pay('6', '0.01')).rejects.toThrow('账户余额不足');
  });
});

describe('the account history (账户变动历史)', () => {
  it('running balance chains in the order the list shows, newest = the account’s balance; the total exact, every page reachable', async () => {
    for (const a of accounts) {
      const { rows: list, totals, pages } = await historyOf(a.id);
      const stored = await countRows(t.database, 'hjl_account_his_info', `account_info_id = ${a.id} AND is_deleted = 0`);
      // Exact (no 约): the total is every row, the same on every page, and the last page answers them all.
      expect(
        totals.every((n) => n === stored),
        `${a.name}: ${totals.join(',')} vs ${stored}`,
      ).toBe(true);
      expect(list).toHaveLength(stored);
      expect(pages).toBe(Math.ceil(stored / 1000));
      const balance = String((await one(`SELECT balance::text AS b FROM hjl_account_info WHERE id = $1`, [a.id])).b);
      expect(list[0]!.balanceAfter, a.name).toBe(fenToMoney(toFen(balance)));
      let broken = 0;
      for (let i = 0; i + 1 < list.length; i++) {
        const newer = list[i]!;
        const older = list[i + 1]!;
        const change = newer.changeType === ACCOUNT_CHANGE.practical ? '0' : newer.amount;
        if (addMoney(older.balanceAfter, change) !== newer.balanceAfter) broken++;
      }
      expect(broken, a.name).toBe(0);
      // Never below zero at any time (seeded opening balances and postings in time order).
      // (The overdraft test's own rows aside: that account was allowed below zero for a while.)
      expectEvery(
        list,
        (r) => (r as HistoryRow & { bizType: string }).bizType === 'hjl_test_overdraft' || toFen(r.balanceAfter) >= 0n,
        `${a.name} history rows`,
      );
    }
  }, 120_000);

  it('the whole history (over five thousand rows) is counted exactly and its last page is reached', async () => {
    const n = await countRows(t.database, 'hjl_account_his_info', `tenant_id = '${A}' AND is_deleted = 0`);
    expect(n).toBeGreaterThan(5000);
    const first = (await get('admin', `${HIS}/list`, { current: '1', size: '10' })).body.data;
    expect(first).toMatchObject({ total: n, pages: Math.ceil(n / 10) });
    expect('totalEstimated' in first).toBe(false);
    const last = (await get('admin', `${HIS}/list`, { current: String(Math.ceil(n / 10)), size: '10' })).body.data;
    expect(last.records.length).toBe(n - (Math.ceil(n / 10) - 1) * 10);
    expect(last.total).toBe(n);
    // Another tenant sees none of it.
    expect((await get('b', `${HIS}/list`, { current: '1', size: '10' })).body.data).toMatchObject({ total: 0, records: [] });
  });
});

describe('a framework contract over two projects is counted once (BUSINESS.md §1)', () => {
  it('the project report’s 合同 and 未收款 totals count each contract once: 2,072,412.00 lower than once per project', async () => {
    const r = await get('admin', '/api/business/hjlProject/list/income_expend', { current: '1', size: '10' });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const totals = r.body.data.totals as Record<string, string>;
    const perProject = await one(
      `SELECT coalesce(sum(coalesce(c.effective_amount, c.contract_amount, 0)), 0)::text AS once_per_project
         FROM hjl_project p JOIN hjl_contract c ON c.id = p.contract_id AND c.is_deleted = 0
        WHERE p.tenant_id = $1 AND p.is_deleted = 0`,
      [A],
    );
    const once = await one(
      `SELECT coalesce(sum(coalesce(c.effective_amount, c.contract_amount, 0)), 0)::text AS once
         FROM hjl_contract c WHERE c.tenant_id = $1 AND c.is_deleted = 0
          AND EXISTS (SELECT 1 FROM hjl_project p WHERE p.contract_id = c.id AND p.is_deleted = 0)`,
      [A],
    );
    expect(subtractMoney(String(perProject.once_per_project), totals.contractAmount!)).toBe('2072412.00');
    expect(totals.contractAmount).toBe(fenToMoney(toFen(String(once.once))));
    expect(subtractMoney(addMoney(totals.outstanding!, '2072412.00'), subtractMoney(String(perProject.once_per_project), totals.collect!))).toBe('0.00');
    // The two projects of the framework contract of 2,022,412.00 share it by their own fees (1,011,206.00 each).
    const framework = await rows(
      `SELECT p.id::text AS id FROM hjl_project p JOIN hjl_contract c ON c.id = p.contract_id
        WHERE p.tenant_id = $1 AND p.is_deleted = 0 AND coalesce(c.effective_amount, c.contract_amount) = 2022412.00 ORDER BY p.id`,
      [A],
    );
    expect(framework).toHaveLength(2);
    for (const p of framework) {
      const row = (await get('admin', '/api/business/hjlProject/list/income_expend', { projectNum: '', current: '1', size: '500' })).body.data.records.find(
        (x: { id: string }) => x.id === p.id,
      );
      expect(row?.contractAmount).toBe('1011206.00');
    }
  });
});

describe('invoice tax is tax-inclusive (BUSINESS.md §1 Invoice tax)', () => {
  it('the data migration recomputes stored invoices: 144,051.60 at 6 % has 8,153.86 tax, 135,897.74 excluding it', async () => {
    const [inv] = await rows(`SELECT id::text AS id FROM hjl_invoice WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 2`, [A]);
    expect(inv).toBeTruthy();
    await rows(`UPDATE hjl_invoice SET invoice_amount = 144051.60, tax_rate = '0.06', tax_amount = 8643.10, amount_excluding_tax = NULL WHERE id = $1`, [
      inv!.id,
    ]);
    await runMigration('invoice_tax_inclusive');
    expect(await one(`SELECT tax_amount::text AS tax, amount_excluding_tax::text AS net FROM hjl_invoice WHERE id = $1`, [inv!.id])).toEqual({
      tax: '8153.86',
      net: '135897.74',
    });
    expect(
      await countRows(
        t.database,
        'hjl_invoice',
        `invoice_amount IS NOT NULL AND (amount_excluding_tax IS NULL OR tax_amount + amount_excluding_tax <> invoice_amount)`,
      ),
    ).toBe(0);
    // Listed (and so exported) with both parts.
    const listed = (await get('admin', '/api/business/hjlInvoice/list', { current: '1', size: '500' })).body.data.records.find(
      (r: { id: string }) => r.id === inv!.id,
    );
    expect(listed).toMatchObject({ invoiceAmount: '144051.60', taxAmount: '8153.86', amountExcludingTax: '135897.74' });
  });
});

describe('the account picker (finance/account-pick.ts)', () => {
  it('lets a project member pick the tenant accounts by name, without their balances; another tenant sees none', async () => {
    const basic = await basicAccountId(t.database);
    expect((await get('zhangwei', '/api/business/hjlAccountInfo/list')).status).toBe(403);
    const picked = ok(await get('zhangwei', '/api/business/hjlAccountInfo/pick', { accountName: '基本户', size: '10' })).body.data;
    expect(picked.records.map((r: { id: string }) => r.id)).toContain(basic);
    expect(Object.keys(picked.records[0]).sort()).toEqual(['accountName', 'accountNature', 'accountNum', 'bankName', 'id']);
    expect(ok(await get('wufang', '/api/business/hjlAccountInfo/pick-detail', { id: basic })).body.data).toMatchObject({ id: basic });
    expect(ok(await get('b', '/api/business/hjlAccountInfo/pick', {})).body.data.total).toBe(0);
    expect((await get('b', '/api/business/hjlAccountInfo/pick-detail', { id: basic })).status).toBe(404);
  });
});
