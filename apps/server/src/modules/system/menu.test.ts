import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../platform/db/ids.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { FORBIDDEN } from '../../testing/http.ts';
import { countRows } from '../../testing/db.ts';
import { roleGrants } from '../../seed/data.ts';
import { menuSeed, type MenuSeed } from '../../seed/menus.ts';
import { menus, roleMenus, roles } from './schema.ts';
import { tenantPackages, tenants } from '../tenant/schema.ts';
import { expectEvery } from '../../testing/expect.ts';

let t: TestApp;
let admin: string;
let manager: string; // wangjianguo: notice buttons and param view
let project: string; // zhangwei: notice view only
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token!;
  manager = (await t.login('wangjianguo', '123456')).access_token!;
  project = (await t.login('zhangwei', '123456')).access_token!;
});
afterAll(() => t.close());

interface Node {
  id: string;
  parentId: string;
  code: string;
  category: number;
  hasChildren: boolean;
  children?: Node[];
}

/** The tree as nested codes: { desk: { notice: {} } }. */
const shape = (nodes: Node[]): Record<string, unknown> => Object.fromEntries(nodes.map((n) => [n.code, shape(n.children ?? [])]));
const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
const all = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);

/** The same shapes computed from the seed the server synced its menus from. */
const seedShape = (items: MenuSeed[]): Record<string, unknown> => Object.fromEntries(items.map((m) => [m.code, seedShape(m.children ?? [])]));
const seedButtons = (items: MenuSeed[]): string[] => items.flatMap((m) => [...(m.buttons ?? []).map((b) => b.code), ...seedButtons(m.children ?? [])]);

/** The children of a top menu granted to a demo role (a menu comes with any of its buttons), as `shape` gives them. */
const grantedShape = (role: string, top: string): Record<string, unknown> => {
  const codes = new Set(roleGrants[role]);
  const granted = (m: MenuSeed): boolean => codes.has(m.code) || (m.buttons ?? []).some((b) => codes.has(b.code)) || (m.children ?? []).some(granted);
  const shapeOf = (items: MenuSeed[]): Record<string, unknown> => Object.fromEntries(items.filter(granted).map((c) => [c.code, shapeOf(c.children ?? [])]));
  return shapeOf(menuSeed.find((m) => m.code === top)!.children ?? []);
};
/** The buttons under a top menu granted to a demo role. */
const grantedButtons = (role: string, top: string) => seedButtons(menuSeed.filter((m) => m.code === top)).filter((c) => roleGrants[role]!.includes(c));

const routes = async (token: string) => (await t.call(token, { method: 'GET', url: '/api/blade-system/menu/routes' })).body.data as Node[];
const buttons = async (token: string) => (await t.call(token, { method: 'GET', url: '/api/blade-system/menu/buttons' })).body.data as Node[];
const clearCache = () => t.call(admin, { method: 'GET', url: '/api/blade-auth/oauth/clear-cache' });

