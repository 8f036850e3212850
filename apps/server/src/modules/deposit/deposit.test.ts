/**
 * Guarantee money over the API (BUSINESS.md WP5 acceptance) on the demo processes: pay → approve → refund 60 % → a
 * 50 % refund refused → 40 % → 已退, with one expense and two incomes in the ledger and the project 360 view's deposit
 * figures; a batch refund of three (rejected: none refunded; approved: all); a replacement refunding the replaced
 * deposit once; a bidder's deposit received and returned; concurrent refunds never beyond what was paid; bad input
 * (Chinese 400, nothing written), another tenant, permission codes, data scope (project staff: their projects); the
 * outstanding report's ages and totals; the due reminders once per deposit and date.
 */
import { depositRefundStatus, subtractMoney, sumMoney } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { expectEvery } from '../../testing/expect.ts';
import { FORBIDDEN, dataOf, ok, refused, users } from '../../testing/http.ts';

let t: TestApp;
const { call, get, post, login, loginAs, approveAs } = users(() => t);
const ids: Record<string, string> = {};
const D = '/api/business/hjlApplyGuaranteeMoney';
const R = '/api/business/hjlRefundGuaranteeMoney';
const PRJ = '/api/business/hjlProject';
const A = '000000';
const prj = { main: '', others: '' };
let account = '';

const rows = (q: string, v: unknown[] = []) => t.database.raw(q, v);
const balance = async () => String((await rows(`SELECT balance::text AS b FROM hjl_account_info WHERE id = $1`, [account]))[0]!.b);
const depositOf = async (id: string) => dataOf(get('lihong', `${D}/detail`, { id }));
/** The ledger rows of a deposit and its refunds: direction and amount, oldest first. */
async function ledgerOf(depositId: string) {
  return rows(
    `SELECT income_or_expend AS io, trade_amount::text AS amount, biz_type AS biz, account_info_id::text AS account, project_id::text AS project
       FROM hjl_income_expend
      WHERE tenant_id = $1 AND ((biz_type = 'hjl_apply_guarantee_money' AND biz_id = $2)
         OR (biz_type = 'hjl_refund_guarantee_money' AND biz_id IN (SELECT id FROM hjl_refund_guarantee_money WHERE deposit_id = $2)))
      ORDER BY id`,
    [A, depositId],
  );
}
const counts = async () => ({
  deposits: await countRows(t.database, 'hjl_apply_guarantee_money'),
  refunds: await countRows(t.database, 'hjl_refund_guarantee_money'),
});

/** The deposit form: a bid deposit of 20 000.00 on the main project (below the 50 000.00 of 总经理's step). */
const form = (more: Record<string, unknown> = {}) => ({
  depositType: 1,
  projectId: prj.main,
  payeeName: '南京市公共资源交易中心',
  payeeAccountNumber: '320101199001011234',
  amount: '20000.00',
  payDate: '2026-03-02',
  deadline: '2026-03-05',
  expectedRefundDate: '2026-06-30',
  accountInfoId: account,
  ...more,
});
/** 部门经理 then 财务 approve an instance (the demo chain of the deposit processes). */
async function approve(processInstanceId: string) {
  ok(await approveAs('sunlei', processInstanceId));
  ok(await approveAs('lihong', processInstanceId));
}
/** A deposit started by zhangwei and approved: its id. */
async function paid(more: Record<string, unknown> = {}) {
  const d = await dataOf(post('zhangwei', `${D}/start`, form(more)));
  await approve(d.processInstanceId);
  return String(d.id);
}
const refundStart = (depositId: string, refundAmount: string, refundDate = '2026-07-01', who = 'zhangwei') =>
  post(who, `${R}/start`, { depositId, refundAmount, refundDate });

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'zhangwei', 'sunlei', 'lihong', 'zhaomin', 'wangjianguo');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  const member = async (yes: boolean) =>
    String(
      (
        await rows(
          `SELECT p.id::text AS id FROM hjl_project p WHERE p.tenant_id = $1 AND p.is_deleted = 0
             AND ($2::text = ANY(string_to_array(p.member_users, ','))) = $3 AND p.leader_user::text <> $2 ORDER BY p.id LIMIT 1`,
          [A, ids.zhangwei, yes],
        )
      )[0]!.id,
    );
  prj.main = await member(true);
  prj.others = await member(false);
  const [a] = await rows(`SELECT id::text AS id FROM hjl_account_info WHERE tenant_id = $1 AND account_name = '华建咨询基本户'`, [A]);
  account = String(a!.id);
}, 180_000);
afterAll(() => t.close());

