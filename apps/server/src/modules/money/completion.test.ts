/**
 * 项目完工 (projectCompletion) and 完工付款 (projectCompletionPay) over the API (BUSINESS.md WP3): a
 * completion completes a project without a settlement (refused for a finished project, while a settlement is under
 * approval, twice); the payment of an approved settlement's fee writes exactly ONE ledger expense row (bizType
 * hjl_project_decision, the project linked), which the project 360 view shows as 结算费用 to the cent; a second
 * payment and one above the fee are refused; bad input is a Chinese 400 writing nothing; another tenant, permission
 * codes and data scope (project staff see their projects' completions and payments only). Also
 * `hjlProjectCollect/income-expend/{id}` of a claimed collection (the bank money it took) and of a confirmed one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { basicAccountId, countRows, createTenant, userIds } from '../../testing/db.ts';
import { expectEvery } from '../../testing/expect.ts';
import { decide, ok, users } from '../../testing/http.ts';
import { postLedgerEntry } from '../finance/api.ts';

const A = '000000';
const C = '/api/business/hjlProjectCompletion';
const PAY = '/api/business/hjlProjectCompletionPay';
const D = '/api/business/hjlProjectDecision';
const PRJ = '/api/business/hjlProject';
const IE = '/api/business/hjlIncomeExpends';
const APPROVERS = ['sunlei', 'lihong', 'wangjianguo', 'admin'];
let t: TestApp;
/** The paying account of the test's settlement payments. */
let account = '';
const { tok, get, post, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};

const rows = (q: string, v: unknown[] = []) => t.database.raw(q, v);
const one = async (q: string, v: unknown[] = []) => (await rows(q, v))[0]!;
/** Projects of 张伟 (member or not), approved, by project status, without a completion (running ones: nor a settlement). */
const projectOf = async (member: boolean, stage: 'running' | 'done', skip = 0) =>
  String(
    (
      await one(
        `SELECT id::text AS id FROM hjl_project p WHERE tenant_id = $1 AND is_deleted = 0 AND status = 2
           AND ($2::text = ANY(string_to_array(member_users, ','))) = $3
           AND (CASE WHEN $4 = 'done' THEN project_status >= 5 ELSE project_status < 5 END)
           AND ($4 = 'done' OR NOT EXISTS (SELECT 1 FROM hjl_project_decision d WHERE d.project_id = p.id))
           AND NOT EXISTS (SELECT 1 FROM hjl_project_completion c WHERE c.project_id = p.id)
         ORDER BY project_num OFFSET $5 LIMIT 1`,
        [A, ids.zhangwei, member, stage, skip],
      )
    ).id,
  );

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'wangjianguo', 'sunlei', 'zhangwei', 'lihong', 'zhaomin');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  account = await basicAccountId(t.database);
}, 180_000);
afterAll(() => t.close());

