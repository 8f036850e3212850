/**
 * Data scope on rows and totals of the lists of a resource (notice, user, dept) for every scope type, their OR,
 * the administrator bypass; API scope before the handler.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextId } from '../../platform/db/ids.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { FORBIDDEN } from '../../testing/http.ts';
import { countRows } from '../../testing/db.ts';
import { notices } from '../desk/schema.ts';
import { users } from '../user/schema.ts';
import { apiScopes, dataScopes, menus, roles, roleScopes } from './schema.ts';
import { depts } from '../org/schema.ts';

let t: TestApp;
let admin: string;
let zhangwei: string; // project role, dept 造价部
let manager: string; // wangjianguo: notice buttons
const ids: Record<string, string> = {}; // users, depts and roles by key
const PREFIX = '数据权限测试';

const menuIds = async (...codes: string[]) =>
  (await t.database.db.select({ id: menus.id, code: menus.code }).from(menus).where(inArray(menus.code, codes))).map((m) => m.id);

/** Grants a role these menus (by code) and scopes, as the administrator does in 权限设置. */
async function grant(roleKey: string, menuCodes: string[], dataScopeIds: string[] = [], apiScopeIds: string[] = []) {
  const r = await t.call(admin, {
    method: 'POST',
    url: '/api/blade-system/role/grant',
    payload: { roleIds: [ids[roleKey]], menuIds: await menuIds(...menuCodes), dataScopeIds, apiScopeIds },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function dataScope(menu: string, scopeName: string, scopeType: number, extra: Record<string, unknown> = {}) {
  const [menuId] = await menuIds(menu);
  const r = await t.call(admin, {
    method: 'POST',
    url: '/api/blade-system/data-scope/submit',
    payload: { menuId, scopeName, scopeType, resourceCode: menu, ...extra },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const [row] = await t.database.db.select({ id: dataScopes.id }).from(dataScopes).where(eq(dataScopes.scopeName, scopeName));
  return (row as { id: string }).id;
}

/** Titles and total of zhangwei's notice list among the test notices. */
async function noticesSeen(token = zhangwei, size = 100) {
  const r = await t.call(token, { method: 'GET', url: '/api/blade-desk/notice/list', query: { title: PREFIX, size: String(size) } });
  expect(r.status).toBe(200);
  return { titles: (r.body.data.records as { title: string }[]).map((n) => n.title.slice(PREFIX.length)).sort(), total: r.body.data.total as number };
}

const NOTICE_MENUS = ['desk', 'notice', 'notice_view'];

/** Id of a data scope created earlier in this file, by name. */
async function scopeId(scopeName: string) {
  const [row] = (await t.database.db.select({ id: dataScopes.id }).from(dataScopes).where(eq(dataScopes.scopeName, scopeName))) as { id: string }[];
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token!;
  zhangwei = (await t.login('zhangwei', '123456')).access_token!;
  manager = (await t.login('wangjianguo', '123456')).access_token!;
  const db = t.database.db;
  for (const u of await db.select({ id: users.id, account: users.account }).from(users).where(eq(users.tenantId, '000000'))) ids[u.account] = u.id;
  for (const d of await db.select({ id: depts.id, name: depts.deptName }).from(depts).where(eq(depts.tenantId, '000000'))) ids[d.name] = d.id;
  for (const r of await db.select({ id: roles.id, alias: roles.roleAlias }).from(roles).where(eq(roles.tenantId, '000000'))) ids[r.alias] = r.id;
  // Notices written by different people of different depts (造价一组 is below 造价部; 苏州造价部 below 苏州分公司).
  const rows: [string, string, string][] = [
    ['1', 'zhangwei', '造价部'],
    ['2', 'chenjing', '造价部'],
    ['3', 'liuyang', '监理部'],
    ['4', 'chenjing', '造价一组'],
    ['5', 'sunlei', '苏州造价部'],
    ['6', 'admin', '总经办'],
  ];
  await db.insert(notices).values(
    rows.map(([n, account, dept]) => ({
      id: nextId(),
      tenantId: '000000',
      title: `${PREFIX}${n}`,
      category: 1,
      releaseTime: '2026-11-20',
      createUser: ids[account]!,
      createDept: ids[dept]!,
      updateUser: ids[account]!,
    })),
  );
});
afterAll(() => t.close());

beforeEach(async () => {
  // Each test starts from no scope granted to the project role.
  await grant('project', NOTICE_MENUS);
});

describe('data scope on the notice list (rows and total)', () => {
  it('no scope granted: every notice of the tenant', async () => {
    expect(await noticesSeen()).toEqual({ titles: ['1', '2', '3', '4', '5', '6'], total: 6 });
  });

  it('全部可见 (1): every notice', async () => {
    await grant('project', NOTICE_MENUS, [await dataScope('notice', '测试全部可见', 1)]);
    expect(await noticesSeen()).toEqual({ titles: ['1', '2', '3', '4', '5', '6'], total: 6 });
  });

  it('本人可见 (2): only what zhangwei wrote; the total counts the same rows, not the page', async () => {
    await grant('project', NOTICE_MENUS, [await dataScope('notice', '测试本人可见', 2)]);
    expect(await noticesSeen()).toEqual({ titles: ['1'], total: 1 });
    // chenjing (same role, same dept) sees her own two
    const chenjing = (await t.login('chenjing', '123456')).access_token!;
    expect(await noticesSeen(chenjing)).toEqual({ titles: ['2', '4'], total: 2 });
    expect(await noticesSeen(chenjing, 1)).toMatchObject({ total: 2 });
  });

  it("所在机构可见 (3): notices written in zhangwei's dept only (not the group below it)", async () => {
    await grant('project', NOTICE_MENUS, [await dataScope('notice', '测试本部门', 3)]);
    expect(await noticesSeen()).toEqual({ titles: ['1', '2'], total: 2 });
    expect(await noticesSeen(zhangwei, 1)).toMatchObject({ total: 2 });
  });

  it('所在机构及子级可见 (4): his dept and the depts below it', async () => {
    await grant('project', NOTICE_MENUS, [await dataScope('notice', '测试本部门及下级', 4)]);
    expect(await noticesSeen()).toEqual({ titles: ['1', '2', '4'], total: 3 });
    // sunlei (苏州分公司) sees what 苏州造价部 wrote
    const sunlei = (await t.login('sunlei', '123456')).access_token!;
    expect(await noticesSeen(sunlei)).toEqual({ titles: ['5'], total: 1 });
  });

  it('自定义 (5): the listed depts', async () => {
    const custom = await dataScope('notice', '测试自定义', 5, { scopeValue: `${ids['监理部']},${ids['苏州造价部']}` });
    await grant('project', NOTICE_MENUS, [custom]);
    expect(await noticesSeen()).toEqual({ titles: ['3', '5'], total: 2 });
  });

  it('two granted scopes widen each other (OR)', async () => {
    const own = { id: await scopeId('测试本人可见') };
    const custom = { id: await scopeId('测试自定义') };
    await grant('project', NOTICE_MENUS, [own!.id, custom!.id]);
    expect(await noticesSeen()).toEqual({ titles: ['1', '3', '5'], total: 3 });
    // and with 全部可见 among them, everything
    const everything = { id: await scopeId('测试全部可见') };
    await grant('project', NOTICE_MENUS, [own!.id, everything!.id]);
    expect(await noticesSeen()).toEqual({ titles: ['1', '2', '3', '4', '5', '6'], total: 6 });
  });

  it('scopes of two roles of one user widen each other too', async () => {
    const own = { id: await scopeId('测试本人可见') };
    const custom = { id: await scopeId('测试自定义') };
    await grant('project', NOTICE_MENUS, [own!.id]);
    await grant('user', NOTICE_MENUS, [custom!.id]);
    await t.database.db
      .update(users)
      .set({ roleId: `${ids.project},${ids.user}` })
      .where(eq(users.id, ids.zhangwei!));
    try {
      const both = (await t.login('zhangwei', '123456')).access_token!;
      expect(await noticesSeen(both)).toEqual({ titles: ['1', '3', '5'], total: 3 });
    } finally {
      await t.database.db.update(users).set({ roleId: ids.project! }).where(eq(users.id, ids.zhangwei!));
      await grant('user', NOTICE_MENUS);
    }
  });

  it('a scope also confines the detail of single rows', async () => {
    await grant('project', NOTICE_MENUS, [await scopeId('测试本人可见')]);
    const [other] = await t.database.db
      .select({ id: notices.id })
      .from(notices)
      .where(eq(notices.title, `${PREFIX}3`));
    expect((await t.call(zhangwei, { method: 'GET', url: '/api/blade-desk/notice/detail', query: { id: String(other!.id) } })).status).toBe(404);
  });

  it('the administrator role is never narrowed, even when granted a scope', async () => {
    const own = { id: await scopeId('测试本人可见') };
    await t.database.db.insert(roleScopes).values({ id: nextId(), roleId: ids.administrator!, scopeCategory: 1, scopeId: own!.id });
    await t.call(admin, { method: 'GET', url: '/api/blade-auth/oauth/clear-cache' });
    expect(await noticesSeen(admin)).toEqual({ titles: ['1', '2', '3', '4', '5', '6'], total: 6 });
  });

  it('a scope of one resource leaves the others alone', async () => {
    const own = { id: await scopeId('测试本人可见') };
    await grant('manager', ['desk', 'notice', 'notice_view', 'system', 'param', 'param_view'], [own!.id]);
    const params = await t.call(manager, { method: 'GET', url: '/api/blade-system/param/list', query: { size: '100' } });
    expect(params.body.data.total).toBe(await countRows(t.database, 'blade_param', `tenant_id = '000000' AND is_deleted = 0`));
    expect((await noticesSeen(manager)).total).toBe(0); // wangjianguo wrote none of them
    await grant('manager', ['desk', 'notice', 'notice_add', 'notice_edit', 'notice_delete', 'notice_view', 'system', 'param', 'param_view']);
  });

  it('a removed scope stops applying', async () => {
    const id = await dataScope('notice', '测试删除后失效', 2);
    await grant('project', NOTICE_MENUS, [id]);
    expect((await noticesSeen()).total).toBe(1);
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-system/data-scope/remove', query: { ids: id } })).status).toBe(200);
    expect((await noticesSeen()).total).toBe(6);
  });
});

describe('data scope on the user and dept lists', () => {
  it('user list (/api/blade-user/page): the seeded 本部门及下级 on dept_id shows the users of his dept tree', async () => {
    const seeded = { id: await scopeId('本部门及下级') };
    await grant('project', [...NOTICE_MENUS, 'system', 'user'], []);
    const all = await t.call(zhangwei, { method: 'GET', url: '/api/blade-user/page', query: { size: '100' } });
    expect(all.body.data.total).toBeGreaterThan(2);
    await grant('project', [...NOTICE_MENUS, 'system', 'user'], [seeded!.id]);
    const page = await t.call(zhangwei, { method: 'GET', url: '/api/blade-user/page', query: { size: '1' } });
    expect(page.body.data.total).toBe(2);
    const full = await t.call(zhangwei, { method: 'GET', url: '/api/blade-user/page', query: { size: '100' } });
    expect((full.body.data.records as { account: string }[]).map((u) => u.account).sort()).toEqual(['chenjing', 'zhangwei']);
  });

  it('dept list: a 本部门及下级 scope on the id column shows his dept and those below', async () => {
    const id = await dataScope('dept', '测试部门树', 4, { scopeColumn: 'id' });
    await grant('project', [...NOTICE_MENUS, 'system', 'dept'], [id]);
    const list = await t.call(zhangwei, { method: 'GET', url: '/api/blade-system/dept/lazy-list', query: { deptName: '造价' } });
    expect((list.body.data as { deptName: string }[]).map((d) => d.deptName).sort()).toEqual(['造价一组', '造价二组', '造价部'].sort());
  });

  it('a scope naming a column the table lacks shows nothing (fail closed)', async () => {
    const id = await dataScope('notice', '测试不存在的列', 2, { scopeColumn: 'no_such_column' });
    await grant('project', NOTICE_MENUS, [id]);
    expect(await noticesSeen()).toEqual({ titles: [], total: 0 });
  });
});

describe('API scope', () => {
  async function apiScope(scopePath: string, scopeType: string) {
    const [menuId] = await menuIds('notice');
    const r = await t.call(admin, {
      method: 'POST',
      url: '/api/blade-system/api-scope/submit',
      payload: { menuId, scopeName: `测试${scopePath}${scopeType}`, scopePath, scopeType, resourceCode: 'notice' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [row] = (await t.database.db.select({ id: apiScopes.id }).from(apiScopes).where(eq(apiScopes.scopePath, scopePath))) as { id: string }[];
    return row!.id;
  }
  const MANAGER_MENUS = ['desk', 'notice', 'notice_add', 'notice_edit', 'notice_delete', 'notice_view', 'system', 'param', 'param_view'];
  const submit = (token: string, title: string) =>
    t.call(token, { method: 'POST', url: '/api/blade-desk/notice/submit', payload: { title, category: 1, releaseTime: '2026-12-01' } });

  it('a matching pattern nobody is granted refuses with 403 before the handler; granted, the call passes', async () => {
    const id = await apiScope('/api/blade-desk/notice/submit', 'POST');
    const before = await countRows(t.database, 'blade_notice');
    expect(await submit(manager, '接口权限测试')).toMatchObject(FORBIDDEN);
    // refused before the input is even read
    expect(await t.call(manager, { method: 'POST', url: '/api/blade-desk/notice/submit', payload: { category: 'x' } })).toMatchObject(FORBIDDEN);
    expect(await countRows(t.database, 'blade_notice')).toBe(before);
    // a route it does not match passes
    expect((await t.call(manager, { method: 'GET', url: '/api/blade-desk/notice/list' })).status).toBe(200);
    // the administrator is not refused
    expect((await submit(admin, '接口权限测试(管理员)')).status).toBe(200);

    await grant('manager', MANAGER_MENUS, [], [id]);
    expect((await submit(manager, '接口权限测试')).status).toBe(200);
    expect(await countRows(t.database, 'blade_notice')).toBe(before + 2);
    await grant('manager', MANAGER_MENUS);
    expect(await submit(manager, '接口权限测试2')).toMatchObject(FORBIDDEN);
    await t.call(admin, { method: 'POST', url: '/api/blade-system/api-scope/remove', query: { ids: id } });
    expect((await submit(manager, '接口权限测试2')).status).toBe(200);
  });

  it('** patterns and methods: GET on /api/blade-desk/** refuses lists but not a POST', async () => {
    const id = await apiScope('/api/blade-desk/**', 'GET');
    try {
      expect(await t.call(manager, { method: 'GET', url: '/api/blade-desk/notice/list' })).toMatchObject(FORBIDDEN);
      expect(await t.call(manager, { method: 'GET', url: '/api/blade-desk/notice/detail', query: { id: '1' } })).toMatchObject(FORBIDDEN);
      expect((await submit(manager, '方法不匹配')).status).toBe(200);
      expect((await t.call(manager, { method: 'GET', url: '/api/blade-system/param/list' })).status).toBe(200);
      // another role granted it does not help wangjianguo; his own role does
      await grant('project', NOTICE_MENUS, [], [id]);
      expect((await t.call(zhangwei, { method: 'GET', url: '/api/blade-desk/notice/list' })).status).toBe(200);
      expect(await t.call(manager, { method: 'GET', url: '/api/blade-desk/notice/list' })).toMatchObject(FORBIDDEN);
    } finally {
      await t.call(admin, { method: 'POST', url: '/api/blade-system/api-scope/remove', query: { ids: id } });
    }
    expect((await t.call(manager, { method: 'GET', url: '/api/blade-desk/notice/list' })).status).toBe(200);
  });

  it('the demo company reserves no call: no API scope rule is seeded', async () => {
    expect(await countRows(t.database, 'blade_scope_api', 'is_deleted = 0')).toBe(0);
  });
});
