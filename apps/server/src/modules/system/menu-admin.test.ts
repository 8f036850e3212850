/** Menu administration (list, lazy lists, detail, submit, remove) and the data-scope / API-scope definitions. */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callsByToken, FORBIDDEN } from '../../testing/http.ts';
import { countRows, createParamRemoveApiScope, createTenant, type TestTenant } from '../../testing/db.ts';
import { depts } from '../org/schema.ts';
import { menus } from './schema.ts';
import { expectEvery } from '../../testing/expect.ts';

let t: TestApp;
let admin: string;
let project: string;
let other: TestTenant;
let otherAdmin: string; // administrator of another tenant: has every code, but is not the platform administrator
const bad = (msg: string) => ({ status: 400, body: { code: 400, success: false, msg } });
const API = '/api/blade-system/menu';

interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  category: number;
  hasChildren: boolean;
  children?: MenuNode[];
}
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const menuId = async (code: string) => (await t.database.db.select({ id: menus.id }).from(menus).where(eq(menus.code, code)))[0]!.id;
const { get } = callsByToken(() => t);
const submit = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: `${API}/submit`, payload });

beforeAll(async () => {
  t = await createTestApp();
  await createParamRemoveApiScope(t.database);
  admin = (await t.login()).access_token!;
  project = (await t.login('zhangwei', '123456')).access_token!;
  other = await createTenant(t.database, '300003');
  otherAdmin = (await t.login('admin', 'admin', '300003')).access_token!;
});
afterAll(() => t.close());

describe('menu lists', () => {
  it('list: the whole tree with buttons; menu-list: menus only; filters', async () => {
    const list = flat((await get(admin, `${API}/list`)).body.data);
    expect(list.find((m) => m.code === 'role_grant')).toMatchObject({ category: 2, action: 0 });
    expect(list.find((m) => m.code === 'api_doc')).toMatchObject({ isOpen: 2, source: 'ApiOutlined' });
    const menuOnly = flat((await get(admin, `${API}/menu-list`)).body.data);
    expectEvery(menuOnly, (m) => m.category === 1);
    expect(menuOnly.map((m) => m.code)).toContain('role');
    expect(flat((await get(admin, `${API}/list`, { name: '角色管理' })).body.data).map((m) => m.code)).toEqual(['role']);
    expect(flat((await get(admin, `${API}/list`, { code: 'role_g' })).body.data).map((m) => m.code)).toEqual(['role_grant']);
  });

  it('lazy-list: one level with hasChildren; lazy-menu-list leaves the buttons out', async () => {
    const top = (await get(admin, `${API}/lazy-list`)).body.data as MenuNode[];
    expectEvery(top, (m) => m.parentId === '0');
    expect(top.find((m) => m.code === 'authority')).toMatchObject({ hasChildren: true });
    const authority = await menuId('authority');
    const below = (await get(admin, `${API}/lazy-list`, { parentId: authority })).body.data as MenuNode[];
    expect(below.map((m) => m.code)).toEqual(['role', 'data_scope', 'api_scope', 'access_explain']);
    expect(below[0]).toMatchObject({ hasChildren: true, parentName: '权限管理' });
    expect((await get(admin, `${API}/lazy-list`, { parentId: await menuId('role') })).body.data.map((m: MenuNode) => m.code)).toContain('role_grant');
    const lazyMenus = (await get(admin, `${API}/lazy-menu-list`, { parentId: authority })).body.data as MenuNode[];
    expect(lazyMenus.map((m) => [m.code, m.hasChildren])).toEqual([
      ['role', false],
      ['data_scope', false],
      ['api_scope', false],
      ['access_explain', false],
    ]);
    expect((await get(admin, `${API}/lazy-menu-list`, { parentId: await menuId('role') })).body.data).toEqual([]);
    expect(await get(admin, `${API}/lazy-list`, { parentId: 'x' })).toMatchObject(bad('请求参数类型错误'));
  });

  it('detail adds parentName; unknown is 404', async () => {
    const id = await menuId('role_grant');
    const r = await get(admin, `${API}/detail`, { id });
    expect(r.body.data).toMatchObject({ id, code: 'role_grant', name: '权限设置', category: 2, parentName: '角色管理' });
    expect((await get(admin, `${API}/detail`, { id: '1' })).status).toBe(404);
  });

  it('needs the menu code', async () => {
    expect(await get(project, `${API}/list`)).toMatchObject(FORBIDDEN);
    expect(await get(project, `${API}/lazy-list`)).toMatchObject(FORBIDDEN);
    expect(await get(project, `${API}/detail`, { id: '1' })).toMatchObject(FORBIDDEN);
    expect(await submit(project, { name: 'x' })).toMatchObject(FORBIDDEN);
  });
});

