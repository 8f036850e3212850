/**
 * Labour fees (劳务费, BUSINESS.md §1 and WP3) over the API: the fixture to the cent (collections
 * 100 000.00, expenses 12 345.67, ratio 30 % → ought 17 654.33; persons 60/40 with the individual income tax on
 * labour remuneration withheld), the two approval steps (labor → labor/second) writing one ledger row at the end,
 * staff without an account refused, outside persons paid, bad input (Chinese 400, nothing written), another
 * tenant, permission codes and data scope (project staff their projects, finance all); settlements (reduction and
 * its rate, approval completing the project, once per project).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { basicAccountId, countRows, createTenant, userIds } from '../../testing/db.ts';
import { expectEvery } from '../../testing/expect.ts';
import { decide, ok, users } from '../../testing/http.ts';

const A = '000000';
const L = '/api/business/hjlProjectCollectLabourFrom';
const APPROVERS = ['sunlei', 'lihong', 'wangjianguo', 'admin'];
/** A period of its own (no demo money in it). */
const P = { periodStart: '2031-01-01', periodEnd: '2031-01-31' };
let t: TestApp;
/** The paying account of the test's labour fees and expense payments. */
let account = '';
const { tok, get, post, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
/** A project of 张伟 (main) and one he does not work on (others). */
const prj = { main: '', others: '' };

const rows = (q: string, v: unknown[] = []) => t.database.raw(q, v);
const one = async (q: string, v: unknown[] = []) => (await rows(q, v))[0]!;
const fee = (over: Record<string, unknown> = {}) => ({
  projectId: prj.main,
  ...P,
  labourRatio: '30',
  accountInfoId: account,
  persons: [
    { userId: ids.zhangwei, shareRatio: '60' },
    { userId: ids.chenjing, shareRatio: '40' },
  ],
  ...over,
});
/** The newest labour fee (save answers no id, as BladeX's). */
const lastId = async () =>
  String((await one(`SELECT id::text AS id FROM hjl_project_collect_labour_from WHERE tenant_id = $1 ORDER BY id DESC LIMIT 1`, [A])).id);

/** Money of a project in the period: approved collections (and others that do not count), approved expenses. */
async function fixture(projectId: string) {
  const c = await one(`SELECT contract_id::text AS c, customer_id::text AS cu, project_name AS n FROM hjl_project WHERE id = $1`, [projectId]);
  let n = 0;
  const collect = (amount: string, date: string, status: number) =>
    rows(
      `INSERT INTO hjl_project_collect (id, tenant_id, status, is_draft, project_id, project_name, contract_id, customer_id, collect_type, collect_amount, collect_date, is_know_get, create_user)
       VALUES ($1, $2, $3, 1, $4, $5, $6, $7, 2, $8, $9, 0, $10)`,
      [String(991000000000000000n + BigInt(projectId.slice(-6)) * 10n + BigInt(n++)), A, status, projectId, c.n, c.c, c.cu, amount, date, ids.zhangwei],
    );
  await collect('60000.00', '2031-01-05', 2);
  await collect('40000.00', '2031-01-31', 2);
  // Not counted: under approval, outside the period.
  await collect('5000.00', '2031-01-10', 1);
  await collect('7000.00', '2031-02-01', 2);
  let m = 0;
  const expense = (amount: string, date: string, status: number) =>
    rows(
      `INSERT INTO hjl_project_apply_expense (id, tenant_id, status, is_draft, project_id, project_name, title, total_amount, apply_user, apply_date, pay_status, create_user)
       VALUES ($1, $2, $3, 1, $4, $5, '现场踏勘交通费', $6, $7, $8, 0, $7)`,
      [String(992000000000000000n + BigInt(projectId.slice(-6)) * 10n + BigInt(m++)), A, status, projectId, c.n, amount, ids.zhangwei, date],
    );
  await expense('10000.00', '2031-01-02', 2);
  await expense('2345.67', '2031-01-20', 2);
  await expense('999.00', '2031-01-21', 3);
}

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'wangjianguo', 'sunlei', 'zhangwei', 'chenjing', 'lihong', 'zhaomin');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  account = await basicAccountId(t.database);
  const member = async (yes: boolean) =>
    String(
      (
        await one(
          `SELECT id::text AS id FROM hjl_project WHERE tenant_id = $1 AND is_deleted = 0 AND status = 2
             AND ($2::text = ANY(string_to_array(member_users, ','))) = $3 ORDER BY project_num LIMIT 1`,
          [A, ids.zhangwei, yes],
        )
      ).id,
    );
  prj.main = await member(true);
  prj.others = await member(false);
  await fixture(prj.main);
}, 180_000);
afterAll(() => t.close());

