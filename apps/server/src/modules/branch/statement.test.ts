/**
 * 分公司收支 over the API (`hjlFiliale/statement/{id}`): each figure moves by exactly the ledger rows a fixture adds
 * — rows of the branch's projects in the period (collections, costs, labour fees), the management fees, dividends and
 * withdrawals its records posted — and equals the sum of the ledger rows it names, read straight from the table;
 * rows outside the period, of other projects or of other branches count nowhere; deposits outstanding are those paid
 * and not refunded by the period's end. Bad input is a Chinese 400; a leader reads only their branch's.
 */
import { PROJECT_LEDGER_BIZ, subtractMoney, sumMoney } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../platform/db/ids.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { ok, refusal, users } from '../../testing/http.ts';
import { postLedgerEntry } from '../finance/api.ts';

const A = '000000';
const F = '/api/business/hjlFiliale';
let t: TestApp;
const { get, post, login } = users(() => t);
const rows = (q: string, v: unknown[] = []) => t.database.raw(q, v);
const fx = { branch: '', project: '', other: '', account: '', withdraw: '' };
const PERIOD = { from: '2026-01-01', to: '2026-06-30' };
const statement = async (who = 'lihong', q: Record<string, string> = PERIOD) => ok(await get(who, `${F}/statement/${fx.branch}`, q)).body.data;

/** The sum of ledger rows in effect under a condition (the statement's figures, read without it). */
async function ledger(where: string, v: unknown[] = []) {
  const [r] = await rows(
    `SELECT coalesce(sum(trade_amount), 0)::numeric(18,2)::text AS s FROM hjl_income_expend
      WHERE tenant_id = '${A}' AND is_deleted = 0 AND status = 2 AND transaction_date BETWEEN $1 AND $2 AND ${where}`,
    [PERIOD.from, PERIOD.to, ...v],
  );
  return String(r!.s);
}

beforeAll(async () => {
  t = await createTestApp();
  await login('lihong', 'sunlei');
  await rows(
    `INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name, sort, dept_category, is_deleted)
     SELECT 1900000000000000011, d.tenant_id, d.id, '0,' || d.id, '收支分公司', '华建工程咨询有限公司收支分公司', 98, 1, 0 FROM blade_dept d
     WHERE d.tenant_id = $1 AND d.parent_id = 0 LIMIT 1`,
    [A],
  );
  const leader = String((await rows(`SELECT id::text AS id FROM blade_user WHERE account = 'lihong'`))[0]!.id);
  ok(await post('lihong', `${F}/save`, { filialeName: '收支分公司', deptId: '1900000000000000011', leaderUser: leader, shareRatio: '60', filialeStatus: 1 }));
  fx.branch = String((await rows(`SELECT id::text AS id FROM hjl_filiale WHERE filiale_name = '收支分公司'`))[0]!.id);
  const free = await rows(`SELECT id::text AS id FROM hjl_project WHERE tenant_id = $1 AND is_deleted = 0 AND filiale_id IS NULL ORDER BY id LIMIT 2`, [A]);
  fx.project = String(free[0]!.id);
  fx.other = String(free[1]!.id);
  await rows(`UPDATE hjl_project SET filiale_id = $1 WHERE id = $2`, [fx.branch, fx.project]);
  fx.account = String(
    (await rows(`SELECT id::text AS id FROM hjl_account_info WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY balance DESC LIMIT 1`, [A]))[0]!.id,
  );
}, 180_000);
afterAll(() => t.close());

