import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callsByToken, FORBIDDEN } from '../../testing/http.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { menus } from '../system/schema.ts';
import { roleGrants } from '../../seed/data.ts';
import { menuSeed, type MenuSeed } from '../../seed/menus.ts';

let t: TestApp;
let admin: string;
let manager: string; // wangjianguo: desk, notice and the param view; no top menu codes
let b: string; // administrator of tenant 100001

const API = '/api/blade-system/topmenu';

interface MenuNode {
  id: string;
  code?: string;
  title?: string;
  children?: MenuNode[];
}
const all = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
/** The seeded children of a top menu the manager role is granted, nested folders with theirs. */
const managerShape = (top: string): Record<string, unknown> => {
  const codes = new Set(roleGrants.manager);
  const granted = (m: MenuSeed): boolean => codes.has(m.code) || (m.buttons ?? []).some((b) => codes.has(b.code)) || (m.children ?? []).some(granted);
  const shapeOf = (items: MenuSeed[]): Record<string, unknown> => Object.fromEntries(items.filter(granted).map((c) => [c.code, shapeOf(c.children ?? [])]));
  return shapeOf(menuSeed.find((m) => m.code === top)?.children ?? []);
};
const shape = (nodes: MenuNode[]): Record<string, unknown> => Object.fromEntries(nodes.map((n) => [n.code, shape(n.children ?? [])]));

const { get } = callsByToken(() => t);
const submit = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: `${API}/submit`, payload });
const grant = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: `${API}/grant`, payload });
const menuId = async (code: string) => (await t.database.db.select({ id: menus.id }).from(menus).where(eq(menus.code, code)))[0]!.id;
const topMenuId = async (code: string) =>
  String((await t.database.raw(`SELECT id::text FROM blade_top_menu WHERE code = $1 AND is_deleted = 0`, [code]))[0]!.id);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  admin = (await t.login()).access_token!;
  manager = (await t.login('wangjianguo', '123456')).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
});
afterAll(() => t.close());

