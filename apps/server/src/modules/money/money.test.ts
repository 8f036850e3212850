/**
 * Project money, piece 1 (BUSINESS.md WP3 acceptance on collections, shares and invoices) over the API:
 * ought income and the collection rules (over it, an unapproved contract, another project's invoice), confirmation
 * through the kit writing one ledger row, the persons' shares (60+50 refused, 60+40 stored, amounts to the cent),
 * invoices within the contract's effective amount, voiding once through voidInvoice (the amount freed), another
 * tenant, permission codes and data scope (project staff their projects, finance all; rows and totals).
 */
import { addMoney, subtractMoney } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { basicAccountId, countRows, createTenant, userIds } from '../../testing/db.ts';
import { expectEvery } from '../../testing/expect.ts';
import { decide, users } from '../../testing/http.ts';

const A = '000000';
const C = '/api/business/hjlprojectCollect';
const CC = '/api/business/hjlProjectCollect';
const PP = '/api/business/hjlProjectCollectPerson';
const I = '/api/business/hjlInvoice';
const PRJ = '/api/business/hjlProject';
const APPROVERS = ['sunlei', 'lihong', 'wangjianguo', 'admin'];
let t: TestApp;
const { tok, get, post, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
/** Projects of 张伟 with an approved contract (main, second), one without a contract; one he does not work on. */
const prj = { main: '', second: '', noContract: '', others: '' };
let titleId = '';
/** The receiving account of the test's collections. */
let account = '';
let otherTenantTitle = '';

const rows = (q: string, v: unknown[] = []) => t.database.raw(q, v);
const one = async (q: string, v: unknown[] = []) => (await rows(q, v))[0]!;
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const collect = (over: Record<string, unknown> = {}) => ({
  projectId: prj.main,
  collectType: 2,
  collectAmount: '1000.00',
  collectDate: today(),
  accountInfoId: account,
  ...over,
});
const ought = async (projectId = prj.main) => (await get('lihong', `${CC}/ought_income/${projectId}`)).body.data;
const invoice = (over: Record<string, unknown> = {}) => ({
  projectId: prj.main,
  customerInvoiceId: titleId,
  invoiceType: 1,
  invoiceAmount: '1000.00',
  taxRate: '0.06',
  ...over,
});

/** Projects of the demo tenant with an approved main contract, 张伟 working on them or not, by the contract's amount. */
const projectsWithContract = async (member: boolean) =>
  (
    await rows(
      `SELECT p.id::text AS id, c.id::text AS contract FROM hjl_project p JOIN hjl_contract c ON c.id = p.contract_id
        WHERE p.tenant_id = $1 AND p.is_deleted = 0 AND c.is_deleted = 0 AND c.status = 2 AND c.parent_id IS NULL
          AND c.effective_amount > 100000 AND ($2::text = ANY(string_to_array(p.member_users, ','))) = $3
          AND NOT EXISTS (SELECT 1 FROM hjl_project q WHERE q.contract_id = c.id AND q.id <> p.id AND q.is_deleted = 0)
        ORDER BY c.effective_amount DESC, p.id`,
      [A, ids.zhangwei, member],
    )
  ).map((r) => ({ id: String(r.id), contract: String(r.contract) }));

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'wangjianguo', 'sunlei', 'zhangwei', 'chenjing', 'lihong', 'zhaomin');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  account = await basicAccountId(t.database);
  const mine = await projectsWithContract(true);
  const theirs = await projectsWithContract(false);
  expect(mine.length).toBeGreaterThanOrEqual(2);
  expect(theirs.length).toBeGreaterThanOrEqual(1);
  prj.main = mine[0]!.id;
  prj.second = mine[1]!.id;
  prj.others = theirs[0]!.id;
  const [free] = await rows(
    `SELECT id::text AS id FROM hjl_project WHERE tenant_id = $1 AND is_deleted = 0 AND contract_id IS NULL AND $2::text = ANY(string_to_array(member_users, ',')) LIMIT 1`,
    [A, ids.zhangwei],
  );
  prj.noContract = String(free!.id);
  // An invoice title of the main project's client, and one of another tenant's customer.
  const customer = String((await one(`SELECT customer_id::text AS c FROM hjl_project WHERE id = $1`, [prj.main])).c);
  titleId = '990000000000000001';
  otherTenantTitle = '990000000000000002';
  await rows(
    `INSERT INTO hjl_customer_invoice (id, tenant_id, customer_id, invoice_title, tax_number) VALUES ($1, $2, $3, '测试开票抬头', '91320100MA1TEST01X'),
       ($4, '100001', $3, '别家租户抬头', '91320100MA1TEST02X')`,
    [titleId, A, customer, otherTenantTitle],
  );
}, 180_000);
afterAll(() => t.close());

