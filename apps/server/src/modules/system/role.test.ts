/** /api/blade-system/role: tree list, detail, submit, remove, tree, tree-by-id, select, grant. */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import * as demo from '../../seed/data.ts';
import { FORBIDDEN } from '../../testing/http.ts';
import { countRows, createParamRemoveApiScope, createTenant, type TestTenant } from '../../testing/db.ts';
import { apiScopes, dataScopes, menus, roleMenus, roles, roleScopes } from './schema.ts';

let t: TestApp;
let admin: string;
let manager: string; // wangjianguo, role manager: granted role administration below
let project: string; // zhangwei: no role codes
let other: TestTenant;
let otherAdmin: string;
const API = '/api/blade-system/role';

interface RoleNode {
  id: string;
  parentId: string;
  roleName: string;
  roleAlias: string;
  parentName: string | null;
  hasChildren: boolean;
  children?: RoleNode[];
}
const flat = (nodes: RoleNode[]): RoleNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const bad = (msg: string) => ({ status: 400, body: { code: 400, success: false, msg } });

const roleId = async (alias: string, tenantId = '000000') =>
  (
    await t.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.roleAlias, alias), eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)))
  )[0]!.id;
const menuIds = async (...codes: string[]) => (await t.database.db.select({ id: menus.id }).from(menus).where(inArray(menus.code, codes))).map((m) => m.id);
const submit = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: `${API}/submit`, payload });
const grantCall = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: `${API}/grant`, payload });
const keys = async (token: string, roleIds: string) =>
  (await t.call(token, { method: 'GET', url: '/api/blade-system/menu/role-tree-keys', query: { roleIds } })).body.data;

const MANAGER_MENUS = [
  'desk',
  'notice',
  'notice_add',
  'notice_edit',
  'notice_delete',
  'notice_view',
  'system',
  'param',
  'param_view',
  'authority',
  'role',
  'role_add',
  'role_edit',
  'role_delete',
  'role_view',
  'role_grant',
];

beforeAll(async () => {
  t = await createTestApp();
  await createParamRemoveApiScope(t.database);
  admin = (await t.login()).access_token!;
  other = await createTenant(t.database, '200002');
  otherAdmin = (await t.login('admin', 'admin', '200002')).access_token!;
  // The manager role administers roles (not an administrator).
  expect((await grantCall(admin, { roleIds: [await roleId('manager')], menuIds: await menuIds(...MANAGER_MENUS) })).status).toBe(200);
  manager = (await t.login('wangjianguo', '123456')).access_token!;
  project = (await t.login('zhangwei', '123456')).access_token!;
});
afterAll(() => t.close());

/** The demo tenant's roles (seed/data.ts), by alias. */
const DEMO_ROLE_ALIASES = demo.roles.map((r) => r.roleAlias).sort();

