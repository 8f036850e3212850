/**
 * What a new user trips over, and the Content-Security-Policy the web app must pass (docs/compatibility.md): every page of
 * the admin's menu renders under the server's CSP without a single violation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { antMessage, login, logout, openBrowser, submitLogin } from './browser.ts';

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
  }, 600_000);
});

describe('the workbench', () => {
  it('names the role (超级管理员), not its alias', async () => {
    await logout(page); // the tenant administrator of the test before is still signed in
    await login(page);
    await expect.poll(() => page.getByTestId('wel-role').innerText()).toBe('超级管理员');
  });
});

describe('the login page', () => {
  it('registers a guest: the four warnings in the spec’s order, then the approval notice', async () => {
    await logout(page);
    await page.getByTestId('login-register').click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '账号注册' });
    await dialog.getByTestId('register-tenant').fill('');
    const warn = async (text: string) => {
      await dialog.getByTestId('register-submit').click();
      await antMessage(page, text).waitFor();
    };
    await warn('请先输入租户编号');
    await dialog.getByTestId('register-tenant').fill('000000');
    await warn('请先输入账号名称');
    await dialog.getByTestId('register-account').fill('e2e_guest');
    await warn('请先输入密码');
    await dialog.getByTestId('register-password').fill('guest123');
    await dialog.getByTestId('register-password2').fill('guest124');
    await warn('两次密码输入不一致');
    await dialog.getByTestId('register-password2').fill('guest123');
    await dialog.getByTestId('register-submit').click();
    await page.locator('.ant-modal-confirm', { hasText: '注册成功,请等待管理员审核' }).waitFor();
    await page.getByTestId('register-done').click();
    expect(page.url()).toContain('/login');
  });

  it('a new tenant’s administrator changes the generated password before entering', async () => {
    await login(page);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('saber-access-token') ?? 'null') as string);
    const created = await page.request.post('/api/blade-system/tenant/submit', {
      headers: { 'Blade-Auth': `bearer ${token}` },
      data: { tenantName: 'E2E新租户', linkman: '测试', contactNumber: '13800000000' },
    });
    const { tenantId, password } = ((await created.json()) as { data: { tenantId: string; password: string } }).data;
    expect(password).toMatch(/^[A-Za-z\d]{12}$/);
    await logout(page);
    await submitLogin(page, 'admin', password, tenantId);
    const dialog = page.locator('.ant-modal:visible', { hasText: '修改初始密码' });
    await dialog.getByTestId('change-new').fill('newpass1');
    await dialog.getByTestId('change-confirm').fill('newpass1');
    await dialog.getByTestId('change-submit').click();
    await antMessage(page, '密码已修改,请用新密码登录').waitFor();
    await login(page, 'admin', 'newpass1', tenantId);
    await expect.poll(() => page.url()).toContain('/wel/index');
  });
});