describe('top menus', () => {
  it('are seeded with their menus', async () => {
    const page = (await get(admin, `${API}/list`)).body.data;
    expect(page.records.map((r: { code: string }) => r.code)).toEqual(['workbench', 'system_center']);
    const keys = (await get(admin, '/api/blade-system/menu/top-tree-keys', { topMenuIds: await topMenuId('workbench') })).body.data;
    expect(keys.sort()).toEqual([await menuId('desk'), await menuId('notice')].sort());
  });

  it('submit adds and edits; the code is unique; the fields carry their messages', async () => {
    expect((await submit(admin, { code: 'business', name: '业务中心', source: 'AppstoreOutlined', sort: 2, path: '/wel/index' })).body).toEqual({
      code: 200,
      success: true,
      data: {},
      msg: '操作成功',
    });
    const id = await topMenuId('business');
    expect((await get(admin, `${API}/detail`, { id })).body.data).toMatchObject({
      code: 'business',
      name: '业务中心',
      source: 'AppstoreOutlined',
      sort: 2,
      path: '/wel/index',
    });
    expect((await submit(admin, { id, name: '业务管理' })).status).toBe(200);
    expect((await get(admin, `${API}/detail`, { id })).body.data.name).toBe('业务管理');
    expect((await submit(admin, { code: 'business', name: 'x', sort: 1 })).body).toMatchObject({ code: 400, msg: '菜单编号已存在' });
    expect((await submit(admin, { code: 'y', sort: 1 })).body).toMatchObject({ code: 400, msg: '请输入菜单名称' });
    expect((await submit(admin, { name: 'y', sort: 1 })).body).toMatchObject({ code: 400, msg: '请输入菜单编号' });
    expect((await submit(admin, { name: 'y', code: 'y' })).body).toMatchObject({ code: 400, msg: '请输入菜单排序' });
  });

  it('grant replaces the menus of each top menu; top-tree-keys reads them back', async () => {
    const id = await topMenuId('business');
    const first = [await menuId('desk'), await menuId('notice')];
    expect((await grant(admin, { topMenuIds: [id], menuIds: first })).body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    expect((await get(admin, '/api/blade-system/menu/top-tree-keys', { topMenuIds: id })).body.data.sort()).toEqual(first.sort());
    const second = [await menuId('system'), await menuId('param')];
    expect((await grant(admin, { topMenuIds: id, menuIds: second.join(',') })).status).toBe(200);
    expect((await get(admin, '/api/blade-system/menu/top-tree-keys', { topMenuIds: id })).body.data.sort()).toEqual(second.sort());
    expect(await countRows(t.database, 'blade_top_menu_setting', 'top_menu_id = $1', [id])).toBe(2);
  });

  it('grant refuses unknown top menus and menus, and changes nothing', async () => {
    const id = await topMenuId('business');
    const before = await countRows(t.database, 'blade_top_menu_setting');
    expect((await grant(admin, { topMenuIds: [], menuIds: [] })).body).toMatchObject({ code: 400, msg: '请选择顶部菜单' });
    expect((await grant(admin, { topMenuIds: ['123'], menuIds: [] })).body).toMatchObject({ code: 400, msg: '顶部菜单不存在或已被删除' });
    expect((await grant(admin, { topMenuIds: [id], menuIds: ['123'] })).body).toMatchObject({ code: 400, msg: '菜单不存在或已被删除' });
    expect((await grant(admin, { topMenuIds: [id], menuIds: ['x'] })).body).toMatchObject({ code: 400, msg: '请求参数类型错误' });
    expect((await grant(admin, { menuIds: [] })).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: topMenuIds' });
    expect(await countRows(t.database, 'blade_top_menu_setting')).toBe(before);
  });

  it('grant-top-tree answers the menu tree without buttons for the grant dialog', async () => {
    const tree = (await get(admin, '/api/blade-system/menu/grant-top-tree')).body.data as MenuNode[];
    expect(tree[0]).toMatchObject({ title: '工作台', key: tree[0]!.id, value: tree[0]!.id, hasChildren: true });
    const titles = all(tree).map((n) => n.title);
    expect(titles).toContain('顶部菜单');
    expect(titles).not.toContain('新增');
  });

  it('menu/top-menu answers the top menus holding a menu of the caller', async () => {
    const mine = (await get(admin, '/api/blade-system/menu/top-menu')).body.data;
    expect(mine.map((m: { code: string }) => m.code)).toEqual(['workbench', 'business', 'system_center']);
    expect(mine[0]).toMatchObject({ name: '工作台', source: 'DesktopOutlined', path: '/wel/index' });
    expect(mine[0]).not.toHaveProperty('isDeleted');
    // 王建国 holds desk, notice, system and param: all three
    expect((await get(manager, '/api/blade-system/menu/top-menu')).body.data.map((m: { code: string }) => m.code)).toEqual([
      'workbench',
      'business',
      'system_center',
    ]);
    const zhang = (await t.login('zhangwei', '123456')).access_token!;
    expect((await get(zhang, '/api/blade-system/menu/top-menu')).body.data.map((m: { code: string }) => m.code)).toEqual(['workbench']);
  });

  it('menu/routes?topMenuId= answers only the caller’s menus under that top menu', async () => {
    const routes = async (token: string, topMenuId?: string) =>
      (await get(token, '/api/blade-system/menu/routes', topMenuId ? { topMenuId } : {})).body.data as MenuNode[];
    expect(shape(await routes(manager, await topMenuId('business')))).toEqual({ system: { param: {} } });
    expect(shape(await routes(manager, await topMenuId('workbench')))).toEqual({ desk: { notice: {} } });
    expect(shape(await routes(manager))).toEqual({
      desk: { notice: {} },
      // The data cockpit, the lookup databases and the reports (BUSINESS.md WP8).
      data_cockpit: {},
      lookup: managerShape('lookup'),
      report_manage: managerShape('report_manage'),
      // Archives, borrowing and KPI (BUSINESS.md WP7).
      archive_mgmt: managerShape('archive_mgmt'),
      kpi_mgmt: managerShape('kpi_mgmt'),
      system: { param: {} },
      workflow: {
        wf_start: {},
        wf_todo: {},
        wf_claim: {},
        wf_send: {},
        wf_done: {},
        wf_my_done: {},
        wf_copy: {},
        wf_leave: {},
        wf_draft: {},
        hjl_batch_approval: {},
        // Where approvals wait (docs/workflow.md): the leaders ask why approvals are slow.
        wf_waits: {},
      },
      marketing: {
        customer: {},
        customer_my: {},
        customer_contacts: {},
        customer_visit: {},
        customer_account: {},
        customer_invoice: {},
        customer_chance: {},
        customer_enterprise: {},
        customer_report: {},
      },
      contract_mgmt: { contract: {}, contract_report: {} },
      project_mgmt: {
        project: {},
        project_task_my: {},
        task_template: {},
        audit_seal: {},
        project_quality: {},
        expire_notice: {},
        project_report: {},
        // Project money (BUSINESS.md WP3): collections and invoices, labour fees, settlements, expenses, the 360 report.
        project_collect: {},
        invoice: {},
        project_labour: {},
        project_decision: {},
        project_expense: {},
        project_expense_my: {},
        project_income_expend: {},
        project_completion: {},
        project_completion_pay: {},
      },
      // Finance (BUSINESS.md WP4): the leaders' grants.
      finance: managerShape('finance'),
      hr_mgmt: {
        staff_file: {},
        user_education: {},
        user_work_his: {},
        user_home_info: {},
        user_certificate: {},
        work_contract: {},
        user_social_security: {},
        social_security: {},
        user_outer: {},
        asset: {},
        staff_file_my: {},
        hr_report: {},
      },
      // Office approvals (BUSINESS.md WP6).
      office_audit: Object.fromEntries(
        (menuSeed.find((m) => m.code === 'office_audit')?.children ?? [])
          .filter((c) => roleGrants.manager!.includes(c.code) || (c.buttons ?? []).some((b) => roleGrants.manager!.includes(b.code)))
          .map((c) => [c.code, {}]),
      ),
      vault_mgmt: { password_vault: {}, password_apply: {} },
      // Salary (BUSINESS.md WP6).
      wages_mgmt: Object.fromEntries(
        (menuSeed.find((m) => m.code === 'wages_mgmt')?.children ?? [])
          .filter((c) => roleGrants.manager!.includes(c.code) || (c.buttons ?? []).some((b) => roleGrants.manager!.includes(b.code)))
          .map((c) => [c.code, {}]),
      ),
    });
    const system = shape(await routes(admin, await topMenuId('system_center')));
    expect(Object.keys(system)).toEqual(['system', 'authority', 'log', 'resource', 'tool']);
    expect(system.system).toHaveProperty('topmenu');
    expect(await routes(admin, '123')).toEqual([]);
    expect((await get(admin, '/api/blade-system/menu/routes', { topMenuId: 'x' })).status).toBe(400);
  });

  it('remove deletes a top menu; its grants no longer count', async () => {
    const id = await topMenuId('business');
    expect((await t.call(admin, { method: 'POST', url: `${API}/remove`, query: { ids: id } })).status).toBe(200);
    expect((await get(admin, '/api/blade-system/menu/top-menu')).body.data.map((m: { code: string }) => m.code)).toEqual(['workbench', 'system_center']);
    expect((await get(admin, '/api/blade-system/menu/top-tree-keys', { topMenuIds: id })).body.data).toEqual([]);
    expect((await get(admin, '/api/blade-system/menu/routes', { topMenuId: id })).body.data).toEqual([]);
  });
});

describe('platform only', () => {
  it('a tenant administrator (every code, but not of the platform) may not change top menus', async () => {
    const id = await topMenuId('workbench');
    const before = await countRows(t.database, 'blade_top_menu_setting');
    expect(await submit(b, { code: 'tenant_top', name: 'x', sort: 1 })).toMatchObject(FORBIDDEN);
    expect(await submit(b, { id, name: '改名' })).toMatchObject(FORBIDDEN);
    expect(await t.call(b, { method: 'POST', url: `${API}/remove`, query: { ids: id } })).toMatchObject(FORBIDDEN);
    expect(await grant(b, { topMenuIds: [id], menuIds: [] })).toMatchObject(FORBIDDEN);
    expect(await countRows(t.database, 'blade_top_menu_setting')).toBe(before);
    expect((await get(admin, `${API}/detail`, { id })).body.data.name).toBe('工作台');
  });

  it('a user without topmenu codes is refused every top menu call but menu/top-menu', async () => {
    const id = await topMenuId('workbench');
    expect(await get(manager, `${API}/list`)).toMatchObject(FORBIDDEN);
    expect(await get(manager, `${API}/detail`, { id })).toMatchObject(FORBIDDEN);
    expect(await submit(manager, { code: 'x', name: 'x', sort: 1 })).toMatchObject(FORBIDDEN);
    expect(await grant(manager, { topMenuIds: [id], menuIds: [] })).toMatchObject(FORBIDDEN);
    expect(await get(manager, '/api/blade-system/menu/grant-top-tree')).toMatchObject(FORBIDDEN);
    expect(await get(manager, '/api/blade-system/menu/top-tree-keys', { topMenuIds: id })).toMatchObject(FORBIDDEN);
    expect((await get(manager, '/api/blade-system/menu/top-menu')).status).toBe(200);
  });
});
