/**
 * Contracts over the API (BUSINESS.md WP2 acceptance): numbering (preview, parallel saves), validation, approval
 * through editContract, supplementary agreements and the effective amount, the project link and reset/link,
 * another tenant, permissions, the report and the export.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { decide, users } from '../../testing/http.ts';

const C = '/api/business/hjlContract';
const P = '/api/business/hjlProject';
let t: TestApp;
const { tok, get, post, login, loginAs } = users(() => t);
const ids = {} as Record<string, string> & { approved: string; zhangwei: string };
let customerId = '';

const year = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date());
const form = (over: Record<string, unknown> = {}) => ({
  contractName: '测试合同',
  businessType: 1,
  customerId,
  signDate: '2026-03-01',
  startDate: '2026-03-05',
  endDate: '2026-12-31',
  contractAmount: '120000.50',
  ...over,
});
/** The contract named `name` as the admin lists it. */
const byName = async (name: string) =>
  (await get('admin', `${C}/list`, { contractName: name, size: '50' })).body.data.records.find((r: { contractName: string }) => r.contractName === name);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  // Tenant B has its business types (it counts its own numbers).
  await t.database.raw(
    `INSERT INTO blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value, sort) VALUES (990001, '100001', 0, 'contract_business_type', '-1', '合同业务类型', 0), (990002, '100001', 990001, 'contract_business_type', '1', '造价咨询', 1)`,
  );
  await login('admin', 'wangjianguo', 'sunlei', 'zhangwei', 'chenjing', 'lihong', 'zhaomin');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  const [c] = await t.database.raw(`SELECT id::text AS id FROM hjl_customer WHERE tenant_id = '000000' AND owner_user = $1 ORDER BY id LIMIT 1`, [
    ids.zhangwei,
  ]);
  customerId = String(c!.id);
}, 120_000);
afterAll(() => t.close());

