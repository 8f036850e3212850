/**
 * Office approvals over the API (BUSINESS.md WP6): every endpoint answers on the demo data (every
 * status); a business trip with two lines totals them to the cent and goes 部门经理 → 人事 to 审批通过; a purchase's
 * lines are quantity × price on fen, saved as a draft, changed on their own routes (the total follows), rejected (3),
 * started again (1), withdrawn (6); going out and car use with their time ranges; bad input is refused in Chinese
 * and writes nothing; another tenant's ids reveal and change nothing; the button codes hold (403 请求被拒绝); data
 * scope: a staff member sees their own, a department manager their departments', HR and the leaders all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { expectEvery } from '../../testing/expect.ts';
import { ok, refused, users, WF } from '../../testing/http.ts';

const B = '/api/business';
const EV = `${B}/hjlAuditEvection`;
const EVI = `${B}/hjlAuditEvectionInfo`;
const GO = `${B}/hjlAuditGoOut`;
const CAR = `${B}/hjlAuditCar`;
const SHOP = `${B}/hjlAuditShopping`;
const SHOPI = `${B}/hjlAuditShoppingInfo`;
const TABLES = ['hjl_audit_evection', 'hjl_audit_evection_info', 'hjl_audit_go_out', 'hjl_audit_car', 'hjl_audit_shopping', 'hjl_audit_shopping_info'];

let t: TestApp;
const { tok, get, post, login, loginAs, taskOf, approveAs } = users(() => t, { blankPayload: {} });
const ids: Record<string, string> = {};
const list = async (who: string, url: string, query: Record<string, string> = {}) =>
  ok(await get(who, url, { size: '100', ...query })).body.data as { records: Record<string, any>[]; total: number };
const counts = async () => Promise.all(TABLES.map((x) => countRows(t.database, x)));

const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear() + 1;
const d = (md: string) => `${year}-${md}`;
const tripLines = [
  { tripDate: d('03-02'), fromPlace: '南京', toPlace: '苏州', transport: 1, cost: '139.50' },
  { tripDate: d('03-04'), fromPlace: '苏州', toPlace: '南京', transport: 4, cost: '86.41' },
];
const trip = { reason: '苏州项目现场核查', destination: '苏州', startDate: d('03-02'), endDate: d('03-04'), lines: tripLines };

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'wangjianguo', 'zhaomin', 'chenjing', 'zhangwei', 'lihong', 'sunlei', 'wufang');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
}, 120_000);
afterAll(() => t.close());

describe('every endpoint on the demo data', () => {
  it('lists and details answer for HR with every status, names and lines', async () => {
    for (const [url, table] of [
      [EV, 'hjl_audit_evection'],
      [EVI, 'hjl_audit_evection_info'],
      [GO, 'hjl_audit_go_out'],
      [CAR, 'hjl_audit_car'],
      [SHOP, 'hjl_audit_shopping'],
      [SHOPI, 'hjl_audit_shopping_info'],
    ] as const) {
      const page = await list('zhaomin', `${url}/list`);
      expect(page.total, url).toBe(await countRows(t.database, table, `tenant_id = '000000' AND is_deleted = 0`));
      expect(page.total, url).toBeGreaterThan(0);
      ok(await get('zhaomin', `${url}/detail`, { id: String(page.records[0]!.id) }));
    }
    for (const url of [EV, GO, CAR, SHOP]) {
      const page = await list('zhaomin', `${url}/list`);
      expect(new Set(page.records.map((r) => Number(r.status))), url).toEqual(new Set([0, 1, 2, 3, 6]));
      expectEvery(page.records, (r) => typeof r.applyUserName === 'string' && r.applyUserName.length > 0, `${url} applicants`);
    }
    // A seeded trip's total is the sum of its lines, to the cent.
    const trips = await list('zhaomin', `${EV}/list`);
    for (const r of trips.records.slice(0, 3)) {
      const detail = ok(await get('zhaomin', `${EV}/detail`, { id: String(r.id) })).body.data;
      const sum = detail.lines.reduce((a: number, l: { cost: string }) => a + Math.round(Number(l.cost) * 100), 0);
      expect(Math.round(Number(detail.totalAmount) * 100)).toBe(sum);
    }
  });
});

describe('business trip (出差) with lines', () => {
  it('two lines total to the cent; 部门经理 → 人事 approve it; the list shows 审批通过', async () => {
    const started = ok(await post('zhangwei', `${EV}/start`, trip)).body.data;
    expect(started).toMatchObject({ totalAmount: '225.91', days: 3, applyUser: ids.zhangwei, processInstanceId: expect.any(String) });
    const detail = ok(await get('zhangwei', `${EV}/detail`, { id: started.id })).body.data;
    expect(detail).toMatchObject({ status: 1, totalAmount: '225.91', applyDeptName: '造价部' });
    expect(detail.lines.map((l: { cost: string; fromPlace: string }) => [l.fromPlace, l.cost])).toEqual([
      ['南京', '139.50'],
      ['苏州', '86.41'],
    ]);
    expect(await countRows(t.database, 'hjl_audit_evection_info', 'audit_evection_id = $1', [started.id])).toBe(2);
    // Under approval: neither it nor its lines change.
    refused(await post('zhangwei', `${EV}/update`, { id: started.id, reason: '改' }), '审批中或已通过的数据不能修改');
    refused(await post('zhangwei', `${EVI}/submit`, { id: detail.lines[0].id, auditEvectionId: started.id, cost: '1.00' }), '审批中或已通过的数据不能修改');
    ok(await approveAs('sunlei', started.processInstanceId));
    expect((await taskOf('zhaomin', started.processInstanceId))?.taskName).toBe('人事审批');
    ok(await approveAs('zhaomin', started.processInstanceId));
    const mine = await list('zhangwei', `${EV}/list`);
    expect(mine.records.find((r) => r.id === started.id)).toMatchObject({ status: 2, totalAmount: '225.91' });
    refused(await post('zhangwei', `${EV}/remove`, undefined, { ids: started.id }), '不能删除');
    const his = ok(await get('zhangwei', `${EV}/get/process_his/${started.id}`)).body.data;
    expect(JSON.stringify(his)).toContain('人事审批');
  });

  it('bad input is refused in Chinese and writes nothing', async () => {
    const before = await counts();
    refused(await post('zhangwei', `${EV}/start`, { ...trip, lines: [] }), '请添加出差行程');
    refused(await post('zhangwei', `${EV}/start`, { ...trip, lines: undefined }), '请添加出差行程');
    refused(await post('zhangwei', `${EV}/save`, { ...trip, lines: undefined }), '请添加出差行程');
    refused(await post('zhangwei', `${EV}/start`, { ...trip, totalAmount: '225.90' }), '明细合计与申请总额不一致');
    refused(await post('zhangwei', `${EV}/start`, { ...trip, lines: [{ ...tripLines[0], cost: '-1' }] }), '费用不能小于0');
    refused(await post('zhangwei', `${EV}/start`, { ...trip, lines: [{ ...tripLines[0], cost: '1.001' }] }), '费用不能小于0');
    refused(await post('zhangwei', `${EV}/start`, { ...trip, lines: [{ ...tripLines[0], tripDate: '2026-13-01' }] }), '日期格式应为yyyy-MM-dd');
    refused(await post('zhangwei', `${EV}/start`, { ...trip, lines: [{ ...tripLines[0], toPlace: ' ' }] }), '请输入目的地');
    refused(await post('zhangwei', `${EV}/start`, { ...trip, lines: [{ ...tripLines[0], transport: 'x' }] }), '请选择交通工具');
    refused(await post('zhangwei', `${EV}/start`, { ...trip, endDate: d('03-01') }), '结束日期不能早于开始日期');
    refused(await post('zhangwei', `${EV}/start`, { ...trip, reason: '' }), '请输入出差事由');
    refused(await post('zhangwei', `${EV}/start`, { ...trip, lines: 'x' }), '请添加出差行程');
    expect(await counts()).toEqual(before);
  });
});

describe('purchase (采购) with lines', () => {
  const lines = [
    { itemName: '签字笔', spec: '0.5mm', qty: 3, price: '33.33' },
    { itemName: '回形针', qty: '7', price: '0.15' },
  ];
  let id = '';

  it('saved as a draft: amount = qty × price on fen, total = Σ; the lines change on their own routes and the total follows', async () => {
    ok(await post('chenjing', `${SHOP}/save`, { title: '办公用品', lines }));
    const [row] = await t.database.raw(
      `SELECT id::text AS id, total_amount::text AS total, status FROM hjl_audit_shopping WHERE title = '办公用品' AND apply_user = $1`,
      [ids.chenjing],
    );
    id = String(row!.id);
    expect(row).toMatchObject({ total: '101.04', status: 0 });
    const detail = ok(await get('chenjing', `${SHOP}/detail`, { id })).body.data;
    expect(detail.lines.map((l: { amount: string }) => l.amount)).toEqual(['99.99', '1.05']);
    // The head changed alone keeps its lines.
    ok(await post('chenjing', `${SHOP}/update`, { id, title: '办公用品(二季度)' }));
    expect(ok(await get('chenjing', `${SHOP}/detail`, { id })).body.data).toMatchObject({ title: '办公用品(二季度)', totalAmount: '101.04' });
    // A line added, changed and removed on its own routes: the total follows.
    ok(await post('chenjing', `${SHOPI}/submit`, { auditShoppingId: id, itemName: '文件夹', qty: 4, price: '12.50' }));
    expect(ok(await get('chenjing', `${SHOP}/detail`, { id })).body.data.totalAmount).toBe('151.04');
    const added = (await list('chenjing', `${SHOPI}/list`, { auditShoppingId: id })).records.find((l) => l.itemName === '文件夹')!;
    expect(added.amount).toBe('50.00');
    ok(await post('chenjing', `${SHOPI}/submit`, { id: added.id, auditShoppingId: id, qty: 2 }));
    expect(ok(await get('chenjing', `${SHOP}/detail`, { id })).body.data.totalAmount).toBe('126.04');
    refused(await post('chenjing', `${SHOPI}/submit`, { id: added.id, auditShoppingId: id, qty: 0 }), '数量应在1至999999之间');
    refused(await post('chenjing', `${SHOPI}/submit`, { auditShoppingId: id, itemName: '胶水', qty: 1, price: '0' }), '金额必须大于0');
    ok(await post('chenjing', `${SHOPI}/remove`, undefined, { ids: added.id }));
    expect(ok(await get('chenjing', `${SHOP}/detail`, { id })).body.data.totalAmount).toBe('101.04');
  });

  it('started from the draft → rejected (3) → started again (1) → withdrawn (6); lines written once', async () => {
    const s1 = ok(await post('chenjing', `${SHOP}/start`, { id, title: '办公用品(二季度)' })).body.data;
    expect(s1).toMatchObject({ totalAmount: '101.04' });
    expect(await countRows(t.database, 'hjl_audit_shopping_info', 'audit_shopping_id = $1 AND is_deleted = 0', [id])).toBe(2);
    refused(
      await post('chenjing', `${SHOPI}/remove`, undefined, { ids: (await list('chenjing', `${SHOPI}/list`, { auditShoppingId: id })).records[0]!.id }),
      '不能删除',
    );
    ok(await approveAs('sunlei', s1.processInstanceId, false));
    expect(ok(await get('chenjing', `${SHOP}/detail`, { id })).body.data.status).toBe(3);
    const s2 = ok(await post('chenjing', `${SHOP}/start`, { id, title: '办公用品(二季度)', lines: [lines[0]] })).body.data;
    expect(s2).toMatchObject({ totalAmount: '99.99' });
    expect(ok(await get('chenjing', `${SHOP}/detail`, { id })).body.data).toMatchObject({ status: 1, totalAmount: '99.99' });
    ok(await post('chenjing', `${WF}/withdrawTask`, { processInstanceId: s2.processInstanceId }));
    expect(ok(await get('chenjing', `${SHOP}/detail`, { id })).body.data.status).toBe(6);
  });

  it('over 5 000.00 the chain adds 总经理审批 after finance', async () => {
    const big = ok(await post('zhangwei', `${SHOP}/start`, { title: '电脑', lines: [{ itemName: '笔记本电脑', qty: 1, price: '6899.00' }] })).body.data;
    ok(await approveAs('sunlei', big.processInstanceId));
    ok(await approveAs('lihong', big.processInstanceId));
    expect((await taskOf('wangjianguo', big.processInstanceId))?.taskName).toBe('总经理审批');
  });
});

describe('going out (外出) and car use (用车)', () => {
  it('submit keeps a draft, start runs the process; the end before the start is refused and writes nothing', async () => {
    const out = { startTime: `${d('04-01')} 13:30:00`, endTime: `${d('04-01')} 17:00:00`, place: '市财政局', reason: '报送结算报告' };
    ok(await post('wufang', `${GO}/submit`, out));
    const [draft] = await t.database.raw(`SELECT id::text AS id, status, apply_user::text AS u FROM hjl_audit_go_out WHERE place = '市财政局'`);
    expect(draft).toMatchObject({ status: 0, u: ids.wufang });
    const started = ok(await post('wufang', `${GO}/start`, { id: draft!.id })).body.data;
    ok(await approveAs('sunlei', started.processInstanceId));
    ok(await approveAs('zhaomin', started.processInstanceId));
    expect(ok(await get('wufang', `${GO}/detail`, { id: String(draft!.id) })).body.data.status).toBe(2);

    const car = {
      carNumber: '苏A·8H316',
      driver: '周师傅',
      startTime: `${d('04-02')} 08:30:00`,
      endTime: `${d('04-02')} 12:00:00`,
      route: '公司—江宁',
      km: 46,
      reason: '现场踏勘',
    };
    const c = ok(await post('wufang', `${CAR}/start`, car)).body.data;
    expect(c).toMatchObject({ km: 46, processInstanceId: expect.any(String) });
    const before = await counts();
    refused(await post('wufang', `${GO}/start`, { ...out, endTime: `${d('04-01')} 13:00:00` }), '结束时间不能早于开始时间');
    refused(await post('wufang', `${GO}/submit`, { ...out, endTime: `${d('04-01')} 13:00:00` }), '结束时间不能早于开始时间');
    refused(await post('wufang', `${CAR}/start`, { ...car, endTime: `${d('04-01')} 12:00:00` }), '结束时间不能早于开始时间');
    refused(await post('wufang', `${CAR}/start`, { ...car, km: -1 }), '应在0至100000之间');
    refused(await post('wufang', `${CAR}/start`, { ...car, carNumber: '' }), '请输入车牌号');
    refused(await post('wufang', `${GO}/start`, { ...out, startTime: '明天' }), '开始时间');
    expect(await counts()).toEqual(before);
  });
});

describe('another tenant, codes and data scope', () => {
  it('another tenant sees, counts and changes nothing of the demo company', async () => {
    const evId = String((await t.database.raw(`SELECT id::text AS id FROM hjl_audit_evection WHERE tenant_id = '000000' AND status = 0 LIMIT 1`))[0]!.id);
    const lineId = String((await t.database.raw(`SELECT id::text AS id FROM hjl_audit_evection_info WHERE audit_evection_id = $1 LIMIT 1`, [evId]))[0]!.id);
    for (const url of [EV, EVI, GO, CAR, SHOP, SHOPI]) expect((await list('b', `${url}/list`)).total, url).toBe(0);
    expect((await get('b', `${EV}/detail`, { id: evId })).body.data ?? null).toBeFalsy();
    expect((await get('b', `${EVI}/detail`, { id: lineId })).body.data ?? null).toBeFalsy();
    const before = await counts();
    await post('b', `${EV}/remove`, undefined, { ids: evId });
    await post('b', `${EVI}/remove`, undefined, { ids: lineId });
    refused(await post('b', `${EVI}/submit`, { auditEvectionId: evId, ...tripLines[0] }), '出差申请不存在或无权访问');
    refused(await post('b', `${EV}/start`, { id: evId, ...trip }), '');
    expect(await counts()).toEqual(before);
    expect(await countRows(t.database, 'hjl_audit_evection', `id = ${evId} AND is_deleted = 0 AND status = 0`)).toBe(1);
  });

  it('without the menu or button code: 403 请求被拒绝', async () => {
    // wufang holds only 普通员工: take its 用车 delete button and the 外出 menu (with its buttons) away.
    // As the administrator does in 权限设置 (role/grant replaces the role's menus and keeps the scopes sent).
    const [role] = await t.database.raw(`SELECT id::text AS id FROM blade_role WHERE tenant_id = '000000' AND role_alias = 'user' AND is_deleted = 0`);
    const keep = await t.database.raw(
      `SELECT rm.menu_id::text AS id FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id WHERE rm.role_id = $1
       AND m.code <> 'audit_car_delete' AND m.code NOT LIKE 'audit_go_out%'`,
      [role!.id],
    );
    const scopes = async (category: number) =>
      (await t.database.raw(`SELECT scope_id::text AS id FROM blade_role_scope WHERE role_id = $1 AND scope_category = $2`, [role!.id, category])).map(
        (r) => r.id,
      );
    ok(
      await post('admin', '/api/blade-system/role/grant', {
        roleIds: [role!.id],
        menuIds: keep.map((r) => r.id),
        dataScopeIds: await scopes(1),
        apiScopeIds: await scopes(2),
      }),
    );
    tok.wufang = (await t.login('wufang', '123456')).access_token!;
    const carId = String((await t.database.raw(`SELECT id::text AS id FROM hjl_audit_car WHERE apply_user = $1 LIMIT 1`, [ids.wufang]))[0]!.id);
    const r = await post('wufang', `${CAR}/remove`, undefined, { ids: carId });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('请求被拒绝');
    expect((await get('wufang', `${GO}/list`)).status).toBe(403);
    expect((await post('wufang', `${GO}/start`, { place: 'x' })).status).toBe(403);
    // Seeing every application is the office_audit_all button's (HR and leaders), not a staff member's.
    expect((await list('wufang', `${CAR}/list`)).records.every((x) => x.applyUser === ids.wufang)).toBe(true);
  });

  it('a staff member sees their own; a department manager their departments’; HR and the leaders all — list, detail, lines', async () => {
    const all = await list('zhaomin', `${EV}/list`);
    expect((await list('wangjianguo', `${EV}/list`)).total).toBe(all.total);
    expect(all.total).toBe(await countRows(t.database, 'hjl_audit_evection', `tenant_id = '000000' AND is_deleted = 0`));
    const mine = await list('chenjing', `${EV}/list`);
    expect(mine.total).toBeGreaterThan(0);
    expectEvery(mine.records, (r) => r.applyUser === ids.chenjing, 'chenjing’s trips');
    expect(mine.total).toBe(await countRows(t.database, 'hjl_audit_evection', `tenant_id = '000000' AND is_deleted = 0 AND apply_user = $1`, [ids.chenjing]));
    const other = all.records.find((r) => r.applyUser === ids.zhangwei)!;
    expect((await get('chenjing', `${EV}/detail`, { id: String(other.id) })).body.data ?? null).toBeFalsy();
    // Lines only of their own trips.
    const lines = await list('chenjing', `${EVI}/list`);
    const own = new Set(mine.records.map((r) => String(r.id)));
    expectEvery(lines.records, (l) => own.has(String(l.auditEvectionId)), 'chenjing’s trip lines');
    // 孙磊 manages 苏州分公司: his own and that department's.
    ok(await post('sunlei', `${EV}/save`, { ...trip, reason: '苏州分公司例会' }));
    const managed = await list('sunlei', `${EV}/list`);
    const [dept] = await t.database.raw(`SELECT dept_id::text AS d FROM blade_user WHERE id = $1`, [ids.sunlei]);
    expectEvery(managed.records, (r) => r.applyUser === ids.sunlei || String(r.applyDept) === String(dept!.d).split(',')[0], 'sunlei’s scope');
    expect(managed.records.some((r) => r.reason === '苏州分公司例会')).toBe(true);
    expect(managed.records.some((r) => r.applyUser === ids.zhangwei)).toBe(false);
  });
});
