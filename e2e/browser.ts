/** Debian's chromium driven by playwright-core, and the steps every browser test shares. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH } from './chromium.ts';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const screenshotDir = path.resolve(import.meta.dirname, 'screenshots');

/** A phone's screen for the phone story: 375 × 812 CSS pixels, touch, the mobile viewport (screen class 0). */
export const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

/** The browser, as a desktop's 1440 × 900 window unless a screen is given (PHONE). */
export async function openBrowser(
  screen: { viewport: { width: number; height: number }; isMobile?: boolean; hasTouch?: boolean; deviceScaleFactor?: number } = {
    viewport: { width: 1440, height: 900 },
  },
): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hjl-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...CHROMIUM_LAUNCH,
    ...screen,
    locale: 'zh-CN',
    // The firm's people are in China: the browser's "today" (a form's default dates) is the server zone's day, as the
    // tests' own dates are. In the machine's UTC the two differ from 16:00 to 24:00 UTC (a labour fee's default
    // period then ended the day before the collection it was to pay from).
    timezoneId: 'Asia/Shanghai',
    baseURL: inject('baseUrl'),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** The antd message (toast) showing `text`. */
export function antMessage(page: Page, text: string) {
  return page.locator('.ant-message').getByText(text);
}

/** Goes to a path of the app and waits until its calls are answered. */
export async function openPath(page: Page, p: string) {
  await page.goto(p);
  await page.waitForLoadState('networkidle');
}

/**
 * The dropdown of the select (or tree select, cascader) that is open. A dropdown that closes stays visible for its
 * leave animation (about 0.3 s) and then stays in the DOM, hidden; its popup is marked `pointer-events: none` from the
 * moment it closes. An option found in such a dropdown (an earlier select's, first in the DOM, with the same title)
 * never becomes visible again, and playwright, which keeps the element it found while it is attached, waits for it
 * until the click's timeout ("element is not visible"): it must not be matched.
 */
export function openDropdown(page: Page) {
  return page.locator('.ant-select-dropdown:visible:not([style*="pointer-events: none"])');
}

/** Picks `text` in the select of `testId` (typing it first when the select searches on the server). */
export async function pickOption(page: Page, testId: string, text: string, search = false) {
  await page.getByTestId(testId).click();
  if (search) await page.keyboard.type(text);
  await openDropdown(page).getByTitle(text, { exact: true }).first().click();
}

/** In the open 人员选择 dialog: searches `name`, picks its one row and confirms. */
export async function chooseUser(page: Page, name: string) {
  const picker = page.locator('.ant-modal:visible', { hasText: '人员选择' });
  await picker.getByTestId('user-picker-realName').fill(name);
  await picker.getByTestId('user-picker-search-submit').click();
  await expect.poll(() => picker.locator('tbody tr.ant-table-row').count()).toBe(1);
  await picker.locator('tbody tr.ant-table-row', { hasText: name }).click();
  await picker.getByTestId('user-picker-confirm').click();
}

/** Opens a page from the sidebar: expands its group when the item is not showing, then clicks the item. */
export async function openMenu(page: Page, group: string, item: string) {
  const entry = page.getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await page.getByRole('menuitem', { name: group }).click();
  await entry.click();
}

/**
 * Logs in through the real captcha flow. The expected answer is read from the captcha response, which carries
 * it only because the server runs with CAPTCHA_TEST_MODE enabled for tests.
 */
export async function login(page: Page, account = 'admin', password = 'admin', tenantId = '000000') {
  await submitLogin(page, account, password, tenantId);
  await page.waitForURL('**/wel/index');
}

/** Opens the login page and submits it, answering the captcha (see `login`); where it leads is the caller's to check. */
export async function submitLogin(page: Page, account: string, password: string, tenantId: string) {
  await page.goto('about:blank'); // so that no captcha of an earlier page is still on its way
  const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/captcha'));
  await page.goto('/login');
  const { testCode } = (await (await captcha).json()) as { testCode: string };
  await expect.poll(() => page.title()).toContain('登录');
  await page.getByTestId('login-tenant').fill(tenantId);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha').fill(testCode);
  await page.getByTestId('login-submit').click();
}

/** Logs out through the user menu (with its confirmation). */
export async function logout(page: Page) {
  await page.goto('/wel/index');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.waitForURL('**/login**');
}

/** 新建流程 lists every process the user may start (the demo company has some forty): find one by its name. */
export async function searchStartList(page: Page, name: string) {
  const box = page.getByTestId('wf-start-search');
  const input = (await box.evaluate((e) => e.tagName)) === 'INPUT' ? box : box.locator('input');
  await input.fill(name);
  await input.press('Enter');
  await page.getByTestId('wf-start-table').locator('tr', { hasText: name }).first().waitFor();
}
