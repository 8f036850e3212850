/**
 * System administration as an administrator meets it: a department, a post, a role granted a menu with some
 * of its buttons, and a user in them; that user then sees exactly the granted menus and buttons. Then a new
 * tenant, whose administrator logs in to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, logout, openBrowser, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

const message = (text: string) => page.locator('.ant-message').getByText(text);
const open = async (p: string) => {
  await page.goto(p);
  await page.waitForLoadState('networkidle');
};
/** Picks the option `text` of an antd Select or TreeSelect (the dropdown that is open). */
const pick = async (testId: string, text: string) => {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(text, { exact: true }).first().click();
};
/** Titles of the menu entries of the sidebar, all groups opened. */
async function sidebar(): Promise<string[]> {
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
    await open('/system/dept');
    await page.getByTestId('dept-add').click();
    await page.getByTestId('dept-form-deptName').fill('验收测试部');
    await page.getByTestId('dept-form-fullName').fill('华建工程咨询验收测试部');
    await page.getByTestId('dept-form-submit').click();
    await expect.poll(() => message('新增成功').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('dept-table').getByText('验收测试部', { exact: true }).count()).toBe(1);
  });

  it('creates a post', async () => {
    await open('/system/post');
    await page.getByTestId('crud-add').click();
    await pick('crud-form-category', '高层');
    await page.getByTestId('crud-form-postCode').fill('ysy');
    await page.getByTestId('crud-form-postName').fill('验收专员');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => message('新增成功').count()).toBeGreaterThan(0);
  });

  it('creates a role and grants it 通知公告 without its delete button', async () => {
    await open('/authority/role');
    await page.getByTestId('role-add').click();
    await page.getByTestId('crud-form-roleName').fill('验收角色');
    await page.getByTestId('crud-form-roleAlias').fill('acceptance');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => message('新增成功').count()).toBeGreaterThan(0);

    const row = page.getByTestId('role-table').locator('tr', { hasText: '验收角色' });
    await row.locator('[data-testid^="role-row-grant-"]').click();
    const tree = page.getByTestId('role-grant-tree-menu');
    await expect.poll(() => tree.getByText('工作台', { exact: true }).count()).toBeGreaterThan(0);
    const node = (title: string) => tree.locator('.ant-tree-treenode', { has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });
    // open 工作台 and 通知公告, tick 通知公告 (all its buttons), then untick its 删除
    await node('工作台').locator('.ant-tree-switcher').click();
    await node('通知公告').locator('.ant-tree-checkbox').click();
    await node('通知公告').locator('.ant-tree-switcher').click();
    await node('删除').first().locator('.ant-tree-checkbox').click();
    await screenshot(page, 'sys-01-role-grant');
    await page.getByTestId('role-grant-submit').click();
    await expect.poll(() => message('操作成功').count()).toBeGreaterThan(0);
  });

  it('creates a user in that department, post and role', async () => {
    await open('/system/user');
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-form-account').fill('yanshou');
    await page.getByTestId('user-form-name').fill('严守');
    await page.getByTestId('user-form-realName').fill('严守');
    await page.getByTestId('user-form-phone').fill('13912340000');
    await pick('user-form-roleId', '验收角色');
    await page.keyboard.press('Escape');
    await pick('user-form-deptId', '验收测试部');
    await page.keyboard.press('Escape');
    await pick('user-form-postId', '验收专员');
    await page.keyboard.press('Escape');
    await page.getByTestId('user-form-password').fill('ys123456');
    await page.getByTestId('user-form-password2').fill('ys123456');
    await page.getByTestId('user-form-submit').click();
    await expect.poll(() => message('新增成功').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('user-table').getByText('yanshou').count()).toBe(1);
    await screenshot(page, 'sys-02-user');
  });

  it('sets an out-of-office proxy for that user, both people found by typing their names', async () => {
    await open('/workflow/ops/proxy');
    await page.getByTestId('crud-add').click();
    for (const [testId, name] of [['crud-form-userId', '严守'], ['crud-form-proxyUserId', '李红']] as const) {
      await page.getByTestId(testId).click();
      await page.keyboard.type(name);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
    }
    await page.getByTestId('crud-form-processDefKey').fill('leave');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => message('新增成功').count()).toBeGreaterThan(0);
    const row = page.getByTestId('crud-wf_proxy').locator('tr', { hasText: 'leave' });
    await expect.poll(() => row.getByText('严守').count()).toBe(1);
    expect(await row.getByText('李红').count()).toBe(1);
    await screenshot(page, 'sys-03-proxy');
  });

  it('the user sees exactly the granted menus and buttons', async () => {
    await logout(page);
    await login(page, 'yanshou', 'ys123456');
    expect(await sidebar()).toEqual(['通知公告']);
    await open('/desk/notice');
    const list = page.getByTestId('crud-notice');
    await expect.poll(() => list.locator('[data-testid^="crud-row-edit-"]').count()).toBeGreaterThan(0);
    await expect.poll(() => list.getByTestId('crud-add').count()).toBe(1);
    expect(await list.locator('[data-testid^="crud-row-delete-"]').count()).toBe(0);
    expect(await list.getByTestId('crud-bulk-delete').count()).toBe(0);
    await screenshot(page, 'sys-04-granted-user');
    // a page that was not granted is not there for this user
    await open('/system/user');
    await expect.poll(() => page.url()).toMatch(/\/404$/);
  });
});

describe('a new tenant', () => {
  let tenantId = '';

  it('is created by the platform administrator', async () => {
    await logout(page);
    await login(page);
    await open('/system/tenant');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-tenantName').fill('验收咨询有限公司');
    await page.getByTestId('crud-form-linkman').fill('王验收');
    await page.getByTestId('crud-form-contactNumber').fill('025-88886666');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => message('新增成功').count()).toBeGreaterThan(0);
    const row = page.getByTestId('crud-tenant').locator('tr', { hasText: '验收咨询有限公司' });
    await expect.poll(() => row.count()).toBe(1);
    tenantId = (await row.locator('td').allInnerTexts()).map((s) => s.trim()).find((s) => /^\d{6}$/.test(s)) ?? '';
    expect(tenantId).toMatch(/^\d{6}$/);
    await screenshot(page, 'sys-05-tenant');
  });

  it('its administrator logs in to it and sees its own company', async () => {
    await logout(page);
    await login(page, 'admin', 'admin', tenantId);
    await open('/system/dept');
    await expect.poll(() => page.getByTestId('dept-table').getByText('验收咨询有限公司').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('dept-table').getByText('验收测试部').count()).toBe(0);
    await screenshot(page, 'sys-06-tenant-admin');
  });

  it('shows no page errors', () => {
    expect(errors, errors.join('\n')).toEqual([]);
  });
});
