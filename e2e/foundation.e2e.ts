/**
 * The foundation as a user meets it: log in through the captcha, the workbench, the system parameter list
 * (create, find, edit, delete), tabs, language switch, error pages and logout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { antMessage, login, openBrowser, openMenu, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ page, close } = await openBrowser());
});
afterAll(() => close());

describe('foundation', () => {
  it('sends a logged-out visitor to the login page', async () => {
    await page.goto('/wel/index');
    await page.waitForURL('**/login**');
    await expect.poll(() => page.title()).toContain('登录');
  });

  it('refuses a wrong captcha with the server message', async () => {
    await page.goto('/login');
    await page.getByTestId('login-tenant').fill('000000');
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('admin');
    await page.getByTestId('login-captcha').fill('zzzz');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => antMessage(page, '验证码不正确').count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/login');
  });

  it('logs in through the captcha and opens the workbench', async () => {
    await login(page);
    await expect.poll(() => page.getByText('工作台').count()).toBeGreaterThan(0);
    // The newest notices come from the server.
    await expect.poll(() => page.getByText('关于2026年度项目质量检查工作的通知').count()).toBeGreaterThan(0);
    await screenshot(page, '01-workbench');
  });

  it('creates, finds, edits and deletes a system parameter', async () => {
    await openMenu(page, '系统管理', '参数管理');
    await page.waitForURL('**/system/param');
    const list = page.getByTestId('crud-param'); // the dialogs render outside it
    await list.getByTestId('crud-table').waitFor();
    await screenshot(page, '02-param-list');

    // bulk delete with nothing chosen
    await list.getByTestId('crud-bulk-delete').click();
    await expect.poll(() => antMessage(page, '请选择至少一条数据').count()).toBeGreaterThan(0);

    // required messages of the spec
    await list.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-submit').click();
    for (const msg of ['请输入参数名称', '请输入参数键名', '请输入参数键值']) {
      await expect.poll(() => page.getByText(msg).count()).toBeGreaterThan(0);
    }
    await page.getByTestId('crud-form-paramName').fill('端到端测试参数');
    await page.getByTestId('crud-form-paramKey').fill('e2e.test.key');
    await page.getByTestId('crud-form-paramValue').fill('first value');
    await page.getByTestId('crud-form-remark').fill('由浏览器测试创建');
    await screenshot(page, '03-param-form');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);

    await list.getByTestId('crud-search-paramName').fill('端到端');
    await list.getByTestId('crud-search-submit').click();
    const row = list.getByTestId('crud-table').locator('tbody tr', { hasText: 'e2e.test.key' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => list.getByTestId('crud-table').locator('tbody tr.ant-table-row').count()).toBe(1);

    await row.getByRole('button', { name: '编辑' }).click();
    await page.getByTestId('crud-form-paramValue').fill('second value');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '更新成功').count()).toBeGreaterThan(0);
    await expect.poll(() => row.getByText('second value').count()).toBe(1);
    await screenshot(page, '04-param-edited');

    await row.getByRole('button', { name: '删除' }).click();
    await page.getByText('确定将选择数据删除?').waitFor();
    await page
      .locator('.ant-modal-confirm, .ant-popconfirm')
      .getByRole('button', { name: /确定|OK/ })
      .click();
    await expect.poll(() => antMessage(page, '删除成功').count()).toBeGreaterThan(0);
    await expect.poll(() => row.count()).toBe(0);
  });

  it('keeps visited pages as tabs', async () => {
    await expect.poll(() => page.getByTestId('tab-/system/param').count()).toBe(1);
    await openMenu(page, '工作台', '通知公告');
    await page.waitForURL('**/desk/notice');
    await expect.poll(() => page.getByTestId('tab-/desk/notice').count()).toBe(1);
    await expect.poll(() => page.getByTestId('tab-/system/param').count()).toBe(1);
    await screenshot(page, '05-notice-list');
  });

  it('switches the language to English and back', async () => {
    await page.getByTestId('lang-switch').click();
    await page.getByText('English').click();
    await expect.poll(() => page.getByTestId('crud-notice').getByTestId('crud-search-submit').innerText()).toBe('Search');
    await screenshot(page, '06-english');
    await page.getByTestId('lang-switch').click();
    await page.getByText('简体中文').click();
    await expect.poll(() => page.getByTestId('crud-notice').getByTestId('crud-search-submit').innerText()).toBe('搜索');
  });

  it('shows 404 for an unknown path', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await expect.poll(() => page.getByText('404').count()).toBeGreaterThan(0);
  });

  it('logs out', async () => {
    await page.goto('/wel/index');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByRole('button', { name: /确定|OK/ }).click();
    await page.waitForURL('**/login**');
  });
});