describe('a branch statement equals the ledger', () => {
  it('every figure moves by exactly the fixture’s rows and is the sum of the ledger rows it names', async () => {
    const before = await statement();
    const post1 = (e: { io: 0 | 1; biz: string; bizId?: string; amount: string; date: string; cost?: number; project?: string | null }) =>
      t.database.db.transaction((tx) =>
        postLedgerEntry(tx, {
          tenantId: A,
          bizType: e.biz,
          bizId: e.bizId ?? nextId(),
          incomeOrExpend: e.io,
          tradeAmount: e.amount,
          transactionDate: e.date,
          costType: e.cost ?? null,
          projectId: e.project === undefined ? fx.project : e.project,
        }),
      );
    // The branch's project: in the period, and one row of each kind outside it.
    await post1({ io: 0, biz: PROJECT_LEDGER_BIZ.collect, amount: '100000.00', date: '2026-02-03' });
    await post1({ io: 0, biz: PROJECT_LEDGER_BIZ.collect, amount: '0.01', date: '2026-06-30' });
    await post1({ io: 0, biz: PROJECT_LEDGER_BIZ.collect, amount: '333.33', date: '2025-12-31' });
    await post1({ io: 1, biz: PROJECT_LEDGER_BIZ.labour, amount: '12345.67', date: '2026-03-01' });
    await post1({ io: 1, biz: PROJECT_LEDGER_BIZ.expense, cost: 1, amount: '999.99', date: '2026-04-01' });
    await post1({ io: 1, biz: PROJECT_LEDGER_BIZ.settlement, amount: '100.01', date: '2026-05-01' });
    await post1({ io: 1, biz: PROJECT_LEDGER_BIZ.expense, amount: '50.00', date: '2026-07-01' });
    // Another project's collection counts nowhere.
    await post1({ io: 0, biz: PROJECT_LEDGER_BIZ.collect, amount: '777.77', date: '2026-02-03', project: fx.other });

    // The branch's own records, posted by the API: a management fee in the period and one before it …
    const mgmt = (period: string, amount: string, receiveDate: string) =>
      post('lihong', '/api/business/hjlFilialeMgmt/save', {
        filialeId: fx.branch,
        mgmtType: 1,
        period,
        content: `${period}管理费`,
        amount,
        receiveDate,
        accountInfoId: fx.account,
      });
    ok(await mgmt('2026-03', '1234.56', '2026-04-10'));
    ok(await mgmt('2025-11', '999.00', '2025-12-10'));
    // … deposits: one paid before the period (outstanding), one paid and refunded in it, one refunded after it.
    const deposit = async (amount: string, payDate: string, refundDate?: string) => {
      ok(await post('lihong', '/api/business/hjlFilialeDeposit/submit', { filialeId: fx.branch, amount, payDate, accountInfoId: fx.account }));
      const [d] = await rows(`SELECT id::text AS id FROM hjl_filiale_deposit WHERE filiale_id = $1 AND amount = $2`, [fx.branch, amount]);
      if (refundDate) ok(await post('lihong', '/api/business/hjlFilialeDeposit/submit', { id: String(d!.id), refundDate }));
    };
    await deposit('5000.00', '2025-11-01');
    await deposit('3000.00', '2026-03-01', '2026-06-01');
    await deposit('2000.00', '2026-04-01', '2026-08-01');
    // … a dividend paid in the period, and a withdrawal's payment (its ledger row, as its approval posts it).
    ok(
      await post('lihong', '/api/business/hjlDividend/save', {
        filialeId: fx.branch,
        dividendYear: 2026,
        ratio: '40',
        components: [
          { itemName: '收入', itemType: 1, amount: '10000.00' },
          { itemName: '成本', itemType: 2, amount: '1234.57' },
        ],
      }),
    );
    const [div] = await rows(`SELECT id::text AS id, dividend_amount::text AS amount FROM hjl_dividend WHERE filiale_id = $1`, [fx.branch]);
    expect(div!.amount).toBe('3506.17'); // (10000.00 − 1234.57) × 40 % = 3506.172 → 3506.17
    ok(await post('lihong', '/api/business/hjlDividend/pay', { id: String(div!.id), accountInfoId: fx.account, payDate: '2026-05-20' }));
    ok(
      await post('lihong', '/api/business/hjlWithdrawShare/save', {
        withdrawType: 1,
        filialeId: fx.branch,
        period: '2026-05',
        baseAmount: '10000',
        ratio: '8.8',
        accountInfoId: fx.account,
      }),
    );
    fx.withdraw = String((await rows(`SELECT id::text AS id FROM hjl_withdraw_share WHERE filiale_id = $1`, [fx.branch]))[0]!.id);
    await post1({ io: 1, biz: 'hjl_withdraw_share', bizId: fx.withdraw, amount: '880.00', date: '2026-06-15', project: null });

    const after = await statement();
    const delta = (k: string) => subtractMoney(after[k], before[k]);
    expect(delta('collect')).toBe('100000.01');
    expect(delta('labour')).toBe('12345.67');
    expect(delta('cost')).toBe('1100.00');
    expect(delta('profit')).toBe('86554.34');
    expect(delta('managementFee')).toBe('1234.56');
    expect(delta('dividend')).toBe('3506.17');
    expect(delta('withdraw')).toBe('880.00');
    expect(after.depositsOutstanding).toBe('7000.00'); // 5000 paid before, 2000 refunded only after the period
    expect(after).toMatchObject({
      collectCount: 2,
      labourCount: 1,
      costCount: 2,
      managementFeeCount: 1,
      dividendCount: 1,
      withdrawCount: 1,
      from: PERIOD.from,
      to: PERIOD.to,
    });
    expect(after.profit).toBe(subtractMoney(after.collect, sumMoney([after.cost, after.labour])));

    // Each figure is the sum of the ledger rows it names, read straight from the table.
    const ofProject = `project_id = ${fx.project}`;
    expect(after.collect).toBe(await ledger(`${ofProject} AND income_or_expend = 0 AND biz_type = $3`, [PROJECT_LEDGER_BIZ.collect]));
    expect(after.labour).toBe(await ledger(`${ofProject} AND income_or_expend = 1 AND biz_type = $3`, [PROJECT_LEDGER_BIZ.labour]));
    expect(after.cost).toBe(await ledger(`${ofProject} AND income_or_expend = 1 AND biz_type IS DISTINCT FROM $3`, [PROJECT_LEDGER_BIZ.labour]));
    const ofKind = (table: string) => `biz_id IN (SELECT id FROM ${table} WHERE filiale_id = ${fx.branch})`;
    expect(after.managementFee).toBe(await ledger(`biz_type = 'hjl_filiale_mgmt' AND ${ofKind('hjl_filiale_mgmt')}`));
    expect(after.dividend).toBe(await ledger(`biz_type = 'hjl_dividend' AND ${ofKind('hjl_dividend')}`));
    expect(after.withdraw).toBe(await ledger(`biz_type = 'hjl_withdraw_share' AND ${ofKind('hjl_withdraw_share')}`));
    const [dep] = await rows(
      `SELECT (coalesce(sum(trade_amount) FILTER (WHERE biz_type = 'hjl_filiale_deposit'), 0) - coalesce(sum(trade_amount) FILTER (WHERE biz_type = 'hjl_filiale_deposit_refund'), 0))::numeric(18,2)::text AS s
         FROM hjl_income_expend WHERE tenant_id = $1 AND status = 2 AND is_deleted = 0 AND transaction_date <= $2 AND ${ofKind('hjl_filiale_deposit')}`,
      [A, PERIOD.to],
    );
    expect(after.depositsOutstanding).toBe(String(dep!.s));
    // At the end of August the third deposit is refunded too.
    expect((await statement('lihong', { from: '2026-01-01', to: '2026-08-31' })).depositsOutstanding).toBe('5000.00');
  });

  it('bad periods are a Chinese 400; another branch’s leader reads nothing', async () => {
    expect(await get('lihong', `${F}/statement/${fx.branch}`, { from: '2026-07-01', to: '2026-06-30' })).toMatchObject(refusal('开始日期不能晚于结束日期'));
    expect(await get('lihong', `${F}/statement/${fx.branch}`, { from: '2026-13-01' })).toMatchObject(refusal('开始日期格式应为yyyy-MM-dd'));
    expect(await get('lihong', `${F}/statement/abc`)).toMatchObject({ status: 400 });
    expect(await get('sunlei', `${F}/statement/${fx.branch}`, PERIOD)).toMatchObject(refusal('分公司不存在或无权访问'));
  });
});
