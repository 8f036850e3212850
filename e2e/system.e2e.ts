/**
 * System administration as an administrator meets it: a department, a post, a role granted a menu with some
 * of its buttons, and a user in them; that user then sees exactly the granted menus and buttons. Then a new
 * tenant, whose administrator logs in to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { antMessage, chooseUser, login, logout, openBrowser, openPath, pickOption, screenshot, submitLogin } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

/** Titles of the sidebar's groups and entries, all groups opened. */
async function sidebar(): Promise<string[]> {
  await page.locator('.ant-layout-sider .ant-menu-submenu-title').first().waitFor();
  const groups = page.locator('.ant-layout-sider .ant-menu-submenu-title');
  for (let i = 0; i < (await groups.count()); i++) {
    const g = groups.nth(i);
    if ((await g.getAttribute('aria-expanded')) !== 'true') await g.click();
  }
  return (await page.locator('.ant-layout-sider [role="menuitem"]').allInnerTexts()).map((s) => s.replace(/\s+/g, ''));
}

describe('organisation, a role with a menu grant, a user in them', () => {
  it('logs in as the administrator', async () => {
    await login(page);
  });

  it('creates a department', async () => {
    await openPath(page, '/system/dept');
    await page.getByTestId('dept-add').click();
    await page.getByTestId('crud-form-deptName').fill('验收测试部');
    await page.getByTestId('crud-form-fullName').fill('华建工程咨询验收测试部');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('dept-table').getByText('验收测试部', { exact: true }).count()).toBe(1);
  });

  it('creates a post', async () => {
    await openPath(page, '/system/post');
    await page.getByTestId('crud-add').click();
    await pickOption(page, 'crud-form-category', '高层');
    await page.getByTestId('crud-form-postCode').fill('ysy');
    await page.getByTestId('crud-form-postName').fill('验收专员');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
  });

  it('creates a role and grants it 通知公告 without its delete button', async () => {
    await openPath(page, '/authority/role');
    await page.getByTestId('role-add').click();
    await page.getByTestId('crud-form-roleName').fill('验收角色');
    await page.getByTestId('crud-form-roleAlias').fill('acceptance');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);

    const row = page.getByTestId('role-table').locator('tr', { hasText: '验收角色' });
    await row.locator('[data-testid^="role-row-grant-"]').click();
    const tree = page.getByTestId('role-grant-tree-menu');
    await expect.poll(() => tree.getByText('工作台', { exact: true }).count()).toBeGreaterThan(0);
    const node = (title: string) => tree.locator('.ant-tree-treenode', { has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });
    // the tree opens fully expanded: tick 通知公告 (all its buttons), then untick its 删除
    await node('通知公告').locator('.ant-tree-checkbox').click();
    await node('删除').first().locator('.ant-tree-checkbox').click();
    await expect.poll(() => node('新增').first().locator('.ant-tree-checkbox-checked').count()).toBe(1);
    expect(await node('删除').first().locator('.ant-tree-checkbox-checked').count()).toBe(0);
    await screenshot(page, 'sys-01-role-grant');
    await page.getByTestId('role-grant-submit').click();
    await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
  });

  it('creates a user in that department, post and role', async () => {
    await openPath(page, '/system/user');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('user-form-account').fill('yanshou');
    await page.getByTestId('user-form-name').fill('严守');
    await page.getByTestId('user-form-realName').fill('严守');
    await page.getByTestId('user-form-phone').fill('13912340000');
    await pickOption(page, 'user-form-roleId', '验收角色', true);
    await page.keyboard.press('Escape');
    await pickOption(page, 'user-form-deptId', '验收测试部', true);
    await page.keyboard.press('Escape');
    await pickOption(page, 'user-form-postId', '验收专员', true);
    await page.keyboard.press('Escape');
    await page.getByTestId('user-form-password').fill('ys123456');
    await page.getByTestId('user-form-password2').fill('ys123456');
    await page.getByTestId('user-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('crud-user').getByText('yanshou').count()).toBe(1);
    await screenshot(page, 'sys-02-user');
  });

  it('sets an out-of-office proxy for that user, both people chosen in 人员选择 by name', async () => {
    await openPath(page, '/workflow/ops/proxy');
    await page.getByTestId('crud-add').click();
    for (const [testId, name] of [
      ['crud-form-userId', '严守'],
      ['crud-form-proxyUserId', '李红'],
    ] as const) {
      await page.getByTestId(testId).click();
      await chooseUser(page, name);
      await expect.poll(() => page.getByTestId(testId).inputValue()).toBe(name);
    }
    await page.getByTestId('crud-form-processDefKey').locator('input').fill('leave');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    // The row of this proxy (widgets.e2e.ts may have made another one for 李红 on this server).
    const row = page.getByTestId('crud-wf_proxy').locator('tr', { hasText: 'leave' }).filter({ hasText: '严守' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText('李红').count()).toBe(1);
    await screenshot(page, 'sys-03-proxy');
  });

  it('the user sees exactly the granted menus and buttons', async () => {
    await logout(page);
    await login(page, 'yanshou', 'ys123456');
    // 工作台 (the group above the granted menu) and 通知公告, nothing else
    expect(await sidebar()).toEqual(['工作台', '通知公告']);
    await openPath(page, '/desk/notice');
    const list = page.getByTestId('crud-notice');
    await expect.poll(() => list.locator('[data-testid^="crud-row-edit-"]').count()).toBeGreaterThan(0);
    await expect.poll(() => list.getByTestId('crud-add').count()).toBe(1);
    expect(await list.locator('[data-testid^="crud-row-delete-"]').count()).toBe(0);
    expect(await list.getByTestId('crud-bulk-delete').count()).toBe(0);
    await screenshot(page, 'sys-04-granted-user');
    // a page that was not granted is refused
    await openPath(page, '/system/user');
    await expect.poll(() => page.url()).toMatch(/\/403$/);
  });
});