describe('labour fees (劳务费)', () => {
  let feeId = '';

  it('the calculations on the fixture: expenses 12 345.67, ought = 100 000.00 × 30 % − 12 345.67 = 17 654.33', async () => {
    expect(ok(await get('zhangwei', `${L}/calculate/expense/${prj.main}`, P)).body.data).toMatchObject({ expenseAmount: '12345.67', expenseCount: 2 });
    expect(ok(await get('zhangwei', `${L}/calculate/ought-to/${prj.main}`, { ...P, labourRatio: '30' })).body.data).toMatchObject({
      collectAmount: '100000.00',
      expenseAmount: '12345.67',
      labourRatio: '30',
      oughtAmount: '17654.33',
    });
    // Without a ratio: the tenant's default (30 % when none is set).
    expect((await get('zhangwei', `${L}/calculate/ought-to/${prj.main}`, P)).body.data.oughtAmount).toBe('17654.33');
    expect((await get('zhangwei', `${L}/calculate/ought-to/${prj.main}`, { periodStart: '2031-02-01', periodEnd: '2031-01-01' })).body).toMatchObject({
      code: 400,
      msg: '结束日期不能早于开始日期',
    });
    expect((await get('zhangwei', `${L}/calculate/ought-to/${prj.others}`, P)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
  });

  it('saved with persons 60/40: amounts to the cent, employees withheld nothing (wages: BUSINESS.md §1), totals on the record', async () => {
    ok(await post('zhangwei', `${L}/save`, fee({ oughtAmount: '1.00', taxAmount: '1.00', payStatus: 1 })));
    feeId = await lastId();
    const d = ok(await get('zhangwei', `${L}/detail`, { id: feeId })).body.data;
    expect(d).toMatchObject({
      status: 0,
      collectAmount: '100000.00',
      expenseAmount: '12345.67',
      oughtAmount: '17654.33',
      actualAmount: '17654.33',
      // Both are employees: their fees are wages, taxed in the payroll (labour remuneration would be 2,824.70).
      taxAmount: '0.00',
      netAmount: '17654.33',
      labourStage: 0,
      payStatus: 0,
    });
    expect(d.persons.map((p: Record<string, string>) => [p.userName, p.shareRatio, p.amount, p.taxAmount, p.netAmount, p.bankName])).toEqual([
      ['张伟', '60.00', '10592.60', '0.00', '10592.60', '招商银行南京城北支行'],
      ['陈静', '40.00', '7061.73', '0.00', '7061.73', '中国银行南京鼓楼支行'],
    ]);
    expect((await get('zhangwei', `${L}/persons/${feeId}`)).body.data).toHaveLength(2);
    // The staff account a form shows for a person.
    expect(ok(await get('zhangwei', `${L}/account/${ids.chenjing}`)).body.data).toMatchObject([{ bankName: '中国银行南京鼓楼支行', isDefault: 1 }]);
  });

  it('two approval steps: labor (申请) then labor/second (发放); the ledger gets one expense row when paid', async () => {
    const s = ok(await post('zhangwei', `${L}/start`, { id: feeId }));
    expect(s.body.data.processDefinitionKey).toBe('hjl_labor');
    await decide(t, tok, s.body.data.processInstanceId, true, APPROVERS);
    const mid = (await get('zhangwei', `${L}/detail`, { id: feeId })).body.data;
    expect(mid).toMatchObject({ status: 1, labourStage: 1, payStatus: 0, processDefinitionKey: 'hjl_labor_second' });
    expect(mid.processInstanceId).not.toBe(s.body.data.processInstanceId);
    expect(await countRows(t.database, 'hjl_income_expend', `biz_type = 'hjl_project_collect_labour_from' AND biz_id = ${feeId}`)).toBe(0);
    await decide(t, tok, mid.processInstanceId, true, APPROVERS);
    const done = (await get('zhangwei', `${L}/detail`, { id: feeId })).body.data;
    expect(done).toMatchObject({ status: 2, labourStage: 1, payStatus: 1, payDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const ledger = await rows(
      `SELECT project_id::text AS p, trade_amount::text AS a, income_or_expend AS io, cost_type AS ct FROM hjl_income_expend
        WHERE biz_type = 'hjl_project_collect_labour_from' AND biz_id = $1`,
      [feeId],
    );
    expect(ledger).toEqual([{ p: prj.main, a: '17654.33', io: 1, ct: 1 }]);
    // Both instances in its history, newest first.
    const his = ok(await get('zhangwei', `${L}/get/process_his/${feeId}`, { current: '1', size: '10000' })).body.data;
    expect(his.records.map((h: { processDefinitionKey: string }) => h.processDefinitionKey)).toEqual(['hjl_labor_second', 'hjl_labor']);
    // Paid: no change, no removal.
    expect((await post('zhangwei', `${L}/update`, { id: feeId, remark: 'x' })).body).toMatchObject({ code: 400, msg: '审批中或已通过的数据不能修改' });
  });

  it('paid to employees, the fees join the payroll of the month paid: its records are marked, then computed with them', async () => {
    const [paid] = await rows(`SELECT to_char(pay_date, 'YYYY-MM') AS m FROM hjl_project_collect_labour_from WHERE id = $1`, [feeId]);
    const month = String(paid!.m);
    const persons = await rows(
      `SELECT user_id::text AS u, salary_month AS m, amount::text AS a FROM hjl_project_labour_person WHERE labour_id = $1 AND is_deleted = 0 ORDER BY sort`,
      [feeId],
    );
    expect(persons).toEqual([
      { u: ids.zhangwei, m: month, a: '10592.60' },
      { u: ids.chenjing, m: month, a: '7061.73' },
    ]);
    // The demo's current month is computed but not submitted: 张伟's record of it is marked to be computed again.
    const record = () =>
      one(
        `SELECT needs_recompute AS n, labour_pay::text AS l, gross_pay::text AS g, standard_pay::text AS s, payable_amount::text AS p,
                deduction_amount::text AS d, other_pay::text AS o, other_deduction::text AS od, calc_detail AS c
           FROM hjl_salary_record WHERE tenant_id = $1 AND user_id = $2 AND import_month = $3 AND is_deleted = 0`,
        [A, ids.zhangwei, month],
      );
    expect((await record()).n).toBe(1);
    expect((await post('zhangwei', '/api/business/hjlSalaryRecord/recomputeStale', { year: month.slice(0, 4) })).status).toBe(403);
    const again = ok(await post('zhaomin', '/api/business/hjlSalaryRecord/recomputeStale', { year: month.slice(0, 4) })).body.data;
    expect(again.months.map((m: { importMonth: string }) => m.importMonth)).toContain(month);
    const r = await record();
    // The gross: standard + attendance pay + other pay + the labour fee − deductions.
    expect(r).toMatchObject({ n: 0, l: '10592.60' });
    const cents = (x: unknown) => BigInt(String(x).replace('.', ''));
    expect(cents(r.g)).toBe(cents(r.s) + cents(r.p) + cents(r.o) + cents('10592.60') - cents(r.d) - cents(r.od));
    expect(JSON.parse(String(r.c)).labourFees).toEqual([{ labourId: feeId, projectName: expect.any(String), amount: '10592.60' }]);
  });

  it('rejected at the second step it goes back to the applicant; started again it begins at labor', async () => {
    const s = ok(await post('zhangwei', `${L}/start`, fee({ actualAmount: '1000.00' })));
    const id = String(s.body.data.id);
    await decide(t, tok, s.body.data.processInstanceId, true, APPROVERS);
    const mid = (await get('zhangwei', `${L}/detail`, { id })).body.data;
    expect(mid).toMatchObject({ status: 1, labourStage: 1 });
    await decide(t, tok, mid.processInstanceId, false, APPROVERS);
    expect((await get('zhangwei', `${L}/detail`, { id })).body.data).toMatchObject({ status: 3, labourStage: 0, payStatus: 0 });
    expect(await countRows(t.database, 'hjl_income_expend', `biz_type = 'hjl_project_collect_labour_from' AND biz_id = ${id}`)).toBe(0);
    const again = ok(await post('zhangwei', `${L}/start`, { id }));
    expect(again.body.data.processDefinitionKey).toBe('hjl_labor');
    expect((await get('zhangwei', `${L}/detail`, { id })).body.data).toMatchObject({ status: 1, labourStage: 0 });
  });

  it('outside persons (name and bank account, no user) are paid too, labour remuneration withheld; staff bank details come from their account', async () => {
    ok(
      await post(
        'zhangwei',
        `${L}/save`,
        fee({
          actualAmount: '3000.00',
          persons: [
            { userId: ids.zhangwei, shareRatio: '50', bankAccount: '伪造账号' },
            { personName: '王专家', bankName: '中国农业银行', bankAccount: '6228480010000000001', shareRatio: '50' },
          ],
        }),
      ),
    );
    const id = await lastId();
    const d = (await get('zhangwei', `${L}/detail`, { id })).body.data;
    expect(d.persons.map((p: Record<string, string | null>) => [p.userId, p.personName, p.bankAccount, p.amount, p.taxAmount])).toEqual([
      // The employee's fee is wages (nothing withheld here); the outside expert's is labour remuneration: (1500 − 800) × 20 %.
      [ids.zhangwei, '张伟', expect.not.stringMatching('伪造'), '1500.00', '0.00'],
      [null, '王专家', '6228480010000000001', '1500.00', '140.00'],
    ]);
    expect(d).toMatchObject({ actualAmount: '3000.00', taxAmount: '140.00', netAmount: '2860.00' });
    ok(await post('zhangwei', `${L}/remove`, undefined, { ids: id }));
    expect(await countRows(t.database, 'hjl_project_labour_person', `labour_id = ${id} AND is_deleted = 0`)).toBe(0);
  });

  it('refuses bad input with Chinese messages and writes nothing', async () => {
    const before = await countRows(t.database, 'hjl_project_collect_labour_from');
    const persons = await countRows(t.database, 'hjl_project_labour_person');
    const bad: [Record<string, unknown>, string][] = [
      [fee({ projectId: undefined }), '请选择项目'],
      [fee({ periodStart: undefined }), '请选择期间开始日期'],
      [fee({ periodEnd: '2030-12-31' }), '结束日期不能早于开始日期'],
      [fee({ periodStart: '2031-13-01' }), '期间开始格式应为yyyy-MM-dd'],
      [fee({ projectId: prj.others }), '项目不存在或无权访问'],
      [fee({ projectId: '123456789' }), '项目不存在或无权访问'],
      [fee({ labourRatio: '0' }), '劳务费比例应大于0且不超过100,最多两位小数'],
      [fee({ labourRatio: '100.5' }), '劳务费比例应大于0且不超过100,最多两位小数'],
      [fee({ persons: [] }), '请添加发放人员'],
      [fee({ persons: undefined }), '请添加发放人员'],
      [fee({ persons: 'x' }), '请添加发放人员'],
      [
        fee({
          persons: [
            { userId: ids.zhangwei, shareRatio: '60' },
            { userId: ids.chenjing, shareRatio: '30' },
          ],
        }),
        '发放比例合计应为100%',
      ],
      [
        fee({
          persons: [
            { userId: ids.zhangwei, shareRatio: '60' },
            { userId: ids.chenjing, shareRatio: '50' },
          ],
        }),
        '发放比例合计应为100%',
      ],
      [
        fee({
          persons: [
            { userId: ids.zhangwei, shareRatio: '-1' },
            { userId: ids.chenjing, shareRatio: '101' },
          ],
        }),
        '发放比例应大于0且不超过100,最多两位小数',
      ],
      [
        fee({
          persons: [
            { userId: ids.zhangwei, shareRatio: '50' },
            { userId: ids.zhangwei, shareRatio: '50' },
          ],
        }),
        '同一人员不能重复发放',
      ],
      [
        fee({
          persons: [
            { userId: ids.zhangwei, shareRatio: '50' },
            { userId: ids.zhaomin, shareRatio: '50' },
          ],
        }),
        '请选择已维护账户信息的用户!',
      ],
      [fee({ persons: [{ userId: '123456789', shareRatio: '100' }] }), '发放人员不存在'],
      [fee({ persons: [{ bankAccount: '6228', shareRatio: '100' }] }), '请输入外聘人员姓名'],
      [fee({ persons: [{ personName: '王专家', shareRatio: '100' }] }), '请输入外聘人员银行账号'],
      [fee({ actualAmount: '17654.34' }), '实发金额不能大于应发金额'],
      [fee({ actualAmount: '0' }), '实发金额必须大于0'],
      [fee({ actualAmount: '1.001' }), '实发金额最多保留两位小数'],
      [fee({ periodStart: '2031-03-01', periodEnd: '2031-03-31' }), '应发金额必须大于0(该期间收款×劳务费比例不足以抵扣费用)'],
      [fee({ collectId: '123456789' }), '收款记录不属于该项目或未确认'],
      [fee({ accountInfoId: '123456789' }), '付款账户不存在'],
    ];
    for (const [payload, msg] of bad) {
      expect((await post('zhangwei', `${L}/save`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
      expect((await post('zhangwei', `${L}/start`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    }
    expect((await get('zhangwei', `${L}/account/123456789`)).body).toMatchObject({ code: 400, msg: '发放人员不存在' });
    expect(await countRows(t.database, 'hjl_project_collect_labour_from')).toBe(before);
    expect(await countRows(t.database, 'hjl_project_labour_person')).toBe(persons);
  });

  it('another tenant sees and changes nothing', async () => {
    expect((await get('b', `${L}/list`)).body.data.total).toBe(0);
    expect((await get('b', `${L}/detail`, { id: feeId })).body.code).toBe(404);
    expect((await get('b', `${L}/persons/${feeId}`)).body).toMatchObject({ code: 400, msg: '劳务费记录不存在或无权访问' });
    expect((await get('b', `${L}/calculate/ought-to/${prj.main}`, P)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect((await get('b', `${L}/calculate/expense/${prj.main}`, P)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect((await get('b', `${L}/account/${ids.zhangwei}`)).body).toMatchObject({ code: 400, msg: '发放人员不存在' });
    expect((await post('b', `${L}/save`, fee())).body).toMatchObject({ code: 400 });
    const before = await countRows(t.database, 'hjl_project_collect_labour_from', `tenant_id = '${A}' AND is_deleted = 0`);
    await post('b', `${L}/remove`, undefined, { ids: feeId });
    expect(await countRows(t.database, 'hjl_project_collect_labour_from', `tenant_id = '${A}' AND is_deleted = 0`)).toBe(before);
  });

  it('a user without the menu codes gets 403 请求被拒绝', async () => {
    for (const [m, url] of [
      ['GET', `${L}/list`],
      ['GET', `${L}/persons/${feeId}`],
      ['GET', `${L}/calculate/ought-to/${prj.main}`],
      ['GET', `${L}/account/${ids.zhangwei}`],
      ['POST', `${L}/save`],
      ['POST', `${L}/start`],
    ] as const) {
      const r = await t.call(tok.zhaomin, { method: m, url, payload: m === 'POST' ? fee() : undefined });
      expect(r.body, `${m} ${url}`).toMatchObject({ code: 403, msg: '请求被拒绝' });
    }
  });

  it('data scope: project staff see the labour fees of their projects only; finance all', async () => {
    // One of another project (张伟 does not work on it).
    const other = await rows(
      `INSERT INTO hjl_project_collect_labour_from (id, tenant_id, status, is_draft, project_id, project_name, period_start, period_end, labour_ratio, actual_amount, labour_stage, pay_status)
       SELECT 993000000000000001, tenant_id, 0, 0, id, project_name, '2031-01-01', '2031-01-31', 30, 100, 0, 0 FROM hjl_project WHERE id = $1 RETURNING id::text AS id`,
      [prj.others],
    );
    const otherId = String(other[0]!.id);
    const all = ok(await get('lihong', `${L}/list`, { size: '1000' })).body.data;
    expect(all.records.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([feeId, otherId]));
    const mine = ok(await get('zhangwei', `${L}/list`, { size: '1000' })).body.data;
    expect(mine.records.map((r: { id: string }) => r.id)).toContain(feeId);
    expectEvery(mine.records, (r: { id: string }) => r.id !== otherId, '张伟 sees no labour fee of a project he does not work on');
    expect(mine.total).toBeLessThan(all.total);
    expect((await get('zhangwei', `${L}/detail`, { id: otherId })).body.code).not.toBe(200);
    expect((await get('zhangwei', `${L}/persons/${otherId}`)).body).toMatchObject({ code: 400, msg: '劳务费记录不存在或无权访问' });
  });
});

describe('settlements (项目结算)', () => {
  const D = '/api/business/hjlProjectDecision';
  const settlement = (over: Record<string, unknown> = {}) => ({
    projectId: settled,
    submittedAmount: '1234567.89',
    approvedAmount: '1100000.00',
    settlementFee: '8800.00',
    decisionDate: '2031-02-15',
    summary: '结算审核完成',
    ...over,
  });
  const newest = async () => String((await one(`SELECT id::text AS id FROM hjl_project_decision WHERE tenant_id = $1 ORDER BY id DESC LIMIT 1`, [A])).id);
  let id = '';
  /** A project of 张伟 without a settlement yet. */
  let settled = '';
  beforeAll(async () => {
    settled = String(
      (
        await one(
          `SELECT id::text AS id FROM hjl_project p WHERE tenant_id = $1 AND is_deleted = 0 AND status = 2
             AND $2::text = ANY(string_to_array(member_users, ','))
             AND NOT EXISTS (SELECT 1 FROM hjl_project_decision d WHERE d.project_id = p.id) ORDER BY project_num LIMIT 1`,
          [A, ids.zhangwei],
        )
      ).id,
    );
  });

  it('refuses bad input with Chinese messages and writes nothing', async () => {
    const before = await countRows(t.database, 'hjl_project_decision');
    const bad: [Record<string, unknown>, string][] = [
      [settlement({ projectId: undefined }), '请选择项目'],
      [settlement({ submittedAmount: undefined }), '请输入送审金额'],
      [settlement({ approvedAmount: undefined }), '请输入审定金额'],
      [settlement({ decisionDate: undefined }), '请选择结算日期'],
      [settlement({ approvedAmount: '1234567.90' }), '审定金额不能大于送审金额'],
      [settlement({ submittedAmount: '-1' }), '金额不能小于0'],
      [settlement({ settlementFee: '-0.01' }), '金额不能小于0'],
      [settlement({ submittedAmount: '1.001' }), '送审金额最多保留两位小数'],
      [settlement({ projectId: prj.others }), '项目不存在或无权访问'],
      [settlement({ projectId: '123456789' }), '项目不存在或无权访问'],
    ];
    for (const [payload, msg] of bad) {
      expect((await post('zhangwei', `${D}/save`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
      expect((await post('zhangwei', `${D}/start`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    }
    expect(await countRows(t.database, 'hjl_project_decision')).toBe(before);
  });

  it('reduction = submitted − approved and its rate; approved, the project is 已完成; a second settlement is refused', async () => {
    ok(await post('zhangwei', `${D}/save`, settlement({ reductionAmount: '1.00', reductionRate: '99' })));
    id = await newest();
    expect(ok(await get('zhangwei', `${D}/detail`, { id })).body.data).toMatchObject({
      status: 0,
      submittedAmount: '1234567.89',
      approvedAmount: '1100000.00',
      reductionAmount: '134567.89',
      reductionRate: '10.90',
    });
    const s = ok(await post('zhangwei', `${D}/start`, { id }));
    expect(s.body.data.processDefinitionKey).toBe('hjl_project_settlement');
    // Under approval: a second one is refused already.
    expect((await post('zhangwei', `${D}/save`, settlement())).body).toMatchObject({ code: 400, msg: '该项目已有审批中或已通过的结算' });
    await decide(t, tok, s.body.data.processInstanceId, true, APPROVERS);
    expect((await get('zhangwei', `${D}/detail`, { id })).body.data.status).toBe(2);
    expect(await one(`SELECT project_status AS s, end_date::text AS e, approved_amount::text AS a FROM hjl_project WHERE id = $1`, [settled])).toEqual({
      s: 5,
      e: '2031-02-15',
      a: '1100000.00',
    });
    expect((await post('zhangwei', `${D}/start`, settlement())).body).toMatchObject({ code: 400, msg: '该项目已有审批中或已通过的结算' });
    expect(ok(await get('zhangwei', `${D}/get/${settled}`)).body.data).toMatchObject({ id, status: 2 });
    expect((await post('zhangwei', `${D}/remove`, undefined, { ids: id })).body).toMatchObject({ code: 400 });
  });

  it('another tenant, codes and data scope', async () => {
    expect((await get('b', `${D}/list`)).body.data.total).toBe(0);
    expect((await get('b', `${D}/get/${settled}`)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect((await get('b', `${D}/detail`, { id })).body.code).not.toBe(200);
    expect((await get('zhaomin', `${D}/list`)).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    expect((await post('zhaomin', `${D}/save`, settlement())).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    const [other] = await rows(
      `INSERT INTO hjl_project_decision (id, tenant_id, status, is_draft, project_id, project_name, submitted_amount, approved_amount, decision_date)
       SELECT 994000000000000001, tenant_id, 0, 0, id, project_name, 100, 90, '2031-01-01' FROM hjl_project WHERE id = $1 RETURNING id::text AS id`,
      [prj.others],
    );
    const all = ok(await get('lihong', `${D}/list`, { size: '1000' })).body.data;
    expect(all.records.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([id, String(other!.id)]));
    const mine = ok(await get('zhangwei', `${D}/list`, { size: '1000' })).body.data;
    expectEvery(mine.records, (r: { id: string }) => r.id !== String(other!.id), '张伟 sees no settlement of a project he does not work on');
    expect(mine.total).toBeLessThan(all.total);
    expect((await get('zhangwei', `${D}/get/${prj.others}`)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
  });
});

describe('project expenses (项目费用申请) and their payment (项目付款)', () => {
  const E = '/api/business/hjlProjectApplyExpense';
  const PAY = '/api/business/hjlProjectExpensePay';
  const lines = [
    { expenseDate: '2031-03-02', expenseType: 1, amount: '300.50', bills: 2, remark: '高铁' },
    { expenseDate: '2031-03-03', expenseType: 2, amount: '1000.25', bills: 1 },
  ];
  const expense = (over: Record<string, unknown> = {}) => ({ projectId: prj.main, title: '现场踏勘差旅及资料打印', lines, ...over });
  const payment = (expenseId: string, over: Record<string, unknown> = {}) => ({
    expenseId,
    expenseType: 0,
    transactionDate: '2031-03-10',
    accountInfoId: account,
    transactionReferenceNumber: 'TX20310310001',
    payerName: '南京华建工程咨询有限公司',
    debitAccountNo: '3201 0000 0000 0001',
    payerAccountBank: '中国工商银行南京分行',
    businessSubjectType: 1,
    personId: ids.zhangwei,
    personName: '张伟',
    ...over,
  });
  let id = '';

  it('refuses bad input with Chinese messages and writes nothing', async () => {
    const before = await countRows(t.database, 'hjl_project_apply_expense');
    const lineRows = await countRows(t.database, 'hjl_project_apply_expense_info');
    const bad: [Record<string, unknown>, string][] = [
      [expense({ projectId: undefined }), '请选择项目'],
      [expense({ title: ' ' }), '请输入费用事由'],
      [expense({ lines: [] }), '请添加费用明细'],
      [expense({ lines: undefined }), '请添加费用明细'],
      [expense({ lines: [{ ...lines[0], amount: '0' }] }), '费用金额必须大于0,最多两位小数'],
      [expense({ lines: [{ ...lines[0], amount: '1.001' }] }), '费用金额必须大于0,最多两位小数'],
      [expense({ lines: [{ ...lines[0], expenseDate: '2031-02-30' }] }), '费用日期格式应为yyyy-MM-dd'],
      [expense({ lines: [{ ...lines[0], expenseType: undefined }] }), '请选择费用类型'],
      [expense({ lines: [{ ...lines[0], bills: -1 }] }), '票据张数应为0到999的整数'],
      [expense({ projectId: prj.others }), '项目不存在或无权访问'],
    ];
    for (const [payload, msg] of bad) {
      expect((await post('zhangwei', `${E}/save`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
      expect((await post('zhangwei', `${E}/start`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    }
    expect(await countRows(t.database, 'hjl_project_apply_expense')).toBe(before);
    expect(await countRows(t.database, 'hjl_project_apply_expense_info')).toBe(lineRows);
  });

  it('applied through hjlProject/save/expense: total = Σ lines, type of the largest line, the applicant stamped; my lists it', async () => {
    const s = ok(await post('zhangwei', '/api/business/hjlProject/save/expense', expense({ totalAmount: '1.00', applyUser: ids.lihong, payStatus: 1 })));
    id = String(s.body.data.id);
    expect(s.body.data.processDefinitionKey).toBe('hjl_project_apply_expense');
    const d = ok(await get('zhangwei', `${E}/detail`, { id })).body.data;
    expect(d).toMatchObject({ status: 1, totalAmount: '1300.75', expenseType: 2, applyUser: ids.zhangwei, payStatus: 0 });
    expect(d.lines.map((l: Record<string, string>) => [l.expenseType, l.amount])).toEqual([
      [1, '300.50'],
      [2, '1000.25'],
    ]);
    expect(ok(await get('zhangwei', `${E}/my`)).body.data.records.map((r: { id: string }) => r.id)).toContain(id);
    const theirs = ok(await get('lihong', `${E}/my`)).body.data.records;
    expect(theirs.map((r: { id: string }) => r.id)).not.toContain(id);
    // Not approved yet: no payment.
    expect((await post('lihong', `${PAY}/start`, payment(id))).body).toMatchObject({ code: 400, msg: '费用申请未审批通过,不能付款' });
    await decide(t, tok, s.body.data.processInstanceId, true, APPROVERS);
    expect((await get('zhangwei', `${E}/detail`, { id })).body.data.status).toBe(2);
  });

  it('paid with the payment form: one ledger row (the expense type’s cost type, the project); paid once', async () => {
    const before = await countRows(t.database, 'hjl_project_expense_pay');
    expect((await post('lihong', `${PAY}/start`, payment(id, { payerName: '', transactionDate: undefined }))).body).toMatchObject({
      code: 400,
      msg: '请选择打款日期 | 请填写付款人名称',
    });
    expect((await post('lihong', `${PAY}/start`, payment('123456789'))).body).toMatchObject({ code: 400, msg: '费用申请不存在或无权访问' });
    expect(await countRows(t.database, 'hjl_project_expense_pay')).toBe(before);
    const p = ok(await post('lihong', `${PAY}/start`, payment(id, { amount: '1.00' })));
    expect(p.body.data.processDefinitionKey).toBe('hjl_project_make_payment');
    expect((await post('lihong', `${PAY}/start`, payment(id))).body).toMatchObject({ code: 400, msg: '该费用申请已付款或付款审批中' });
    await decide(t, tok, p.body.data.processInstanceId, true, APPROVERS);
    expect((await get('zhangwei', `${E}/detail`, { id })).body.data).toMatchObject({ payStatus: 1, paidAmount: '1300.75', payDate: '2031-03-10' });
    const ledger = await rows(
      `SELECT project_id::text AS p, trade_amount::text AS a, income_or_expend AS io, cost_type AS ct FROM hjl_income_expend
        WHERE biz_type = 'hjl_project_apply_expense' AND biz_id = $1`,
      [id],
    );
    // Its type 办公费 (expense_type 2) is 资料费 (cost_type 3) in the ledger.
    expect(ledger).toEqual([{ p: prj.main, a: '1300.75', io: 1, ct: 3 }]);
    expect((await post('lihong', `${PAY}/start`, payment(id))).body).toMatchObject({ code: 400, msg: '该费用申请已付款或付款审批中' });
    // The statistics of the caller and of the project; the project's expenses.
    const mine = ok(await get('zhangwei', `${E}/statistics/money`)).body.data;
    expect(mine).toMatchObject({ approvedMoney: expect.any(String), paidMoney: expect.any(String) });
    expect(Number(mine.paidMoney)).toBeGreaterThanOrEqual(1300.75);
    const listed = ok(await get('zhangwei', `/api/business/hjlProject/get/expense/${prj.main}`)).body.data;
    expect(listed.records.map((r: { id: string }) => r.id)).toContain(id);
    // Approved expenses of the period (by the day applied) count in a labour fee's deductions.
    const day = String((await one(`SELECT apply_date::text AS d FROM hjl_project_apply_expense WHERE id = $1`, [id])).d);
    const sum = await one(
      `SELECT coalesce(sum(total_amount), 0)::numeric(18,2)::text AS s FROM hjl_project_apply_expense WHERE project_id = $1 AND status = 2 AND is_deleted = 0 AND apply_date = $2`,
      [prj.main, day],
    );
    expect(Number(sum.s)).toBeGreaterThanOrEqual(1300.75);
    expect(ok(await get('zhangwei', `${L}/calculate/expense/${prj.main}`, { periodStart: day, periodEnd: day })).body.data.expenseAmount).toBe(sum.s);
  });

  it('another tenant, codes and data scope (rows and totals)', async () => {
    expect((await get('b', `${E}/list`)).body.data.total).toBe(0);
    expect((await get('b', `${E}/detail`, { id })).body.code).not.toBe(200);
    expect((await get('b', `/api/business/hjlProject/get/expense/${prj.main}`)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect((await get('b', `${E}/statistics/money`, { projectId: prj.main })).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect((await post('b', `${PAY}/start`, payment(id))).body).toMatchObject({ code: 400, msg: '费用申请不存在或无权访问' });
    expect((await get('zhaomin', `${E}/list`)).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    expect((await get('zhaomin', `${E}/my`)).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    expect((await post('zhaomin', '/api/business/hjlProject/save/expense', expense())).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    const [other] = await rows(
      `INSERT INTO hjl_project_apply_expense (id, tenant_id, status, is_draft, project_id, project_name, title, total_amount, apply_user, apply_date, pay_status)
       SELECT 995000000000000001, tenant_id, 2, 1, id, project_name, '他人项目费用', 777.77, $2, '2031-03-05', 0 FROM hjl_project WHERE id = $1 RETURNING id::text AS id`,
      [prj.others, ids.zhangwei],
    );
    const all = ok(await get('lihong', `${E}/list`, { size: '1000' })).body.data;
    expect(all.records.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([id, String(other!.id)]));
    const mine = ok(await get('zhangwei', `${E}/list`, { size: '1000' })).body.data;
    expectEvery(mine.records, (r: { id: string }) => r.id !== String(other!.id), '张伟 sees no expense of a project he does not work on');
    // Even his own application on a project he no longer works on is outside his scope: list, my and totals.
    expectEvery(ok(await get('zhangwei', `${E}/my`, { size: '1000' })).body.data.records, (r: { id: string }) => r.id !== String(other!.id), 'my');
    const stats = ok(await get('zhangwei', `${E}/statistics/money`)).body.data;
    const own = await one(
      `SELECT coalesce(sum(total_amount) FILTER (WHERE status = 2), 0)::text AS a FROM hjl_project_apply_expense e
        WHERE tenant_id = $1 AND is_deleted = 0 AND apply_user = $2 AND project_id <> $3`,
      [A, ids.zhangwei, prj.others],
    );
    expect(stats.approvedMoney).toBe(Number(own.a).toFixed(2));
  });

  it('a draft: the head changed alone keeps its lines and type; lines sent replace them; removed with its lines', async () => {
    ok(await post('zhangwei', `${E}/save`, expense({ title: '草稿费用' })));
    const draft = String(
      (await one(`SELECT id::text AS id FROM hjl_project_apply_expense WHERE tenant_id = $1 AND title = '草稿费用' ORDER BY id DESC LIMIT 1`, [A])).id,
    );
    const liveLines = () => countRows(t.database, 'hjl_project_apply_expense_info', 'expense_id = $1 AND is_deleted = 0', [draft]);
    ok(await post('zhangwei', `${E}/update`, { id: draft, title: '草稿费用(改)' }));
    expect(ok(await get('zhangwei', `${E}/detail`, { id: draft })).body.data).toMatchObject({
      status: 0,
      title: '草稿费用(改)',
      totalAmount: '1300.75',
      expenseType: 2,
    });
    ok(
      await post('zhangwei', `${E}/update`, {
        id: draft,
        lines: [
          { ...lines[0], amount: '12.00' },
          { ...lines[1], expenseType: 3, amount: '11.99' },
        ],
      }),
    );
    const d = ok(await get('zhangwei', `${E}/detail`, { id: draft })).body.data;
    expect(d).toMatchObject({ totalAmount: '23.99', expenseType: 1 });
    expect(d.lines.map((l: Record<string, unknown>) => [l.expenseType, l.amount, l.bills])).toEqual([
      [1, '12.00', 2],
      [3, '11.99', 1],
    ]);
    expect(await liveLines()).toBe(2);
    ok(await post('zhangwei', `${E}/remove`, undefined, { ids: draft }));
    expect(await liveLines()).toBe(0);
  });
});

describe('claiming bank money (认领) as a collection', () => {
  const CLAIM = '/api/business/hjlProjectCollect/claim';
  let project = '';
  const money = async (id: string, amount: string) =>
    rows(
      `INSERT INTO hjl_income_expend (id, tenant_id, status, is_draft, income_or_expend, transaction_date, trade_amount, payer_name, is_refund, is_know_get)
       VALUES ($1, $2, 2, 2, 0, '2031-04-01', $3, '某建设单位', 0, 0)`,
      [id, A, amount],
    );
  beforeAll(async () => {
    project = String(
      (
        await one(
          `SELECT p.id::text AS id FROM hjl_project p JOIN hjl_contract c ON c.id = p.contract_id
            WHERE p.tenant_id = $1 AND p.is_deleted = 0 AND c.status = 2 AND c.is_deleted = 0 AND c.effective_amount > 10000
              AND $2::text = ANY(string_to_array(p.member_users, ','))
              AND c.effective_amount - (SELECT coalesce(sum(x.collect_amount), 0) FROM hjl_project_collect x
                                         WHERE x.contract_id = c.id AND x.is_deleted = 0 AND x.status IN (1, 2)) > 1000
            ORDER BY p.project_num LIMIT 1`,
          [A, ids.zhangwei],
        )
      ).id,
    );
    await money('996000000000000001', '500.00');
    await money('996000000000000002', '999999999.00');
  });

  it('refuses what is not unclaimed money, another project, above the ought income, bad input — writing nothing', async () => {
    const before = await countRows(t.database, 'hjl_project_collect');
    const bad: [Record<string, unknown>, string][] = [
      [{ incomeExpendId: '123456789', projectId: project, collectType: 2 }, '该款项不存在或已被认领'],
      [{ incomeExpendId: 'x', projectId: project, collectType: 2 }, '该款项不存在或已被认领'],
      [{ incomeExpendId: '996000000000000001', projectId: prj.others, collectType: 2 }, '项目不存在或无权访问'],
      [{ incomeExpendId: '996000000000000001', projectId: project }, '请选择收款类型'],
      [{ incomeExpendId: '996000000000000002', projectId: project, collectType: 2 }, '收款金额不能大于应收金额'],
    ];
    for (const [payload, msg] of bad) expect((await post('zhangwei', CLAIM, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect((await post('b', CLAIM, { incomeExpendId: '996000000000000001', projectId: project, collectType: 2 })).body.code).toBe(400);
    expect((await post('zhaomin', CLAIM, { incomeExpendId: '996000000000000001', projectId: project, collectType: 2 })).body).toMatchObject({
      code: 403,
      msg: '请求被拒绝',
    });
    expect(await countRows(t.database, 'hjl_project_collect')).toBe(before);
    expect((await one(`SELECT is_know_get AS k FROM hjl_income_expend WHERE id = 996000000000000002`)).k).toBe(0);
  });

  it('claimed: a confirmed collection with the money’s amount and date, the ledger row claimed for it (no second row); once', async () => {
    const r = ok(await post('zhangwei', CLAIM, { incomeExpendId: '996000000000000001', projectId: project, collectType: 3 }));
    const c = r.body.data;
    expect(c).toMatchObject({ status: 2, collectAmount: '500.00', collectDate: '2031-04-01', isKnowGet: 1, projectId: project, collectType: 3 });
    expect(await one(`SELECT is_know_get AS k, claim_biz_id::text AS c, project_id::text AS p FROM hjl_income_expend WHERE id = 996000000000000001`)).toEqual({
      k: 1,
      c: String(c.id),
      p: project,
    });
    expect(await countRows(t.database, 'hjl_income_expend', `biz_type = 'hjl_project_collect' AND biz_id = ${c.id}`)).toBe(0);
    expect((await post('zhangwei', CLAIM, { incomeExpendId: '996000000000000001', projectId: project, collectType: 3 })).body).toMatchObject({
      code: 400,
      msg: '该款项不存在或已被认领',
    });
  });
});