describe('the demo deposits', () => {
  it('every state; each refund status equals its approved refunds; the ledger equals the deposits’ figures', async () => {
    const all = await rows(
      `SELECT d.id::text AS id, d.status, d.direction, d.refund_status AS "refundStatus", d.replaced_by_id::text AS "replacedBy", d.amount::text AS amount,
              coalesce(d.refunded_amount, 0)::text AS refunded,
              (SELECT coalesce(sum(r.refund_amount), 0)::text FROM hjl_refund_guarantee_money r WHERE r.deposit_id = d.id AND r.status = 2 AND r.is_deleted = 0) AS back
         FROM hjl_apply_guarantee_money d WHERE d.tenant_id = $1 AND d.is_deleted = 0`,
      [A],
    );
    const approved = all.filter((d) => Number(d.status) === 2);
    expect(new Set(approved.map((d) => Number(d.refundStatus)))).toEqual(new Set([0, 1, 2]));
    expect(approved.some((d) => d.replacedBy)).toBe(true);
    expect(approved.some((d) => Number(d.direction) === 1 && Number(d.refundStatus) === 2)).toBe(true);
    expect(approved.some((d) => Number(d.direction) === 1 && Number(d.refundStatus) === 0)).toBe(true);
    expect(new Set(all.map((d) => Number(d.status)))).toEqual(new Set([0, 1, 2, 3]));
    expectEvery(approved, (d) => sumMoney([String(d.refunded)]) === sumMoney([String(d.back)]));
    expectEvery(approved, (d) => Number(d.refundStatus) === depositRefundStatus(String(d.amount), String(d.back)));
    for (const d of approved) {
      const ledger = await ledgerOf(String(d.id));
      const out = ledger.filter((r) => Number(r.io) === (Number(d.direction) === 1 ? 0 : 1)).map((r) => r.amount);
      const back = ledger.filter((r) => Number(r.io) !== (Number(d.direction) === 1 ? 0 : 1)).map((r) => r.amount);
      expect({ id: d.id, out: sumMoney(out.map(String)), back: sumMoney(back.map(String)) }).toEqual({
        id: d.id,
        out: sumMoney([String(d.amount)]),
        back: sumMoney([String(d.back)]),
      });
    }
    // The accounts the deposits went through: never below zero, each balance the last of its history.
    const accounts = await rows(
      `SELECT a.balance::text AS balance, (SELECT h.balance_after::text FROM hjl_account_his_info h WHERE h.account_info_id = a.id ORDER BY h.operate_time DESC, h.id DESC LIMIT 1) AS last
         FROM hjl_account_info a WHERE a.tenant_id = $1 AND a.is_deleted = 0
          AND a.id IN (SELECT account_info_id FROM hjl_apply_guarantee_money WHERE tenant_id = $1)`,
      [A],
    );
    expectEvery(accounts, (a) => Number(a.balance) >= 0 && sumMoney([String(a.last)]) === sumMoney([String(a.balance)]));
  });
});

