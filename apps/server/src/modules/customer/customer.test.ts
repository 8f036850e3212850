import ExcelJS from 'exceljs';
import { creditCodeCheckChar } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { refusal } from '../../testing/http.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { sheetOf } from '../../testing/excel.ts';
import { multipart } from '../../testing/multipart.ts';
import { resolveRegions } from './excel.ts';
import { expectEvery } from '../../testing/expect.ts';

let t: TestApp;
let admin: string;
/** 张伟, project staff: the owner data scope (本人负责的客户) on the customer menu. */
let zhangwei: string;
/** 李红, finance: reads customers, keeps accounts and invoice titles. */
let lihong: string;
/** 赵敏, an employee without the customer menus. */
let zhaomin: string;
let otherAdmin: string;
let zhangweiId: string;

const C = '/api/business/hjlCustomer';
const code = (first17: string) => `${first17}${creditCodeCheckChar(first17)}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token!;
  zhangwei = (await t.login('zhangwei', '123456')).access_token!;
  lihong = (await t.login('lihong', '123456')).access_token!;
  zhaomin = (await t.login('zhaomin', '123456')).access_token!;
  await createTenant(t.database, '200007');
  otherAdmin = (await t.login('admin', 'admin', '200007')).access_token!;
  [{ id: zhangweiId }] = (await t.database.raw(`SELECT id::text AS id FROM blade_user WHERE account = 'zhangwei' AND tenant_id = '000000'`)) as [
    { id: string },
  ];
});
afterAll(() => t.close());

const list = (token: string, url: string, query: Record<string, string> = {}) => t.call(token, { method: 'GET', url, query });
const save = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: `${C}/save`, payload });
const newCustomer = (over: Record<string, unknown> = {}) => ({
  customerName: '南京测试建设发展有限公司',
  customerType: 2,
  creditCode: code('91320105MA1XT7N01'),
  contactPerson: '王测试',
  contactPhone: '13912345678',
  regionCode: '320105',
  address: '江东中路1号',
  industry: 1,
  source: 1,
  customerStatus: 2,
  remark: '测试',
  ...over,
});
const idOf = async (name: string) =>
  (await t.database.raw(`SELECT id::text AS id FROM hjl_customer WHERE customer_name = $1 AND is_deleted = 0`, [name]))[0]?.id as string;

describe('the demo customers', () => {
  it('a few dozen customers with contacts, visits, accounts, invoice titles and chances in the demo tenant', async () => {
    expect(await countRows(t.database, 'hjl_customer', `tenant_id = '000000'`)).toBeGreaterThanOrEqual(30);
    for (const table of ['hjl_customer_contacts', 'hjl_customer_visit', 'hjl_customer_account', 'hjl_customer_invoice', 'hjl_customer_chance']) {
      expect(await countRows(t.database, table, `tenant_id = '000000'`), table).toBeGreaterThanOrEqual(20);
    }
    // Every seeded credit code passes the checksum the form demands.
    const r = await list(admin, `${C}/list`, { size: '100' });
    const { creditCodeError } = await import('@hjl/core');
    for (const c of r.body.data.records) if (c.creditCode) expect(creditCodeError(c.creditCode), c.customerName).toBeUndefined();
  });
});

describe('customers: list, detail, save, update, remove', () => {
  it('lists with names of owners, searches and filters', async () => {
    const r = await list(admin, `${C}/list`, { customerName: '南京' });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBeGreaterThan(3);
    for (const c of r.body.data.records) expect(c.customerName).toContain('南京');
    const first = r.body.data.records[0];
    expect(first.ownerName).toBeTruthy();
    expect(first.regionName).toMatch(/^江苏省/);
    const gov = await list(admin, `${C}/list`, { customerType: '1', size: '100' });
    expectEvery(gov.body.data.records, (c: { customerType: number }) => c.customerType === 1);
    expect(await list(admin, `${C}/list`, { descs: 'remark' })).toMatchObject(refusal('不支持按该字段排序: remark'));
  });

  it('filters on the region (with the regions under it) and the owner the search form offers', async () => {
    const all = (await list(admin, `${C}/list`, { size: '100' })).body.data.records as { regionCode: string | null; ownerUser: string }[];
    const codesIn = async (regionCode: string) =>
      ((await list(admin, `${C}/list`, { regionCode, size: '100' })).body.data.records as { regionCode: string }[]).map((c) => c.regionCode).sort();
    const seeded = (prefix: string) => all.flatMap((c) => (c.regionCode?.startsWith(prefix) ? [c.regionCode] : [])).sort();
    // 江苏省 (320000): the province's own customers and those of its cities and districts; 南京市 (320100) likewise.
    expect(await codesIn('320000')).toEqual(seeded('32'));
    expect(new Set(seeded('32')).size).toBeGreaterThan(2);
    expect(await codesIn('320100')).toEqual(seeded('3201'));
    expect(seeded('3201').length).toBeLessThan(seeded('32').length);
    // A district is only itself.
    expect(await codesIn('320105')).toEqual(seeded('320105'));
    expect(seeded('320105').length).toBeGreaterThan(0);
    const region = '320105';
    const owned = (await list(admin, `${C}/list`, { ownerUser: zhangweiId, size: '100' })).body.data;
    expect(owned.total).toBe(all.filter((c) => c.ownerUser === zhangweiId).length);
    expect(owned.total).toBeGreaterThan(0);
    expectEvery(owned.records, (c: { ownerName: string }) => c.ownerName === '张伟');
    const both = (await list(admin, `${C}/list`, { ownerUser: zhangweiId, regionCode: region, size: '100' })).body.data;
    expect(both.total).toBe(all.filter((c) => c.ownerUser === zhangweiId && c.regionCode === region).length);
    expect(await list(admin, `${C}/list`, { ownerUser: 'abc' })).toMatchObject(refusal('请求参数类型错误'));
  });

  it('saves with the caller as default owner and the region name; updates; removes', async () => {
    const saved = await save(admin, newCustomer());
    expect(saved, JSON.stringify(saved.body)).toMatchObject({ status: 200 });
    const id = await idOf('南京测试建设发展有限公司');
    const d = (await list(admin, `${C}/detail`, { id })).body.data;
    expect(d).toMatchObject({ customerName: '南京测试建设发展有限公司', regionName: '江苏省/南京市/建邺区', ownerName: '管理员', customerStatus: 2 });
    expect((await t.call(admin, { method: 'POST', url: `${C}/update`, payload: { id, ownerUser: zhangweiId, regionCode: '320500' } })).status).toBe(200);
    expect((await list(admin, `${C}/detail`, { id })).body.data).toMatchObject({ ownerName: '张伟', regionName: '江苏省/苏州市' });
    expect(await t.call(admin, { method: 'POST', url: `${C}/update`, payload: newCustomer({ customerName: 'x' }) })).toMatchObject(
      refusal('缺少必要的请求参数: id'),
    );
    expect((await t.call(admin, { method: 'POST', url: `${C}/remove`, query: { ids: id } })).status).toBe(200);
    expect((await list(admin, `${C}/detail`, { id })).status).toBe(404);
  });

  it("refuses an owner (a `user` reference) who is not a live user of the caller's tenant", async () => {
    const [other] = await t.database.raw(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '200007' LIMIT 1`);
    expect(await save(admin, newCustomer({ customerName: '他租户负责人客户', ownerUser: other!.id }))).toMatchObject(refusal('负责人不存在'));
    // The other tenant's administrator cannot name ours either.
    expect(await save(otherAdmin, newCustomer({ customerName: '他租户负责人客户', ownerUser: zhangweiId }))).toMatchObject(refusal('负责人不存在'));
    expect(await idOf('他租户负责人客户')).toBeUndefined();
  });

  it("refuses bad input with the field's Chinese message and changes nothing", async () => {
    const before = await countRows(t.database, 'hjl_customer');
    const cases: [Record<string, unknown>, string][] = [
      [{ customerName: '' }, '请输入客户名称'],
      [{ customerType: null }, '请选择客户类型'],
      [{ customerType: 'abc' }, '客户类型必须是整数'],
      [{ creditCode: '91320105MA1XT7N019' }, '统一社会信用代码校验位不正确'],
      [{ creditCode: '91320105' }, '统一社会信用代码应为18位'],
      [{ contactPhone: '12345' }, '请输入正确的手机号或座机号'],
      [{ contactPerson: ' ' }, '请输入联系人'],
      [{ regionCode: '999999' }, '所在地区不存在'],
      [{ ownerUser: '123' }, '负责人不存在'],
      [{ ownerUser: 'abc' }, '负责人格式不正确'],
      [{ customerName: '南京地铁集团有限公司' }, '客户名称已存在'],
      [{ customerName: 'x'.repeat(101) }, '客户名称最多100个字符'],
    ];
    for (const [over, msg] of cases) expect(await save(admin, newCustomer({ customerName: '坏数据客户', ...over })), msg).toMatchObject(refusal(msg));
    expect(await countRows(t.database, 'hjl_customer')).toBe(before);
  });

  it('permission codes: no menu, no list; view-only finance cannot save; the walker checks the rest', async () => {
    expect((await list(zhaomin, `${C}/list`)).status).toBe(403);
    expect((await list(lihong, `${C}/list`)).status).toBe(200);
    expect((await save(lihong, newCustomer({ customerName: '财务新增' }))).status).toBe(403);
    expect((await t.call(zhangwei, { method: 'POST', url: `${C}/remove`, query: { ids: await idOf('南京鼓楼医院') } })).status).toBe(403);
  });
});