describe('a new tenant', () => {
  let tenantId = '';
  let firstPassword = '';

  it('is created by the platform administrator', async () => {
    await logout(page);
    await login(page);
    await openPath(page, '/system/tenant');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-tenantName').fill('验收咨询有限公司');
    await page.getByTestId('crud-form-linkman').fill('王验收');
    await page.getByTestId('crud-form-contactNumber').fill('025-88886666');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    // The administrator's generated first password is shown this once.
    const shown = page.getByTestId('tenant-admin-password');
    await expect.poll(() => shown.count()).toBe(1);
    firstPassword = (await shown.innerText()).trim();
    expect(firstPassword).toMatch(/^[A-Za-z\d]{12}$/);
    await screenshot(page, 'sys-05-tenant-admin-password');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /知道了|OK/ })
      .click();
    const row = page.getByTestId('crud-tenant').locator('tr', { hasText: '验收咨询有限公司' });
    await expect.poll(() => row.count()).toBe(1);
    tenantId = (await row.locator('td').allInnerTexts()).map((s) => s.trim()).find((s) => /^\d{6}$/.test(s)) ?? '';
    expect(tenantId).toMatch(/^\d{6}$/);
    await screenshot(page, 'sys-05-tenant');
  });

  it('its administrator logs in to it and sees its own company', async () => {
    await logout(page);
    // The first login asks for a new password before entering.
    await submitLogin(page, 'admin', firstPassword, tenantId);
    const change = page.locator('.ant-modal:visible', { hasText: '修改初始密码' });
    await change.getByTestId('change-new').fill('yanshou88');
    await change.getByTestId('change-confirm').fill('yanshou88');
    await change.getByTestId('change-submit').click();
    await antMessage(page, '密码已修改,请用新密码登录').waitFor();
    await login(page, 'admin', 'yanshou88', tenantId);
    await openPath(page, '/system/dept');
    await expect.poll(() => page.getByTestId('dept-table').getByText('验收咨询有限公司').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('dept-table').getByText('验收测试部').count()).toBe(0);
    await screenshot(page, 'sys-06-tenant-admin');
  });

  it('shows no page errors', () => {
    expect(errors, errors.join('\n')).toEqual([]);
  });
});