describe('pay and refund a deposit', () => {
  it('pay → approve → 60 % → 50 % refused → 40 % → 已退: one expense, two incomes, the 360 view’s deposit figures', async () => {
    const before = await dataOf(get('lihong', `${PRJ}/statistics/project/money/${prj.main}`));
    const startBalance = await balance();
    const started = await dataOf(post('zhangwei', `${D}/start`, form()));
    expect(started).toMatchObject({ processDefinitionKey: 'hjl_apply_guarantee_money' });
    const id = String(started.id);
    expect(await depositOf(id)).toMatchObject({ status: 1, refundStatus: 0, refundedAmount: '0.00', projectName: expect.any(String) });
    // Not paid yet: no refund.
    refused(await refundStart(id, '1.00'), '只能退还已缴纳(审批通过)的保证金');
    await approve(started.processInstanceId);
    expect(await depositOf(id)).toMatchObject({ status: 2, refundStatus: 0 });
    expect(await balance()).toBe(subtractMoney(startBalance, '20000.00'));

    const r60 = await dataOf(refundStart(id, '12000.00'));
    expect(r60).toMatchObject({ processDefinitionKey: 'hjl_refund_guarantee_money' });
    // Under approval the 60 % counts: 50 % more is refused, at start and on save.
    refused(await refundStart(id, '10000.00'), '退还金额不能大于已缴金额');
    refused(await post('zhangwei', `${R}/save`, { depositId: id, refundAmount: '10000.00', refundDate: '2026-07-01' }), '退还金额不能大于已缴金额');
    await approve(r60.processInstanceId);
    expect(await depositOf(id)).toMatchObject({ refundStatus: 1, refundedAmount: '12000.00' });
    refused(await refundStart(id, '10000.00'), '退还金额不能大于已缴金额');
    // Before the payment date is no refund date.
    refused(await refundStart(id, '8000.00', '2026-03-01'), '退还日期不能早于缴纳日期');
    const r40 = await dataOf(refundStart(id, '8000.00', '2026-07-15'));
    await approve(r40.processInstanceId);
    expect(await depositOf(id)).toMatchObject({ refundStatus: 2, refundedAmount: '20000.00' });
    refused(await refundStart(id, '0.01'), '退还金额不能大于已缴金额');

    const ledger = await ledgerOf(id);
    expect(ledger.map((r) => [Number(r.io), r.amount])).toEqual([
      [1, '20000.00'],
      [0, '12000.00'],
      [0, '8000.00'],
    ]);
    expectEvery(ledger, (r) => r.account === account && r.project === prj.main);
    expect(await balance()).toBe(startBalance);

    // refund/{id}: the history, newest first, with the sums.
    const his = await dataOf(get('zhangwei', `${D}/refund/${id}`));
    expect(his).toMatchObject({ paid: '20000.00', refunded: '20000.00', refunding: '0.00', remaining: '0.00' });
    expect(his.records.map((r: { refundAmount: string }) => r.refundAmount)).toEqual(['8000.00', '12000.00']);
    expect(his.records[0]).toMatchObject({ refundKind: 1, depositName: expect.any(String), accountName: '华建咨询基本户' });

    // The 360 view: the deposit's rows under their own figures, outside income, expense and profit.
    const after = await dataOf(get('lihong', `${PRJ}/statistics/project/money/${prj.main}`));
    expect(subtractMoney(after.depositOut, before.depositOut)).toBe('20000.00');
    expect(subtractMoney(after.depositIn, before.depositIn)).toBe('20000.00');
    expect(after.depositHeld).toBe(subtractMoney(after.depositOut, after.depositIn));
    expect({ income: after.income, expend: after.expend, profit: after.profit }).toEqual({
      income: before.income,
      expend: before.expend,
      profit: before.profit,
    });
    for (const figure of ['depositOut', 'depositIn']) {
      const d = await dataOf(get('lihong', '/api/business/hjlIncomeExpends/get/project-money/list', { projectId: prj.main, figure, size: '500' }));
      expect(d.sum).toBe(after[figure]);
      expect(sumMoney(d.records.map((r: { tradeAmount: string }) => r.tradeAmount))).toBe(after[figure]);
    }
    // Approved: no change or removal.
    refused(await post('lihong', `${D}/update`, { id, remark: '改' }), '审批中或已通过的数据不能修改');
    refused(await post('lihong', `${D}/remove`, undefined, { ids: id }), '审批中或已通过的数据不能删除');
  });

  it('concurrent refunds never pass what was paid: at start, and two approved at once queue on the deposit', async () => {
    const id = await paid({ amount: '10000.00' });
    const tries = await Promise.all([0, 1, 2].map(() => refundStart(id, '6000.00')));
    expect(tries.filter((r) => r.body.code === 200)).toHaveLength(1);
    for (const r of tries.filter((x) => x.body.code !== 200)) refused(r, '退还金额不能大于已缴金额');
    const [first] = tries.filter((r) => r.body.code === 200);
    const second = await dataOf(refundStart(id, '3000.00'));
    // Both at the last node, then approved at the same moment.
    for (const p of [first!.body.data.processInstanceId, second.processInstanceId]) ok(await approveAs('sunlei', p));
    const done = await Promise.all([first!.body.data.processInstanceId, second.processInstanceId].map((p) => approveAs('lihong', p)));
    for (const r of done) ok(r);
    expect(await depositOf(id)).toMatchObject({ refundStatus: 1, refundedAmount: '9000.00' });
    expect((await ledgerOf(id)).map((r) => r.amount).sort()).toEqual(['10000.00', '3000.00', '6000.00'].sort());
  });
});