describe('owner data scope and my customers', () => {
  it('project staff see only the customers they own (list, total, detail, children, export), and create their own', async () => {
    const all = (await list(admin, `${C}/list`, { size: '100' })).body.data;
    const mine = (await list(zhangwei, `${C}/list`, { size: '100' })).body.data;
    expect(mine.total).toBeGreaterThan(3);
    expect(mine.total).toBeLessThan(all.total);
    expectEvery(mine.records, (c: { ownerName: string }) => c.ownerName === '张伟');
    const others = all.records.find((c: { ownerName: string }) => c.ownerName !== '张伟');
    expect((await list(zhangwei, `${C}/detail`, { id: others.id })).status).toBe(404);
    // Contacts of another owner's customer are out of scope too.
    const contacts = (await list(zhangwei, '/api/business/hjlCustomerContacts/list', { size: '200' })).body.data.records;
    const mineIds = new Set(mine.records.map((c: { id: string }) => c.id));
    expect(contacts.length).toBeGreaterThan(0);
    expectEvery(contacts, (c: { customerId: string }) => mineIds.has(c.customerId));
    expect(
      await t.call(zhangwei, {
        method: 'POST',
        url: '/api/business/hjlCustomerContacts/submit',
        payload: { customerId: others.id, contactName: '越权', mobile: '13900000001' },
      }),
    ).toMatchObject(refusal('客户不存在或无权访问'));
    expect(await save(zhangwei, newCustomer({ customerName: '张伟新客户', creditCode: null }))).toMatchObject({ status: 200 });
    expect((await list(zhangwei, `${C}/list`, { customerName: '张伟新客户' })).body.data.total).toBe(1);
  });

  it("GET hjlCustomer/my answers the caller's own customers, also for the administrator", async () => {
    const my = (await list(zhangwei, `${C}/my`, { size: '100' })).body.data;
    expect(my.records.length).toBeGreaterThan(0);
    expectEvery(my.records, (c: { ownerUser: string }) => c.ownerUser === zhangweiId);
    // The administrator owns no demo customer: one of his own makes the check non-vacuous.
    expect(await save(admin, newCustomer({ customerName: '管理员自己的客户', creditCode: null }))).toMatchObject({ status: 200 });
    const adminMy = (await list(admin, `${C}/my`, { size: '100' })).body.data;
    expect(adminMy.records.map((c: { customerName: string }) => c.customerName)).toContain('管理员自己的客户');
    expectEvery(adminMy.records, (c: { ownerName: string }) => c.ownerName === '管理员');
    expect((await t.call(admin, { method: 'POST', url: `${C}/remove`, query: { ids: await idOf('管理员自己的客户') } })).status).toBe(200);
    expect((await list(zhaomin, `${C}/my`)).status).toBe(403);
  });
});

