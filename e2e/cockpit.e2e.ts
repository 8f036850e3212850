/**
 * The data cockpit, the reports and the shell's own pages as a user meets them: a signed-out visit to /dataCockpit
 * goes to /login; signed in, 大数据中心 is the page title and its charts are drawn from real queries; its menu item
 * opens it in a new browser tab; /wel/dashboard shows the same charts in the layout; a saved report opens as a chart
 * and a built-in one opens its page; /template, /auth, /test/index and the two dictionary pages render in the
 * layout, each with its tab.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, openPath, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

describe('the data cockpit, reports and shell pages', () => {
  it('sends a signed-out visit of the cockpit to the login page', async () => {
    await page.goto('/dataCockpit');
    await page.waitForURL('**/login**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dataCockpit');
  });

  it('shows 大数据中心 full screen with the firm-wide charts, opened from its menu in a new tab', async () => {
    await login(page);
    const opened = page.context().waitForEvent('page');
    await page.getByRole('menuitem', { name: '大数据中心' }).click();
    const cockpit = await opened;
    await cockpit.waitForLoadState('networkidle');
    expect(new URL(cockpit.url()).pathname).toBe('/dataCockpit');
    await expect.poll(() => cockpit.title()).toBe('大数据中心');
    for (const key of ['projectByCity', 'contractAmountPerMonth', 'collectionsAgainstInvoices', 'approvalsWaiting', 'deptPersonCount', 'applyExpenseCount'])
      await cockpit.getByTestId(`cockpit-chart-${key}`).locator('canvas').first().waitFor();
    // Outside the main layout: no sidebar.
    expect(await cockpit.locator('.ant-layout-sider').count()).toBe(0);
    await screenshot(cockpit, 'cockpit');
    await cockpit.close();
  });

  it('shows the cockpit charts in the layout at /wel/dashboard', async () => {
    await openPath(page, '/wel/dashboard');
    await page.getByTestId('cockpit-chart-projectByCity').locator('canvas').first().waitFor();
    await page.getByTestId('tab-/wel/dashboard').waitFor();
    await screenshot(page, 'dashboard');
  });

  it('opens a saved report as its chart and a built-in report as its page', async () => {
    await openPath(page, '/report/reportlist');
    const row = page.locator('tr.ant-table-row', { hasText: '每月收款与开票' });
    await row.getByRole('button', { name: '打开' }).click();
    await page.locator('.ant-drawer', { hasText: '每月收款与开票' }).locator('canvas').first().waitFor();
    await screenshot(page, 'report-open');
    await page.locator('.ant-drawer-close').click();
    await page.locator('tr.ant-table-row', { hasText: '合同统计' }).getByRole('button', { name: '打开' }).click();
    await page.waitForURL('**/contract/contractReport');
  });

  it('renders each shell page in the layout with its tab', async () => {
    const pages: [string, string][] = [
      ['/template', '单表'],
      ['/auth', '按钮权限'],
      ['/test/index', '前端版本'],
      ['/dict-horizontal/index', '字典项'],
      ['/dict-vertical/index', '字典项'],
    ];
    for (const [path, text] of pages) {
      await openPath(page, path);
      await page.getByTestId(`tab-${path}`).waitFor();
      await page.locator('main, .ant-layout-content').getByText(text).first().waitFor();
    }
    // The dictionary pages show the chosen code's entries.
    await page.locator('tr.ant-table-row').first().getByRole('button', { name: '查看字典项' }).click();
    await expect.poll(() => page.getByTestId('dict-split-entries').locator('tr.ant-table-row').count()).toBeGreaterThan(0);
    await screenshot(page, 'dict-vertical');
    await openPath(page, '/test/index');
    await page.getByTestId('test-probe').click();
    await expect.poll(() => page.getByTestId('test-result').innerText()).toContain('正常');
    expect(errors).toEqual([]);
  });
});
