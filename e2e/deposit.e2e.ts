/**
 * Guarantee money as finance walks it (BUSINESS.md WP5): 张伟 pays a bid deposit of 20 000.00 (its process approved by
 * 孙磊 and 李红 over the API); 李红 refunds 60 % from the 保证金 list's 退还; a further 50 % is refused
 * (退还金额不能大于已缴金额); once the 60 % is approved she refunds the remaining 40 % and the deposit shows 已退, its
 * 退还记录 both refunds, and the project's ledger one expense and two incomes more under its deposit figures. Then
 * three bid deposits are chosen in 批量退还 and refunded at once — one instance, approved — and all three show 已退.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { antMessage, login, openBrowser, openDropdown, openPath, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const RUN = Date.now() % 100000;
const PAYEE = `浏览器招标中心${RUN}`;
const D = '/api/business/hjlApplyGuaranteeMoney';
const base = inject('baseUrl');
let clientBasic = '';
const tokens: Record<string, string> = {};

async function signIn(account: string) {
  if (!clientBasic) clientBasic = /"clientBasic":"([^"]+)"/.exec(await (await fetch(`${base}/login`)).text())![1]!;
  const captcha = (await (await fetch(`${base}/api/blade-auth/oauth/captcha`, { headers: { Authorization: `Basic ${clientBasic}` } })).json()) as {
    key: string;
    testCode: string;
  };
  const query = new URLSearchParams({
    tenantId: '000000',
    username: account,
    password: createHash('md5').update('123456').digest('hex'),
    grant_type: 'captcha',
    scope: 'all',
    type: 'account',
  });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: `Basic ${clientBasic}`, 'Tenant-Id': '000000', 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.testCode },
  });
  tokens[account] = ((await res.json()) as { access_token: string }).access_token;
}

async function api<T>(account: string, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { Authorization: `Basic ${clientBasic}`, 'Blade-Auth': `bearer ${tokens[account]}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${url}: ${envelope.msg}`);
  return envelope.data;
}

/** 部门经理 then 财务 approve the instance from their to-do lists. */
async function approve(processInstanceId: string) {
  for (const who of ['sunlei', 'lihong']) {
    const todo = await api<{ records: { taskId: string; processInstanceId: string }[] }>(who, 'GET', '/api/blade-workflow/process/todo?size=200');
    const task = todo.records.find((r) => r.processInstanceId === processInstanceId);
    expect(task, `${who} holds a task of ${processInstanceId}`).toBeTruthy();
    await api(who, 'POST', '/api/blade-workflow/process/completeTask', { taskId: task!.taskId, pass: true, comment: '同意', variables: {} });
  }
}

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
let projectId = '';
let accountInfoId = '';

/** A bid deposit 张伟 pays (started and approved over the API): its id. */
async function paidDeposit(amount: string, payee = PAYEE) {
  const d = await api<{ id: string; processInstanceId: string }>('zhangwei', 'POST', `${D}/start`, {
    depositType: 1,
    projectId,
    payeeName: payee,
    amount,
    payDate: today(),
    expectedRefundDate: today(),
    accountInfoId,
  });
  await approve(d.processInstanceId);
  return d.id;
}

const row = (payee: string) => page.getByTestId('deposit-list-1').locator('tr.ant-table-row', { hasText: payee });

/** 李红 refunds `amount` of the deposit of `payee` from its row's 退还. */
async function refundFromList(id: string, amount: string) {
  await page.getByTestId(`deposit-refund-${id}`).click();
  const input = page.getByTestId('deposit-action-amount');
  // The dialog offers what is left: replaced by the amount typed.
  await input.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await input.pressSequentially(amount);
  await input.blur();
  await page.getByTestId('deposit-action-submit').click();
}

/** The approval of the deposit's newest refund under approval (its refund history). */
async function pendingRefund(id: string) {
  const his = await api<{ records: { status: number; processInstanceId: string }[] }>('lihong', 'GET', `${D}/refund/${id}`);
  return his.records.find((r) => r.status === 1)!.processInstanceId;
}