describe("the customer's records (contacts, visits, accounts, invoice titles, chances)", () => {
  const cases: [string, Record<string, unknown>, [Record<string, unknown>, string][]][] = [
    [
      '/api/business/hjlCustomerContacts',
      { contactName: '赵联系', position: '经理', mobile: '13911112222', telephone: '025-83334444', email: 'z@x.cn' },
      [
        [{ contactName: '' }, '请输入联系人姓名'],
        [{ mobile: '1391111' }, '请输入正确的手机号或座机号'],
        [{ email: 'zx.cn' }, '请输入正确的邮箱地址'],
      ],
    ],
    [
      '/api/business/hjlCustomerVisit',
      { visitDate: '2026-11-02', visitWay: 1, visitee: '赵联系', content: '上门沟通', nextPlan: '报价' },
      [
        [{ visitDate: '2026-02-30' }, '拜访日期格式应为yyyy-MM-dd'],
        [{ content: '' }, '请输入拜访内容'],
        [{ visitWay: null }, '请选择拜访方式'],
        [{ attachment: '1,abc' }, '附件格式不正确'],
        [{ attachment: [{ label: 'a.pdf', value: 'https://evil.example/a.pdf' }] }, '附件格式不正确'],
      ],
    ],
    [
      '/api/business/hjlCustomer-account',
      { accountName: '测试户', accountNumber: '6222020202020202', bankName: '工商银行', accountNature: 1 },
      [
        [{ accountNumber: '62220a' }, '银行账号应为6至30位数字'],
        [{ accountNature: null }, '请选择账户性质'],
      ],
    ],
    [
      '/api/business/hjlCustomerInvoice',
      { invoiceTitle: '测试抬头', taxNumber: code('91320105MA1XT7N02'), address: '南京', phone: '025-83334444', bankName: '工行', bankAccount: '622202020202' },
      [
        [{ taxNumber: 'abc' }, '纳税人识别号应为15至20位数字或大写字母'],
        [{ invoiceTitle: '' }, '请输入发票抬头'],
      ],
    ],
    [
      '/api/business/hjlCustomerChance',
      { chanceName: '造价咨询', stage: 2, expectedAmount: '123456.78', expectedDate: '2027-01-15', winRate: 60 },
      [
        [{ expectedAmount: '12.345' }, '预计金额(元)最多保留两位小数'],
        [{ winRate: 120 }, '赢单概率(%)应在0至100之间'],
        [{ stage: null }, '请选择销售阶段'],
      ],
    ],
  ];

  it.each(cases)('%s: CRUD under a customer, bad input, another tenant', async (api, body, bad) => {
    const customerId = await idOf('南京鼓楼医院');
    const submit = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: `${api}/submit`, payload });
    expect((await submit(admin, { customerId, ...body })).status).toBe(200);
    const listed = (await list(admin, `${api}/list`, { customerId, size: '50' })).body.data.records;
    const row = listed.find((r: Record<string, unknown>) => Object.entries(body).every(([k, v]) => v === '' || String(r[k] ?? '') === String(v)));
    expect(row).toBeDefined();
    expect(row.customerName).toBe('南京鼓楼医院');
    expect((await list(admin, `${api}/detail`, { id: row.id })).body.data.customerName).toBe('南京鼓楼医院');
    for (const [over, msg] of bad) expect(await submit(admin, { customerId, ...body, ...over }), msg).toMatchObject(refusal(msg));
    expect(await submit(admin, { ...body })).toMatchObject(refusal('请选择客户'));
    expect(await submit(admin, { customerId: '1', ...body })).toMatchObject(refusal('客户不存在或无权访问'));
    // Another tenant sees none of it and cannot change it or hang records on the customer.
    expect((await list(otherAdmin, `${api}/list`, { customerId })).body.data.total).toBe(0);
    expect((await list(otherAdmin, `${api}/detail`, { id: row.id })).status).toBe(404);
    expect(await submit(otherAdmin, { id: row.id, customerId, ...body })).toMatchObject(refusal('客户不存在或无权访问'));
    expect(await submit(otherAdmin, { id: row.id, remark: 'x' })).toMatchObject(refusal('数据不存在或已被删除'));
    expect(await submit(otherAdmin, { customerId, ...body })).toMatchObject(refusal('客户不存在或无权访问'));
    expect(await t.call(otherAdmin, { method: 'POST', url: `${api}/remove`, query: { ids: row.id } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect((await submit(admin, { id: row.id, ...body, remark: undefined })).status).toBe(200);
    expect((await t.call(admin, { method: 'POST', url: `${api}/remove`, query: { ids: row.id } })).status).toBe(200);
    expect((await list(admin, `${api}/detail`, { id: row.id })).status).toBe(404);
  });

  it('a visit keeps its attachments: file items of files uploaded to the tenant', async () => {
    const { payload, headers } = multipart({}, [{ filename: '拜访纪要.txt', content: Buffer.from('纪要'), contentType: 'text/plain' }]);
    const up = await t.call(admin, { method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file', payload, headers });
    expect(up.status).toBe(200);
    const attachment = [{ label: '拜访纪要.txt', value: up.body.data.link as string }];
    const customerId = await idOf('南京鼓楼医院');
    const body = { customerId, visitDate: '2026-11-05', visitWay: 2, content: '电话沟通', attachment };
    expect((await t.call(admin, { method: 'POST', url: '/api/business/hjlCustomerVisit/submit', payload: body })).status).toBe(200);
    const row = (await list(admin, '/api/business/hjlCustomerVisit/list', { customerId, visitDate: '2026-11-05' })).body.data.records[0];
    expect(row.attachment).toEqual(attachment);
    const file = await t.call(admin, { method: 'GET', url: attachment[0]!.value });
    expect(file.body).toBe('纪要');
  });

  it("a removed customer's records disappear with it", async () => {
    expect(await save(admin, newCustomer({ customerName: '将删除的客户', creditCode: null }))).toMatchObject({ status: 200 });
    const customerId = await idOf('将删除的客户');
    await t.call(admin, {
      method: 'POST',
      url: '/api/business/hjlCustomerContacts/submit',
      payload: { customerId, contactName: '孤儿', mobile: '13900000002' },
    });
    expect((await list(admin, '/api/business/hjlCustomerContacts/list', { customerId })).body.data.total).toBe(1);
    await t.call(admin, { method: 'POST', url: `${C}/remove`, query: { ids: customerId } });
    expect((await list(admin, '/api/business/hjlCustomerContacts/list', { customerId })).body.data.total).toBe(0);
  });
});

describe('another tenant', () => {
  it('its administrator sees none of our customers and cannot touch them', async () => {
    const id = await idOf('南京地铁集团有限公司');
    const r = await list(otherAdmin, `${C}/list`);
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(0);
    expect((await list(otherAdmin, `${C}/detail`, { id })).status).toBe(404);
    expect(await t.call(otherAdmin, { method: 'POST', url: `${C}/update`, payload: { id, remark: 'x' } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect(await t.call(otherAdmin, { method: 'POST', url: `${C}/remove`, query: { ids: id } })).toMatchObject(refusal('数据不存在或已被删除'));
    // The same name is free in another tenant.
    expect(await save(otherAdmin, newCustomer({ customerName: '南京地铁集团有限公司', ownerUser: undefined }))).toMatchObject({ status: 200 });
    expect(
      (await list(otherAdmin, '/api/business/enterprise/company/search', { searchName: '地铁' })).body.data.records.map((c: { name: string }) => c.name),
    ).toEqual(['南京地铁集团有限公司']);
    expect((await list(admin, `${C}/detail`, { id })).status).toBe(200);
  });
});

describe('export', () => {
  it("writes the columns asked for, with labels, within the caller's scope and filters", async () => {
    const r = await t.call(admin, {
      method: 'GET',
      url: `${C}/export`,
      query: { columns: 'customerName,customerType,ownerUser,regionCode', customerType: '1' },
    });
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetOf(r.res.rawPayload);
    expect(rows[0]).toEqual(['客户名称', '客户类型', '负责人', '所在地区']);
    const gov = (await list(admin, `${C}/list`, { customerType: '1', size: '100' })).body.data;
    expect(rows.length - 1).toBe(gov.total);
    expectEvery(rows.slice(1), (row) => row[1] === '政府机关');
    expect(rows.slice(1).some((row) => row[2] === '张伟')).toBe(true);

    const mine = await sheetOf((await t.call(zhangwei, { method: 'GET', url: `${C}/export`, query: { columns: 'customerName,ownerUser' } })).res.rawPayload);
    const myTotal = (await list(zhangwei, `${C}/list`)).body.data.total;
    expect(mine.length - 1).toBe(myTotal);
    expectEvery(mine.slice(1), (row) => row[1] === '张伟');

    const all = await sheetOf((await t.call(admin, { method: 'GET', url: `${C}/export`, query: { customerName: '南京地铁' } })).res.rawPayload);
    expect(all[0]).toContain('统一社会信用代码');
    expect(all).toHaveLength(2);
    expect(await t.call(admin, { method: 'GET', url: `${C}/export`, query: { columns: 'customerName,password' } })).toMatchObject(
      refusal('不支持导出该列: password'),
    );
    expect(await t.call(admin, { method: 'GET', url: `${C}/export`, query: { columns: 'remark' } })).toMatchObject(refusal('不支持导出该列: remark'));
    expect((await t.call(zhaomin, { method: 'GET', url: `${C}/export` })).status).toBe(403);
    expect((await t.call(lihong, { method: 'GET', url: '/api/business/hjlCustomerChance/export' })).status).toBe(403);
    // The browser opens downloads itself: the token may travel in the query.
    expect((await t.app.inject({ method: 'GET', url: `${C}/export?blade-auth=${encodeURIComponent(`bearer ${admin}`)}` })).statusCode).toBe(200);
  });

  it("exports the children with the customer's name", async () => {
    const rows = await sheetOf(
      (await t.call(admin, { method: 'GET', url: '/api/business/hjlCustomerChance/export', query: { columns: 'customerId,chanceName,stage,expectedAmount' } }))
        .res.rawPayload,
    );
    expect(rows[0]).toEqual(['客户名称', '机会名称', '销售阶段', '预计金额(元)']);
    expect(rows[1]![0]).toBeTruthy();
    expect(['初步接洽', '需求确认', '方案报价', '商务谈判', '赢单', '输单']).toContain(rows[1]![2]);
  });
});

describe('import', () => {
  const HEAD = ['客户名称', '客户类型', '统一社会信用代码', '联系人', '联系电话', '所在地区', '详细地址', '所属行业', '客户来源', '负责人', '客户状态', '备注'];
  async function workbook(rows: (string | null)[][], head = HEAD): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('客户数据');
    ws.addRow(head);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const upload = async (content: Buffer, query: Record<string, string> = {}, token = admin) => {
    const { payload, headers } = multipart({}, [{ filename: '客户.xlsx', content }]);
    return t.call(token, { method: 'POST', url: `${C}/import`, query, payload, headers });
  };
  const good = [
    '无锡导入测试有限公司',
    '民营企业',
    code('91320200MA1XM7P01'),
    '钱导入',
    '13955556666',
    '江苏省/无锡市',
    '无锡路1号',
    '房屋建筑',
    '网络查询',
    '张伟',
    '意向客户',
    '导入',
  ];

  it('the template has the columns, required ones marked', async () => {
    const r = await t.call(admin, { method: 'GET', url: `${C}/import-template` });
    expect(r.status).toBe(200);
    const rows = await sheetOf(r.res.rawPayload);
    expect(rows[0]).toEqual([
      '客户名称*',
      '客户类型*',
      '统一社会信用代码',
      '联系人*',
      '联系电话*',
      '所在地区',
      '详细地址',
      '所属行业',
      '客户来源',
      '负责人',
      '客户状态',
      '备注',
    ]);
  });

  it('a dry run reports every bad row and cell and saves nothing; a file with errors is refused whole', async () => {
    const before = await countRows(t.database, 'hjl_customer');
    const file = await workbook([
      good,
      ['南京地铁集团有限公司', '国有企业', null, '重名', '13900001111', null, null, null, null, null, null, null],
      ['坏行客户', '外星企业', '9132020', null, '123', '火星', null, '造火箭', null, '查无此人', null, null],
    ]);
    const dry = await upload(file, { dryRun: '1' });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ total: 3, imported: 0 });
    expect(dry.body.data.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: '客户名称', message: '客户名称已存在' },
        { row: 4, column: '客户类型', message: expect.stringContaining('客户类型只能是') },
        { row: 4, column: '统一社会信用代码', message: '统一社会信用代码应为18位' },
        { row: 4, column: '联系人', message: '请输入联系人' },
        { row: 4, column: '联系电话', message: '请输入正确的手机号或座机号' },
        { row: 4, column: '所在地区', message: '所在地区不存在: 火星' },
        { row: 4, column: '所属行业', message: expect.stringContaining('所属行业只能是') },
        { row: 4, column: '负责人', message: '负责人不存在: 查无此人' },
      ]),
    );
    expect(dry.body.data.errors.some((e: { row: number }) => e.row === 2)).toBe(false);
    expect(await countRows(t.database, 'hjl_customer')).toBe(before);
    const real = await upload(file);
    expect(real.status).toBe(400);
    expect(real.body.msg).toMatch(/^导入失败,共\d+处错误,第3行「客户名称」: 客户名称已存在$/);
    expect(await countRows(t.database, 'hjl_customer')).toBe(before);
  });

  it('a clean file imports, with labels turned into keys, the region and the owner resolved', async () => {
    const r = await upload(await workbook([good, ['个人客户张三', '个人', null, '张三', '025-83001234', '南京市', null, null, null, null, null, null]]));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ total: 2, imported: 2, errors: [] });
    const d = (await list(admin, `${C}/list`, { customerName: '无锡导入测试' })).body.data.records[0];
    expect(d).toMatchObject({
      customerType: 3,
      industry: 1,
      source: 4,
      customerStatus: 2,
      ownerName: '张伟',
      regionName: '江苏省/无锡市',
      contactPhone: '13955556666',
    });
    const p = (await list(admin, `${C}/list`, { customerName: '个人客户张三' })).body.data.records[0];
    expect(p).toMatchObject({ customerType: 5, customerStatus: 1, ownerName: '管理员', regionName: '江苏省/南京市' });
    // Again: now both names are taken.
    const again = await upload(await workbook([good]), { dryRun: '1' });
    expect(again.body.data.errors).toEqual([
      { row: 2, column: '客户名称', message: '客户名称已存在' },
      { row: 2, column: '统一社会信用代码', message: '统一社会信用代码已存在' },
    ]);
  });

  it('resolves the regions a file names in one pass, also a name borne by several regions', async () => {
    const file = await workbook(
      ['江苏省/南京市/建邺区', '江苏省 南京市 鼓楼区', '南京市', '苏州市', '江苏省/火星市'].map((region, i) => [
        `地区测试${i}有限公司`,
        '民营企业',
        null,
        '钱地区',
        '13955556666',
        region,
        null,
        null,
        null,
        null,
        null,
        null,
      ]),
    );
    const dry = await upload(file, { dryRun: '1' });
    expect(dry.body.data).toMatchObject({ total: 5, imported: 0 });
    expect(dry.body.data.errors).toEqual([{ row: 6, column: '所在地区', message: '所在地区不存在: 江苏省/火星市' }]);
    const regions = [
      { code: '320106', name: '鼓楼区', full: '江苏省/南京市/鼓楼区' },
      { code: '350102', name: '鼓楼区', full: '福建省/福州市/鼓楼区' },
      { code: '320100', name: '南京市', full: '江苏省/南京市' },
    ];
    const resolved = resolveRegions(['福建省/福州市/鼓楼区', '南京市 鼓楼区', '南京市', '鼓楼区', '上海市/鼓楼区', '火星'], regions);
    expect(Object.fromEntries([...resolved].map(([text, r]) => [text, r.code]))).toEqual({
      '福建省/福州市/鼓楼区': '350102',
      '南京市 鼓楼区': '320106',
      南京市: '320100',
      鼓楼区: '320106',
    });
  });

  it('refuses files it cannot read and callers without the import code', async () => {
    expect(await upload(await workbook([good], ['客户名称', '联系人']), { dryRun: '1' })).toMatchObject(refusal('Excel缺少必填列: 客户类型、联系电话'));
    const { payload, headers } = multipart({}, [{ filename: '客户.csv', content: Buffer.from('a,b') }]);
    expect(await t.call(admin, { method: 'POST', url: `${C}/import`, payload, headers })).toMatchObject(refusal('请上传 .xlsx 格式的Excel文件'));
    expect((await upload(await workbook([good]), { dryRun: '1' }, zhangwei)).status).toBe(403);
  });
});