describe('permission codes on every route', () => {
  const paramBody = { paramName: '权限测试', paramKey: 'perm.key', paramValue: 'v' };

  it('manager (param view only) may list and read parameters but not change them', async () => {
    const list = await t.call(manager, { method: 'GET', url: '/api/blade-system/param/list' });
    expect(list.status).toBe(200);
    const id = list.body.data.records[0].id;
    expect((await t.call(manager, { method: 'GET', url: '/api/blade-system/param/detail', query: { id } })).status).toBe(200);

    const before = await countRows(t.database, 'blade_param', 'is_deleted = 0');
    expect(await t.call(manager, { method: 'POST', url: '/api/blade-system/param/submit', payload: paramBody })).toMatchObject(FORBIDDEN);
    expect(await t.call(manager, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id, paramValue: 'x' } })).toMatchObject(FORBIDDEN);
    expect(await t.call(manager, { method: 'POST', url: '/api/blade-system/param/remove', query: { ids: id } })).toMatchObject(FORBIDDEN);
    expect(await countRows(t.database, 'blade_param', 'is_deleted = 0')).toBe(before);
    expect(await countRows(t.database, 'blade_param', `param_value = 'x'`)).toBe(0);
  });

  it('permission is checked before the input: a refused caller learns nothing about bad input', async () => {
    expect(await t.call(manager, { method: 'POST', url: '/api/blade-system/param/remove', query: { ids: 'abc' } })).toMatchObject(FORBIDDEN);
    expect(await t.call(project, { method: 'GET', url: '/api/blade-system/param/detail', query: { id: 'abc' } })).toMatchObject(FORBIDDEN);
  });

  it('manager may do everything with notices', async () => {
    const created = await t.call(manager, {
      method: 'POST',
      url: '/api/blade-desk/notice/submit',
      payload: { title: '领导的通知', category: 1, releaseTime: '2026-12-01' },
    });
    expect(created.status).toBe(200);
    const [row] = await t.database.raw(`SELECT id::text FROM blade_notice WHERE title = '领导的通知'`);
    const id = String(row!.id);
    expect((await t.call(manager, { method: 'POST', url: '/api/blade-desk/notice/submit', payload: { id, title: '领导的通知(改)' } })).status).toBe(200);
    expect((await t.call(manager, { method: 'POST', url: '/api/blade-desk/notice/remove', query: { ids: id } })).status).toBe(200);
  });

  it('project staff (notice view only) may not see parameters nor change notices', async () => {
    expect(await t.call(project, { method: 'GET', url: '/api/blade-system/param/list' })).toMatchObject(FORBIDDEN);
    expect(await t.call(project, { method: 'POST', url: '/api/blade-system/param/submit', payload: paramBody })).toMatchObject(FORBIDDEN);
    const notices = await t.call(project, { method: 'GET', url: '/api/blade-desk/notice/list' });
    expect(notices.status).toBe(200);
    const id = notices.body.data.records[0].id;
    expect((await t.call(project, { method: 'GET', url: '/api/blade-desk/notice/detail', query: { id } })).status).toBe(200);
    expect(
      await t.call(project, { method: 'POST', url: '/api/blade-desk/notice/submit', payload: { title: 'x', category: 1, releaseTime: '2026-12-01' } }),
    ).toMatchObject(FORBIDDEN);
    expect(await t.call(project, { method: 'POST', url: '/api/blade-desk/notice/submit', payload: { id, title: 'x' } })).toMatchObject(FORBIDDEN);
    expect(await t.call(project, { method: 'POST', url: '/api/blade-desk/notice/remove', query: { ids: id } })).toMatchObject(FORBIDDEN);
  });

  it('admin may do everything', async () => {
    expect((await t.call(admin, { method: 'GET', url: '/api/blade-system/param/list' })).status).toBe(200);
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: paramBody })).status).toBe(200);
    const [row] = await t.database.raw(`SELECT id::text FROM blade_param WHERE param_key = 'perm.key'`);
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id: row!.id, paramValue: 'w' } })).status).toBe(200);
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-system/param/remove', query: { ids: String(row!.id) } })).status).toBe(200);
  });
});