describe('项目完工 (projectCompletion)', () => {
  let running = '';
  let id = '';
  const completion = (over: Record<string, unknown> = {}) => ({ projectId: running, completionDate: '2031-05-20', summary: '招标代理工作已完成', ...over });

  beforeAll(async () => {
    running = await projectOf(true, 'running');
  });

  it('refuses bad input, a finished project and one with a settlement under approval — Chinese 400s, nothing written', async () => {
    const done = await projectOf(true, 'done');
    const settling = await projectOf(true, 'running', 1);
    await rows(
      `INSERT INTO hjl_project_decision (id, tenant_id, status, is_draft, project_id, project_name, submitted_amount, approved_amount, decision_date)
       SELECT 997000000000000001, tenant_id, 1, 1, id, project_name, 100, 90, '2031-01-01' FROM hjl_project WHERE id = $1`,
      [settling],
    );
    const before = await countRows(t.database, 'hjl_project_completion');
    const bad: [Record<string, unknown>, string][] = [
      [completion({ projectId: undefined }), '请选择项目'],
      [completion({ completionDate: undefined }), '请选择完工日期'],
      [completion({ completionDate: '2031-02-30' }), '完工日期格式应为yyyy-MM-dd'],
      [completion({ projectId: await projectOf(false, 'running') }), '项目不存在或无权访问'],
      [completion({ projectId: '123456789' }), '项目不存在或无权访问'],
      [completion({ projectId: done }), '项目已完成,无需发起完工'],
      [completion({ projectId: settling }), '该项目有审批中的结算,结算审批通过后项目即完成'],
    ];
    for (const [payload, msg] of bad) {
      expect((await post('zhangwei', `${C}/save`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
      expect((await post('zhangwei', `${C}/start`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    }
    expect(await countRows(t.database, 'hjl_project_completion')).toBe(before);
  });

  it('started on projectCompletion; approved (部门经理 → 总经理), the project is 已完成 on the completion date; once', async () => {
    const s = ok(await post('zhangwei', `${C}/start`, completion({ projectName: '改名' })));
    id = String(s.body.data.id);
    expect(s.body.data.processDefinitionKey).toBe('hjl_project_completion');
    expect((await post('zhangwei', `${C}/start`, completion())).body).toMatchObject({ code: 400, msg: '该项目已有审批中或已通过的完工申请' });
    const name = (await one(`SELECT project_name AS n FROM hjl_project WHERE id = $1`, [running])).n;
    expect(ok(await get('zhangwei', `${C}/detail`, { id })).body.data).toMatchObject({ status: 1, projectId: running, projectName: name });
    await decide(t, tok, s.body.data.processInstanceId, true, APPROVERS);
    expect((await get('zhangwei', `${C}/detail`, { id })).body.data.status).toBe(2);
    expect(await one(`SELECT project_status AS s, end_date::text AS e FROM hjl_project WHERE id = $1`, [running])).toEqual({ s: 5, e: '2031-05-20' });
    expect((await post('zhangwei', `${C}/start`, completion())).body).toMatchObject({ code: 400, msg: '项目已完成,无需发起完工' });
    expect((await post('zhangwei', `${C}/remove`, undefined, { ids: id })).body.code).toBe(400);
  });

  it('another tenant, codes and data scope (project staff see their projects’ completions only)', async () => {
    expect((await get('b', `${C}/list`)).body.data.total).toBe(0);
    expect((await get('b', `${C}/detail`, { id })).body.code).not.toBe(200);
    expect((await post('b', `${C}/start`, completion())).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect((await get('zhaomin', `${C}/list`)).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    expect((await post('zhaomin', `${C}/start`, completion())).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    const [other] = await rows(
      `INSERT INTO hjl_project_completion (id, tenant_id, status, is_draft, project_id, project_name, completion_date)
       SELECT 997000000000000011, tenant_id, 0, 0, id, project_name, '2031-01-01' FROM hjl_project WHERE id = $1 RETURNING id::text AS id`,
      [await projectOf(false, 'running')],
    );
    const all = ok(await get('lihong', `${C}/list`, { size: '1000' })).body.data;
    expect(all.records.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([id, String(other!.id)]));
    const mine = ok(await get('zhangwei', `${C}/list`, { size: '1000' })).body.data;
    expect(mine.records.map((r: { id: string }) => r.id)).toContain(id);
    expectEvery(mine.records, (r: { id: string }) => r.id !== String(other!.id), '张伟 sees no completion of a project he does not work on');
    expect(mine.total).toBeLessThan(all.total);
  });
});

describe('完工付款 (projectCompletionPay): the settlement fee paid, one ledger row, the 360 view’s 结算费用', () => {
  /** Settlements of a project of 张伟: approved with a fee, approved without one, under approval; one of another project. */
  const dec = { paid: '998000000000000001', noFee: '998000000000000002', approving: '998000000000000003', others: '998000000000000004' };
  let project = '';
  const payment = (decisionId: string, over: Record<string, unknown> = {}) => ({
    decisionId,
    expenseType: 0,
    transactionDate: '2031-06-10',
    accountInfoId: account,
    transactionReferenceNumber: 'JS20310610001',
    payerName: '南京华建工程咨询有限公司',
    debitAccountNo: '3201 0000 0000 0001',
    payerAccountBank: '中国工商银行南京分行',
    businessSubjectType: 2,
    customerName: '某造价咨询公司',
    ...over,
  });
  const ledgerOf = (decisionId: string) =>
    rows(
      `SELECT project_id::text AS p, trade_amount::text AS a, income_or_expend AS io, status AS s FROM hjl_income_expend
        WHERE tenant_id = $1 AND biz_type = 'hjl_project_decision' AND biz_id = $2`,
      [A, decisionId],
    );

  beforeAll(async () => {
    project = await projectOf(true, 'running', 2);
    const others = await projectOf(false, 'running', 1);
    const settle = (id: string, projectId: string, status: number, fee: string | null) =>
      rows(
        `INSERT INTO hjl_project_decision (id, tenant_id, status, is_draft, project_id, project_name, submitted_amount, approved_amount, settlement_fee, decision_date)
         SELECT $1, tenant_id, $3, 1, id, project_name, 500000, 480000, $4, '2031-06-01' FROM hjl_project WHERE id = $2`,
        [id, projectId, status, fee],
      );
    await settle(dec.paid, project, 2, '8800.00');
    await settle(dec.noFee, project, 2, null);
    await settle(dec.approving, project, 1, '100.00');
    await settle(dec.others, others, 2, '300.00');
  });

  it('refuses bad input, another project’s settlement, unapproved or fee-less settlements, more than the fee — nothing written', async () => {
    const pays = await countRows(t.database, 'hjl_project_completion_pay');
    const ledger = await countRows(t.database, 'hjl_income_expend');
    const bad: [Record<string, unknown>, string][] = [
      [payment(dec.paid, { decisionId: undefined }), '请选择结算记录'],
      [payment('123456789'), '结算记录不存在'],
      [payment('abc'), '结算记录格式不正确'],
      [payment(dec.others), '结算记录不存在或无权访问'],
      [payment(dec.approving), '结算未审批通过,不能完工付款'],
      [payment(dec.noFee), '该结算没有结算费用,无需付款'],
      [payment(dec.paid, { amount: '8800.01' }), '付款金额不能大于结算费用'],
      [payment(dec.paid, { amount: '0' }), '付款金额必须大于0,最多两位小数'],
      [payment(dec.paid, { amount: '1.001' }), '付款金额最多保留两位小数'],
    ];
    for (const [payload, msg] of bad) {
      expect((await post('zhangwei', `${PAY}/save`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
      expect((await post('zhangwei', `${PAY}/start`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    }
    // The payment form's own rules at the start.
    expect((await post('zhangwei', `${PAY}/start`, payment(dec.paid, { payerName: '', transactionDate: undefined }))).body).toMatchObject({
      code: 400,
      msg: '请选择打款日期 | 请填写付款人名称',
    });
    expect(await countRows(t.database, 'hjl_project_completion_pay')).toBe(pays);
    expect(await countRows(t.database, 'hjl_income_expend')).toBe(ledger);
  });

  it('approved: ONE expense row (bizType hjl_project_decision, the project); 结算费用 of the 360 view moves by it; paid once', async () => {
    const before = ok(await get('lihong', `${PRJ}/statistics/project/money/${project}`)).body.data;
    // The amount defaults to the fee; the server's fields are its own.
    const s = ok(await post('zhangwei', `${PAY}/start`, payment(dec.paid, { projectId: '1', settlementFee: '1.00' })));
    const id = String(s.body.data.id);
    expect(s.body.data.processDefinitionKey).toBe('hjl_project_completion_pay');
    const projectName = String((await one(`SELECT project_name FROM hjl_project WHERE id = $1`, [project])).project_name);
    expect(ok(await get('zhangwei', `${PAY}/detail`, { id })).body.data).toMatchObject({
      status: 1,
      projectId: project,
      settlementFee: '8800.00',
      amount: '8800.00',
      // The reference's name, resolved on reads: the project and the fee.
      decisionName: `${projectName} · 结算费用 8,800.00`,
    });
    const listed = ok(await get('zhangwei', `${PAY}/list`, { decisionId: dec.paid })).body.data;
    expect(listed.records).toEqual([expect.objectContaining({ id, decisionName: `${projectName} · 结算费用 8,800.00` })]);
    expect(ok(await get('zhangwei', `${D}/detail`, { id: dec.paid })).body.data).toMatchObject({ feePayStatus: 1 });
    expect((await post('zhangwei', `${PAY}/start`, payment(dec.paid))).body).toMatchObject({ code: 400, msg: '该结算费用已付款或付款审批中' });
    expect(await ledgerOf(dec.paid)).toEqual([]);
    await decide(t, tok, s.body.data.processInstanceId, true, APPROVERS);
    expect((await get('zhangwei', `${PAY}/detail`, { id })).body.data.status).toBe(2);
    expect(await ledgerOf(dec.paid)).toEqual([{ p: project, a: '8800.00', io: 1, s: 2 }]);
    // The 360 view: 结算费用 and 支出合计 higher by exactly the row; the figure is the sum of the rows its drawer lists.
    const after = ok(await get('lihong', `${PRJ}/statistics/project/money/${project}`)).body.data;
    expect((Math.round(Number(after.settlement) * 100) - Math.round(Number(before.settlement) * 100)) / 100).toBe(8800);
    expect((Math.round(Number(after.expend) * 100) - Math.round(Number(before.expend) * 100)) / 100).toBe(8800);
    const drawer = ok(await get('lihong', `${IE}/get/project-money/list`, { projectId: project, figure: 'settlement', size: '200' })).body.data;
    expect(drawer.sum).toBe(after.settlement);
    const sum = await one(
      `SELECT sum(trade_amount)::numeric(18,2)::text AS s FROM hjl_income_expend WHERE project_id = $1 AND biz_type = 'hjl_project_decision' AND status = 2 AND is_deleted = 0`,
      [project],
    );
    expect(after.settlement).toBe(sum.s);
    expect(ok(await get('zhangwei', `${D}/detail`, { id: dec.paid })).body.data).toMatchObject({ feePayStatus: 2, feePaidAmount: '8800.00' });
    // A second payment is refused; the posting twice (a hook run again) writes nothing more.
    expect((await post('zhangwei', `${PAY}/start`, payment(dec.paid))).body).toMatchObject({ code: 400, msg: '该结算费用已付款或付款审批中' });
    const again = await t.database.db.transaction((tx) =>
      postLedgerEntry(tx, {
        tenantId: A,
        bizType: 'hjl_project_decision',
        bizId: dec.paid,
        incomeOrExpend: 1,
        tradeAmount: '8800.00',
        transactionDate: '2031-06-10',
        projectId: project,
      }),
    );
    expect(again.created).toBe(false);
    expect(await ledgerOf(dec.paid)).toHaveLength(1);
  });

  it('another tenant, codes and data scope', async () => {
    expect((await get('b', `${PAY}/list`)).body.data.total).toBe(0);
    // The settlement is a reference (kind project_decision): another tenant's is unknown there, nothing written.
    const bPays = await countRows(t.database, 'hjl_project_completion_pay');
    for (const url of [`${PAY}/save`, `${PAY}/start`])
      expect((await post('b', url, payment(dec.paid))).body).toMatchObject({ code: 400, msg: '结算记录不存在' });
    expect(await countRows(t.database, 'hjl_project_completion_pay')).toBe(bPays);
    expect((await get('zhaomin', `${PAY}/list`)).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    expect((await post('zhaomin', `${PAY}/start`, payment(dec.paid))).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    // Finance pays the other project's fee; 张伟 does not see that payment.
    const s = ok(await post('lihong', `${PAY}/save`, payment(dec.others, { amount: '299.99' })));
    void s;
    const [other] = await rows(`SELECT id::text AS id FROM hjl_project_completion_pay WHERE decision_id = $1`, [dec.others]);
    expect(ok(await get('lihong', `${PAY}/detail`, { id: String(other!.id) })).body.data).toMatchObject({ amount: '299.99', settlementFee: '300.00' });
    const all = ok(await get('lihong', `${PAY}/list`, { size: '1000' })).body.data;
    const mine = ok(await get('zhangwei', `${PAY}/list`, { size: '1000' })).body.data;
    expect(all.records.map((r: { id: string }) => r.id)).toContain(String(other!.id));
    expectEvery(mine.records, (r: { id: string }) => r.id !== String(other!.id), '张伟 sees no payment of a project he does not work on');
    expect(mine.total).toBeLessThan(all.total);
  });

  it('demo data: finished projects have their settlement fee paid, one row each, shown as 结算费用 in their 360 view', async () => {
    const paid = await rows(
      `SELECT p.decision_id::text AS d, p.project_id::text AS p, p.amount::text AS a FROM hjl_project_completion_pay p
        WHERE p.tenant_id = $1 AND p.status = 2 AND p.decision_id NOT IN (998000000000000001, 998000000000000004)`,
      [A],
    );
    expect(paid.length).toBeGreaterThan(0);
    for (const r of paid) {
      expect(await ledgerOf(String(r.d))).toEqual([{ p: String(r.p), a: String(r.a), io: 1, s: 2 }]);
      const m = ok(await get('lihong', `${PRJ}/statistics/project/money/${String(r.p)}`)).body.data;
      expect(m.settlement).toBe(String(r.a));
    }
  });
});

describe('hjlProjectCollect/income-expend/{id}', () => {
  const IE_OF = (id: string) => `/api/business/hjlProjectCollect/income-expend/${id}`;

  it('a claimed collection answers the bank money (ledger row) it claimed', async () => {
    const project = String(
      (
        await one(
          `SELECT p.id::text AS id FROM hjl_project p JOIN hjl_contract c ON c.id = p.contract_id
            WHERE p.tenant_id = $1 AND p.is_deleted = 0 AND c.status = 2 AND c.is_deleted = 0
              AND $2::text = ANY(string_to_array(p.member_users, ','))
              AND c.effective_amount - (SELECT coalesce(sum(x.collect_amount), 0) FROM hjl_project_collect x
                                         WHERE x.contract_id = c.id AND x.is_deleted = 0 AND x.status IN (1, 2)) > 1000
            ORDER BY p.project_num LIMIT 1`,
          [A, ids.zhangwei],
        )
      ).id,
    );
    await rows(
      `INSERT INTO hjl_income_expend (id, tenant_id, status, is_draft, income_or_expend, transaction_date, trade_amount, payer_name, is_refund, is_know_get)
       VALUES (999000000000000001, $1, 2, 2, 0, '2031-07-01', 321.45, '某建设单位', 0, 0)`,
      [A],
    );
    const c = ok(await post('zhangwei', '/api/business/hjlProjectCollect/claim', { incomeExpendId: '999000000000000001', projectId: project, collectType: 2 }))
      .body.data;
    const answer = ok(await get('zhangwei', IE_OF(String(c.id)))).body.data;
    expect(answer).toHaveLength(1);
    expect(answer[0]).toMatchObject({ id: '999000000000000001', tradeAmount: '321.45', incomeOrExpend: 0, projectId: project, isKnowGet: 1 });
    expect((await get('b', IE_OF(String(c.id)))).body.code).not.toBe(200);
    expect((await get('zhaomin', IE_OF(String(c.id)))).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
  });

  it('a confirmed collection answers its own row; one under confirmation none', async () => {
    const [confirmed] = await rows(
      `SELECT c.id::text AS c, e.id::text AS e, e.trade_amount::text AS a FROM hjl_project_collect c
         JOIN hjl_income_expend e ON e.biz_type = 'hjl_project_collect' AND e.biz_id = c.id
        WHERE c.tenant_id = $1 AND c.status = 2 AND c.is_deleted = 0 ORDER BY c.id LIMIT 1`,
      [A],
    );
    expect(confirmed, 'a demo collection confirmed with its ledger row').toBeDefined();
    const answer = ok(await get('lihong', IE_OF(String(confirmed!.c)))).body.data;
    expect(answer.map((r: { id: string; tradeAmount: string }) => [r.id, r.tradeAmount])).toEqual([[String(confirmed!.e), String(confirmed!.a)]]);
    const [pending] = await rows(`SELECT id::text AS id FROM hjl_project_collect WHERE tenant_id = $1 AND status = 1 AND is_deleted = 0 LIMIT 1`, [A]);
    if (pending) expect(ok(await get('lihong', IE_OF(String(pending.id)))).body.data).toEqual([]);
  });
});