describe('list, detail, tree, select', () => {
  it("list: the tenant's roles as a tree, with search on name and alias", async () => {
    const r = await t.call(admin, { method: 'GET', url: `${API}/list` });
    expect(r.status).toBe(200);
    expect(
      flat(r.body.data)
        .map((n) => n.roleAlias)
        .sort(),
    ).toEqual(DEMO_ROLE_ALIASES);
    const byName = await t.call(admin, { method: 'GET', url: `${API}/list`, query: { roleName: '财务' } });
    expect(flat(byName.body.data).map((n) => n.roleAlias)).toEqual(['finance']);
    const byAlias = await t.call(admin, { method: 'GET', url: `${API}/list`, query: { roleAlias: 'proj' } });
    expect(flat(byAlias.body.data).map((n) => n.roleAlias)).toEqual(['project']);
    // another tenant sees its own only
    const mine = await t.call(otherAdmin, { method: 'GET', url: `${API}/list` });
    expect(flat(mine.body.data).map((n) => n.id)).toEqual([other.adminRoleId]);
  });

  it('list for another tenant: the platform administrator only', async () => {
    const r = await t.call(admin, { method: 'GET', url: `${API}/list`, query: { tenantId: '200002' } });
    expect(flat(r.body.data).map((n) => n.id)).toEqual([other.adminRoleId]);
    expect(await t.call(otherAdmin, { method: 'GET', url: `${API}/list`, query: { tenantId: '000000' } })).toMatchObject(FORBIDDEN);
  });

  it("detail; another tenant's role is not found; bad id is 400", async () => {
    const id = await roleId('finance');
    const r = await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id } });
    expect(r.body.data).toMatchObject({ id, roleName: '财务人员', roleAlias: 'finance', parentId: '0', tenantId: '000000' });
    expect(r.body.data).not.toHaveProperty('isDeleted');
    expect((await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id: other.adminRoleId } })).status).toBe(404);
    expect(await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id: 'abc' } })).toMatchObject(bad('请求参数类型错误'));
  });

  it("tree, tree-by-id and select answer the caller's tenant", async () => {
    const tree = await t.call(project, { method: 'GET', url: `${API}/tree` });
    expect(tree.status).toBe(200);
    expect(tree.body.data[0]).toMatchObject({ title: '超级管理员', key: expect.any(String), value: expect.any(String) });
    expect(flat(tree.body.data).length).toBe(DEMO_ROLE_ALIASES.length);
    const byId = await t.call(admin, { method: 'GET', url: `${API}/tree-by-id`, query: { roleId: other.adminRoleId } });
    expect(byId.body.data.map((n: { id: string }) => n.id)).toEqual([other.adminRoleId]);
    // someone else asking with another tenant's role gets their own tenant's tree
    const foreign = await t.call(project, { method: 'GET', url: `${API}/tree-by-id`, query: { roleId: other.adminRoleId } });
    expect(flat(foreign.body.data).length).toBe(DEMO_ROLE_ALIASES.length);
    // without roleId (BladeX clients on a new role): the caller's tenant's tree
    const own = await t.call(project, { method: 'GET', url: `${API}/tree-by-id` });
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.body.data)).not.toContain(other.adminRoleId);
    expect(await t.call(project, { method: 'GET', url: `${API}/tree`, query: { tenantId: '200002' } })).toMatchObject(FORBIDDEN);
    const select = await t.call(project, { method: 'GET', url: `${API}/select` });
    expect(select.body.data.map((r: { roleAlias: string }) => r.roleAlias).sort()).toEqual(DEMO_ROLE_ALIASES);
  });

  it('needs the role code', async () => {
    expect(await t.call(project, { method: 'GET', url: `${API}/list` })).toMatchObject(FORBIDDEN);
    expect(await t.call(project, { method: 'GET', url: `${API}/detail`, query: { id: '1' } })).toMatchObject(FORBIDDEN);
    expect(await submit(project, { roleName: 'x', roleAlias: 'x' })).toMatchObject(FORBIDDEN);
    expect(await t.call(project, { method: 'POST', url: `${API}/remove`, query: { ids: '1' } })).toMatchObject(FORBIDDEN);
    expect(await grantCall(project, { roleIds: ['1'] })).toMatchObject(FORBIDDEN);
  });
});