describe('GET /api/blade-system/menu/routes', () => {
  it('admin: every menu (category 1), in sort order, as a forest', async () => {
    const tree = await routes(admin);
    expect(shape(tree)).toEqual(seedShape(menuSeed));
    expect(tree.map((n) => n.code)).toEqual([...menuSeed].sort((a, b) => a.sort - b.sort).map((m) => m.code));
    expectEvery(all(tree), (n) => n.category === 1);
    const desk = tree[0]!;
    expect(Object.keys(desk).sort()).toEqual(
      ['action', 'alias', 'category', 'children', 'code', 'hasChildren', 'id', 'isOpen', 'name', 'parentId', 'path', 'remark', 'sort', 'source'].sort(),
    );
    expect(desk).toMatchObject({ name: '工作台', path: '/desk', source: 'DesktopOutlined', parentId: '0', hasChildren: true, isOpen: 1 });
    const notice = desk.children![0]!;
    expect(notice).toMatchObject({ parentId: desk.id, code: 'notice', path: '/desk/notice', hasChildren: false });
    expect(notice).not.toHaveProperty('children');
    expect(all(tree).find((n) => n.code === 'api_doc')).toMatchObject({ isOpen: 2 });
  });

  it('manager: the granted menus with their ancestors', async () => {
    expect(shape(await routes(manager))).toEqual({
      desk: { notice: {} },
      // The data cockpit (every role), the lookup databases (every staff role) and the reports (BUSINESS.md WP8).
      data_cockpit: {},
      lookup: grantedShape('manager', 'lookup'),
      report_manage: grantedShape('manager', 'report_manage'),
      // Archives, borrowing and KPI (BUSINESS.md WP7).
      archive_mgmt: grantedShape('manager', 'archive_mgmt'),
      kpi_mgmt: grantedShape('manager', 'kpi_mgmt'),
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
      finance: grantedShape('manager', 'finance'),
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
      // Office approvals (BUSINESS.md WP6): everyone applies; the leaders see all.
      office_audit: grantedShape('manager', 'office_audit'),
      // The secrets vault (BUSINESS.md WP6): the leaders keep it and may ask to use an entry.
      vault_mgmt: { password_vault: {}, password_apply: {} },
      // Salary (BUSINESS.md WP6): the leaders read the payroll, the standards and the statistics; their own payslips.
      wages_mgmt: grantedShape('manager', 'wages_mgmt'),
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
    });
  });

  it('project staff: only the notices', async () => {
    // Every employee also starts, handles and follows processes, and asks for leave.
    expect(shape(await routes(project))).toEqual({
      desk: { notice: {} },
      // The data cockpit (every role), the lookup databases (every staff role) and the reports (BUSINESS.md WP8).
      data_cockpit: {},
      lookup: grantedShape('project', 'lookup'),
      report_manage: grantedShape('project', 'report_manage'),
      // Archives, borrowing and KPI (BUSINESS.md WP7).
      archive_mgmt: grantedShape('project', 'archive_mgmt'),
      kpi_mgmt: grantedShape('project', 'kpi_mgmt'),
      marketing: { customer: {}, customer_my: {}, customer_contacts: {}, customer_visit: {}, customer_chance: {}, customer_enterprise: {} },
      contract_mgmt: { contract: {} },
      project_mgmt: {
        project: {},
        project_task_my: {},
        task_template: {},
        audit_seal: {},
        project_quality: {},
        expire_notice: {},
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
      // Finance (BUSINESS.md WP4): their own applications; People: their own file, education and family (BUSINESS.md WP6).
      finance: grantedShape('project', 'finance'),
      hr_mgmt: { staff_file: {}, staff_file_my: {}, user_education: {}, user_home_info: {} },
      office_audit: grantedShape('project', 'office_audit'),
      // Salary (BUSINESS.md WP6): their own payslips only.
      wages_mgmt: { salary_payslip: {} },
      vault_mgmt: { password_apply: {} },
      workflow: { wf_start: {}, wf_todo: {}, wf_claim: {}, wf_send: {}, wf_done: {}, wf_my_done: {}, wf_copy: {}, wf_leave: {}, wf_draft: {} },
    });
  });

  it('needs a token', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/blade-system/menu/routes' })).status).toBe(401);
  });
});

