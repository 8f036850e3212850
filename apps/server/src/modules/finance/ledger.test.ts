/**
 * Accounts and the ledger over the API (BUSINESS.md WP4): internal accounts with their history, `sum-practical`
 * against a hand-computed fixture, `setting/practical`, staff accounts as `accountList` on user search rows, the
 * ledger list with body filters and its date range, hand entries (the income/expense payment form, S2 L312-316)
 * moving the account's balance, rows produced by a process refused to hand changes, one row per producing record
 * however often it is posted, reset of a claim, the export, another tenant's ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { users } from '../../testing/http.ts';
import { postLedgerEntry } from './api.ts';

let t: TestApp;
const { tok, as, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
const L = '/api/business/hjlIncomeExpends';
const A = '/api/business/hjlAccountInfo';

let account = '';
let account2 = '';

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'lihong', 'zhangwei', 'zhaomin');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  const made = await as('lihong').post(`${A}/submit`, {
    accountName: '测试账户',
    accountNum: 'T-0001',
    bankName: '测试银行',
    accountNature: 2,
    openingBalance: '1000.00',
  });
  expect(made.body, JSON.stringify(made.body)).toMatchObject({ code: 200 });
  account = made.body.data.id;
  account2 = // Opened at zero and paid from before money comes in: an account allowed below zero (a credit line).
    (
      await as('lihong').post(`${A}/submit`, {
        accountName: '测试账户二',
        accountNum: 'T-0002',
        bankName: '测试银行',
        accountNature: 2,
        openingBalance: '0',
        allowOverdraft: 1,
      })
    ).body.data.id;
});
afterAll(() => t.close());

const entry = (over: Record<string, unknown> = {}) => ({
  incomeOrExpend: 1,
  transactionDate: '2026-03-15',
  tradeAmount: '100.50',
  payerName: '华建咨询',
  payeeName: '南京图文快印有限公司',
  accountInfoId: account,
  costType: 3,
  ...over,
});
const sum = async (id = account) => (await as('lihong').get(`${A}/sum-practical/${id}`)).body.data;

describe('internal accounts', () => {
  it('opening balance, history and sum-practical of a hand-computed fixture', async () => {
    // 1000.00 opening + 250.25 income − 100.50 − 0.75 expense = 1149.00
    for (const e of [entry({ incomeOrExpend: 0, tradeAmount: '250.25', payerName: '客户甲', payeeName: '测试账户' }), entry(), entry({ tradeAmount: '0.75' })])
      expect((await as('lihong').post(`${L}/save`, e)).body).toMatchObject({ code: 200 });
    expect(await sum()).toMatchObject({
      openingBalance: '1000.00',
      incomeAmount: '250.25',
      expendAmount: '101.25',
      sumPractical: '1149.00',
      balance: '1149.00',
    });
    const his = (await as('lihong').get('/api/business/hjlAccountHisInfo/list', { accountInfoId: account, size: '50' })).body.data.records;
    expect(his.map((h: { changeType: number }) => h.changeType).sort()).toEqual([1, 3, 4, 4]);
    expect(his.find((h: { changeType: number }) => h.changeType === 1)).toMatchObject({ amount: '1000.00', balanceAfter: '1000.00' });
    // Opening balance changed: the balance follows, the history says so.
    expect((await as('lihong').post(`${A}/submit`, { id: account, openingBalance: '1100.00' })).body).toMatchObject({ code: 200 });
    expect(await sum()).toMatchObject({ sumPractical: '1249.00', balance: '1249.00' });
    expect(await countRows(t.database, 'hjl_account_his_info', `account_info_id = ${account} AND change_type = 2 AND amount = 100`)).toBe(1);
    // Computed figures sent by a client are ignored.
    await as('lihong').post(`${A}/submit`, { id: account, balance: '99999999.00', practicalAmount: '5.00' });
    expect(await sum()).toMatchObject({ balance: '1249.00', practicalAmount: null });
  });

  it('setting/practical records the counted amount (history), refuses another tenant and bad amounts', async () => {
    expect((await as('lihong').post(`${A}/setting/practical`, { id: account, practicalAmount: '1240.00', remark: '月末对账' })).body).toMatchObject({
      code: 200,
    });
    expect(await sum()).toMatchObject({ practicalAmount: '1240.00', difference: '-9.00' });
    expect(await countRows(t.database, 'hjl_account_his_info', `account_info_id = ${account} AND change_type = 5`)).toBe(1);
    expect((await as('b').post(`${A}/setting/practical`, { id: account, practicalAmount: '1.00' })).body).toMatchObject({ code: 400, msg: '账户不存在' });
    expect((await as('b').get(`${A}/sum-practical/${account}`)).status).toBe(404);
    expect((await as('lihong').post(`${A}/setting/practical`, { id: account, practicalAmount: '1.001' })).body).toMatchObject({
      code: 400,
      msg: '实际金额最多保留两位小数',
    });
    expect((await as('lihong').post(`${A}/setting/practical`, { id: account })).body.code).toBe(400);
    expect(await sum()).toMatchObject({ practicalAmount: '1240.00' });
    // Employees have no account menu.
    expect((await as('zhangwei').post(`${A}/setting/practical`, { id: account, practicalAmount: '1.00' })).status).toBe(403);
    expect((await as('zhangwei').get(`${A}/list`)).status).toBe(403);
  });

  it('an account the ledger uses is not removed; history is neither added nor removed by hand', async () => {
    expect((await as('lihong').post(`${A}/remove`, undefined, { ids: account })).body).toMatchObject({ code: 400, msg: '该账户已有收支记录,不能删除' });
    expect((await as('lihong').post('/api/business/hjlAccountHisInfo/submit', { accountInfoId: account, changeType: 3, amount: '5.00' })).body.msg).toBe(
      '账户变动历史由系统生成,不能新增',
    );
    const [h] = await t.database.raw(`SELECT id::text AS id FROM hjl_account_his_info WHERE account_info_id = ${account} LIMIT 1`);
    expect((await as('lihong').post('/api/business/hjlAccountHisInfo/remove', undefined, { ids: String(h!.id) })).body.msg).toBe('账户变动历史不能删除');
  });
});

describe('the ledger', () => {
  it('POST list takes filters in the body and the transactionDate range; a reversed range is refused', async () => {
    await as('lihong').post(`${L}/save`, entry({ transactionDate: '2026-04-02', tradeAmount: '20.00', accountInfoId: account2 }));
    await as('lihong').post(`${L}/save`, entry({ transactionDate: '2026-04-20', tradeAmount: '30.00', accountInfoId: account2, incomeOrExpend: 0 }));
    const list = (body: Record<string, unknown>, query: Record<string, string> = { current: '1', size: '10' }) => as('lihong').post(`${L}/list`, body, query);
    const r = await list({ incomeOrExpend: 1, accountInfoId: account2, start_transactionDate: '2026-04-01', end_transactionDate: '2026-04-30', whatever: 'x' });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ total: 1, totalExact: true, expendTotal: '20.00', incomeTotal: '0.00', current: 1, size: 10 });
    expect(r.body.data.records[0]).toMatchObject({ tradeAmount: '20.00', accountName: '测试账户二', transactionDate: '2026-04-02' });
    expect((await list({ accountInfoId: account2, start_transactionDate: '2026-04-10' })).body.data.total).toBe(1);
    expect((await list({ accountInfoId: account2, end_transactionDate: '2026-04-01' })).body.data.total).toBe(0);
    expect((await list({ start_transactionDate: '2026-04-30', end_transactionDate: '2026-04-01' })).body).toMatchObject({
      code: 400,
      msg: '结束日期不能早于开始日期',
    });
    expect((await list({ start_transactionDate: '2026-02-30' })).body.code).toBe(400);
    expect((await list({ incomeOrExpend: 'x' })).body).toMatchObject({ code: 400 });
    // The demo tenant's year of rows; another tenant sees none of them.
    const all = (await list({})).body.data;
    expect(all.total).toBeGreaterThan(4000);
    expect((await as('b').post(`${L}/list`, {})).body.data).toMatchObject({ total: 0, records: [] });
    expect((await as('zhangwei').post(`${L}/list`, {})).status).toBe(403);
  });

  it('a hand entry: the payment form messages, a positive amount, the account balance moving with changes', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [entry({ transactionDate: undefined }), '请选择打款日期'],
      [entry({ tradeAmount: '' }), '请输入交易金额(元)'],
      [entry({ payerName: '' }), '请选择付款人'],
      [entry({ payeeName: undefined }), '请选择收款人'],
      [entry({ incomeOrExpend: undefined }), '请选择收支类型'],
      [entry({ tradeAmount: '0' }), '金额必须大于0'],
      [entry({ tradeAmount: '-5.00' }), '金额必须大于0'],
      [entry({ tradeAmount: '1.234' }), '交易金额(元)最多保留两位小数'],
      [entry({ accountInfoId: '123' }), '账户不存在'],
    ];
    const before = await countRows(t.database, 'hjl_income_expend');
    for (const [payload, msg] of bad) expect((await as('lihong').post(`${L}/save`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect(await countRows(t.database, 'hjl_income_expend')).toBe(before);

    const start = (await sum(account2)).balance;
    const id = (await as('lihong').post(`${L}/save`, entry({ accountInfoId: account2, tradeAmount: '5.00' }))).body.data.id;
    expect((await sum(account2)).balance).toBe((Number(start) - 5).toFixed(2));
    const row = (await as('lihong').get(`${L}/detail`, { id })).body.data;
    expect(row).toMatchObject({ status: 2, isDraft: 2, optionPersonName: '李红', bizType: null, tradeAmount: '5.00' });
    // Changed to income of 7.00 on the other account: undone here, done there.
    const b1 = (await sum(account)).balance;
    expect((await as('lihong').post(`${L}/update`, { id, incomeOrExpend: 0, tradeAmount: '7.00', accountInfoId: account })).body).toMatchObject({ code: 200 });
    expect((await sum(account2)).balance).toBe(start);
    expect((await sum(account)).balance).toBe((Number(b1) + 7).toFixed(2));
    expect((await as('lihong').post(`${L}/remove`, undefined, { ids: id })).body).toMatchObject({ code: 200 });
    expect((await sum(account)).balance).toBe(b1);
    expect((await sum(account)).sumPractical).toBe(b1);
  });

  it('every money event posts exactly one row, whatever times it is posted; such a row is not changed by hand', async () => {
    const post = () =>
      t.database.db.transaction((tx) =>
        postLedgerEntry(tx, {
          tenantId: '000000',
          bizType: 'hjl_test_payment',
          bizId: '4242',
          incomeOrExpend: 1,
          tradeAmount: '300.00',
          transactionDate: '2026-05-01',
          accountInfoId: account2,
          payerName: '华建咨询',
          payeeName: '供应商',
          userId: ids.lihong,
        }),
      );
    const before = (await sum(account2)).balance;
    const first = await post();
    const second = await post();
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(await countRows(t.database, 'hjl_income_expend', `biz_type = 'hjl_test_payment' AND biz_id = 4242`)).toBe(1);
    expect((await sum(account2)).balance).toBe((Number(before) - 300).toFixed(2));
    // A bad amount refuses the posting (and so the approval it is part of).
    await expect(
      t.database.db.transaction((tx) =>
        postLedgerEntry(tx, {
          tenantId: '000000',
          bizType: 'hjl_test_payment',
          bizId: '4243',
          incomeOrExpend: 1,
          tradeAmount: '0.00',
          transactionDate: '2026-05-01',
        }),
      ),
    ).rejects.toThrow('金额必须大于0');

    expect((await as('lihong').post(`${L}/update`, { id: first.id, tradeAmount: '1.00' })).body).toMatchObject({
      code: 400,
      msg: '系统生成的收支记录不能修改',
    });
    expect((await as('lihong').post(`${L}/remove`, undefined, { ids: first.id })).body).toMatchObject({ code: 400, msg: '系统生成的收支记录不能删除' });
    expect((await as('lihong').post('/api/business/hjlIncomeExpend/submit', { id: first.id, tradeAmount: '1.00' })).body).toMatchObject({
      code: 400,
      msg: '系统生成的收支记录不能修改',
    });
    expect((await as('lihong').post('/api/business/hjlIncomeExpend/remove', undefined, { ids: first.id })).body).toMatchObject({
      code: 400,
      msg: '系统生成的收支记录不能删除',
    });
    expect((await as('lihong').get(`${L}/detail`, { id: first.id })).body.data).toMatchObject({ tradeAmount: '300.00', bizType: 'hjl_test_payment' });
  });

  it('unclaimed money waits as a pending account; reset/get makes a claimed row unclaimed again', async () => {
    const id = (
      await as('lihong').post(`${L}/save`, entry({ incomeOrExpend: 0, isKnowGet: 1, payerName: '某单位', payeeName: '测试账户', tradeAmount: '88.00' }))
    ).body.data.id;
    expect(await countRows(t.database, 'hjl_pending_account', `income_expend_id = ${id} AND is_deleted = 0`)).toBe(0);
    expect((await as('lihong').get(`${L}/reset/get/${id}`)).body).toMatchObject({ code: 200, data: { isKnowGet: 0 } });
    expect((await as('lihong').get(`${L}/detail`, { id })).body.data.isKnowGet).toBe(0);
    expect(await countRows(t.database, 'hjl_pending_account', `income_expend_id = ${id} AND is_deleted = 0 AND amount = 88`)).toBe(1);
    expect((await as('lihong').get(`${L}/reset/get/${id}`)).body).toMatchObject({ code: 400, msg: '该款项尚未认领' });
    expect((await as('b').get(`${L}/reset/get/${id}`)).body).toMatchObject({ code: 400, msg: '数据不存在或已被删除' });
    expect((await as('zhangwei').get(`${L}/reset/get/${id}`)).status).toBe(403);
  });

  it('get/account_info finds internal accounts by name; export writes the filtered rows', async () => {
    const found = (await as('lihong').get(`${L}/get/account_info`, { accountName: '测试账户' })).body.data;
    expect(found.map((a: { accountName: string }) => a.accountName).sort()).toEqual(['测试账户', '测试账户二']);
    const res = await t.call(tok.lihong, {
      method: 'GET',
      url: `${L}/export`,
      query: { accountInfoId: account2, start_transactionDate: '2026-04-01', end_transactionDate: '2026-04-30' },
    });
    expect(res.status).toBe(200);
    expect(String(res.res.headers['content-type'])).toContain('spreadsheetml');
    expect(
      (await t.call(tok.lihong, { method: 'GET', url: `${L}/export`, query: { start_transactionDate: '2026-05-01', end_transactionDate: '2026-04-01' } })).body
        .code,
    ).toBe(400);
  });
});

describe('staff accounts', () => {
  it('user search rows carry accountList; a user without one has an empty list', async () => {
    const rows = (await as('zhangwei').get('/api/blade-user/search/user', { size: '50' })).body.data.records as { account: string; accountList: unknown[] }[];
    expect(rows.find((r) => r.account === 'zhangwei')!.accountList).toEqual([expect.objectContaining({ bankName: '招商银行南京城北支行', isDefault: 1 })]);
    expect(rows.find((r) => r.account === 'zhaomin')!.accountList).toEqual([]);
  });

  it('employees keep their own accounts; one default each; a number twice refused', async () => {
    const mine = (await as('zhangwei').get('/api/business/hjlUserAccount/list')).body.data;
    expect(mine.records.every((r: { userId: string }) => r.userId === ids.zhangwei)).toBe(true);
    const add = await as('zhangwei').post('/api/business/hjlUserAccount/save', {
      userId: ids.zhangwei,
      accountName: '张伟',
      accountNum: '6222 9999',
      bankName: '中国银行',
      isDefault: 1,
    });
    expect(add.body).toMatchObject({ code: 200 });
    const after = (await as('zhangwei').get('/api/business/hjlUserAccount/list')).body.data.records as { accountNum: string; isDefault: number }[];
    expect(after.filter((r) => r.isDefault === 1).map((r) => r.accountNum)).toEqual(['6222 9999']);
    expect(
      (
        await as('zhangwei').post('/api/business/hjlUserAccount/save', {
          userId: ids.zhangwei,
          accountName: '张伟',
          accountNum: '6222 9999',
          bankName: '中国银行',
        })
      ).body.msg,
    ).toBe('该员工已维护此账号');
    expect((await as('zhangwei').post('/api/business/hjlUserAccount/save', { accountName: '张伟', accountNum: '1', bankName: '中国银行' })).body.msg).toBe(
      '请选择员工',
    );
    expect((await as('b').post('/api/business/hjlUserAccount/save', { userId: ids.zhangwei, accountName: 'x', accountNum: '1', bankName: 'y' })).body.msg).toBe(
      '员工不存在',
    );
  });
});

describe('demo data', () => {
  it('a year of ledger rows, each account balance equal to opening + income − expense', async () => {
    const [{ n }] = (await t.database.raw(
      `SELECT count(*)::int AS n FROM hjl_income_expend WHERE tenant_id = '000000' AND biz_type IS NULL AND create_user = ${ids.lihong} AND remark <> ''`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(4000);
    const accounts = (await as('lihong').get(`${A}/list`, { size: '50', accountName: '华建' })).body.data.records as { id: string }[];
    expect(accounts.length).toBe(2);
    for (const a of accounts) {
      const s = await sum(a.id);
      expect(s.balance).toBe(s.sumPractical);
    }
    expect(await countRows(t.database, 'hjl_pending_account', `tenant_id = '000000' AND is_deleted = 0`)).toBeGreaterThan(5);
    expect(await countRows(t.database, 'hjl_budget_expend', `tenant_id = '000000'`)).toBeGreaterThan(10);
  });

  it('applications of every kind in every status (0, 1, 2, 3, 6); loans paid, repaid and under repayment', async () => {
    for (const table of ['hjl_apply_payment', 'hjl_apply_expense', 'hjl_expend_from', 'hjl_apply_refund', 'hjl_apply_lend_return_money', 'hjl_finance_form']) {
      const rows = await t.database.raw(`SELECT status, count(*)::int AS n FROM ${table} WHERE tenant_id = '000000' AND is_deleted = 0 GROUP BY status`);
      const by = new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
      for (const status of [0, 1, 2, 3, 6]) expect(by.get(status) ?? 0, `${table} ${status}`).toBeGreaterThan(0);
    }
    // Under way, rejected and withdrawn applications went to a process (isDraft 1, its key); drafts did not.
    expect(
      await countRows(t.database, 'hjl_apply_expense', `tenant_id = '000000' AND status IN (1, 3, 6) AND (is_draft <> 1 OR process_definition_key IS NULL)`),
    ).toBe(0);
    // Every claim's lines add up to it, to the cent.
    expect(
      await countRows(
        t.database,
        'hjl_apply_expense',
        `tenant_id = '000000' AND total_amount <> (SELECT sum(i.amount) FROM hjl_apply_expense_info i WHERE i.apply_expense_id = hjl_apply_expense.id AND i.is_deleted = 0)`,
      ),
    ).toBe(0);
    expect(await countRows(t.database, 'hjl_apply_lend_return_money', `tenant_id = '000000' AND pay_status = 1 AND balance > 0`)).toBeGreaterThan(0);
    expect(await countRows(t.database, 'hjl_apply_return_money', `tenant_id = '000000' AND status = 2`)).toBeGreaterThan(0);
    // A repayment under approval never holds more than its loan owes.
    expect(
      await countRows(
        t.database,
        'hjl_apply_return_money',
        `tenant_id = '000000' AND status = 1 AND return_amount > (SELECT l.balance FROM hjl_apply_lend_return_money l WHERE l.id = hjl_apply_return_money.lend_id)`,
      ),
    ).toBe(0);
    expect(await countRows(t.database, 'hjl_apply_return_money', `tenant_id = '000000' AND status = 1`)).toBeGreaterThan(0);
  });
});
