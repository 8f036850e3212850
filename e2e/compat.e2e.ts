/**
 * What a new user trips over, and the Content-Security-Policy the web app must pass (issue 14): every page of
 * the admin's menu renders under the server's CSP without a single violation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const violations: string[] = [];

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
  // Violations the console does not show (reported through the event only).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
});
afterAll(() => close());

/** Calls the API as the signed-in browser user. */
async function api(url: string) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('saber-access-token') ?? 'null') as string);
  const res = await page.request.get(url, { headers: { 'Blade-Auth': `bearer ${token}` } });
  return (await res.json()) as { code: number; data: any; msg: string };
}

type MenuNode = { path: string; category: number; isOpen?: number; children?: MenuNode[] };
const leaves = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));

describe('Content-Security-Policy', () => {
  it('is sent with the page, and the login page, the workbench and every menu page pass it', async () => {
    const res = await page.goto('/login');
    expect(res!.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    await login(page);
    const menus = leaves((await api('/api/blade-system/menu/routes')).data as MenuNode[]).filter((m) => m.path?.startsWith('/') && m.isOpen !== 2);
    expect(menus.length).toBeGreaterThan(40);
    for (const m of menus) {
      await page.goto(m.path);
      await page.waitForLoadState('networkidle');
    }
    // the model designer (bpmn-js) and a chart page draw under the policy too
    await page.goto('/wel/index');
    await page.getByTestId('wel-chart-deptPersonCount').locator('canvas').first().waitFor();
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    // control: an injected inline script is blocked and reported
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = 1';
      document.body.appendChild(s);
    });
    await expect.poll(() => violations.length).toBe(1);
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    violations.length = 0;
  }, 300_000);
});
