/**
 * What a new user tripped over walking the product (issue 14, "rough edges"), at 1440×900: every menu with its
 * icon and, in English, its English name; the English app name whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

const CJK = /[\u3400-\u9fff]/;

/** Calls the API as the signed-in browser user. */
async function api(url: string) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('saber-access-token') ?? 'null') as string);
  const res = await page.request.get(url, { headers: { 'Blade-Auth': `bearer ${token}` } });
  return (await res.json()) as { code: number; data: any; msg: string };
}

async function chooseLanguage(code: 'en' | 'zh-CN') {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${code}`).click();
}

/** Opens every group of the sidebar (inline menus keep several open). */
async function expandSidebar() {
  const titles = page.locator('[data-testid="side-menu"] .ant-menu-submenu-title');
  await expect.poll(() => titles.count()).toBeGreaterThan(3); // the menus of the session have arrived
  for (let i = 0; i < (await titles.count()); i++) {
    const group = titles.nth(i).locator('xpath=..');
    if (!(await group.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) await titles.nth(i).click();
    await expect.poll(() => group.evaluate((el) => el.classList.contains('ant-menu-submenu-open'))).toBe(true);
  }
}

type MenuNode = { code: string; source?: string; children?: MenuNode[] };
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
/** antd's aria-label of an icon component: `PlusCircleOutlined` → `plus-circle`. */
const iconLabel = (source: string) =>
  source
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

describe('the sidebar', () => {
  it('every menu shows the icon its source names (the administrator sees them all)', async () => {
    await login(page);
    await expandSidebar();
    const sources = new Map(flatten((await api('/api/blade-system/menu/routes')).data as MenuNode[]).map((m) => [m.code, m.source ?? '']));
    const shown = await page.locator('[data-testid="side-menu"] [data-testid^="menu-"]').evaluateAll((els) =>
      els.map((el) => ({
        code: el.getAttribute('data-testid')!.slice('menu-'.length),
        icon: (el.closest('li.ant-menu-item, .ant-menu-submenu-title')?.querySelector('.anticon')?.getAttribute('aria-label') ?? '') as string,
      })),
    );
    expect(shown.length).toBeGreaterThan(50);
    expect(shown.filter((m) => m.icon !== iconLabel(sources.get(m.code) ?? '?'))).toEqual([]);
  });

  it('in English every menu, tab and page title is English, and the app name is whole', async () => {
    await chooseLanguage('en');
    await expect.poll(() => page.getByTestId('app-name').innerText()).toMatch(/^Engineering/);
    const names = await page.locator('[data-testid="side-menu"] [data-testid^="menu-"]').allInnerTexts();
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((n) => CJK.test(n))).toEqual([]);
    // The app name is not cut off: nothing of it overflows its box.
    const overflow = await page.getByTestId('app-name').evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    expect(overflow).toBe(false);
    for (const [code, path] of [
      ['client', '/system/client'],
      ['dictbiz', '/system/dictbiz'],
      ['tenant_package', '/system/tenantpackage'],
      ['customer', '/marketing/hjlCustomer'],
    ]) {
      await page.getByTestId(`menu-${code}`).click();
      await page.waitForURL(`**${path}`);
      await expect.poll(() => page.title()).toMatch(/^[^\u3400-\u9fff]+ - Engineering Consulting Management$/);
      expect(await page.getByTestId(`tab-${path}`).innerText()).not.toMatch(CJK);
    }
    await chooseLanguage('zh-CN');
    await expect.poll(() => page.getByTestId('menu-client').innerText()).toBe('应用管理');
  });
});

describe('the page', () => {
  it('had no page errors', () => {
    expect(errors).toEqual([]);
  });
});