describe('enterprise information', () => {
  it("searches the tenant's own customer records by name, pages, and answers a detail by name or credit code", async () => {
    const r = await list(admin, '/api/business/enterprise/company/search', { searchName: '南京', size: '5' });
    expect(r.status).toBe(200);
    expect(r.body.data.size).toBe(5);
    expect(r.body.data.records).toHaveLength(5);
    expect(r.body.data.records[0]).toMatchObject({ source: 'customer' });
    for (const c of r.body.data.records) expect(c.name).toContain('南京');
    const metro = (await list(admin, `${C}/list`, { customerName: '南京地铁集团' })).body.data.records[0];
    const byName = await list(admin, '/api/business/enterprise/company/detail', { searchName: '南京地铁集团有限公司' });
    expect(byName.body.data).toMatchObject({ name: '南京地铁集团有限公司', creditCode: metro.creditCode, customerId: metro.id, ownerName: '陈静' });
    expect((await list(admin, '/api/business/enterprise/company/detail', { searchName: metro.creditCode })).body.data.name).toBe('南京地铁集团有限公司');
    expect(await list(admin, '/api/business/enterprise/company/detail', { searchName: '不存在的公司' })).toMatchObject({
      status: 404,
      body: { msg: '未找到该企业信息' },
    });
    expect(await list(admin, '/api/business/enterprise/company/search', {})).toMatchObject(refusal('请输入企业名称'));
    expect(await list(admin, '/api/business/enterprise/company/search', { searchName: 'a', size: '1000' })).toMatchObject(refusal('每页最多100条'));
    // Within the caller's scope: 张伟 does not find 陈静's customer.
    expect((await list(zhangwei, '/api/business/enterprise/company/detail', { searchName: '南京地铁集团有限公司' })).status).toBe(404);
    expect((await list(zhaomin, '/api/business/enterprise/company/search', { searchName: '南京' })).status).toBe(403);
  });
});