describe('menu changes (platform administrator only)', () => {
  it('adds a menu and a button under it, edits, refuses bad input with nothing changed', async () => {
    const parentId = await menuId('system');
    const r = await submit(admin, {
      name: '测试菜单',
      code: 'test_menu',
      alias: 'test',
      path: '/system/test',
      source: 'ToolOutlined',
      sort: 50,
      category: 1,
      isOpen: 2,
      parentId,
      remark: '测试',
    });
    expect(r.status).toBe(200);
    const id = await menuId('test_menu');
    expect((await submit(admin, { name: '测试按钮', code: 'test_menu_run', alias: 'run', category: 2, action: 1, parentId: id })).status).toBe(200);
    const detail = (await get(admin, `${API}/detail`, { id: await menuId('test_menu_run') })).body.data;
    expect(detail).toMatchObject({ category: 2, action: 1, parentName: '测试菜单', isOpen: 1 });
    expect((await get(admin, `${API}/detail`, { id })).body.data).toMatchObject({ isOpen: 2, source: 'ToolOutlined', path: '/system/test', parentId });

    const before = await countRows(t.database, 'blade_menu');
    expect(await submit(admin, { name: '重复', code: 'test_menu', alias: 'x' })).toMatchObject(bad('菜单编号已存在'));
    expect(await submit(admin, { code: 'no_name', alias: 'x' })).toMatchObject(bad('请输入菜单名称'));
    expect(await submit(admin, { name: 'x', alias: 'x' })).toMatchObject(bad('请输入菜单编号'));
    expect(await submit(admin, { name: 'x', code: 'bad code', alias: 'x' })).toMatchObject(bad('菜单编号只能包含字母、数字、下划线和短横线'));
    expect(await submit(admin, { name: 'x', code: 'x1', alias: 'x', category: 2 })).toMatchObject(bad('按钮必须选择上级菜单'));
    expect(await submit(admin, { name: 'x', code: 'x1', alias: 'x', isOpen: 3 })).toMatchObject(bad('新窗口取值不正确'));
    expect(await submit(admin, { name: 'x', code: 'x1', alias: 'x', action: 5 })).toMatchObject(bad('按钮功能取值不正确'));
    expect(await submit(admin, { name: 'x', code: 'x1', alias: 'x', parentId: '123' })).toMatchObject(bad('上级菜单不存在'));
    expect(await submit(admin, { name: 'x', code: 'x1', alias: 'x', parentId: await menuId('test_menu_run') })).toMatchObject(
      bad('按钮下不能再添加菜单或按钮'),
    );
    expect(await submit(admin, { id: parentId, parentId: id })).toMatchObject(bad('父节点不可选择自身的下级菜单!'));
    expect(await submit(admin, { id, parentId: id })).toMatchObject(bad('父节点不可选择自身!'));
    expect(await countRows(t.database, 'blade_menu')).toBe(before);

    expect((await submit(admin, { id, name: '测试菜单(改)', isOpen: 1 })).status).toBe(200);
    expect((await get(admin, `${API}/detail`, { id })).body.data).toMatchObject({ name: '测试菜单(改)', isOpen: 1, code: 'test_menu', parentId });
  });

  it("another tenant's administrator may read but not change menus", async () => {
    expect((await get(otherAdmin, `${API}/list`)).status).toBe(200);
    const id = await menuId('test_menu');
    expect(await submit(otherAdmin, { name: '租户改菜单', code: 'tenant_menu', alias: 'x' })).toMatchObject(FORBIDDEN);
    expect(await submit(otherAdmin, { id, name: '租户改菜单' })).toMatchObject(FORBIDDEN);
    expect(await t.call(otherAdmin, { method: 'POST', url: `${API}/remove`, query: { ids: await menuId('test_menu_run') } })).toMatchObject(FORBIDDEN);
    expect(await countRows(t.database, 'blade_menu', `name = '租户改菜单'`)).toBe(0);
    expect(await countRows(t.database, 'blade_menu', `code = 'test_menu_run' AND is_deleted = 0`)).toBe(1);
    void other;
  });

  it('remove refuses a menu with children (请先删除子节点!) and removes a leaf and its grants', async () => {
    const id = await menuId('test_menu');
    const button = await menuId('test_menu_run');
    const project = (await t.database.raw(`SELECT id::text FROM blade_role WHERE role_alias = 'project' AND tenant_id = '000000'`))[0]!.id as string;
    const grant = await t.call(admin, {
      method: 'POST',
      url: '/api/blade-system/role/grant',
      payload: {
        roleIds: [project],
        menuIds: [
          ...(
            await t.database.db
              .select({ id: menus.id })
              .from(menus)
              .where(inArray(menus.code, ['desk', 'notice', 'notice_view']))
          ).map((m) => m.id),
          id,
          button,
        ],
      },
    });
    expect(grant.status).toBe(200);
    expect(await t.call(admin, { method: 'POST', url: `${API}/remove`, query: { ids: id } })).toMatchObject(bad('请先删除子节点!'));
    expect(await countRows(t.database, 'blade_menu', 'id = $1 AND is_deleted = 0', [id])).toBe(1);
    expect((await t.call(admin, { method: 'POST', url: `${API}/remove`, query: { ids: button } })).status).toBe(200);
    expect((await t.call(admin, { method: 'POST', url: `${API}/remove`, query: { ids: id } })).status).toBe(200);
    expect(await countRows(t.database, 'blade_role_menu', 'menu_id IN ($1, $2)', [id, button])).toBe(0);
    expect(await t.call(admin, { method: 'POST', url: `${API}/remove`, query: { ids: id } })).toMatchObject(bad('数据不存在或已被删除'));
    // the menu tree the grant dialog shows no longer has it
    const tree = (await get(admin, `${API}/grant-tree`)).body.data.menu as { title: string; children?: unknown[] }[];
    expect(JSON.stringify(tree)).not.toContain('测试菜单');
  });
});