describe('batch refund, replacement, bidders’ deposits', () => {
  it('a batch of three: one instance; rejected refunds none, approved refunds all', async () => {
    const three = [await paid({ amount: '1000.00' }), await paid({ amount: '2000.00' }), await paid({ amount: '3000.00', depositType: 2 })];
    const batch = await dataOf(post('lihong', `${R}/start/batch`, { refunds: three.map((depositId) => ({ depositId, refundDate: '2026-08-01' })) }));
    expect(batch).toMatchObject({ recordCount: 3, totalMoney: '6000.00', processDefinitionKey: 'hjl_refund_guarantee_money_batch' });
    const detail = await dataOf(get('lihong', '/api/business/hjlBatchApproval/detailByProcessInstanceId', { processInstanceId: batch.processInstanceId }));
    expect(detail.records).toHaveLength(3);
    const refundIds = detail.records.map((r: { id: string }) => String(r.id));
    ok(await approveAs('sunlei', batch.processInstanceId, false));
    for (const d of three) expect(await depositOf(d)).toMatchObject({ refundStatus: 0, refundedAmount: '0.00' });
    for (const d of three) expect(await ledgerOf(d)).toHaveLength(1);
    // Submitted again (the same three refunds, one new instance) and approved: all refunded.
    const again = await dataOf(post('lihong', `${R}/submitBatchApproval`, { ids: refundIds }));
    await approve(again.processInstanceId);
    for (const d of three) expect(await depositOf(d)).toMatchObject({ refundStatus: 2 });
    for (const d of three) expect((await ledgerOf(d)).map((r) => Number(r.io))).toEqual([1, 0]);
    // A batch naming one deposit twice, or one refunded already, writes nothing.
    const before = await counts();
    refused(await post('lihong', `${R}/start/batch`, { refunds: [{ depositId: three[0] }, { depositId: three[0] }] }), '同一保证金不能重复添加');
    refused(await post('lihong', `${R}/start/batch`, { refunds: [{ depositId: three[0], refundDate: '2026-08-02' }] }), '退还金额不能大于已缴金额');
    refused(await post('lihong', `${R}/start/batch`, { refunds: [] }), '请添加要退还的保证金');
    expect(await counts()).toEqual(before);
  });

  it('replace: the new deposit replaces the old; approved, the old one is refunded exactly once', async () => {
    const old = await paid({ amount: '5000.00', depositType: 2 });
    const part = await dataOf(refundStart(old, '1000.00'));
    // A refund under approval: no replacement yet.
    refused(await post('lihong', `${D}/replace`, form({ replacesId: old, amount: '6000.00', depositType: 2 })), '该保证金有退还审批中,不能替换');
    await approve(part.processInstanceId);
    refused(await post('lihong', `${D}/replace`, form({ amount: '6000.00' })), '请选择被替换的保证金');
    const rep = await dataOf(
      post('lihong', `${D}/replace`, form({ replacesId: old, amount: '6000.00', depositType: 2, payDate: '2026-09-01', expectedRefundDate: '2026-12-31' })),
    );
    expect(rep).toMatchObject({ processDefinitionKey: 'hjl_apply_replace_guarantee_money' });
    refused(await post('lihong', `${D}/replace`, form({ replacesId: old, amount: '6000.00' })), '该保证金已被替换或替换审批中');
    refused(await refundStart(old, '100.00'), '该保证金已被替换,不能退还');
    await approve(rep.processInstanceId);
    expect(await depositOf(old)).toMatchObject({ refundStatus: 2, refundedAmount: '5000.00', replacedById: String(rep.id) });
    expect(await depositOf(String(rep.id))).toMatchObject({ status: 2, replacesId: old, refundStatus: 0 });
    const his = await dataOf(get('lihong', `${D}/refund/${old}`));
    const replaced = his.records.filter((r: { refundKind: number }) => r.refundKind === 2);
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toMatchObject({
      refundAmount: '4000.00',
      status: 2,
      replacementId: String(rep.id),
      processDefinitionKey: 'hjl_refund_replace_guarantee_money',
      processInstanceId: rep.processInstanceId,
    });
    expect((await ledgerOf(old)).map((r) => [Number(r.io), r.amount])).toEqual([
      [1, '5000.00'],
      [0, '1000.00'],
      [0, '4000.00'],
    ]);
    expect((await ledgerOf(String(rep.id))).map((r) => [Number(r.io), r.amount])).toEqual([[1, '6000.00']]);
    refused(await post('lihong', `${D}/replace`, form({ replacesId: old })), '该保证金已被替换或替换审批中');
  });

  it('a bidder’s deposit received (income) and returned (expense): get/attract/{project}, return/attract', async () => {
    const id = await paid({ direction: 1, payeeName: '江苏恒远建设有限公司', amount: '8000.00' });
    const got = await dataOf(get('lihong', `${D}/get/attract/${prj.main}`));
    const mine = got.records.find((r: { id: string }) => String(r.id) === id);
    expect(mine).toMatchObject({ heldAmount: '8000.00', returnedAmount: '0.00', direction: 1 });
    expect(got.held).toBe(sumMoney(got.records.filter((r: { status: number }) => r.status === 2).map((r: { heldAmount: string }) => r.heldAmount)));
    const paidOne = await paid({ amount: '100.00' });
    refused(await post('lihong', `${D}/return/attract`, { depositId: paidOne, refundDate: '2026-07-01' }), '该保证金不是收取的投标保证金');
    refused(await post('lihong', `${D}/replace`, form({ replacesId: id })), '收取的投标保证金不能替换');
    const back = await dataOf(post('lihong', `${D}/return/attract`, { depositId: id, refundDate: '2026-07-01' }));
    expect(back).toMatchObject({ refundAmount: '8000.00', refundKind: 3 });
    await approve(back.processInstanceId);
    expect(await depositOf(id)).toMatchObject({ refundStatus: 2 });
    expect((await ledgerOf(id)).map((r) => [Number(r.io), r.amount])).toEqual([
      [0, '8000.00'],
      [1, '8000.00'],
    ]);
    const after = await dataOf(get('lihong', `${D}/get/attract/${prj.main}`));
    expect(after.records.find((r: { id: string }) => String(r.id) === id)).toMatchObject({ heldAmount: '0.00', returnedAmount: '8000.00' });
  });
});