describe('collections (项目收款)', () => {
  let approvedId = '';

  it('ought income is the contract’s effective amount less the approved collections', async () => {
    const o = await ought();
    const c = await one(`SELECT effective_amount::text AS e FROM hjl_contract c JOIN hjl_project p ON p.contract_id = c.id WHERE p.id = $1`, [prj.main]);
    const done = await one(
      `SELECT coalesce(sum(collect_amount), 0)::text AS s FROM hjl_project_collect WHERE project_id = $1 AND status = 2 AND is_deleted = 0`,
      [prj.main],
    );
    expect(o).toMatchObject({ projectId: prj.main, contractAmount: c.e });
    expect(Number(o.oughtIncome) * 100).toBeCloseTo((Number(c.e) - Number(done.s)) * 100, 0);
    expect((await get('lihong', `${CC}/ought_income/${prj.noContract}`)).body).toMatchObject({ code: 400, msg: '项目未关联合同,不能收款' });
  });

  it('refuses bad input with Chinese messages and writes nothing', async () => {
    const before = await countRows(t.database, 'hjl_project_collect');
    const o = await ought();
    const bad: [Record<string, unknown>, string][] = [
      [collect({ projectId: undefined }), '请选择项目'],
      [collect({ collectType: undefined }), '请选择收款类型'],
      [collect({ collectAmount: undefined }), '请输入收款金额'],
      [collect({ collectDate: undefined }), '请选择收款日期'],
      [collect({ collectAmount: '0' }), '金额必须大于0'],
      [collect({ collectAmount: '1.005' }), '收款金额最多保留两位小数'],
      [collect({ collectAmount: 'abc' }), '收款金额最多保留两位小数'],
      [collect({ collectAmount: String(Number(o.oughtIncome) + 0.01) }), '收款金额不能大于应收金额'],
      [collect({ projectId: prj.noContract }), '项目未关联合同,不能收款'],
      [collect({ projectId: prj.others }), '项目不存在或无权访问'],
      [collect({ projectId: '123456789' }), '项目不存在或无权访问'],
      [collect({ invoiceId: '123456789' }), '发票不属于该项目'],
      [collect({ accountInfoId: '123456789' }), '收款账户不存在'],
    ];
    for (const [payload, msg] of bad) expect((await post('zhangwei', `${C}/save`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect((await post('zhangwei', `${C}/start`, collect({ collectAmount: '0' }))).body).toMatchObject({ code: 400, msg: '金额必须大于0' });
    expect(await countRows(t.database, 'hjl_project_collect')).toBe(before);
  });

  it('a collection on a project whose contract is not approved is refused', async () => {
    const c = String((await one(`SELECT contract_id::text AS c FROM hjl_project WHERE id = $1`, [prj.second])).c);
    await rows(`UPDATE hjl_contract SET status = 1 WHERE id = $1`, [c]);
    try {
      expect((await post('zhangwei', `${C}/save`, collect({ projectId: prj.second }))).body).toMatchObject({ code: 400, msg: '合同未审批通过,不能收款' });
      expect((await post('zhangwei', `${I}/save`, invoice({ projectId: prj.second }))).body).toMatchObject({ code: 400, msg: '合同未审批通过,不能开票' });
    } finally {
      await rows(`UPDATE hjl_contract SET status = 2 WHERE id = $1`, [c]);
    }
  });

  it('confirmed through the kit: approved, it writes one income row of the ledger linked to the project; ought income falls', async () => {
    const before = await ought();
    const r = await post('zhangwei', `${C}/start`, collect({ collectAmount: '12345.67', contractId: '1', customerId: '1', isKnowGet: 1 }));
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    approvedId = r.body.data.id;
    const d = (await get('zhangwei', `${C}/detail`, { id: approvedId })).body.data;
    expect(d).toMatchObject({ status: 1, collectAmount: '12345.67', projectName: expect.any(String), contractName: expect.any(String), isKnowGet: 0 });
    expect(d.contractId).not.toBe('1');
    // Under confirmation it already holds its amount: the rest of the ought income only.
    expect((await post('zhangwei', `${C}/save`, collect({ collectAmount: before.oughtIncome }))).body).toMatchObject({ msg: '收款金额不能大于应收金额' });
    expect((await get('zhangwei', `${CC}/income-expend/${approvedId}`)).body.data).toEqual([]);
    await decide(t, tok, r.body.data.processInstanceId, true, APPROVERS);
    expect((await get('zhangwei', `${C}/detail`, { id: approvedId })).body.data.status).toBe(2);
    const ledger = await rows(
      `SELECT project_id::text AS p, trade_amount::text AS a, income_or_expend AS io FROM hjl_income_expend WHERE biz_type = 'hjl_project_collect' AND biz_id = $1`,
      [approvedId],
    );
    expect(ledger).toEqual([{ p: prj.main, a: '12345.67', io: 0 }]);
    expect((await get('zhangwei', `${CC}/income-expend/${approvedId}`)).body.data).toMatchObject([{ tradeAmount: '12345.67', projectId: prj.main }]);
    const after = await ought();
    expect(after.oughtIncome).toBe((Math.round(Number(before.oughtIncome) * 100 - 1234567) / 100).toFixed(2));
    expect(after.collectedAmount).toBe((Math.round(Number(before.collectedAmount) * 100 + 1234567) / 100).toFixed(2));
    // Approved: no change, no removal.
    expect((await post('zhangwei', `${C}/update`, { id: approvedId, remark: 'x' })).body).toMatchObject({ code: 400, msg: '审批中或已通过的数据不能修改' });
    expect((await post('zhangwei', `${C}/remove`, undefined, { ids: approvedId })).body).toMatchObject({ code: 400 });
    // The project's confirmed collections.
    const pay = (await get('zhangwei', `${CC}/get/payment/${prj.main}`)).body.data;
    expect(pay.records.map((x: { id: string }) => x.id)).toContain(approvedId);
    expect(pay.collectedAmount).toBe(after.collectedAmount);
  });

  it('a collection beyond the ought income (less those under confirmation) is refused; exactly what is left is accepted', async () => {
    const o = await ought();
    const left = subtractMoney(o.oughtIncome, o.pendingAmount);
    expect((await post('zhangwei', `${C}/start`, collect({ collectAmount: addMoney(o.oughtIncome, '0.01') }))).body).toMatchObject({
      code: 400,
      msg: '收款金额不能大于应收金额',
    });
    expect((await post('zhangwei', `${C}/start`, collect({ collectAmount: addMoney(left, '0.01') }))).body).toMatchObject({
      code: 400,
      msg: '收款金额不能大于应收金额',
    });
    const r = await post('zhangwei', `${C}/save`, collect({ collectAmount: left }));
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    await post('zhangwei', `${C}/remove`, undefined, { ids: String(r.body.data?.id ?? r.body.data) });
  });

  describe('persons’ shares (hjlProjectCollectPerson)', () => {
    it('save-batch with 60 + 50 is refused; 60 + 40 is stored with amounts adding up to the collection', async () => {
      const body = (a: string, b: string) => ({
        collectId: approvedId,
        persons: [
          { userId: ids.zhangwei, shareRatio: a },
          { userId: ids.chenjing, shareRatio: b },
        ],
      });
      expect((await post('zhangwei', `${PP}/save-batch`, body('60', '50'))).body).toMatchObject({ code: 400, msg: '分配比例合计不能超过100%' });
      expect(await countRows(t.database, 'hjl_project_collect_person', `collect_id = ${approvedId}`)).toBe(0);
      const r = await post('zhangwei', `${PP}/save-batch`, body('60', '40'));
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
      const list = (await get('zhangwei', `${PP}/get/persons/${approvedId}`)).body.data;
      expect(list.map((p: Record<string, string>) => [p.userName, p.shareRatio, p.shareAmount])).toEqual([
        ['张伟', '60.00', '7407.40'],
        ['陈静', '40.00', '4938.27'],
      ]);
      // 12345.67 × 60 % = 7407.402, × 40 % = 4938.268: rounded 7407.40 + 4938.27 = 12345.67 exactly.
    });

    it('the rounding difference goes to the first person: 50 / 25 / 25 of 12345.67', async () => {
      const r = await post('zhangwei', `${PP}/save-batch`, {
        collectId: approvedId,
        persons: [
          { userId: ids.zhangwei, shareRatio: '50' },
          { userId: ids.chenjing, shareRatio: '25' },
          { userId: ids.liuyang, shareRatio: '25' },
        ],
      });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
      const list = (await get('zhangwei', `${PP}/get/persons/${approvedId}`)).body.data as Record<string, string>[];
      // 6172.835 → 6172.84 and 3086.4175 → 3086.42 twice add up to 12345.68: the first gives back the cent.
      expect(list.map((p) => p.shareAmount)).toEqual(['6172.83', '3086.42', '3086.42']);
      const fen = list.reduce((a, p) => a + Math.round(Number(p.shareAmount) * 100), 0);
      expect(fen).toBe(1234567);
      // Replaced, not added to.
      expect(await countRows(t.database, 'hjl_project_collect_person', `collect_id = ${approvedId} AND is_deleted = 0`)).toBe(3);
    });

    it('refuses bad shares with Chinese messages and keeps the list', async () => {
      const bad: [object, string][] = [
        [{ collectId: approvedId, persons: [{ userId: ids.zhangwei, shareRatio: '0' }] }, '分配比例应大于0且不超过100'],
        [{ collectId: approvedId, persons: [{ userId: ids.zhangwei, shareRatio: '-5' }] }, '分配比例应大于0且不超过100'],
        [{ collectId: approvedId, persons: [{ userId: ids.zhangwei, shareRatio: '10.001' }] }, '分配比例应大于0且不超过100'],
        [{ collectId: approvedId, persons: [{ userId: ids.zhangwei, shareRatio: 'abc' }] }, '分配比例应大于0且不超过100'],
        [
          {
            collectId: approvedId,
            persons: [
              { userId: ids.zhangwei, shareRatio: '10' },
              { userId: ids.zhangwei, shareRatio: '10' },
            ],
          },
          '同一人员不能重复分配',
        ],
        [{ collectId: approvedId, persons: [{ userId: '123456789', shareRatio: '10' }] }, '分配人员不存在'],
        [{ collectId: '123456789', persons: [{ userId: ids.zhangwei, shareRatio: '10' }] }, '收款记录不存在或无权访问'],
        [{ collectId: approvedId }, '请添加分配人员'],
      ];
      for (const [payload, msg] of bad)
        expect((await post('zhangwei', `${PP}/save-batch`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
      expect(await countRows(t.database, 'hjl_project_collect_person', `collect_id = ${approvedId} AND is_deleted = 0`)).toBe(3);
    });

    it('detail, expend (a person’s shares of confirmed collections) and remove', async () => {
      const list = (await get('zhangwei', `${PP}/get/persons/${approvedId}`)).body.data as Record<string, string>[];
      const first = list[0]!;
      const firstId = String(first.id);
      expect((await get('zhangwei', `${PP}/detail`, { id: firstId })).body.data).toMatchObject({ id: firstId, userName: '张伟', shareAmount: '6172.83' });
      // His shares of the project's confirmed collections (the demo data's too), from the table.
      const sum = await one(
        `SELECT coalesce(sum(s.share_amount), 0)::text AS s FROM hjl_project_collect_person s JOIN hjl_project_collect c ON c.id = s.collect_id
          WHERE s.user_id = $1 AND s.is_deleted = 0 AND c.status = 2 AND c.is_deleted = 0 AND c.project_id = $2`,
        [ids.zhangwei, prj.main],
      );
      const e = (await get('zhangwei', `${PP}/expend`, { projectId: prj.main })).body.data;
      expect(e).toMatchObject({ shareAmount: Number(sum.s).toFixed(2), expend: '0.00', balance: Number(sum.s).toFixed(2) });
      expect(Number(e.shareAmount)).toBeGreaterThanOrEqual(6172.83);
      expect((await get('lihong', `${PP}/expend`, { userId: ids.zhangwei!, projectId: prj.main })).body.data).toEqual(e);
      expect((await get('zhangwei', `${PP}/expend`, { userId: '123456789' })).body).toMatchObject({ code: 400, msg: '分配人员不存在' });
      expect((await get('zhangwei', `${PP}/expend`, { projectId: prj.others })).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
      expect((await post('zhangwei', `${PP}/remove`, undefined, { ids: firstId })).body).toMatchObject({ code: 200 });
      expect((await get('zhangwei', `${PP}/get/persons/${approvedId}`)).body.data).toHaveLength(2);
      // An id that is none of its rows (removed already, unknown) answers like every other remove; nothing changes.
      for (const gone of [firstId, '123456789'])
        expect((await post('zhangwei', `${PP}/remove`, undefined, { ids: gone })).body).toMatchObject({ code: 400, msg: '数据不存在或已被删除' });
      expect((await get('zhangwei', `${PP}/get/persons/${approvedId}`)).body.data).toHaveLength(2);
    });
  });
});

describe('invoices (开票) and voiding (作废)', () => {
  let issued = '';

  it('refuses bad input: another tenant’s invoice title, a title of another client, over the contract', async () => {
    const before = await countRows(t.database, 'hjl_invoice');
    const eff = (await get('lihong', `${PRJ}/get/invoice/${prj.main}`)).body.data;
    const otherClientTitle = String(
      (
        await one(
          `SELECT id::text AS id FROM hjl_customer_invoice WHERE tenant_id = $1 AND is_deleted = 0 AND id <> $2 AND customer_id <> (SELECT customer_id FROM hjl_project WHERE id = $3) LIMIT 1`,
          [A, titleId, prj.main],
        )
      ).id,
    );
    const bad: [Record<string, unknown>, string][] = [
      [invoice({ customerInvoiceId: undefined }), '请选择发票抬头'],
      [invoice({ invoiceType: undefined }), '请选择发票类型'],
      [invoice({ invoiceAmount: '0' }), '金额必须大于0'],
      [invoice({ taxRate: '13' }), '税率应在0到1之间,最多四位小数'],
      [invoice({ customerInvoiceId: otherTenantTitle }), '发票抬头不存在'],
      [invoice({ customerInvoiceId: otherClientTitle }), '发票抬头不属于该项目的委托方'],
      [invoice({ invoiceAmount: (Math.round(Number(eff.invoiceableAmount) * 100 + 1) / 100).toFixed(2) }), '开票金额不能超过合同金额'],
      [invoice({ projectId: prj.noContract }), '项目未关联合同,不能开票'],
      [invoice({ projectId: prj.others }), '项目不存在或无权访问'],
    ];
    for (const [payload, msg] of bad) expect((await post('zhangwei', `${I}/save`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect(await countRows(t.database, 'hjl_invoice')).toBe(before);
  });

  it('apply/invoice starts the invoice process; approved, the invoice is 已开票 with its title and tax', async () => {
    const r = await post('zhangwei', `${PRJ}/apply/invoice`, invoice({ invoiceAmount: '10600.00', invoiceStatus: 1, taxAmount: '1' }));
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    issued = r.body.data.id;
    // The form's 发票抬头 select: the project client's titles.
    expect((await get('zhangwei', `${I}/titles/${prj.main}`)).body.data).toContainEqual({
      id: titleId,
      invoiceTitle: '测试开票抬头',
      taxNumber: '91320100MA1TEST01X',
    });
    expect((await get('zhangwei', `${I}/titles/${prj.others}`)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    const d = (await get('zhangwei', `${I}/detail`, { id: issued })).body.data;
    expect(d).toMatchObject({
      status: 1,
      invoiceStatus: 0,
      invoiceTitle: '测试开票抬头',
      taxNumber: '91320100MA1TEST01X',
      taxAmount: '600.00',
      amountExcludingTax: '10000.00',
    });
    // A collection may not name an invoice not yet issued.
    expect((await post('zhangwei', `${C}/save`, collect({ invoiceId: issued }))).body).toMatchObject({ code: 400, msg: '只能关联已开票的发票' });
    // Voiding an invoice under approval is refused.
    expect((await get('zhangwei', `${I}/cancellation/${issued}`)).body).toMatchObject({ code: 400, msg: '只有已开票的发票才能作废' });
    await decide(t, tok, r.body.data.processInstanceId, true, APPROVERS);
    expect((await get('zhangwei', `${I}/detail`, { id: issued })).body.data).toMatchObject({ status: 2, invoiceStatus: 1, invoiceDate: expect.any(String) });
    // Now a collection of the project may name it; another project's collection may not.
    expect((await get('zhangwei', `${CC}/get/invoice/${prj.main}`)).body.data.map((x: { id: string }) => x.id)).toContain(issued);
    const c = await post('zhangwei', `${C}/save`, collect({ invoiceId: issued, collectAmount: '1.00' }));
    expect(c.body).toMatchObject({ code: 200 });
    expect((await post('zhangwei', `${C}/save`, collect({ projectId: prj.second, invoiceId: issued }))).body).toMatchObject({
      code: 400,
      msg: '发票不属于该项目',
    });
  });

  it('the invoiced total never exceeds the contract; voiding (once, through voidInvoice) frees the amount', async () => {
    const sums = (await get('zhangwei', `${PRJ}/get/invoice/${prj.main}`)).body.data;
    const issuedRows = await rows(`SELECT invoice_amount::text AS a FROM hjl_invoice WHERE project_id = $1 AND invoice_status = 1 AND is_deleted = 0`, [
      prj.main,
    ]);
    expect(sums.invoicedAmount).toBe(issuedRows.reduce((a, r) => addMoney(a, String(r.a)), '0.00'));
    const rest = sums.invoiceableAmount as string;
    // The rest of the contract under approval: nothing more fits, not even a cent.
    const big = await post('zhangwei', `${I}/start`, invoice({ invoiceAmount: rest }));
    expect(big.body, JSON.stringify(big.body)).toMatchObject({ code: 200 });
    expect((await post('zhangwei', `${I}/save`, invoice({ invoiceAmount: '0.01' }))).body).toMatchObject({ code: 400, msg: '开票金额不能超过合同金额' });
    // Void the issued one: started by cancellation/{id}, refused a second time while it runs.
    const v = await get('zhangwei', `${I}/cancellation/${issued}`, { voidReason: '抬头开错' });
    expect(v.body, JSON.stringify(v.body)).toMatchObject({
      code: 200,
      data: { invoiceId: issued, voidReason: '抬头开错', processInstanceId: expect.any(String) },
    });
    expect((await get('zhangwei', `${I}/cancellation/${issued}`)).body).toMatchObject({ code: 400, msg: '该发票已作废或作废审批中' });
    await decide(t, tok, v.body.data.processInstanceId, true, APPROVERS);
    expect((await get('zhangwei', `${I}/detail`, { id: issued })).body.data).toMatchObject({ invoiceStatus: 2, voidReason: '抬头开错' });
    expect((await get('zhangwei', `${I}/cancellation/${issued}`)).body).toMatchObject({ code: 400, msg: '该发票已作废或作废审批中' });
    // Its amount can be invoiced again.
    const again = await post('zhangwei', `${I}/save`, invoice({ invoiceAmount: '10600.00' }));
    expect(again.body, JSON.stringify(again.body)).toMatchObject({ code: 200 });
    const after = (await get('zhangwei', `${PRJ}/get/invoice/${prj.main}`)).body.data;
    expect(after).toMatchObject({ invoicedAmount: subtractMoney(sums.invoicedAmount, '10600.00'), voidedAmount: addMoney(sums.voidedAmount, '10600.00') });
  });
});

describe('another tenant, permissions and data scope', () => {
  it('another tenant sees and changes nothing', async () => {
    const mine = String((await one(`SELECT id::text AS id FROM hjl_project_collect WHERE tenant_id = $1 LIMIT 1`, [A])).id);
    const inv = String((await one(`SELECT id::text AS id FROM hjl_invoice WHERE tenant_id = $1 LIMIT 1`, [A])).id);
    expect((await get('b', `${C}/list`)).body.data).toMatchObject({ total: 0, records: [] });
    expect((await get('b', `${I}/list`)).body.data).toMatchObject({ total: 0, records: [] });
    expect((await get('b', `${C}/detail`, { id: mine })).body.code).not.toBe(200);
    expect((await get('b', `${I}/detail`, { id: inv })).body.code).not.toBe(200);
    expect((await get('b', `${CC}/ought_income/${prj.main}`)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect((await get('b', `${PP}/get/persons/${mine}`)).body).toMatchObject({ code: 400, msg: '收款记录不存在或无权访问' });
    expect((await get('b', `${I}/cancellation/${inv}`)).body).toMatchObject({ code: 400, msg: '发票不存在或无权访问' });
    const before = await countRows(t.database, 'hjl_project_collect');
    expect((await post('b', `${C}/save`, collect())).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    await post('b', `${C}/remove`, undefined, { ids: mine });
    expect(await countRows(t.database, 'hjl_project_collect')).toBe(before);
    expect(await countRows(t.database, 'hjl_project_collect', `id = ${mine} AND is_deleted = 0`)).toBe(1);
  });

  it('a user without the codes gets 403 请求被拒绝', async () => {
    const calls: [string, string, object?][] = [
      ['GET', `${C}/list`],
      ['POST', `${C}/save`, collect()],
      ['GET', `${CC}/ought_income/${prj.main}`],
      ['POST', `${PP}/save-batch`, { collectId: '1', persons: [] }],
      ['GET', `${I}/list`],
      ['POST', `${I}/start`, invoice()],
      ['POST', `${PRJ}/apply/invoice`, invoice()],
      ['GET', `${I}/cancellation/1`],
      ['GET', `${PRJ}/get/invoice/${prj.main}`],
    ];
    for (const [method, url, payload] of calls) {
      const r = await t.call(tok.zhaomin, { method: method as 'GET' | 'POST', url, payload });
      expect(r.status, url).toBe(403);
      expect(r.body.msg).toBe('请求被拒绝');
    }
  });

  it('project staff see the money of their projects only (rows and totals); finance sees all', async () => {
    // A collection and an invoice on a project 张伟 does not work on (made by 李红, finance).
    const r = await post('lihong', `${C}/save`, collect({ projectId: prj.others, collectAmount: '50.00' }));
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    const theirs = String(r.body.data?.id ?? r.body.data);
    const all = Number((await one(`SELECT count(*)::int AS n FROM hjl_project_collect WHERE tenant_id = $1 AND is_deleted = 0`, [A])).n);
    const his = Number(
      (
        await one(
          `SELECT count(*)::int AS n FROM hjl_project_collect c JOIN hjl_project p ON p.id = c.project_id
            WHERE c.tenant_id = $1 AND c.is_deleted = 0 AND p.is_deleted = 0 AND $2::text = ANY(string_to_array(p.member_users, ','))`,
          [A, ids.zhangwei],
        )
      ).n,
    );
    expect(his).toBeLessThan(all);
    const fin = (await get('lihong', `${C}/list`, { size: '500' })).body.data;
    expect(fin.total).toBe(all);
    const staff = (await get('zhangwei', `${C}/list`, { size: '500' })).body.data;
    expect(staff.total).toBe(his);
    expect(staff.records.map((x: { id: string }) => x.id)).not.toContain(theirs);
    const members = new Set(
      (await rows(`SELECT id::text AS id FROM hjl_project WHERE $1::text = ANY(string_to_array(member_users, ','))`, [ids.zhangwei])).map((x) => String(x.id)),
    );
    expectEvery(staff.records as { projectId: string }[], (x) => members.has(String(x.projectId)));
    expect((await get('zhangwei', `${C}/detail`, { id: theirs })).body.code).not.toBe(200);
    expect((await get('zhangwei', `${CC}/ought_income/${prj.others}`)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect((await get('zhangwei', `${PRJ}/get/invoice/${prj.others}`)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect((await get('lihong', `${CC}/ought_income/${prj.others}`)).body.code).toBe(200);
    // Invoices likewise.
    const invAll = Number((await one(`SELECT count(*)::int AS n FROM hjl_invoice WHERE tenant_id = $1 AND is_deleted = 0`, [A])).n);
    expect((await get('lihong', `${I}/list`, { size: '500' })).body.data.total).toBe(invAll);
    const invStaff = (await get('zhangwei', `${I}/list`, { size: '500' })).body.data;
    expectEvery(invStaff.records as { projectId: string }[], (x) => members.has(String(x.projectId)));
  });
});
