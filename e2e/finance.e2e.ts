/**
 * Finance as its people walk it (BUSINESS.md WP4): 张伟 claims two expenses (差旅费 and 交通费) in one claim and sends
 * it; 孙磊 (部门经理) approves it from 待办事务; 李红 (财务) approves it at finance's node with the payment information
 * (银行转账 from 华建咨询基本户, a transaction reference of this run); the ledger (收支明细) shows the expense row with
 * that reference, and the account's book balance is lower by the claim's total. 我的报销 shows it paid, and its
 * 审批详情 drawer the 付款详情 (how it was paid).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antMessage, login, logout, openBrowser, openPath, pickOption, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const RUN = Date.now() % 100000;
const CLAIM = `浏览器报销${RUN}`;
const REFERENCE = `BX${RUN}`;
const ACCOUNT = '华建咨询基本户';
const TOTAL = '406.50';
/** The process title the approval kit gives the claim ({userName}的费用报销({totalAmount}元)). */
const TASK = '张伟的费用报销(406.5';
const today = () => {
  const d = new Date(Date.now() + 8 * 3600_000);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

/** An amount as shown ("3,000,000.00 元") in fen. */
const fenOf = (text: string) => {
  const m = /-?[\d,]+\.\d{2}/.exec(text);
  if (!m) throw new Error(`no amount in ${text}`);
  return BigInt(m[0].replace(/[,.]/g, ''));
};

async function pickDate(testId: string, date: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(date);
  await page.keyboard.press('Enter');
}

/** The book balance of the account, from its 变动历史 drawer. */
async function balanceOf(account: string, shot?: string): Promise<bigint> {
  await openPath(page, '/finance/hjlAccountInfo');
  const row = page.getByTestId('account-list').locator('tr.ant-table-row', { hasText: account });
  await expect.poll(() => row.count()).toBe(1);
  await row.locator('[data-testid^="account-history-"]').click();
  const balance = page.getByTestId('account-sum-balance');
  await expect.poll(() => balance.innerText()).toMatch(/\d\.\d{2}/);
  await expect.poll(() => page.getByTestId('account-history-table').locator('tr.ant-table-row').count()).toBeGreaterThan(0);
  if (shot) await screenshot(page, shot);
  const fen = fenOf(await balance.innerText());
  await page.keyboard.press('Escape');
  return fen;
}

/** `account` opens, from 待办事务, the task whose row mentions `text`. */
async function openTask(account: string, text: string) {
  await login(page, account, '123456');
  await openPath(page, '/workflow/process/todo');
  const task = page.getByTestId('wf-table').locator('tbody tr.ant-table-row', { hasText: text }).first();
  await expect.poll(() => task.count()).toBe(1);
  await task.locator('[data-testid^="wf-handle-"]').click();
  await expect.poll(() => page.getByTestId('wf-record').isVisible()).toBe(true);
}

async function pass(shot?: string) {
  await page.getByTestId('wf-comment').fill('同意');
  if (shot) await screenshot(page, shot);
  await page.getByTestId('wf-btn-wf_pass').click();
  await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
  await page.waitForURL('**/workflow/process/todo');
}

let before = 0n;
const claimRow = () => page.getByTestId('claim-my-list').locator('tr.ant-table-row', { hasText: CLAIM });

describe('an expense claim from its lines to the ledger', () => {
  it("李红 notes the account's balance", async () => {
    await login(page, 'lihong', '123456');
    before = await balanceOf(ACCOUNT, 'finance-01-account-history');
    await logout(page);
  });

  it('张伟 claims two expenses in one claim and sends it', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/finance/hjlApplyExpense/my');
    await expect.poll(() => page.getByTestId('claim-statistics').innerText()).toContain('报销单数');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('claim-title').fill(CLAIM);
    await pickOption(page, 'claim-line-0-type', '差旅费');
    await page.getByTestId('claim-line-0-amount').pressSequentially('320.5');
    await page.getByTestId('claim-line-0-remark').fill('南京-苏州高铁往返');
    await page.getByTestId('claim-add-line').click();
    await pickOption(page, 'claim-line-1-type', '交通费');
    await page.getByTestId('claim-line-1-amount').pressSequentially('86');
    await page.getByTestId('claim-line-1-amount').blur();
    await expect.poll(() => page.getByTestId('claim-total').innerText()).toContain('406.50');
    expect(await page.getByTestId('claim-total').innerText()).toContain('肆佰零陆元伍角');
    await screenshot(page, 'finance-02-claim-form');
    await page.getByTestId('claim-start').click();
    await expect.poll(() => antMessage(page, '发起成功').count()).toBeGreaterThan(0);
    await expect.poll(() => claimRow().innerText()).toContain('审批中');
    expect(await claimRow().innerText()).toContain('406.50');
    await screenshot(page, 'finance-03-my-claims');
    await logout(page);
  });

  it('孙磊 (部门经理) approves it, seeing its lines', async () => {
    await openTask('sunlei', TASK);
    await expect.poll(() => page.getByTestId('claim-lines-table').locator('tr.ant-table-row').count()).toBe(2);
    expect(await page.getByTestId('claim-lines-total').innerText()).toBe('406.50');
    await pass('finance-04-leader-approves');
    await logout(page);
  });

  it('李红 (财务) pays it with the payment information', async () => {
    await openTask('lihong', TASK);
    await expect.poll(() => page.getByTestId('wf-payment-step').isVisible()).toBe(true);
    // Without the payment information the approval is refused with the form's message.
    await page.getByTestId('wf-comment').fill('同意');
    await page.getByTestId('wf-btn-wf_pass').click();
    await screenshot(page, 'finance-05a-payment-required');
    await expect.poll(() => antMessage(page, '请选择付款方式').count()).toBeGreaterThan(0);
    await pickOption(page, 'wf-payment-expenseType', '银行转账');
    await pickDate('wf-payment-transactionDate', today());
    await page.getByTestId('wf-payment-transactionReferenceNumber').fill(REFERENCE);
    await page.getByTestId('wf-payment-account-choose').click();
    const picker = page.getByTestId('account-picker-table');
    const row = picker.locator('tbody tr.ant-table-row', { hasText: ACCOUNT });
    await expect.poll(() => row.count()).toBe(1);
    await row.dblclick();
    // The account fills the payer's name, number and bank.
    await expect.poll(() => page.getByTestId('wf-payment-payerName').inputValue()).toBe(ACCOUNT);
    expect(await page.getByTestId('wf-payment-debitAccountNo').inputValue()).not.toBe('');
    await pass('finance-05-finance-pays');
  });

  it('the ledger shows the expense row and the account is lower by the total', async () => {
    await openPath(page, '/finance/hjlIncomeExpends');
    const list = page.getByTestId('ledger-list');
    await expect.poll(() => list.locator('tr.ant-table-row').count()).toBeGreaterThan(0);
    await page.getByTestId('crud-search-transactionReferenceNumber').fill(REFERENCE);
    await page.getByTestId('crud-search-submit').click();
    const row = list.locator('tr.ant-table-row', { hasText: REFERENCE });
    await expect.poll(() => list.locator('tr.ant-table-row').count()).toBe(1);
    const text = await row.innerText();
    expect(text).toContain(`-${TOTAL}`);
    expect(text).toContain('支出');
    expect(text).toContain(ACCOUNT);
    expect(text).toContain('系统生成');
    await expect.poll(() => page.getByTestId('ledger-expend-total').innerText()).toContain(TOTAL);
    await screenshot(page, 'finance-06-ledger');

    const after = await balanceOf(ACCOUNT, 'finance-07-account-after');
    expect(before - after).toBe(40650n);
    await logout(page);
  });

  it('张伟 sees the claim approved and paid in 我的报销', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/finance/hjlApplyExpense/my');
    await expect.poll(() => claimRow().innerText()).toContain('审批通过');
    expect(await claimRow().innerText()).toContain('已付款');
    await screenshot(page, 'finance-08-my-claims-paid');
    // 审批详情: the 付款详情 tab shows how it was paid.
    await claimRow().locator('[data-testid^="approval-detail-"]').click();
    await page.getByTestId('approval-tab-approval').click();
    expect(await page.getByTestId('approval-tab-approval').innerText()).toBe('付款详情');
    await expect.poll(() => page.getByTestId('payment-detail-reference').innerText()).toBe(REFERENCE);
    expect(await page.getByTestId('payment-detail-status').innerText()).toBe('已付款');
    await screenshot(page, 'finance-09-payment-detail');
    await page.keyboard.press('Escape');
    await logout(page);
    expect(errors).toEqual([]);
  });
});