describe('GET /api/blade-system/menu/buttons', () => {
  const buttonCodes = async (token: string) =>
    all(await buttons(token))
      .filter((n) => n.category === 2)
      .map((n) => n.code)
      .sort();

  it('admin: every button, under its menus', async () => {
    const tree = await buttons(admin);
    expect(tree.map((n) => n.code)).toEqual(menuSeed.filter((m) => seedButtons([m]).length).map((m) => m.code));
    expect(await buttonCodes(admin)).toEqual(seedButtons(menuSeed).sort());
    expect(await buttonCodes(admin)).toEqual(expect.arrayContaining(['notice_add', 'param_view', 'role_grant']));
    expect(codes(tree)).not.toContain('api_doc');
  });

  it('manager: the notice buttons and the param view, no param changes', async () => {
    const customerButtons = seedButtons(menuSeed.filter((m) => m.code === 'marketing'));
    expect(await buttonCodes(manager)).toEqual(
      [
        'notice_add',
        'notice_delete',
        'notice_edit',
        'notice_view',
        'param_view',
        'wf_draft_add',
        'wf_draft_delete',
        'wf_draft_edit',
        'wf_draft_view',
        'wf_leave_add',
        'wf_leave_delete',
        'wf_leave_view',
        'hjl_batch_approval_view',
        ...customerButtons,
        // Contracts and projects: every button (BUSINESS.md WP2).
        ...seedButtons(menuSeed.filter((m) => m.code === 'contract_mgmt' || m.code === 'project_mgmt')),
        // Finance: every button (BUSINESS.md WP4).
        ...grantedButtons('manager', 'finance'),
        ...grantedButtons('manager', 'office_audit'),
        // People: every record read and exported, nothing changed (BUSINESS.md WP6).
        ...[
          'staff_file',
          'user_education',
          'user_work_his',
          'user_home_info',
          'user_certificate',
          'work_contract',
          'user_social_security',
          'social_security',
          'user_outer',
          'asset',
        ].flatMap((c) => [`${c}_view`, `${c}_export`]),
        // The secrets vault: every button of the entries and of the use requests (BUSINESS.md WP6).
        ...seedButtons(menuSeed.filter((m) => m.code === 'vault_mgmt')).filter((b) => !b.startsWith('password_log')),
        // Salary: the payroll and the standards read and exported (BUSINESS.md WP6).
        ...grantedButtons('manager', 'wages_mgmt'),
        // Reports: saved and exported (BUSINESS.md WP8).
        ...grantedButtons('manager', 'report_manage'),
        // Archives, borrowing and KPI (BUSINESS.md WP7).
        ...grantedButtons('manager', 'archive_mgmt'),
        ...grantedButtons('manager', 'kpi_mgmt'),
      ].sort(),
    );
  });

  it('project staff: notice view only', async () => {
    // Project staff keep their own customers with contacts, visits and chances (no delete of customers, no import).
    const customer = [
      'customer_add',
      'customer_edit',
      'customer_export',
      'customer_view',
      ...['customer_contacts', 'customer_visit', 'customer_chance'].flatMap((c) => ['add', 'delete', 'edit', 'view'].map((a) => `${c}_${a}`)),
    ];
    expect(await buttonCodes(project)).toEqual(
      [
        'notice_view',
        'wf_draft_add',
        'wf_draft_delete',
        'wf_draft_edit',
        'wf_draft_view',
        'wf_leave_add',
        'wf_leave_delete',
        'wf_leave_view',
        ...customer,
        // Contracts (no removal, no unlinking) and the projects they work on, with persons, tasks, reviews, seals and quality checks.
        ...['contract_add', 'contract_edit', 'contract_view', 'contract_replenish', 'contract_export'],
        ...['project', 'audit_seal', 'project_quality'].flatMap((c) => ['add', 'delete', 'edit', 'view'].map((a) => `${c}_${a}`)),
        ...[
          'export',
          'link',
          'bid',
          'person',
          'task',
          'task_add',
          'task_edit',
          'task_delete',
          'two_audit',
          'two_audit_add',
          'three_audit',
          'three_audit_add',
        ].map((b) => `project_${b}`),
        'task_template_view',
        // Project money on their projects: collections with their shares, invoices and their voiding (BUSINESS.md WP3).
        ...['project_collect', 'invoice'].flatMap((c) => ['add', 'delete', 'edit', 'view', 'export'].map((a) => `${c}_${a}`)),
        'project_collect_person',
        'invoice_void_add',
        // Labour fees, settlements and expenses of their projects, the payment of an approved expense, the report's export.
        ...['project_labour', 'project_decision', 'project_expense'].flatMap((c) => ['add', 'delete', 'edit', 'view', 'export'].map((a) => `${c}_${a}`)),
        'project_expense_pay_add',
        'project_income_expend_export',
        // 项目完工 and 完工付款 of their projects (BUSINESS.md WP3).
        ...['project_completion', 'project_completion_pay'].flatMap((c) => ['add', 'delete', 'edit', 'view'].map((a) => `${c}_${a}`)),
        // Finance: their own applications (BUSINESS.md WP4).
        ...grantedButtons('project', 'finance'),
        ...grantedButtons('project', 'office_audit'),
        // People: one's own file (contact fields), education and family (BUSINESS.md WP6).
        'staff_file_edit',
        'staff_file_view',
        ...['user_education', 'user_home_info'].flatMap((c) => ['add', 'delete', 'edit', 'view'].map((a) => `${c}_${a}`)),
        // The secrets vault: ask to use an entry and, approved, see it (BUSINESS.md WP6).
        ...['add', 'delete', 'edit', 'view', 'reveal'].map((a) => `password_apply_${a}`),
        // Reports: saved and exported (BUSINESS.md WP8).
        ...grantedButtons('project', 'report_manage'),
        // Archives, borrowing and KPI (BUSINESS.md WP7).
        ...grantedButtons('project', 'archive_mgmt'),
        ...grantedButtons('project', 'kpi_mgmt'),
      ].sort(),
    );
    expect(shape(await buttons(project))).toMatchObject({
      desk: { notice: { notice_view: {} } },
      workflow: {
        wf_leave: { wf_leave_add: {}, wf_leave_delete: {}, wf_leave_view: {} },
        wf_draft: { wf_draft_add: {}, wf_draft_edit: {}, wf_draft_delete: {}, wf_draft_view: {} },
      },
    });
  });

  it('a button granted alone brings its menus along (ancestors), and with them the view', async () => {
    // 李红 (finance) is granted only the param_view button, not the param menu itself
    const [paramView] = await t.database.db.select().from(menus).where(eq(menus.code, 'param_view'));
    const [finance] = await t.database.db.select().from(roles).where(eq(roles.roleAlias, 'finance'));
    await t.database.db.insert(roleMenus).values({ id: nextId(), roleId: finance!.id, menuId: paramView!.id });
    await clearCache();
    const lihong = (await t.login('lihong', '123456')).access_token!;
    expect(shape(await routes(lihong))).toEqual({
      desk: { notice: {} },
      // The data cockpit (every role), the lookup databases (every staff role) and the reports (BUSINESS.md WP8).
      data_cockpit: {},
      lookup: grantedShape('finance', 'lookup'),
      report_manage: grantedShape('finance', 'report_manage'),
      // Archives, borrowing and KPI (BUSINESS.md WP7).
      archive_mgmt: grantedShape('finance', 'archive_mgmt'),
      kpi_mgmt: grantedShape('finance', 'kpi_mgmt'),
      marketing: { customer: {}, customer_account: {}, customer_invoice: {}, customer_enterprise: {} },
      contract_mgmt: { contract: {}, contract_report: {} },
      project_mgmt: {
        project: {},
        audit_seal: {},
        project_quality: {},
        expire_notice: {},
        project_report: {},
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
      finance: grantedShape('finance', 'finance'),
      hr_mgmt: { staff_file: {}, staff_file_my: {}, user_education: {}, user_home_info: {} },
      office_audit: grantedShape('finance', 'office_audit'),
      vault_mgmt: { password_vault: {}, password_apply: {} },
      wages_mgmt: grantedShape('finance', 'wages_mgmt'),
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
      },
    });
    expect((await t.call(lihong, { method: 'GET', url: '/api/blade-system/param/list' })).status).toBe(200);
    expect(await t.call(lihong, { method: 'POST', url: '/api/blade-system/param/remove', query: { ids: '1' } })).toMatchObject(FORBIDDEN);
  });
});