describe('the outstanding report and the due reminders', () => {
  it('ages by days past the expected refund date; totals by bucket, type and project over all rows', async () => {
    const due = await paid({ amount: '700.00', depositType: 3, expectedRefundDate: '2026-04-30' });
    const report = await dataOf(get('lihong', `${D}/outstanding`, { asOf: '2026-12-31', size: '500' }));
    const row = report.records.find((r: { id: string }) => r.id === due);
    expect(row).toMatchObject({ outstanding: '700.00', daysPast: 245, bucket: 'd180_365', depositTypeName: '质量保证金' });
    const all = report.records.map((r: { outstanding: string }) => r.outstanding);
    expect(report.total).toBe(report.records.length);
    expect(report.totalAmount).toBe(sumMoney(all));
    for (const groups of [report.byBucket, report.byType, report.byProject])
      expect(sumMoney(groups.map((g: { amount: string }) => g.amount))).toBe(report.totalAmount);
    expect(report.byBucket.map((b: { key: string }) => b.key)).toEqual(['notDue', 'd0_90', 'd90_180', 'd180_365', 'over365']);
    expect(report.chart.categories).toHaveLength(5);
    // Fully refunded and replaced deposits are not outstanding.
    expectEvery(report.records, (r: { outstanding: string }) => Number(r.outstanding) > 0);
    // Earlier, the same deposit was not yet due.
    const early = await dataOf(get('lihong', `${D}/outstanding`, { asOf: '2026-04-01', depositType: '3', size: '500' }));
    expect(early.records.find((r: { id: string }) => r.id === due)).toMatchObject({ bucket: 'notDue', daysPast: 0 });
    expectEvery(early.records, (r: { depositType: number }) => r.depositType === 3);
    refused(await get('lihong', `${D}/outstanding`, { asOf: '2026-13-01' }), '统计日期格式应为yyyy-MM-dd');
  });

  it('deposits due within the window remind the applicant and finance, once per deposit and date', async () => {
    const id = await paid({ amount: '300.00', expectedRefundDate: '2027-01-20' });
    const at = new Date('2027-01-05T01:00:00Z');
    const added = await t.app.depositReminders.run(at);
    expect(added).toBeGreaterThanOrEqual(2);
    const notices = await rows(`SELECT user_id::text AS u, title FROM hjl_expire_notice WHERE biz_type = 3 AND biz_id = $1`, [id]);
    expect(notices.map((n) => n.u)).toEqual(expect.arrayContaining([ids.zhangwei, ids.lihong]));
    expect(notices.find((n) => n.u === ids.zhangwei)!.title).toContain('您申请的保证金');
    expect(await t.app.depositReminders.run(at)).toBe(0);
    // Outside the window (more than 30 days ahead): nothing for it.
    const later = await paid({ amount: '300.00', expectedRefundDate: '2027-03-20' });
    await t.app.depositReminders.run(at);
    expect(await rows(`SELECT 1 FROM hjl_expire_notice WHERE biz_id = $1`, [later])).toHaveLength(0);
  });
});

