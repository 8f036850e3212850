/**
 * The finance applications over the API (BUSINESS.md WP4 acceptance) on the demo processes (models.ts): payment
 * applications with the cashier's payment form at finalStep (each message of S2 L305-310; approved → exactly one
 * ledger row and one payment row, the account's balance moved), expense claims with lines (their sum, budgets with
 * the remaining amount in the message, `check/{id}`, `my`, `statistics/money`), loans and repayments (5 000.00 →
 * 3 000.00 → 2 000.01 refused → 2 000.00 → 0.00), refunds paid through a payment record (refundMakePay), pending
 * money claimed in a batch, tax settlements, finance forms, account settlements; data scope (an applicant never
 * sees another's claim in list, `my`, detail or totals; finance sees all), another tenant, permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { ok, refused, users, WF } from '../../testing/http.ts';

let t: TestApp;
const { tok, call, login, loginAs, approveAs } = users(() => t);
const ids: Record<string, string> = {};
const B = '/api/business';
const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
const day = (d: string) => `${year}-${d}`;

let account = '';
let accountNum = '';
const payForm = () => ({
  expenseType: 0,
  transactionDate: day('06-18'),
  transactionReferenceNumber: 'TX-0001',
  payerName: '华建咨询基本户',
  debitAccountNo: accountNum,
  payerAccountBank: '中国工商银行南京城南支行',
  accountInfoId: account,
  accountNum,
});
const balance = async () => String((await t.database.raw(`SELECT balance::text AS b FROM hjl_account_info WHERE id = $1`, [account]))[0]!.b);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'lihong', 'zhangwei', 'chenjing', 'sunlei', 'wufang', 'zhaomin');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  const [a] = await t.database.raw(`SELECT id::text AS id, account_num FROM hjl_account_info WHERE tenant_id = '000000' AND account_name = '华建咨询基本户'`);
  account = String(a!.id);
  accountNum = String(a!.account_num);
}, 120_000);
afterAll(() => t.close());

describe('payment applications (付款申请)', () => {
  it('start → leader → the cashier pays with the payment form (every message) → one ledger row, one payment row, balance moved', async () => {
    const started = ok(
      await call('zhangwei', 'POST', `${B}/hjlApplyPayment/start`, {
        title: '外包测量费',
        amount: '1200.50',
        costType: 2,
        businessSubjectType: 1,
        personId: ids.chenjing,
        personName: '陈静',
        // The payment form is the cashier's: what the applicant sends of it is dropped.
        payerName: '张伟自己填的',
      }),
    );
    const { id, processInstanceId } = started.body.data;
    expect(started.body.data).toMatchObject({ processDefinitionKey: 'hjl_apply_payment' });
    const row = (await call('zhangwei', 'GET', `${B}/hjlApplyPayment/detail`, { id })).body.data;
    expect(row).toMatchObject({
      status: 1,
      applyUser: ids.zhangwei,
      applyUserName: '张伟',
      amount: '1200.50',
      payStatus: 0,
      payerName: null,
      payeeName: '陈静',
    });
    // 部门经理 (post manager) → 财务 → the cashier (出纳) fills the payment form (finalStep).
    ok(await approveAs('sunlei', processInstanceId));
    ok(await approveAs('lihong', processInstanceId));
    const before = await balance();
    // Without the payment form: each message of S2 L305-310 in turn.
    const full = payForm();
    const steps: [Partial<typeof full>, string][] = [
      [{}, '请选择付款方式'],
      [{ expenseType: 0 }, '请选择打款日期'],
      [{ expenseType: 0, transactionDate: full.transactionDate }, '请填写付款人名称'],
      [{ expenseType: 0, transactionDate: full.transactionDate, payerName: full.payerName }, '请填写付款人账号'],
      [{ expenseType: 0, transactionDate: full.transactionDate, payerName: full.payerName, debitAccountNo: accountNum }, '请选择付款人开户行'],
    ];
    for (const [vars, msg] of steps) refused(await approveAs('wufang', processInstanceId, true, vars), msg);
    expect(await countRows(t.database, 'hjl_income_expend', `biz_type = 'hjl_apply_payment' AND biz_id = ${id}`)).toBe(0);
    ok(await approveAs('wufang', processInstanceId, true, full));
    const paid = (await call('zhangwei', 'GET', `${B}/hjlApplyPayment/detail`, { id })).body.data;
    expect(paid).toMatchObject({ status: 2, payStatus: 1, payerName: full.payerName, transactionDate: full.transactionDate });
    expect(
      await countRows(t.database, 'hjl_income_expend', `biz_type = 'hjl_apply_payment' AND biz_id = ${id} AND trade_amount = 1200.50 AND income_or_expend = 1`),
    ).toBe(1);
    expect(await countRows(t.database, 'hjl_payment_his', `biz_type = 'hjl_apply_payment' AND biz_id = ${id} AND amount = 1200.50`)).toBe(1);
    expect(await balance()).toBe((Number(before) - 1200.5).toFixed(2));
    // Paid already: a payment record for it is refused.
    refused(await call('lihong', 'POST', `${B}/hjlPaymentHis/start`, { bizType: 'hjl_apply_payment', bizId: id, ...payForm() }), '不能重复付款');
  });

  it('a person paid must have a staff account (请选择已维护账户信息的用户!); a bad amount is refused and writes nothing', async () => {
    const before = await countRows(t.database, 'hjl_apply_payment');
    refused(
      await call('zhangwei', 'POST', `${B}/hjlApplyPayment/start`, {
        title: '劳务费',
        amount: '100',
        businessSubjectType: 1,
        personId: ids.zhaomin,
        personName: '赵敏',
      }),
      '请选择已维护账户信息的用户!',
    );
    for (const amount of ['0', '-5', '1.234', 'abc']) refused(await call('zhangwei', 'POST', `${B}/hjlApplyPayment/start`, { title: '劳务费', amount }), '');
    refused(await call('zhangwei', 'POST', `${B}/hjlApplyPayment/start`, { amount: '10' }), '请输入付款事由');
    expect(await countRows(t.database, 'hjl_apply_payment')).toBe(before);
  });
});

describe('expense claims (费用报销) against budgets', () => {
  const lines = [
    { expenseDate: day('03-02'), expenseType: 1, amount: '320.40', billCount: 2, remark: '南京-苏州高铁' },
    { expenseDate: day('03-03'), expenseType: 4, amount: '85.60', billCount: 3 },
  ];
  let claim = '';
  let claimProc = '';

  it('lines sum to the total; a wrong total, no lines or a bad amount are refused and write nothing', async () => {
    const before = [await countRows(t.database, 'hjl_apply_expense'), await countRows(t.database, 'hjl_apply_expense_info')];
    refused(await call('zhangwei', 'POST', `${B}/hjlApplyExpense/start`, { title: '出差', lines: [] }), '请添加报销明细');
    refused(await call('zhangwei', 'POST', `${B}/hjlApplyExpense/start`, { title: '出差' }), '请添加报销明细');
    refused(await call('zhangwei', 'POST', `${B}/hjlApplyExpense/start`, { title: '出差', totalAmount: '406.01', lines }), '报销明细合计与报销总额不一致');
    refused(await call('zhangwei', 'POST', `${B}/hjlApplyExpense/start`, { title: '出差', lines: [{ ...lines[0], amount: '0.001' }] }), '金额必须大于0');
    expect([await countRows(t.database, 'hjl_apply_expense'), await countRows(t.database, 'hjl_apply_expense_info')]).toEqual(before);
  });

  it('a claim over the remaining budget is refused at start with what remains; check/{id} answers the same', async () => {
    const [b] = await t.database.raw(
      `SELECT b.id::text AS id, (b.budget_amount - b.used_amount)::text AS amount FROM hjl_budget_expend b JOIN blade_dept d ON d.id = b.dept_id
       WHERE b.tenant_id = '000000' AND d.dept_name = '造价部' AND b.budget_year = $1 AND b.budget_type = 3`,
      [year],
    );
    const check = ok(await call('zhangwei', 'GET', `${B}/hjlBudgetExpend/check/${b!.id}`)).body.data;
    expect(check).toMatchObject({ pendingAmount: '0.00', remaining: Number(b!.amount).toFixed(2) });
    const over = (Number(b!.amount) + 0.01).toFixed(2);
    refused(await call('zhangwei', 'GET', `${B}/hjlBudgetExpend/check/${b!.id}`, { amount: over }), `超出预算,剩余可用金额为${check.remaining}元`);
    refused(
      await call('zhangwei', 'POST', `${B}/hjlApplyExpense/start`, { title: '招待', lines: [{ expenseDate: day('04-01'), expenseType: 3, amount: over }] }),
      `超出预算,剩余可用金额为${check.remaining}元`,
    );
    // A claim under approval holds its amount: the next one sees less.
    const held = ok(
      await call('chenjing', 'POST', `${B}/hjlApplyExpense/start`, {
        title: '招待客户',
        lines: [{ expenseDate: day('04-02'), expenseType: 3, amount: '1000.00' }],
      }),
    );
    const left = (Number(b!.amount) - 1000).toFixed(2);
    expect(ok(await call('zhangwei', 'GET', `${B}/hjlBudgetExpend/check/${b!.id}`)).body.data).toMatchObject({ pendingAmount: '1000.00', remaining: left });
    refused(
      await call('zhangwei', 'POST', `${B}/hjlApplyExpense/start`, {
        title: '招待',
        lines: [{ expenseDate: day('04-03'), expenseType: 3, amount: (Number(left) + 0.01).toFixed(2) }],
      }),
      `超出预算,剩余可用金额为${left}元`,
    );
    // Another tenant's budget is unknown.
    expect((await call('b', 'GET', `${B}/hjlBudgetExpend/check/${b!.id}`)).status).toBe(404);
    expect(held.body.data.id).toBeTruthy();
  });

  it('a draft saved with its lines, started later without them: the lines are kept once, checked against the budget', async () => {
    const saved = ok(await call('chenjing', 'POST', `${B}/hjlApplyExpense/save`, { title: '草稿报销', lines }));
    const [draft] = await t.database.raw(`SELECT id::text AS id FROM hjl_apply_expense WHERE title = '草稿报销' AND apply_user = $1`, [ids.chenjing]);
    expect(saved.body.code).toBe(200);
    expect(await countRows(t.database, 'hjl_apply_expense_info', 'apply_expense_id = $1 AND is_deleted = 0', [draft!.id])).toBe(2);
    const r = ok(await call('chenjing', 'POST', `${B}/hjlApplyExpense/start`, { id: draft!.id, title: '草稿报销' }));
    expect(r.body.data.totalAmount).toBe('406.00');
    const live = await t.database.raw(
      `SELECT amount::text AS amount, budget_id::text AS budget FROM hjl_apply_expense_info WHERE apply_expense_id = $1 AND is_deleted = 0 ORDER BY sort`,
      [draft!.id],
    );
    expect(live.map((l) => l.amount)).toEqual(['320.40', '85.60']);
    expect(live.every((l) => l.budget)).toBe(true);
    // Withdrawn, so the budget test below sees no lines of it held.
    ok(await call('chenjing', 'POST', `${WF}/withdrawTask`, { processInstanceId: r.body.data.processInstanceId }));
  });

  it('two lines → leader → finance pays with the payment form: one ledger row, budget used, claim paid', async () => {
    const usedOf = async () =>
      Number(
        (
          await t.database.raw(
            `SELECT b.used_amount::text AS u FROM hjl_budget_expend b JOIN blade_dept d ON d.id = b.dept_id
             WHERE b.tenant_id = '000000' AND d.dept_name = '造价部' AND b.budget_year = $1 AND b.budget_type = 1`,
            [year],
          )
        )[0]!.u,
      );
    const usedBefore = await usedOf();
    const r = ok(await call('zhangwei', 'POST', `${B}/hjlApplyExpense/start`, { title: '苏州项目出差', lines }));
    claim = r.body.data.id;
    claimProc = r.body.data.processInstanceId;
    expect(r.body.data.totalAmount).toBe('406.00');
    const detail = (await call('zhangwei', 'GET', `${B}/hjlApplyExpense/detail`, { id: claim })).body.data;
    expect(detail.lines.map((l: { amount: string }) => l.amount)).toEqual(['320.40', '85.60']);
    expect(detail.lines.every((l: { budgetId: string | null }) => l.budgetId)).toBe(true);
    // Written once (the kit runs beforeWrite, then beforeStart; the start writes the lines in its transaction only).
    expect(await countRows(t.database, 'hjl_apply_expense_info', 'apply_expense_id = $1', [claim])).toBe(2);
    ok(await approveAs('sunlei', claimProc));
    refused(await approveAs('lihong', claimProc, true, {}), '请选择付款方式');
    const before = await balance();
    ok(await approveAs('lihong', claimProc, true, payForm()));
    expect((await call('zhangwei', 'GET', `${B}/hjlApplyExpense/detail`, { id: claim })).body.data).toMatchObject({
      status: 2,
      payStatus: 1,
      paidAmount: '406.00',
    });
    expect(await countRows(t.database, 'hjl_income_expend', `biz_type = 'hjl_apply_expense' AND biz_id = ${claim} AND trade_amount = 406.00`)).toBe(1);
    expect(await balance()).toBe((Number(before) - 406).toFixed(2));
    expect((await usedOf()) - usedBefore).toBeCloseTo(320.4, 2);
  });

  it('an applicant never sees another applicant’s claim in list, my, detail or totals; finance sees all', async () => {
    const listed = async (who: string) =>
      (await call(who, 'GET', `${B}/hjlApplyExpense/list`, { size: '100' })).body.data.records.map((r: { id: string }) => r.id);
    expect(await listed('zhangwei')).toContain(claim);
    expect(await listed('chenjing')).not.toContain(claim);
    expect(await listed('lihong')).toContain(claim);
    expect((await call('chenjing', 'GET', `${B}/hjlApplyExpense/my`, { size: '100' })).body.data.records.map((r: { id: string }) => r.id)).not.toContain(claim);
    expect((await call('zhangwei', 'GET', `${B}/hjlApplyExpense/my`, { size: '100' })).body.data.records.map((r: { id: string }) => r.id)).toContain(claim);
    expect((await call('chenjing', 'GET', `${B}/hjlApplyExpense/detail`, { id: claim })).status).toBe(403);
    const totals = async (who: string) => (await call(who, 'GET', `${B}/hjlApplyExpense/statistics/money`)).body.data;
    const mine = await totals('zhangwei');
    expect(mine.byUser.map((u: { applyUser: string }) => u.applyUser)).toEqual([ids.zhangwei]);
    const [paidSum] = await t.database.raw(
      `SELECT coalesce(sum(total_amount), 0)::numeric(18,2)::text AS s FROM hjl_apply_expense WHERE apply_user = $1 AND pay_status = 1 AND is_deleted = 0`,
      [ids.zhangwei],
    );
    expect(mine.paidMoney).toBe(paidSum!.s);
    const hers = await totals('chenjing');
    expect(hers.byUser.map((u: { applyUser: string }) => u.applyUser)).toEqual([ids.chenjing]);
    const all = await totals('lihong');
    expect(all.byUser.map((u: { applyUser: string }) => u.applyUser)).toEqual(expect.arrayContaining([ids.zhangwei, ids.chenjing]));
    // Another tenant sees nothing of it.
    expect((await call('b', 'GET', `${B}/hjlApplyExpense/detail`, { id: claim })).status).toBeGreaterThanOrEqual(400);
    expect((await call('b', 'GET', `${B}/hjlApplyExpense/statistics/money`)).body.data.count).toBe(0);
    // No change or removal once approved.
    refused(await t.call(tok.zhangwei, { method: 'POST', url: `${B}/hjlApplyExpense/remove`, query: { ids: claim } }), '不能删除');
  });
});

describe('loans and repayments (借款/还款)', () => {
  it('lend 5 000.00 → return 3 000.00 → 2 000.01 refused → 2 000.00 → balance 0.00; return-money lists them', async () => {
    const lend = ok(
      await call('zhangwei', 'POST', `${B}/hjlApplyLendReturnMoney/start`, { purpose: '项目备用金', lendAmount: '5000.00', planReturnDate: day('12-31') }),
    ).body.data;
    refused(
      await call('zhangwei', 'POST', `${B}/hjlApplyReturnMoney/start`, { lendId: lend.id, returnAmount: '1', returnDate: day('07-01') }),
      '借款未审批通过,不能还款',
    );
    ok(await approveAs('sunlei', lend.processInstanceId));
    ok(await approveAs('lihong', lend.processInstanceId));
    ok(await approveAs('wufang', lend.processInstanceId, true, payForm()));
    const lendRow = async () => (await call('zhangwei', 'GET', `${B}/hjlApplyLendReturnMoney/detail`, { id: lend.id })).body.data;
    expect(await lendRow()).toMatchObject({ status: 2, payStatus: 1, balance: '5000.00', returnedAmount: '0.00' });
    const repay = async (amount: string) => {
      const r = ok(await call('zhangwei', 'POST', `${B}/hjlApplyReturnMoney/start`, { lendId: lend.id, returnAmount: amount, returnDate: day('07-01') })).body
        .data;
      ok(await approveAs('sunlei', r.processInstanceId));
      ok(await approveAs('lihong', r.processInstanceId));
      ok(await approveAs('wufang', r.processInstanceId, true, { transactionDate: day('07-01'), accountInfoId: account }));
      return r.id as string;
    };
    await repay('3000.00');
    expect(await lendRow()).toMatchObject({ balance: '2000.00', returnedAmount: '3000.00' });
    refused(
      await call('zhangwei', 'POST', `${B}/hjlApplyReturnMoney/start`, { lendId: lend.id, returnAmount: '2000.01', returnDate: day('07-02') }),
      '还款金额不能大于借款余额',
    );
    await repay('2000.00');
    expect(await lendRow()).toMatchObject({ balance: '0.00', returnedAmount: '5000.00' });
    const listed = ok(await call('zhangwei', 'GET', `${B}/hjlApplyLendReturnMoney/return-money/${lend.id}`)).body.data;
    expect(listed.map((r: { returnAmount: string }) => r.returnAmount).sort()).toEqual(['2000.00', '3000.00']);
    expect(
      await countRows(
        t.database,
        'hjl_income_expend',
        `biz_type = 'hjl_apply_return_money' AND income_or_expend = 0 AND biz_id IN (SELECT id FROM hjl_apply_return_money WHERE lend_id = ${lend.id})`,
      ),
    ).toBe(2);
    expect((await call('chenjing', 'GET', `${B}/hjlApplyLendReturnMoney/return-money/${lend.id}`)).status).toBe(404);
  });
});

describe('refunds, pending money, taxes, forms and settlements', () => {
  it('a refund approved is paid through a payment record (refundMakePay): a refund row in the ledger', async () => {
    const r = ok(await call('zhangwei', 'POST', `${B}/hjlApplyRefund/start`, { title: '多收咨询费退回', refundAmount: '800.00', payeeName: '南京大学' })).body
      .data;
    refused(await call('lihong', 'POST', `${B}/hjlPaymentHis/start`, { bizType: 'hjl_apply_refund', bizId: r.id, ...payForm() }), '申请未审批通过,不能付款');
    ok(await approveAs('sunlei', r.processInstanceId));
    ok(await approveAs('lihong', r.processInstanceId));
    refused(
      await call('lihong', 'POST', `${B}/hjlPaymentHis/start`, { bizType: 'hjl_apply_refund', bizId: r.id, ...payForm(), payerName: '' }),
      '请填写付款人名称',
    );
    const pay = ok(await call('lihong', 'POST', `${B}/hjlPaymentHis/start`, { bizType: 'hjl_apply_refund', bizId: r.id, ...payForm() })).body.data;
    expect(pay).toMatchObject({ processDefinitionKey: 'hjl_refund_make_pay', amount: '800.00' });
    refused(await call('lihong', 'POST', `${B}/hjlPaymentHis/start`, { bizType: 'hjl_apply_refund', bizId: r.id, ...payForm() }), '不能重复付款');
    ok(await approveAs('sunlei', pay.processInstanceId));
    ok(await approveAs('lihong', pay.processInstanceId));
    expect(
      await countRows(t.database, 'hjl_income_expend', `biz_type = 'hjl_payment_his' AND biz_id = ${pay.id} AND is_refund = 1 AND trade_amount = 800`),
    ).toBe(1);
    expect((await call('zhangwei', 'GET', `${B}/hjlApplyRefund/detail`, { id: r.id })).body.data).toMatchObject({ payStatus: 1 });
  });

  it('pending money claimed in one batch (submitApproval): approved, the ledger rows are claimed', async () => {
    const pend = (await call('zhangwei', 'GET', `${B}/hjlPendingAccount/list`, { size: '2' })).body.data.records as { id: string; incomeExpendId: string }[];
    expect(pend.length).toBe(2);
    refused(await call('zhangwei', 'POST', `${B}/hjlPendingAccount/start`, { remark: 'x' }), '请选择待认领款项');
    const batch = ok(await call('zhangwei', 'POST', `${B}/hjlPendingAccount/submitApproval`, { ids: pend.map((p) => p.id).join(',') })).body.data;
    ok(await approveAs('lihong', batch.processInstanceId));
    for (const p of pend)
      expect(await countRows(t.database, 'hjl_income_expend', `id = ${p.incomeExpendId} AND is_know_get = 1 AND claim_biz_type = 'hjl_pending_account'`)).toBe(
        1,
      );
    expect((await call('zhangwei', 'GET', `${B}/hjlPendingAccount/detail`, { id: pend[0]!.id })).body.data).toMatchObject({
      status: 2,
      claimUser: ids.zhangwei,
    });
  });

  it('tax settlement: tax = taxable × rate to the fen; a bad rate is refused', async () => {
    ok(await call('lihong', 'POST', `${B}/hjlFullTax/submit`, { taxPeriod: `${year}-05`, taxType: 1, taxableAmount: '123456.78', taxRate: '0.06' }));
    const listed = (await call('lihong', 'GET', `${B}/hjlFullTax/list`, { taxPeriod: `${year}-05` })).body.data.records;
    const row = listed.find((r: { taxableAmount: string }) => r.taxableAmount === '123456.78');
    expect(row.taxAmount).toBe('7407.41');
    refused(await call('lihong', 'POST', `${B}/hjlFullTax/submit`, { taxPeriod: `${year}-05`, taxType: 1, taxableAmount: '1', taxRate: '1.5' }), '税率');
    refused(await call('lihong', 'POST', `${B}/hjlFullTax/submit`, { taxPeriod: `${year}-13`, taxType: 1, taxableAmount: '1', taxRate: '0.1' }), '所属期间');
  });

  it('finance form: money is the sum of its lines; account settlement sets the practical amount once approved', async () => {
    const f = ok(
      await call('zhangwei', 'POST', `${B}/hjlFinanceForm/start`, {
        title: '费用分摊',
        formType: 1,
        lines: [
          { name: '造价部', amount: '100.10' },
          { name: '监理部', amount: '0.20' },
        ],
      }),
    ).body.data;
    expect(f.money).toBe('100.30');
    refused(await call('zhangwei', 'POST', `${B}/hjlFinanceForm/start`, { title: '空', formType: 1 }), '请添加单据明细');
    const s = ok(await call('lihong', 'POST', `${B}/hjlAccountSettlement/start`, { accountInfoId: account, settleDate: day('06-30'), practicalAmount: '1.00' }))
      .body.data;
    expect(s.difference).toBe((1 - Number(await balance())).toFixed(2));
    ok(await approveAs('sunlei', s.processInstanceId));
    ok(await approveAs('lihong', s.processInstanceId));
    const [a] = await t.database.raw(`SELECT practical_amount::text AS p FROM hjl_account_info WHERE id = $1`, [account]);
    expect(a!.p).toBe('1.00');
  });

  it('permissions: without the menu code 403 请求被拒绝; other tenants refused', async () => {
    const r = await call('zhaomin', 'GET', `${B}/hjlPaymentHis/list`);
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('请求被拒绝');
    expect((await call('zhaomin', 'GET', `${B}/hjlFullTax/list`)).status).toBe(403);
    expect((await call('b', 'GET', `${B}/hjlApplyPayment/list`)).body.data.total).toBe(0);
  });
});