describe('tenant package', () => {
  it('cuts the menus and permissions, even for the administrator of the tenant', async () => {
    const rows = await t.database.db.select({ id: menus.id, code: menus.code }).from(menus);
    const ids = (...c: string[]) => rows.filter((r) => c.includes(r.code)).map((r) => r.id);
    const packageId = nextId();
    await t.database.db
      .insert(tenantPackages)
      .values({ id: packageId, packageName: '基础版', menuId: ids('desk', 'notice', 'notice_view', 'notice_add').join(',') });
    await t.database.db.update(tenants).set({ packageId }).where(eq(tenants.tenantId, '000000'));
    await clearCache();
    try {
      expect(shape(await routes(admin))).toEqual({ desk: { notice: {} } });
      expect(
        all(await buttons(admin))
          .filter((n) => n.category === 2)
          .map((n) => n.code)
          .sort(),
      ).toEqual(['notice_add', 'notice_view']);
      expect(await t.call(admin, { method: 'GET', url: '/api/blade-system/param/list' })).toMatchObject(FORBIDDEN);
      expect(await t.call(admin, { method: 'POST', url: '/api/blade-desk/notice/remove', query: { ids: '1' } })).toMatchObject(FORBIDDEN);
      expect((await t.call(admin, { method: 'GET', url: '/api/blade-desk/notice/list' })).status).toBe(200);
      // a role's grants outside the package do not count either
      expect(shape(await routes(manager))).toEqual({ desk: { notice: {} } });
      expect(await t.call(manager, { method: 'GET', url: '/api/blade-system/param/list' })).toMatchObject(FORBIDDEN);
    } finally {
      await t.database.db.update(tenants).set({ packageId: null }).where(eq(tenants.tenantId, '000000'));
      await clearCache();
    }
    expect((await t.call(admin, { method: 'GET', url: '/api/blade-system/param/list' })).status).toBe(200);
  });

  it('a package that is deleted or lists nothing grants nothing (fail closed)', async () => {
    const packageId = nextId();
    await t.database.db.insert(tenantPackages).values({ id: packageId, packageName: '空', menuId: '' });
    await t.database.db.update(tenants).set({ packageId }).where(eq(tenants.tenantId, '000000'));
    await clearCache();
    try {
      expect(await routes(admin)).toEqual([]);
      expect(await t.call(admin, { method: 'GET', url: '/api/blade-desk/notice/list' })).toMatchObject(FORBIDDEN);
      await t.database.db.update(tenantPackages).set({ isDeleted: 1, menuId: 'x' }).where(eq(tenantPackages.id, packageId));
      await clearCache();
      expect(await routes(admin)).toEqual([]);
    } finally {
      await t.database.db.update(tenants).set({ packageId: null }).where(eq(tenants.tenantId, '000000'));
      await clearCache();
    }
  });
});