describe('bad input, another tenant, permissions, data scope', () => {
  it('bad input is a Chinese 400 and writes nothing', async () => {
    const before = await counts();
    const paidId = await paid({ amount: '50.00' });
    const mid = await counts();
    const cases: [string, Record<string, unknown>, string][] = [
      [`${D}/start`, form({ projectId: undefined }), '请选择项目'],
      [`${D}/start`, form({ amount: undefined }), '请输入保证金金额'],
      [`${D}/start`, form({ amount: '-1' }), '金额必须大于0'],
      [`${D}/start`, form({ amount: '1.234' }), '保证金金额'],
      [`${D}/start`, form({ expectedRefundDate: '2026-01-01' }), '预计退还日期不能早于缴纳日期'],
      [`${D}/save`, form({ payDate: '2026-02-30' }), '缴纳日期'],
      [`${D}/start`, form({ accountInfoId: '123' }), '不存在'],
      [`${R}/start`, { depositId: paidId, refundAmount: 'abc', refundDate: '2026-07-01' }, '退还金额'],
      [`${R}/start`, { depositId: paidId, refundDate: '2026-07-01' }, '请输入退还金额'],
      [`${R}/start`, { depositId: '999', refundAmount: '1', refundDate: '2026-07-01' }, '保证金不存在'],
      [`${R}/start`, { depositId: paidId, refundAmount: '50.01', refundDate: '2026-07-01' }, '退还金额不能大于已缴金额'],
    ];
    for (const [url, body, msg] of cases) refused(await post('zhangwei', url, body), msg);
    refused(await post('lihong', `${D}/replace`, { replacesId: 'x' }), '请选择被替换的保证金');
    refused(await post('lihong', `${D}/replace`, form({ replacesId: paidId, amount: '0' })), '金额必须大于0');
    refused(await post('lihong', `${D}/return/attract`, {}), '请选择保证金');
    refused(await get('zhangwei', `${D}/refund/abc`), '请求参数类型错误');
    expect(await counts()).toEqual(mid);
    expect(mid.deposits).toBe(before.deposits + 1);
  });

  it('another tenant sees and changes nothing of ours', async () => {
    const id = await paid({ amount: '60.00' });
    expect((await dataOf(get('b', `${D}/list`))).total).toBe(0);
    expect((await dataOf(get('b', `${R}/list`))).total).toBe(0);
    expect((await get('b', `${D}/detail`, { id })).status).toBe(404);
    refused(await get('b', `${D}/refund/${id}`), '保证金不存在或无权访问');
    refused(await post('b', `${R}/start`, { depositId: id, refundAmount: '1', refundDate: '2026-07-01' }), '保证金不存在');
    refused(await post('b', `${D}/start`, form()), '不存在');
    expect((await dataOf(get('b', `${D}/outstanding`))).total).toBe(0);
    refused(await get('b', `${D}/get/attract/${prj.main}`), '项目不存在或无权访问');
  });

  it('each route requires its code', async () => {
    for (const [method, url] of [
      ['GET', `${D}/list`],
      ['GET', `${D}/outstanding`],
      ['POST', `${D}/start`],
      ['POST', `${D}/replace`],
      ['POST', `${D}/return/attract`],
      ['POST', `${R}/start`],
      ['POST', `${R}/start/batch`],
      ['GET', `${R}/list`],
    ] as const)
      expect(await call('zhaomin', method, url, method === 'GET' ? undefined : {})).toMatchObject(FORBIDDEN);
    // Project staff apply, but neither replace, return bidders' deposits nor read the report.
    for (const url of [`${D}/replace`, `${D}/return/attract`]) expect(await post('zhangwei', url, {})).toMatchObject(FORBIDDEN);
    expect(await get('zhangwei', `${D}/outstanding`)).toMatchObject(FORBIDDEN);
  });

  it('project staff see and apply for the deposits of their projects only; finance sees all', async () => {
    const theirs = await dataOf(post('lihong', `${D}/start`, form({ projectId: prj.others, amount: '70.00' })));
    await approve(theirs.processInstanceId);
    const list = await dataOf(get('zhangwei', `${D}/list`, { size: '500' }));
    expect(list.records.length).toBeGreaterThan(0);
    expectEvery(list.records, (r: { projectId: string }) => String(r.projectId) !== prj.others);
    expect(list.records.some((r: { id: string }) => String(r.id) === String(theirs.id))).toBe(false);
    const all = await dataOf(get('lihong', `${D}/list`, { size: '500' }));
    expect(all.records.some((r: { id: string }) => String(r.id) === String(theirs.id))).toBe(true);
    refused(await post('zhangwei', `${D}/start`, form({ projectId: prj.others })), '项目不存在或无权访问');
    refused(await refundStart(String(theirs.id), '1.00'), '保证金不存在或无权访问');
    refused(await get('zhangwei', `${D}/refund/${theirs.id}`), '保证金不存在或无权访问');
    const refundList = await dataOf(get('zhangwei', `${R}/list`, { size: '500' }));
    expectEvery(refundList.records, (r: { projectId: string }) => String(r.projectId) !== prj.others);
  });
});