describe('submit and remove', () => {
  it('adds a child role, edits it, refuses bad input with nothing changed', async () => {
    const parentId = await roleId('project');
    expect((await submit(admin, { roleName: '项目助理', roleAlias: 'project_assistant', parentId, sort: 9 })).status).toBe(200);
    const child = await roleId('project_assistant');
    const detail = await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id: child } });
    expect(detail.body.data).toMatchObject({ parentId, parentName: '项目人员', sort: 9, tenantId: '000000' });
    const tree = await t.call(admin, { method: 'GET', url: `${API}/list` });
    expect(flat(tree.body.data).find((n) => n.id === parentId)).toMatchObject({ hasChildren: true, children: [expect.objectContaining({ id: child })] });

    const before = await countRows(t.database, 'blade_role');
    expect(await submit(admin, { roleName: '重复', roleAlias: 'project_assistant' })).toMatchObject(bad('角色别名已存在'));
    expect(await submit(admin, { roleAlias: 'no_name' })).toMatchObject(bad('请输入角色名称'));
    expect(await submit(admin, { roleName: '无别名' })).toMatchObject(bad('请输入角色别名'));
    expect(await submit(admin, { roleName: 'x', roleAlias: 'bad alias;' })).toMatchObject(bad('角色别名只能包含字母、数字、下划线和短横线'));
    expect(await submit(admin, { roleName: 'x', roleAlias: 'x1', parentId: 'abc' })).toMatchObject(bad('上级角色格式不正确'));
    expect(await submit(admin, { roleName: 'x', roleAlias: 'x1', parentId: other.adminRoleId })).toMatchObject(bad('上级角色不存在'));
    expect(await submit(admin, { roleName: 'x', roleAlias: 'x1', sort: 'a' })).toMatchObject(bad('角色排序必须是整数'));
    expect(await submit(admin, { id: parentId, parentId: child })).toMatchObject(bad('父节点不可选择自身的下级角色!'));
    expect(await submit(admin, { id: parentId, parentId })).toMatchObject(bad('父节点不可选择自身!'));
    expect(await submit(admin, { id: other.adminRoleId, roleName: '改别人的' })).toMatchObject(bad('数据不存在或已被删除'));
    expect(await countRows(t.database, 'blade_role')).toBe(before);
    expect(await countRows(t.database, 'blade_role', `role_name = '改别人的'`)).toBe(0);

    expect((await submit(admin, { id: child, roleName: '项目助理(改)' })).status).toBe(200);
    expect((await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id: child } })).body.data).toMatchObject({
      roleName: '项目助理(改)',
      roleAlias: 'project_assistant',
      parentId,
    });
    // the same alias is free in another tenant
    expect((await submit(otherAdmin, { roleName: '项目助理', roleAlias: 'project_assistant' })).status).toBe(200);
    expect(await countRows(t.database, 'blade_role', `role_alias = 'project_assistant' AND tenant_id = '200002'`)).toBe(1);
  });

  it('remove refuses a role with children (请先删除子节点!), removes a leaf with its grants', async () => {
    const parentId = await roleId('project');
    const child = await roleId('project_assistant');
    expect((await grantCall(admin, { roleIds: [child], menuIds: await menuIds('desk', 'notice') })).status).toBe(200);
    expect(await t.call(admin, { method: 'POST', url: `${API}/remove`, query: { ids: parentId } })).toMatchObject(bad('请先删除子节点!'));
    expect(await countRows(t.database, 'blade_role', 'id = $1 AND is_deleted = 0', [parentId])).toBe(1);
    expect(await t.call(admin, { method: 'POST', url: `${API}/remove`, query: { ids: other.adminRoleId } })).toMatchObject(bad('数据不存在或已被删除'));
    expect(await t.call(admin, { method: 'POST', url: `${API}/remove`, query: { ids: 'x' } })).toMatchObject(bad('请求参数类型错误'));
    expect(await t.call(admin, { method: 'POST', url: `${API}/remove` })).toMatchObject(bad('缺少必要的请求参数: ids'));
    expect((await t.call(admin, { method: 'POST', url: `${API}/remove`, query: { ids: child } })).status).toBe(200);
    expect(await countRows(t.database, 'blade_role', 'id = $1 AND is_deleted = 1', [child])).toBe(1);
    expect(await countRows(t.database, 'blade_role_menu', 'role_id = $1', [child])).toBe(0);
  });

  it('a non-administrator may not create, change or remove the administrator role: 无权配置超管角色!', async () => {
    const adminRole = await roleId('administrator');
    expect(await submit(manager, { roleName: '另一个超管', roleAlias: 'administrator' })).toMatchObject(bad('无权配置超管角色!'));
    expect(await submit(manager, { id: adminRole, roleName: '改名' })).toMatchObject(bad('无权配置超管角色!'));
    expect(await submit(manager, { id: await roleId('user'), roleAlias: 'administrator' })).toMatchObject(bad('无权配置超管角色!'));
    expect(await t.call(manager, { method: 'POST', url: `${API}/remove`, query: { ids: adminRole } })).toMatchObject(bad('无权配置超管角色!'));
    expect(await countRows(t.database, 'blade_role', `role_name = '改名' OR role_name = '另一个超管'`)).toBe(0);
    // other roles are the manager's to change
    expect((await submit(manager, { roleName: '实习生', roleAlias: 'intern' })).status).toBe(200);
    expect((await t.call(manager, { method: 'POST', url: `${API}/remove`, query: { ids: await roleId('intern') } })).status).toBe(200);
  });
});

