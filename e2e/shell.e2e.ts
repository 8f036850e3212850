/**
 * The shell as a user meets it: the workbench (charts from the statistics service, shortcut blocks), theme and
 * language, an uncaught error recorded and uploaded, notifications from a real leave process (to-do and urge),
 * the menu search, the user manual, and the lock screen (also across a reload).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { antMessage, login, openBrowser, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

const md5hex = (s: string) => createHash('md5').update(s).digest('hex');
const okButton = () => page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ });
const stored = (key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(`saber-${k}`) ?? 'null') as unknown, key);

/** Calls the API as the signed-in browser user. */
async function api(method: 'GET' | 'POST', url: string, data?: unknown) {
  const token = (await stored('access-token')) as string;
  const res = await page.request.fetch(url, { method, headers: { 'Blade-Auth': `bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  return (await res.json()) as { code: number; data: any; msg: string };
}

/** A token of another demo user, through the real captcha grant (the captcha test switch answers the code). */
async function tokenOf(account: string, password: string): Promise<string> {
  const captcha = (await (await page.request.get('/api/blade-auth/oauth/captcha')).json()) as { key: string; testCode: string };
  const basic = await page.evaluate(() => (window as { __APP_CONFIG__?: { clientBasic?: string } }).__APP_CONFIG__?.clientBasic ?? '');
  const res = await page.request.post('/api/blade-auth/oauth/token', {
    params: { tenantId: '000000', username: account, password: md5hex(password), grant_type: 'captcha', scope: 'all', type: 'account' },
    headers: { Authorization: `Basic ${basic}`, 'Tenant-Id': '000000', 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.testCode },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('the shell', () => {
  it('logs in to the workbench: greeting, notices and the statistics charts drawn from real queries', async () => {
    await login(page);
    await expect.poll(() => page.getByTestId('wel-greeting').innerText()).toContain('管理员');
    await page.getByTestId('wel-chart-deptPersonCount').locator('canvas').first().waitFor();
    await page.getByTestId('wel-chart-ageDistribution').locator('canvas').first().waitFor();
    await expect.poll(() => page.getByTestId('wel-notices').locator('.ant-list-item').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('wel-chart-deptPersonCount').innerText()).toContain('部门人数');
  });

  it('edits the shortcut blocks through userMenu', async () => {
    await page.getByTestId('wel-shortcuts-edit').click();
    await page.getByTestId('wel-shortcut-pick-notice').click();
    await page.getByTestId('wel-shortcut-pick-user').click();
    await page.getByTestId('wel-shortcuts-save').click();
    await page.getByTestId('wel-shortcut-notice').waitFor();
    const saved = await api('GET', '/api/business/userMenu/list');
    expect(saved.data.map((s: { code: string }) => s.code).sort()).toEqual(['notice', 'user']);
    await page.mouse.move(0, 0);
    // Tall enough for the charts below the lists (the page scrolls inside the layout).
    await page.setViewportSize({ width: 1440, height: 1500 });
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await screenshot(page, 'shell-workbench');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('wel-shortcut-notice').click();
    await page.waitForURL('**/desk/notice');
    await page.goto('/wel/index');
  });

  it('changes the theme and colour (kept after a reload)', async () => {
    await page.getByTestId('theme-open').click();
    await page.getByTestId('theme-lte').click();
    await expect.poll(() => page.locator('[data-theme]').first().getAttribute('data-theme')).toBe('lte');
    await expect.poll(() => page.getByTestId('header-bar').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(60, 141, 188)');
    await screenshot(page, 'shell-theme-picker');
    await page.reload();
    await expect.poll(() => page.locator('[data-theme]').first().getAttribute('data-theme')).toBe('lte');
    expect(await stored('colorName')).toBeNull(); // the colour was not touched: still the default #409EFF
    await page.getByTestId('theme-open').click();
    await page.getByTestId('theme-default').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-theme]').first().getAttribute('data-theme')).toBe('default');
  });

  it('switches the language to English and back', async () => {
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en').click();
    await expect.poll(() => page.getByTestId('wel-greeting').innerText()).toContain('Hello');
    expect(await page.getByTestId('wel-chart-deptPersonCount').innerText()).toContain('People per department');
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-zh-CN').click();
    await expect.poll(() => page.getByTestId('wel-greeting').innerText()).toContain('您好');
  });

  it('records an uncaught error, shows it in the error log and uploads it', async () => {
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('e2e shell boom');
      }, 0),
    );
    await expect.poll(() => page.getByTestId('error-log-badge').innerText()).toBe('1');
    errors.length = 0; // that one was on purpose
    await page.getByTestId('error-log-open').click();
    await page.getByTestId('error-log-table').getByRole('cell', { name: 'Error: e2e shell boom', exact: true }).waitFor();
    await page.locator('.ant-modal').getByText('错误日志').waitFor();
    await page.waitForTimeout(500); // the dialog's opening animation
    await screenshot(page, 'shell-error-log');
    await page.getByTestId('error-log-upload').click();
    await okButton().click();
    await antMessage(page, '发送成功!').waitFor();
    const logged = await api('GET', '/api/blade-log/error/list?serviceId=hjl-web');
    expect(logged.data.records[0]).toMatchObject({ message: 'Error: e2e shell boom', createBy: 'admin', requestUri: '/wel/index' });
    // Sent logs leave the browser's list, and the dialog closes with nothing left to show.
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await expect.poll(() => page.getByTestId('error-log-badge').innerText()).toBe('');
  });

  it('notifications: a to-do assigned by a leave request and its urge arrive as messages, unread until clicked', async () => {
    const adminId = ((await stored('user-info')) as { user_id: string }).user_id;
    // Other suites on this server give the administrator to-dos too: count from what is unread now.
    const unread = async () => Number((await page.getByTestId('notify-tab-message').innerText()).match(/\((\d+)\)/)?.[1] ?? 0);
    const openMessages = async () => {
      if (!(await page.getByTestId('notify-tab-message').isVisible())) await page.getByTestId('notify-bell').click();
      await page.getByTestId('notify-tab-message').click();
    };
    await openMessages();
    const before = await unread();
    await page.keyboard.press('Escape');
    const zhangwei = await tokenOf('zhangwei', '123456');
    const call = async (url: string, data: unknown) =>
      (await (await page.request.post(url, { headers: { 'Blade-Auth': `bearer ${zhangwei}` }, data })).json()) as { code: number; data: any };
    const started = await call('/api/blade-desk/process/leave/start', {
      leaveType: 1,
      startTime: '2026-12-01',
      endTime: '2026-12-02',
      reason: '家中有事',
      taskUser: adminId,
    });
    expect(started.code).toBe(200);
    expect((await call('/api/blade-workflow/process/urge', { processInstanceId: started.data.processInstanceId, message: '请尽快审批' })).code).toBe(200);

    await page.reload();
    await openMessages();
    const list = page.getByTestId('notify-list-message');
    await list.getByText('请尽快审批').waitFor();
    await expect.poll(unread).toBe(before + 2);
    await screenshot(page, 'shell-notifications');
    // The urge opens its task (the newest message); it is read from then on.
    await list.locator('.ant-list-item').first().click();
    await page.waitForURL('**/workflow/process/detail/**');
    await page.getByTestId('notify-tab-message').waitFor({ state: 'hidden' }); // the popover closed
    await openMessages();
    await expect.poll(unread).toBe(before + 1);
    await page.getByTestId('notify-tab-notice').click();
    await page.getByTestId('notify-read-all-notice').click();
    await expect.poll(() => page.getByTestId('notify-tab-notice').innerText()).not.toContain('(');
    await page.keyboard.press('Escape');
    // The workbench counts the new to-do.
    await page.goto('/wel/index');
    await expect.poll(async () => Number((await page.getByTestId('wel-todo-count').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
    await page.getByTestId('wel-todos').getByText('请假').first().waitFor();
  });

  it('searches the menus in the overlay (Esc closes it) and in the top bar', async () => {
    await page.getByTestId('menu-search-open').click();
    await page.getByTestId('menu-search-input').fill('参数');
    await page.getByTestId('menu-search-hit-/system/param').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('menu-search-overlay').count()).toBe(0);
    await page.getByTestId('top-search').locator('input').fill('通知');
    await page.getByTestId('top-search-hit-/desk/notice').click();
    await page.waitForURL('**/desk/notice');
  });

  it('serves the user manual as a PDF', async () => {
    const href = await page.getByTestId('manual-link').getAttribute('href');
    const res = await page.request.get(href!);
    expect(res.headers()['content-type']).toContain('application/pdf');
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps the scroll position of a cached tab', async () => {
    await page.setViewportSize({ width: 1440, height: 600 });
    await page.goto('/wel/index');
    await page.getByTestId('wel-chart-ageDistribution').locator('canvas').first().waitFor();
    const box = page.locator('[data-testid="page-scroll"]:visible');
    await box.evaluate((el) => el.scrollTo(0, 200));
    await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBe(200);
    await page.getByTestId('wel-shortcut-notice').click(); // another tab, in the app (no reload)
    await page.waitForURL('**/desk/notice');
    await page.getByTestId('tab-/wel/index').click();
    await page.waitForURL('**/wel/index');
    await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBe(200);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('locks the screen: an empty password is refused, every route leads to /lock, also after a reload, until unlocked', async () => {
    await page.getByTestId('lock-open').click();
    await page.getByTestId('lock-confirm').click();
    await page.getByText('锁屏密码不能为空').waitFor();
    await page.getByTestId('lock-password').fill('e2e-lock');
    await page.getByTestId('lock-confirm').click();
    await page.waitForURL('**/lock');
    await page.getByTestId('lock-page').waitFor();
    await screenshot(page, 'shell-lock');
    await page.goto('/system/user');
    await page.waitForURL('**/lock');
    await page.reload();
    await page.getByTestId('lock-page').waitFor();
    await page.getByTestId('unlock-password').fill('wrong');
    await page.getByTestId('unlock').click();
    await antMessage(page, '解锁密码错误,请重新输入').waitFor();
    expect(page.url()).toContain('/lock');
    await page.getByTestId('unlock-password').fill('e2e-lock');
    await page.getByTestId('unlock').click();
    await page.waitForURL('**/wel/index');
    await page.goto('/system/user');
    await page.waitForURL('**/system/user');
  });

  it('had no page errors beyond the one thrown on purpose', () => {
    expect(errors).toEqual([]);
  });
});