describe('data-scope and api-scope definitions', () => {
  const DS = '/api/blade-system/data-scope';
  const AS = '/api/blade-system/api-scope';

  it('data scope: list by menu, submit, detail, remove; the resource code defaults to the menu code', async () => {
    const notice = await menuId('notice');
    const seeded = await get(admin, `${DS}/list`, { menuId: notice });
    expect(seeded.body.data.records.map((r: { scopeName: string }) => r.scopeName).sort()).toEqual(['本人可见', '本部门可见'].sort());
    expect(seeded.body.data.total).toBe(2);
    expect(
      (await t.call(admin, { method: 'POST', url: `${DS}/submit`, payload: { menuId: notice, scopeName: '测试规则', scopeType: 4, scopeValue: '1' } })).status,
    ).toBe(200);
    const list = await get(admin, `${DS}/list`, { menuId: notice, scopeName: '测试规则' });
    const row = list.body.data.records[0];
    // the value of a type that takes none is dropped
    expect(row).toMatchObject({ resourceCode: 'notice', scopeType: 4, scopeValue: null, menuId: notice });
    expect((await get(admin, `${DS}/detail`, { id: row.id })).body.data).toMatchObject({ scopeName: '测试规则' });
    expect((await t.call(admin, { method: 'POST', url: `${DS}/submit`, payload: { id: row.id, scopeName: '测试规则(改)' } })).status).toBe(200);
    expect((await t.call(admin, { method: 'POST', url: `${DS}/remove`, query: { ids: row.id } })).status).toBe(200);
    expect((await get(admin, `${DS}/list`, { menuId: notice })).body.data.total).toBe(2);
  });

  it('data scope: bad input is refused with nothing changed; custom takes dept ids, never SQL', async () => {
    const notice = await menuId('notice');
    const before = await countRows(t.database, 'blade_scope_data');
    const post = (payload: Record<string, unknown>) => t.call(admin, { method: 'POST', url: `${DS}/submit`, payload });
    expect(await post({ scopeName: 'x', scopeType: 1 })).toMatchObject(bad('请选择所属菜单'));
    expect(await post({ menuId: notice, scopeType: 1 })).toMatchObject(bad('请输入数据权限名称'));
    expect(await post({ menuId: notice, scopeName: 'x' })).toMatchObject(bad('请选择规则类型'));
    expect(await post({ menuId: notice, scopeName: 'x', scopeType: 9 })).toMatchObject(bad('规则类型不正确'));
    expect(await post({ menuId: '123', scopeName: 'x', scopeType: 1 })).toMatchObject(bad('所属菜单不存在'));
    expect(await post({ menuId: await menuId('notice_add'), scopeName: 'x', scopeType: 1 })).toMatchObject(bad('所属菜单不存在'));
    expect(await post({ menuId: notice, scopeName: 'x', scopeType: 5, scopeValue: `create_user = 1 OR 1=1` })).toMatchObject(
      bad('自定义规则值应为以逗号分隔的部门ID'),
    );
    expect(await post({ menuId: notice, scopeName: 'x', scopeType: 5 })).toMatchObject(bad('自定义规则请填写部门ID(以逗号分隔)'));
    expect(await post({ menuId: notice, scopeName: 'x', scopeType: 5, scopeValue: '123' })).toMatchObject(bad('自定义规则中的部门不存在'));
    expect(await post({ menuId: notice, scopeName: 'x', scopeType: 2, scopeColumn: 'create_user; drop table x' })).toMatchObject({ status: 400 });
    expect(await post({ menuId: notice, scopeName: 'x', scopeType: 1, resourceCode: 'a b' })).toMatchObject(bad('资源编号只能包含字母、数字、下划线和短横线'));
    expect(await countRows(t.database, 'blade_scope_data')).toBe(before);
    const [dept] = await t.database.db.select({ id: depts.id }).from(depts).where(eq(depts.tenantId, '000000')).limit(1);
    expect((await post({ menuId: notice, scopeName: '自定义部门', scopeType: 5, scopeValue: ` ${dept!.id} , ${dept!.id}` })).status).toBe(200);
    expect(await countRows(t.database, 'blade_scope_data', `scope_name = '自定义部门' AND scope_value = $1`, [dept!.id])).toBe(1);
  });

  it('api scope: submit, list, bad input, remove', async () => {
    const param = await menuId('param');
    const post = (payload: Record<string, unknown>) => t.call(admin, { method: 'POST', url: `${AS}/submit`, payload });
    const before = await countRows(t.database, 'blade_scope_api');
    expect(await post({ menuId: param, scopeName: 'x', scopeType: 'ALL' })).toMatchObject(bad('请输入接口路径'));
    expect(await post({ menuId: param, scopeName: 'x', scopePath: 'api/x', scopeType: 'ALL' })).toMatchObject(
      bad('接口路径应以/开头,可用*匹配一段、**匹配多段'),
    );
    expect(await post({ menuId: param, scopeName: 'x', scopePath: '/api/x', scopeType: 'PATCH' })).toMatchObject(
      bad('请求方法只能是ALL、GET、POST、PUT或DELETE'),
    );
    expect(await post({ menuId: param, scopeName: 'x', scopePath: '/api/x**', scopeType: 'ALL' })).toMatchObject(bad('接口路径中的**只能单独作为一段'));
    expect(await countRows(t.database, 'blade_scope_api')).toBe(before);
    expect((await post({ menuId: param, scopeName: '参数查询接口', scopePath: '/api/blade-system/param/list', scopeType: 'GET' })).status).toBe(200);
    const list = await get(admin, `${AS}/list`, { menuId: param });
    expect(list.body.data.records.map((r: { scopeName: string }) => r.scopeName)).toEqual(['参数删除接口', '参数查询接口']);
    const id = list.body.data.records[1].id;
    // nobody but administrators may list parameters now: the manager is refused
    const manager = (await t.login('wangjianguo', '123456')).access_token!;
    expect(await get(manager, '/api/blade-system/param/list')).toMatchObject(FORBIDDEN);
    expect((await t.call(admin, { method: 'POST', url: `${AS}/remove`, query: { ids: id } })).status).toBe(200);
    expect((await get(manager, '/api/blade-system/param/list')).status).toBe(200);
  });

  it("definitions are platform-wide: another tenant's administrator may not change them; codes are checked", async () => {
    const notice = await menuId('notice');
    expect(await t.call(otherAdmin, { method: 'POST', url: `${DS}/submit`, payload: { menuId: notice, scopeName: '租户规则', scopeType: 1 } })).toMatchObject(
      FORBIDDEN,
    );
    expect(
      await t.call(otherAdmin, {
        method: 'POST',
        url: `${AS}/submit`,
        payload: { menuId: notice, scopeName: '租户接口', scopePath: '/api/x', scopeType: 'ALL' },
      }),
    ).toMatchObject(FORBIDDEN);
    const [seeded] = await t.database.raw(`SELECT id::text FROM blade_scope_data WHERE scope_name = '本人可见'`);
    expect(await t.call(otherAdmin, { method: 'POST', url: `${DS}/remove`, query: { ids: String(seeded!.id) } })).toMatchObject(FORBIDDEN);
    expect(await countRows(t.database, 'blade_scope_data', `scope_name = '本人可见' AND is_deleted = 0`)).toBe(1);
    expect(await get(project, `${DS}/list`)).toMatchObject(FORBIDDEN);
    expect(await get(project, `${AS}/list`)).toMatchObject(FORBIDDEN);
  });
});