describe('grant', () => {
  it('replaces the menus and scopes of the roles; role-tree-keys answers them', async () => {
    const finance = await roleId('finance');
    const menuList = await menuIds('desk', 'notice', 'notice_view', 'system', 'param', 'param_view');
    const [ds] = (await t.database.db.select({ id: dataScopes.id }).from(dataScopes).where(eq(dataScopes.scopeName, '本人可见'))) as { id: string }[];
    const [as] = (await t.database.db.select({ id: apiScopes.id }).from(apiScopes).where(eq(apiScopes.scopeName, '参数删除接口'))) as { id: string }[];
    const r = await grantCall(admin, { roleIds: [finance], menuIds: menuList, dataScopeIds: [ds!.id], apiScopeIds: as!.id });
    expect(r.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    const k = await keys(admin, finance);
    expect([...k.menu].sort()).toEqual([...menuList].sort());
    expect(k).toMatchObject({ dataScope: [ds!.id], apiScope: [as!.id] });
    // lihong (finance) now sees parameters
    const lihong = (await t.login('lihong', '123456')).access_token!;
    expect((await t.call(lihong, { method: 'GET', url: '/api/blade-system/param/list' })).status).toBe(200);
    // absent lists clear
    expect((await grantCall(admin, { roleIds: [finance], menuIds: await menuIds('desk', 'notice', 'notice_view') })).status).toBe(200);
    expect(await keys(admin, finance)).toMatchObject({ dataScope: [], apiScope: [] });
    expect(await t.call(lihong, { method: 'GET', url: '/api/blade-system/param/list' })).toMatchObject(FORBIDDEN);
  });

  it('trims the roles below to what their parent keeps', async () => {
    const parent = await roleId('project');
    expect((await submit(admin, { roleName: '造价员', roleAlias: 'cost_clerk', parentId: parent })).status).toBe(200);
    const child = await roleId('cost_clerk');
    expect((await submit(admin, { roleName: '造价实习', roleAlias: 'cost_intern', parentId: child })).status).toBe(200);
    const grandchild = await roleId('cost_intern');
    const [ds] = (await t.database.db.select({ id: dataScopes.id }).from(dataScopes).where(eq(dataScopes.scopeName, '本部门可见'))) as { id: string }[];
    const wide = await menuIds('desk', 'notice', 'notice_view', 'notice_add');
    expect((await grantCall(admin, { roleIds: [parent, child, grandchild], menuIds: wide, dataScopeIds: [ds!.id] })).status).toBe(200);
    const narrow = await menuIds('desk', 'notice', 'notice_view');
    expect((await grantCall(admin, { roleIds: [parent], menuIds: narrow })).status).toBe(200);
    for (const id of [child, grandchild]) {
      const k = await keys(admin, id);
      expect([...k.menu].sort()).toEqual([...narrow].sort());
      expect(k.dataScope).toEqual([]);
    }
    // a grant to a child does not touch its parent
    expect((await grantCall(admin, { roleIds: [child], menuIds: await menuIds('desk') })).status).toBe(200);
    expect((await keys(admin, parent)).menu.length).toBe(3);
    expect((await keys(admin, grandchild)).menu).toEqual(await menuIds('desk'));
  });

  it("bad input, unknown ids and another tenant's roles are refused with nothing changed", async () => {
    const finance = await roleId('finance');
    const before = await countRows(t.database, 'blade_role_menu');
    const scopesBefore = await countRows(t.database, 'blade_role_scope');
    expect(await grantCall(admin, { menuIds: ['1'] })).toMatchObject({ status: 400 });
    expect(await grantCall(admin, { roleIds: [] })).toMatchObject(bad('请选择角色'));
    expect(await grantCall(admin, { roleIds: ['abc'] })).toMatchObject(bad('请求参数类型错误'));
    expect(await grantCall(admin, { roleIds: [finance], menuIds: 'x,y' })).toMatchObject(bad('请求参数类型错误'));
    expect(await grantCall(admin, { roleIds: [finance], menuIds: ['123'] })).toMatchObject(bad('菜单不存在或无权授予'));
    expect(await grantCall(admin, { roleIds: [finance], dataScopeIds: ['123'] })).toMatchObject(bad('数据权限不存在或无权授予'));
    expect(await grantCall(admin, { roleIds: [finance], apiScopeIds: ['123'] })).toMatchObject(bad('接口权限不存在或无权授予'));
    expect(await grantCall(admin, { roleIds: [finance, other.adminRoleId], menuIds: await menuIds('desk') })).toMatchObject(bad('角色不存在或已被删除'));
    expect(await grantCall(otherAdmin, { roleIds: [finance], menuIds: [] })).toMatchObject(bad('角色不存在或已被删除'));
    expect(await countRows(t.database, 'blade_role_menu')).toBe(before);
    expect(await countRows(t.database, 'blade_role_scope')).toBe(scopesBefore);
    // role-tree-keys of another tenant's role answers nothing
    expect(await keys(admin, other.adminRoleId)).toEqual({ menu: [], dataScope: [], apiScope: [] });
    expect((await t.call(admin, { method: 'GET', url: '/api/blade-system/menu/role-tree-keys' })).body.msg).toBe('缺少必要的请求参数: roleIds');
  });

  it('a non-administrator may not grant the administrator role, nor beyond what they see', async () => {
    const adminRole = await roleId('administrator');
    const before = await countRows(t.database, 'blade_role_menu', 'role_id = $1', [adminRole]);
    expect(await grantCall(manager, { roleIds: [adminRole], menuIds: await menuIds('desk') })).toMatchObject(bad('无权配置超管角色!'));
    expect(await countRows(t.database, 'blade_role_menu', 'role_id = $1', [adminRole])).toBe(before);
    // the manager does not have the user menu, so cannot hand it out
    expect(await grantCall(manager, { roleIds: [await roleId('user')], menuIds: await menuIds('desk', 'user') })).toMatchObject(bad('菜单不存在或无权授予'));
    expect((await grantCall(manager, { roleIds: [await roleId('user')], menuIds: await menuIds('desk', 'notice', 'notice_view') })).status).toBe(200);
    // the administrator may
    expect((await grantCall(admin, { roleIds: [adminRole], menuIds: await menuIds('desk') })).status).toBe(200);
    expect(await countRows(t.database, 'blade_role_scope', 'role_id = $1', [adminRole])).toBe(0);
  });

  it('grant-tree is cut to what the caller sees', async () => {
    const mine = await t.call(manager, { method: 'GET', url: '/api/blade-system/menu/grant-tree' });
    expect(mine.status).toBe(200);
    const titles = (nodes: { title: string; children?: unknown[] }[]): string[] => nodes.flatMap((n) => [n.title, ...titles((n.children ?? []) as never)]);
    expect(titles(mine.body.data.menu)).toContain('角色管理');
    expect(titles(mine.body.data.menu)).not.toContain('用户管理');
    // notice scopes (本人可见, 本部门可见) under 工作台 → 通知公告; the user scope is not the manager's to grant
    expect(titles(mine.body.data.dataScope)).toEqual(['工作台', '通知公告', '本人可见', '本部门可见']);
    expect(titles(mine.body.data.apiScope)).toEqual(['系统管理', '参数管理', '参数删除接口']);
    const all = await t.call(admin, { method: 'GET', url: '/api/blade-system/menu/grant-tree' });
    expect(titles(all.body.data.dataScope)).toEqual(expect.arrayContaining(['用户管理', '本部门及下级']));
    expect(await t.call(project, { method: 'GET', url: '/api/blade-system/menu/grant-tree' })).toMatchObject(FORBIDDEN);
  });

  it('role-tree-keys unions several roles and leaves out removed scopes', async () => {
    const [a, b] = [await roleId('finance'), await roleId('user')];
    const [menuId] = await menuIds('notice');
    expect(
      (await t.call(admin, { method: 'POST', url: '/api/blade-system/data-scope/submit', payload: { menuId, scopeName: '临时规则', scopeType: 2 } })).status,
    ).toBe(200);
    const [temp] = (await t.database.db.select({ id: dataScopes.id }).from(dataScopes).where(eq(dataScopes.scopeName, '临时规则'))) as { id: string }[];
    expect((await grantCall(admin, { roleIds: [a], menuIds: await menuIds('desk', 'notice'), dataScopeIds: [temp!.id] })).status).toBe(200);
    expect((await grantCall(admin, { roleIds: [b], menuIds: await menuIds('desk', 'notice_view') })).status).toBe(200);
    const k = await keys(admin, `${a},${b}`);
    expect([...k.menu].sort()).toEqual([...(await menuIds('desk', 'notice', 'notice_view'))].sort());
    expect(k.dataScope).toEqual([temp!.id]);
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-system/data-scope/remove', query: { ids: temp!.id } })).status).toBe(200);
    expect((await keys(admin, a)).dataScope).toEqual([]);
    expect(await t.database.db.select().from(roleScopes).where(eq(roleScopes.roleId, a))).toHaveLength(1); // kept, but counts for nothing
    expect(await t.database.db.select().from(roleMenus).where(eq(roleMenus.roleId, a))).toHaveLength(2);
  });
});