describe('contract numbers', () => {
  it('get/contractNum previews the next number of the type (twice the same); a missing or unknown type is refused', async () => {
    const a = await get('zhangwei', `${C}/get/contractNum`, { businessType: '1' });
    expect(a.body, JSON.stringify(a.body)).toMatchObject({ code: 200 });
    expect(a.body.data).toMatch(new RegExp(`^HJ-HT-ZJ-${year()}-\\d{4}$`));
    expect((await get('zhangwei', `${C}/get/contractNum`, { businessType: '1' })).body.data).toBe(a.body.data);
    expect((await get('zhangwei', `${C}/get/contractNum`, { businessType: '2' })).body.data).toMatch(/^HJ-HT-ZB-/);
    expect((await get('zhangwei', `${C}/get/contractNum`)).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: businessType' });
    expect((await get('zhangwei', `${C}/get/contractNum`, { businessType: '99' })).body).toMatchObject({ code: 400, msg: '业务类型不存在' });
    // A user without the add code may not ask.
    expect((await get('lihong', `${C}/get/contractNum`, { businessType: '1' })).status).toBe(403);
  });

  it('two parallel saves take consecutive numbers; the preview was the first of them; a client-sent number is ignored', async () => {
    const preview = (await get('zhangwei', `${C}/get/contractNum`, { businessType: '3' })).body.data as string;
    const [a, b] = await Promise.all([
      post('zhangwei', `${C}/save`, form({ contractName: '并发一', businessType: 3, contractNum: 'X-1' })),
      post('zhangwei', `${C}/save`, form({ contractName: '并发二', businessType: 3, contractNum: 'X-1' })),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const nums = [(await byName('并发一')).contractNum, (await byName('并发二')).contractNum].sort();
    const seq = (n: string) => Number(n.split('-').pop());
    expect(nums[0]).toBe(preview);
    expect(seq(nums[1]!)).toBe(seq(nums[0]!) + 1);
    expect((await get('zhangwei', `${C}/get/contractNum`, { businessType: '3' })).body.data).toMatch(
      new RegExp(`-${String(seq(nums[1]!) + 1).padStart(4, '0')}$`),
    );
  });
});

describe('contract records', () => {
  it('refuses bad input with the field messages and writes nothing', async () => {
    const before = await countRows(t.database, 'hjl_contract');
    const bad: [Record<string, unknown>, string][] = [
      [form({ contractName: '' }), '请输入合同名称'],
      [form({ customerId: undefined }), '请选择委托方'],
      [form({ contractAmount: undefined }), '请输入合同金额'],
      [form({ businessType: undefined }), '请选择业务类型'],
      [form({ contractAmount: '100.123' }), '合同金额最多保留两位小数'],
      [form({ contractAmount: '0' }), '合同金额必须大于0'],
      [form({ contractAmount: 'abc' }), '合同金额最多保留两位小数'],
      [form({ endDate: '2026-03-01' }), '合同结束日期不能早于开始日期'],
      [form({ signDate: '2026-02-30x' }), '签订日期格式应为yyyy-MM-dd'],
      [form({ businessType: 42 }), '业务类型不存在'],
      [form({ customerId: '123456789' }), '委托方不存在'],
    ];
    for (const [payload, msg] of bad) expect((await post('zhangwei', `${C}/save`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect(await countRows(t.database, 'hjl_contract')).toBe(before);
  });

  it('a saved contract is a draft (status 0) with its handler, department, number and effective amount', async () => {
    expect((await post('zhangwei', `${C}/save`, form({ contractName: '草稿合同' }))).status).toBe(200);
    const row = await byName('草稿合同');
    expect(row).toMatchObject({ status: 0, handlerName: '张伟', customerName: expect.any(String), effectiveAmount: '120000.50', linkStatus: 0 });
    expect(row.deptName).toBe('造价部');
    const d = (await get('zhangwei', `${C}/get/${row.id}`)).body.data;
    expect(d).toMatchObject({ id: row.id, contractNum: row.contractNum, replenishments: [], projects: [] });
    // The update keeps the number and recomputes the effective amount.
    expect((await post('zhangwei', `${C}/update`, { id: row.id, contractAmount: '99.99', contractNum: 'HACK' })).status).toBe(200);
    expect(await byName('草稿合同')).toMatchObject({ contractNum: row.contractNum, effectiveAmount: '99.99' });
  });

  it('goes through editContract: started (1), locked, approved (2); the history lists the instance', async () => {
    const r = await post('zhangwei', `${C}/start`, form({ contractName: '审批合同', contractAmount: '880000.00' }));
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    const { id, processInstanceId } = r.body.data;
    expect((await get('zhangwei', `${C}/detail`, { id })).body.data).toMatchObject({ status: 1, contractNum: expect.stringMatching(/^HJ-HT-ZJ-/) });
    expect((await post('zhangwei', `${C}/update`, { id, contractName: '改名' })).body).toMatchObject({ code: 400, msg: '审批中或已通过的数据不能修改' });
    await decide(t, tok, processInstanceId);
    expect((await get('zhangwei', `${C}/detail`, { id })).body.data).toMatchObject({ status: 2 });
    const his = (await get('zhangwei', `${C}/get/process_his/${id}`, { current: '1', size: '10000' })).body.data;
    expect(his.records[0]).toMatchObject({ processInstanceId, processIsFinished: 'finished' });
    ids.approved = id;
  });

  it('a rejected contract (3) is changed and started again as a new instance', async () => {
    const { id, processInstanceId } = (await post('zhangwei', `${C}/start`, form({ contractName: '驳回合同' }))).body.data;
    await decide(t, tok, processInstanceId, false);
    expect((await get('zhangwei', `${C}/detail`, { id })).body.data.status).toBe(3);
    const again = await post('zhangwei', `${C}/start`, { id, ...form({ contractName: '驳回合同', contractAmount: '1000.00' }) });
    expect(again.body, JSON.stringify(again.body)).toMatchObject({ code: 200 });
    expect(again.body.data.processInstanceId).not.toBe(processInstanceId);
    expect((await get('zhangwei', `${C}/get/process_his/${id}`)).body.data.total).toBe(2);
  });
});

describe('supplementary agreements (replenish)', () => {
  it('refuses a missing, unapproved or supplementary main contract and bad values', async () => {
    const draft = await byName('草稿合同');
    const r = (payload: object) => post('zhangwei', `${C}/replenish`, payload);
    expect((await r({ parentId: '123456789', replenishType: 1, contractAmount: '100', signDate: '2026-05-01' })).body.msg).toBe('主合同不存在或无权访问');
    expect((await r({ parentId: draft.id, replenishType: 1, contractAmount: '100', signDate: '2026-05-01' })).body.msg).toBe(
      '主合同未审批通过,不能签订补充协议',
    );
    expect((await r({ replenishType: 1, contractAmount: '100', signDate: '2026-05-01' })).body.msg).toBe('请选择主合同');
    expect((await r({ parentId: ids.approved, contractAmount: '100', signDate: '2026-05-01' })).body.msg).toBe('请选择补充类型');
    expect((await r({ parentId: ids.approved, replenishType: 1, contractAmount: '1.001', signDate: '2026-05-01' })).body.msg).toBe('合同金额最多保留两位小数');
    expect(
      (await r({ parentId: ids.approved, replenishType: 1, contractAmount: '100', signDate: '2026-05-01', startDate: '2026-05-02', endDate: '2026-05-01' }))
        .body.msg,
    ).toBe('合同结束日期不能早于开始日期');
    // Without the button code: refused.
    expect((await post('lihong', `${C}/replenish`, { parentId: ids.approved, replenishType: 1, contractAmount: '1', signDate: '2026-05-01' })).status).toBe(
      403,
    );
  });

  it('the main contract’s effective amount changes only when the agreement is approved', async () => {
    const main = (await get('zhangwei', `${C}/detail`, { id: ids.approved })).body.data;
    const r = await post('zhangwei', `${C}/replenish`, { parentId: ids.approved, replenishType: 1, contractAmount: '20000.25', signDate: '2026-06-01' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200, data: { contractNum: `${main.contractNum}-BC01` } });
    const agreementId = r.body.data.id;
    const second = await post('zhangwei', `${C}/replenish`, { parentId: ids.approved, replenishType: 2, contractAmount: '-500.00', signDate: '2026-06-02' });
    expect(second.body.data.contractNum).toBe(`${main.contractNum}-BC02`);
    expect((await get('zhangwei', `${C}/detail`, { id: ids.approved })).body.data.effectiveAmount).toBe('880000.00');
    const agreement = (await get('zhangwei', `${C}/detail`, { id: agreementId })).body.data;
    expect(agreement).toMatchObject({
      parentId: ids.approved,
      parentName: '审批合同',
      status: 0,
      customerId: main.customerId,
      businessType: main.businessType,
    });
    // Its own approval (editContract), then the main's effective amount includes it.
    const s = await post('zhangwei', `${C}/start`, { id: agreementId });
    expect(s.body, JSON.stringify(s.body)).toMatchObject({ code: 200 });
    await decide(t, tok, s.body.data.processInstanceId);
    expect((await get('zhangwei', `${C}/detail`, { id: ids.approved })).body.data.effectiveAmount).toBe('900000.25');
    const full = (await get('zhangwei', `${C}/get/${ids.approved}`)).body.data;
    expect(full.replenishments.map((x: { contractNum: string }) => x.contractNum)).toEqual([`${main.contractNum}-BC01`, `${main.contractNum}-BC02`]);
    // An agreement cannot have one of its own.
    expect((await post('zhangwei', `${C}/replenish`, { parentId: agreementId, replenishType: 1, contractAmount: '1', signDate: '2026-06-03' })).body.msg).toBe(
      '补充协议不能再签订补充协议',
    );
    // The main contract's history lists the agreement's process too.
    expect((await get('zhangwei', `${C}/get/process_his/${ids.approved}`)).body.data.total).toBe(2);
  });
});

describe('linking projects', () => {
  let projectId = '';
  let otherProject = '';
  beforeAll(async () => {
    const p = (name: string) => ({
      projectName: name,
      projectType: 1,
      customerId,
      deptId: undefined,
      leaderUser: ids.zhangwei,
    });
    for (const name of ['关联测试项目', '关联测试项目二']) {
      const dept = (await t.database.raw(`SELECT dept_id::text AS d FROM blade_user WHERE id = $1`, [ids.zhangwei]))[0]!.d;
      const r = await post('zhangwei', `${P}/save`, { ...p(name), deptId: dept });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const list = (await get('zhangwei', `${P}/list`, { projectName: '关联测试项目', size: '10' })).body.data.records;
    projectId = list.find((x: { projectName: string }) => x.projectName === '关联测试项目').id;
    otherProject = list.find((x: { projectName: string }) => x.projectName === '关联测试项目二').id;
  });

  it('an unapproved contract is refused; an approved one links (project shows it, contract 已关联)', async () => {
    const draft = await byName('草稿合同');
    expect((await post('zhangwei', `${P}/link/contract`, { id: projectId, contractId: draft.id })).body).toMatchObject({
      code: 400,
      msg: '合同未审批通过,不能关联项目',
    });
    expect((await post('zhangwei', `${P}/link/contract`, { id: projectId, contractId: '123456789' })).body).toMatchObject({
      code: 400,
      msg: '合同不存在或无权访问',
    });
    const ok = await post('zhangwei', `${P}/link/contract`, { projectId, contractId: ids.approved });
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ code: 200 });
    expect((await get('zhangwei', `${P}/detail`, { id: projectId })).body.data).toMatchObject({ contractId: ids.approved, contractName: '审批合同' });
    expect((await get('zhangwei', `${C}/detail`, { id: ids.approved })).body.data.linkStatus).toBe(1);
    // The agreements follow their main contract.
    const agreements = (await get('zhangwei', `${C}/get/${ids.approved}`)).body.data.replenishments;
    expect(agreements.every((a: { linkStatus: number }) => a.linkStatus === 1)).toBe(true);
    expect((await get('zhangwei', `${C}/get/${ids.approved}`)).body.data.projects.map((x: { id: string }) => x.id)).toEqual([projectId]);
    // Not a framework agreement: a second project is refused.
    expect((await post('zhangwei', `${P}/link/contract`, { id: otherProject, contractId: ids.approved })).body.msg).toBe(
      '该合同已关联其他项目,非框架协议不能再关联',
    );
  });

  it('reset/link unlinks; a guard (collections, BUSINESS.md WP3) can refuse it; another tenant cannot', async () => {
    expect((await get('b', `${C}/reset/link/${ids.approved}`)).body).toMatchObject({ code: 400, msg: '合同不存在或无权访问' });
    expect((await post('b', `${P}/link/contract`, { id: projectId, contractId: ids.approved })).body.code).toBe(400);
    expect((await get('lihong', `${C}/reset/link/${ids.approved}`)).status).toBe(403);
    expect((await get('admin', `${C}/reset/link/${ids.approved}`)).status).toBe(200);
    expect((await get('zhangwei', `${P}/detail`, { id: projectId })).body.data.contractId).toBeNull();
    expect((await get('zhangwei', `${C}/detail`, { id: ids.approved })).body.data.linkStatus).toBe(0);
    expect((await get('admin', `${C}/reset/link/${ids.approved}`)).body.msg).toBe('该合同未关联项目');
  });
});

describe('another tenant, permissions, report, export', () => {
  it('another tenant sees, counts and changes nothing of ours', async () => {
    expect((await get('b', `${C}/list`)).body.data.total).toBe(0);
    expect((await get('b', `${C}/detail`, { id: ids.approved })).status).toBe(404);
    expect((await get('b', `${C}/get/${ids.approved}`)).body.code).toBe(400);
    expect((await post('b', `${C}/save`, form())).body).toMatchObject({ code: 400, msg: '委托方不存在' });
    expect(await countRows(t.database, 'hjl_contract', `tenant_id = '100001'`)).toBe(0);
    expect((await post('b', `${C}/remove`, undefined, { ids: ids.approved })).body.code).toBe(400);
    // Its own counter: its first number, whatever ours are.
    expect((await get('b', `${C}/get/contractNum`, { businessType: '1' })).body.data).toMatch(/-0001$/);
    expect((await get('admin', `${C}/detail`, { id: ids.approved })).body.data.isDeleted).toBe(0);
  });

  it('a user without the menu is refused', async () => {
    expect((await get('zhaomin', `${C}/list`)).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    expect((await post('lihong', `${C}/save`, form())).status).toBe(403);
  });

  it('the report counts main contracts by type, month and status with exact totals', async () => {
    const r = await get('wangjianguo', '/api/business/report/contract');
    expect(r.body.code).toBe(200);
    const { byType, perMonth, byStatus, totals } = r.body.data;
    expect(byType.categories.length).toBeGreaterThan(3);
    expect(perMonth.categories).toHaveLength(12);
    expect(byStatus.kind).toBe('pie');
    const [sums] = await t.database.raw(
      `SELECT count(*)::int AS n, sum(contract_amount)::text AS s FROM hjl_contract WHERE tenant_id = '000000' AND is_deleted = 0 AND parent_id IS NULL`,
    );
    expect(totals).toMatchObject({ count: sums!.n, amount: sums!.s });
    expect((await get('zhangwei', '/api/business/report/contract')).status).toBe(403);
  });

  it('exports the list with the names and labels shown', async () => {
    const res = await t.call(tok.admin, {
      method: 'GET',
      url: `${C}/export`,
      query: { contractName: '审批合同', columns: 'contractNum,contractName,businessType,customerId,contractAmount' },
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]).toEqual(['合同编号', '合同名称', '业务类型', '委托方', '合同金额']);
    expect(rows.slice(1).find((r) => r[1] === '审批合同')).toMatchObject([
      expect.stringMatching(/^HJ-HT-ZJ-/),
      '审批合同',
      '造价咨询',
      expect.any(String),
      '880000.00',
    ]);
  });
});