async function openBidTab() {
  await openPath(page, '/finance/hjlApplyGuaranteeMoney');
  await page.getByTestId('deposit-tabs').getByRole('tab', { name: '投标保证金' }).click();
  await expect.poll(() => page.getByTestId('deposit-list-1').isVisible()).toBe(true);
}

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
  for (const a of ['zhangwei', 'sunlei', 'lihong']) await signIn(a);
  const projects = await api<{ records: { id: string; memberUsers?: string }[] }>('zhangwei', 'GET', '/api/business/hjlProject/list?size=50&status=2');
  projectId = projects.records[0]!.id;
  const accounts = await api<{ records: { id: string; accountName: string }[] }>('lihong', 'GET', '/api/business/hjlAccountInfo/list?size=50');
  accountInfoId = accounts.records.find((a) => a.accountName === '华建咨询基本户')!.id;
});
afterAll(() => close());

describe('a bid deposit paid and refunded', () => {
  it('pay → approve → refund 60 % → 50 % refused → 40 % → 已退, one expense and two incomes in the ledger', async () => {
    const money = () => api<Record<string, string>>('lihong', 'GET', `/api/business/hjlProject/statistics/project/money/${projectId}`);
    const before = await money();
    const id = await paidDeposit('20000.00');
    await login(page, 'lihong', '123456');
    await openBidTab();
    await expect.poll(() => row(PAYEE).count()).toBe(1);
    await screenshot(page, 'deposit-01-paid');

    await refundFromList(id, '12000.00');
    await expect.poll(() => antMessage(page, '已提交审批').count()).toBeGreaterThan(0);
    // 50 % more while the 60 % is under approval: refused, nothing started.
    await refundFromList(id, '10000.00');
    await expect.poll(() => antMessage(page, '退还金额不能大于已缴金额').count()).toBeGreaterThan(0);
    await screenshot(page, 'deposit-02-refused');
    await page.keyboard.press('Escape');
    await approve(await pendingRefund(id));

    await page.reload();
    await openBidTab();
    await refundFromList(id, '8000.00');
    await expect.poll(() => antMessage(page, '已提交审批').count()).toBeGreaterThan(0);
    await approve(await pendingRefund(id));
    await page.reload();
    await openBidTab();
    await expect.poll(() => row(PAYEE).innerText()).toContain('已退');
    await page.getByTestId(`deposit-history-${id}`).click();
    await expect.poll(() => page.getByTestId('refund-history').locator('tr.ant-table-row').count()).toBe(2);
    await expect.poll(() => page.getByTestId('refund-history-refunded').innerText()).toContain('20,000.00');
    await screenshot(page, 'deposit-03-refunded');
    await page.keyboard.press('Escape');

    // The ledger: one expense (the payment) and two incomes (the refunds) more under the project's deposit figures.
    const after = await money();
    const delta = (k: string) => Number(after[k]) - Number(before[k]);
    expect([delta('depositOut'), delta('depositIn'), delta('depositOutCount'), delta('depositInCount')]).toEqual([20000, 20000, 1, 2]);
    expect(after.profit).toBe(before.profit);
  });

  it('a batch refund of three: one instance, approved, all 已退', async () => {
    const payees = [1, 2, 3].map((n) => `${PAYEE}-批${n}`);
    const ids: string[] = [];
    for (const p of payees) ids.push(await paidDeposit('1000.00', p));
    await openBidTab();
    await page.getByTestId('deposit-batch-refund').click();
    for (const p of payees) {
      await page.getByTestId('deposit-batch-deposits').click();
      await page.keyboard.type(p);
      await openDropdown(page).locator('.ant-select-item-option', { hasText: p }).first().click();
    }
    // The choices close as the dialog's title is clicked.
    await page.locator('.ant-modal-title', { hasText: '批量退还' }).click();
    await expect.poll(() => openDropdown(page).count()).toBe(0);
    await screenshot(page, 'deposit-04-batch');
    await page.getByTestId('deposit-batch-submit').click();
    await expect.poll(() => antMessage(page, '已提交审批').count()).toBeGreaterThan(0);
    const instances = new Set<string>();
    for (const id of ids) instances.add(await pendingRefund(id));
    expect(instances.size).toBe(1);
    await approve([...instances][0]!);
    await page.reload();
    await openBidTab();
    for (const p of payees) await expect.poll(() => row(p).innerText()).toContain('已退');
    await screenshot(page, 'deposit-05-batch-refunded');
    expect(errors).toEqual([]);
  });
});