describe('customer report', () => {
  it("counts by type, region and owner, and new customers per month, within the caller's scope", async () => {
    const r = await list(admin, '/api/business/report/customer');
    expect(r.status).toBe(200);
    const { byType, byRegion, byOwner, perMonth } = r.body.data;
    const total = (await list(admin, `${C}/list`)).body.data.total;
    const sum = (d: { series: { data: number[] }[] }) => d.series[0]!.data.reduce((a, b) => a + b, 0);
    expect(byType.kind).toBe('pie');
    expect(byType.categories).toEqual(expect.arrayContaining(['政府机关', '国有企业', '民营企业', '事业单位']));
    expect(sum(byType)).toBe(total);
    expect(sum(byRegion)).toBe(total);
    expect(byRegion.categories[0]).toBe('江苏省');
    expect(sum(byOwner)).toBe(total);
    expect(byOwner.categories).toEqual(expect.arrayContaining(['张伟', '陈静', '刘洋', '孙磊']));
    expect(perMonth.kind).toBe('line');
    expect(perMonth.categories).toHaveLength(12);
    expectEvery(perMonth.series[0].data, (n: number) => n > 0);
    const mine = (await list(zhangwei, '/api/business/report/customer')).status;
    expect(mine).toBe(403); // the report menu is the leaders'
    const manager = (await t.login('wangjianguo', '123456')).access_token!;
    expect(sum((await list(manager, '/api/business/report/customer')).body.data.byType)).toBe(total);
    // Another tenant's report counts its own customers only.
    const theirs = (await list(otherAdmin, '/api/business/report/customer')).body.data;
    expect(sum(theirs.byType)).toBe((await list(otherAdmin, `${C}/list`)).body.data.total);
  });

  it('two of them are on the workbench, for users of the customer list and within their scope', async () => {
    const home = async (token: string) => {
      const r = await list(token, '/api/business-module/statistics/home/statistics');
      expect(r.status).toBe(200);
      return new Map((r.body.data as { key: string; series: { data: number[] }[] }[]).map((s) => [s.key, s.series[0]!.data.reduce((a, b) => a + b, 0)]));
    };
    const all = await home(admin);
    expect(all.get('customerByType')).toBe((await list(admin, `${C}/list`)).body.data.total);
    expect(all.has('newCustomersPerMonth')).toBe(true);
    // zhangwei's owner scope: only his customers.
    expect((await home(zhangwei)).get('customerByType')).toBe((await list(zhangwei, `${C}/list`)).body.data.total);
    expect((await list(zhangwei, `${C}/list`)).body.data.total).toBeLessThan(all.get('customerByType')!);
    // A user without the customer list does not get them.
    const plain = (await t.login('zhaomin', '123456')).access_token!; // role user: no customer menu
    expect((await list(plain, `${C}/list`)).status).toBe(403);
    expect((await home(plain)).has('customerByType')).toBe(false);
  });
});
