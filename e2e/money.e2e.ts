/**
 * Project money as its people walk it (BUSINESS.md WP3): 张伟 opens his most profitable project from 项目收支 and
 * notes its 收支 figures; he applies for an invoice on its 开票 tab, which 孙磊 (部门经理) and 李红 (财务) approve;
 * he records a collection naming that invoice on its 收款 tab, confirmed by 孙磊 and 李红, and splits it between
 * himself (60 %) and 陈静 (40 %); he pays a labour fee to an outside person (劳务费申请 approved by 孙磊 and 李红,
 * 劳务费发放 by 李红); the project's 收支 tab then shows the invoiced, collected and labour figures higher by exactly
 * those amounts, the profit income − expense, and the drawer of 已收款 lists rows whose sum is the figure; the
 * cross-project report shows the same figures for the project. Last, he pays an approved settlement's fee (完工付款)
 * from its project's 结算 tab with the payment form; approved, that project's 结算费用 is higher by exactly the fee.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antMessage, chooseUser, login, logout, openBrowser, openPath, pickOption, screenshot, openDropdown } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const RUN = Date.now() % 1000;
/** Amounts of this run, ending in a cent other than 0 (the process titles show them without trailing zeros). */
const INVOICE = `${3000 + RUN}.37`;
const COLLECT = `${2000 + RUN}.59`;
/** The labour fee paid (well under this period's ought: 30 % of the collection at least). */
const LABOUR = `${100 + (RUN % 100)}.18`;
/** An amount as lists show it (thousands separated). */
const shown = (v: string) => v.replace(/^(\d+)(\d{3})\./, '$1,$2.');
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

let projectPath = '';
let projectName = '';
const before: Record<string, bigint> = {};

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

const fen = (text: string) => {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(text.trim());
  if (!m) throw new Error(`not an amount: ${text}`);
  return (m[1] ? -1n : 1n) * (BigInt(m[2]!) * 100n + BigInt(m[3]!));
};
const yuan = (v: string) => fen(v);
/** A figure of the 收支 tab, as the server answered it (the figure's hidden exact amount). */
const figure = async (id: string) => fen((await page.getByTestId(`project-money-${id}-amount`).textContent()) ?? '');

async function pickDate(testId: string, date: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(date);
  await page.keyboard.press('Enter');
}

/** The project's detail page, on the tab `tab`. */
async function openProjectTab(tab: string) {
  await openPath(page, projectPath);
  await page.getByTestId(`project-tab-${tab}`).click();
}

async function openMoneyTab() {
  await openProjectTab('money');
  await expect.poll(() => page.getByTestId('project-money').isVisible(), { timeout: 15_000 }).toBe(true);
}

/** The account the story's money goes through: every ledger row names one (BUSINESS.md §1 Accounts and the ledger). */
const ACCOUNT = '华建咨询基本户';

/** Chooses the story's account in the account picker behind the input `testId`. */
async function chooseAccount(testId: string) {
  await page.getByTestId(`${testId}-choose`).click();
  const row = page.getByTestId('account-picker-table').locator('tbody tr.ant-table-row', { hasText: ACCOUNT });
  await expect.poll(() => row.count()).toBe(1);
  await row.dblclick();
  await expect.poll(() => page.getByTestId(testId).inputValue()).toBe(ACCOUNT);
}

/** `account` approves, from 待办事务, the task whose row mentions `text`. */
async function approve(account: string, text: string, shot?: string) {
  await login(page, account, '123456');
  await openPath(page, '/workflow/process/todo');
  const task = page.getByTestId('wf-table').locator('tbody tr.ant-table-row', { hasText: text }).first();
  await expect.poll(() => task.count(), { timeout: 15_000 }).toBe(1);
  await task.locator('[data-testid^="wf-handle-"]').click();
  await expect.poll(() => page.getByTestId('wf-comment').isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByTestId('wf-comment').fill('同意');
  if (shot) await screenshot(page, shot);
  await page.getByTestId('wf-btn-wf_pass').click();
  await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
  await page.waitForURL('**/workflow/process/todo');
  await logout(page);
}

/** Sends a saved record of a list for approval (提交, confirmed). */
async function submitRow(list: string, text: string) {
  const row = page.getByTestId(list).locator('tr.ant-table-row', { hasText: text });
  await expect.poll(() => row.count()).toBe(1);
  await row.locator('[data-testid^="approval-submit-"]').click();
  await page.getByTestId('approval-confirm-ok').click();
  await expect.poll(() => antMessage(page, '发起成功').count()).toBeGreaterThan(0);
  await expect.poll(() => row.innerText()).toContain('审批中');
}

describe('project money: invoice, collection, split, the 360 view adds up', () => {
  it('张伟 opens his most profitable project from 项目收支 and notes its figures', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/hjlProject/incomeExpend');
    const first = page.getByTestId('report-table').locator('tbody tr.ant-table-row').first().locator('a[data-testid^="report-project-"]');
    await expect.poll(() => first.count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'money-01-report');
    projectName = (await first.innerText()).trim();
    await first.click();
    await page.waitForURL('**/hjlProject/hjlProjectDetail/**');
    projectPath = new URL(page.url()).pathname;
    await expect.poll(() => page.getByTestId('project-detail-name').innerText()).toBe(projectName);
    await page.getByTestId('project-tab-money').click();
    await expect.poll(() => page.getByTestId('project-money').isVisible(), { timeout: 15_000 }).toBe(true);
    for (const k of ['invoiced', 'collect', 'outstanding', 'income', 'expend', 'profit']) before[k] = await figure(k);
    expect(before.collect).toBeGreaterThan(0n);
    await screenshot(page, 'money-02-project-money-before');
  });

  it('张伟 applies for an invoice on the project’s 开票 tab', async () => {
    await openProjectTab('invoice');
    const list = page.getByTestId('invoice-list');
    await expect.poll(() => list.isVisible()).toBe(true);
    await page.getByTestId('crud-add').click();
    await page.getByTestId('invoice-title-select').click();
    await openDropdown(page).locator('.ant-select-item-option').first().click();
    await pickOption(page, 'crud-form-invoiceType', '增值税专用发票');
    await page.getByTestId('crud-form-invoiceAmount').pressSequentially(INVOICE);
    await page.getByTestId('crud-form-invoiceAmount').blur();
    await page.getByTestId('crud-form-taxRate').fill('0.06');
    await screenshot(page, 'money-03-invoice-form');
    await page.getByTestId('crud-form-submit').click();
    await submitRow('invoice-list', shown(INVOICE));
    await logout(page);
  });

  it('孙磊 and 李红 approve the invoice', async () => {
    await approve('sunlei', `开票申请:${projectName}(${INVOICE}`, 'money-04-invoice-approve');
    await approve('lihong', `开票申请:${projectName}(${INVOICE}`);
  });

  it('张伟 records a collection naming the invoice, 孙磊 and 李红 confirm it', async () => {
    await login(page, 'zhangwei', '123456');
    await openProjectTab('invoice');
    await expect
      .poll(() =>
        page
          .getByTestId('invoice-list')
          .locator('tr.ant-table-row', { hasText: shown(INVOICE) })
          .innerText(),
      )
      .toContain('已开票');
    await openProjectTab('collect');
    await expect.poll(() => page.getByTestId('collect-list').isVisible()).toBe(true);
    await page.getByTestId('crud-add').click();
    await pickOption(page, 'crud-form-collectType', '进度款');
    await page.getByTestId('crud-form-collectAmount').pressSequentially(COLLECT);
    await page.getByTestId('crud-form-collectAmount').blur();
    await pickDate('crud-form-collectDate', today());
    await chooseAccount('crud-form-accountInfoId');
    await page.getByTestId('collect-invoice-select').click();
    await openDropdown(page).locator('.ant-select-item-option', { hasText: INVOICE }).first().click();
    await screenshot(page, 'money-05-collect-form');
    await page.getByTestId('crud-form-submit').click();
    await submitRow('collect-list', shown(COLLECT));
    await logout(page);
    await approve('sunlei', `项目收款:${projectName}(${COLLECT}`);
    await approve('lihong', `项目收款:${projectName}(${COLLECT}`, 'money-06-collect-confirm');
  });

  it('张伟 splits the collection between himself (60 %) and 陈静 (40 %)', async () => {
    await login(page, 'zhangwei', '123456');
    await openProjectTab('collect');
    const row = page.getByTestId('collect-list').locator('tr.ant-table-row', { hasText: shown(COLLECT) });
    await expect.poll(() => row.innerText()).toContain('审批通过');
    await row.locator('[data-testid^="collect-split-"]').click();
    await page.getByTestId('shares-add').click();
    await page.getByTestId('shares-user-0').click();
    await chooseUser(page, '张伟');
    await page.getByTestId('shares-ratio-0').fill('60');
    await page.getByTestId('shares-add').click();
    await page.getByTestId('shares-user-1').click();
    await chooseUser(page, '陈静');
    await page.getByTestId('shares-ratio-1').fill('40');
    // 60 % and 40 % of the collection, to the cent, adding up to the whole.
    const a0 = fen(await page.getByTestId('shares-amount-0').innerText());
    const a1 = fen(await page.getByTestId('shares-amount-1').innerText());
    expect(a0 + a1).toBe(yuan(COLLECT));
    expect(a1).toBe((yuan(COLLECT) * 40n + 50n) / 100n);
    await screenshot(page, 'money-07-split');
    await page.getByTestId('shares-save').click();
    await expect.poll(() => antMessage(page, '保存成功').count()).toBeGreaterThan(0);
  });

  it('张伟 pays a labour fee to an outside person; 孙磊 and 李红 approve it, 李红 approves its payment', async () => {
    await openMoneyTab();
    for (const k of ['labour', 'expend']) before[k] = await figure(k);
    await openProjectTab('labour');
    await expect.poll(() => page.getByTestId('labour-list').isVisible()).toBe(true);
    await page.getByTestId('crud-add').click();
    await expect.poll(() => page.getByTestId('labour-form').isVisible()).toBe(true);
    await page.getByTestId('labour-person-0-kind').getByText('外聘人员').click();
    await page.getByTestId('labour-person-0-name').fill('王工');
    await page.getByTestId('labour-person-0-bank').fill('中国银行南京分行');
    await page.getByTestId('labour-person-0-account').fill('6216600100001234567');
    await page.getByTestId('labour-actual').pressSequentially(LABOUR);
    await page.getByTestId('labour-actual').blur();
    await chooseAccount('labour-account');
    await expect.poll(() => page.getByTestId('labour-person-0-gross').innerText()).toContain(shown(LABOUR));
    await screenshot(page, 'money-08-labour-form');
    await page.getByTestId('labour-start').click();
    await expect.poll(() => antMessage(page, '已提交审批').count()).toBeGreaterThan(0);
    await logout(page);
    await approve('sunlei', `劳务费:${projectName}(${LABOUR}`);
    await approve('lihong', `劳务费:${projectName}(${LABOUR}`);
    await approve('lihong', `劳务费发放:${projectName}(${LABOUR}`, 'money-09-labour-pay');
    await login(page, 'zhangwei', '123456');
  });

  it('the project’s 收支 tab adds up: invoiced and collected higher by exactly the amounts, and 已收款 is the sum of its rows', async () => {
    await openMoneyTab();
    await expect.poll(() => figure('collect')).toBe(before.collect! + yuan(COLLECT));
    expect(await figure('invoiced')).toBe(before.invoiced! + yuan(INVOICE));
    expect(await figure('income')).toBe(before.income! + yuan(COLLECT));
    expect(await figure('outstanding')).toBe(before.outstanding! - yuan(COLLECT));
    expect(await figure('labour')).toBe(before.labour! + yuan(LABOUR));
    expect(await figure('expend')).toBe(before.expend! + yuan(LABOUR));
    expect(await figure('profit')).toBe((await figure('income')) - (await figure('expend')));
    await screenshot(page, 'money-10-project-money-after');
    await page.getByTestId('project-money-collect').click();
    const table = page.getByTestId('project-money-drawer-table');
    await expect.poll(() => table.locator('tr.ant-table-row', { hasText: shown(COLLECT) }).count()).toBe(1);
    const sumText = (await page.getByTestId('project-money-drawer-sum').innerText()).replace(/,/g, '');
    expect(fen(sumText)).toBe(await figure('collect'));
    await screenshot(page, 'money-11-collect-rows');
    await page.keyboard.press('Escape');
  });

  it('the cross-project report shows the project with the same figures', async () => {
    await openPath(page, '/hjlProject/incomeExpend');
    await page.getByTestId('report-project-name').fill(projectName);
    await page.getByTestId('report-search').click();
    const row = page.getByTestId('report-table').locator('tbody tr.ant-table-row', { hasText: projectName });
    await expect.poll(() => row.count()).toBe(1);
    const text = (await row.innerText()).replace(/,/g, '');
    await openMoneyTab();
    const collect = await figure('collect');
    expect(text).toContain(`${collect / 100n}.${String(collect % 100n).padStart(2, '0')}`);
    await logout(page);
  });

  it('张伟 pays a settlement fee (完工付款) from a project’s 结算 tab; once approved its 结算费用 is higher by exactly the fee', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/hjlProject/hjlProjectDecision');
    const list = page.getByTestId('settlement-list');
    const pay = list.locator('[data-testid^="settlement-pay-"]').first();
    await expect.poll(() => pay.count(), { timeout: 15_000 }).toBe(1);
    const payId = (await pay.getAttribute('data-testid'))!;
    // The project of that settlement (its name is the row's first text cell), its 收支 figures before.
    const cells = await list
      .locator('tr.ant-table-row', { has: page.getByTestId(payId) })
      .locator('td')
      .allInnerTexts();
    const settledName = cells.map((c) => c.trim()).find((c) => c && !/^[\d,.%-]+$/.test(c))!;
    await openPath(page, '/hjlProject/incomeExpend');
    await page.getByTestId('report-project-name').fill(settledName);
    await page.getByTestId('report-search').click();
    const link = page.getByTestId('report-table').locator('a[data-testid^="report-project-"]', { hasText: settledName }).first();
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    await link.click();
    await page.waitForURL('**/hjlProject/hjlProjectDetail/**');
    projectPath = new URL(page.url()).pathname;
    await openMoneyTab();
    for (const k of ['settlement', 'expend']) before[k] = await figure(k);
    await openProjectTab('settlement');
    await page.getByTestId(payId).click();
    await expect.poll(() => page.getByTestId('payment-drawer').isVisible()).toBe(true);
    const title = (await page.locator('.ant-drawer-title', { hasText: '完工付款' }).innerText()).replace(/,/g, '');
    const fee = fen(/\(([\d.]+)\)/.exec(title)![1]!);
    await pickOption(page, 'payment-expenseType', '银行转账');
    await pickDate('payment-transactionDate', today());
    await page.getByTestId('payment-payerName').fill('南京华建工程咨询有限公司');
    await page.getByTestId('payment-debitAccountNo').fill('3201 0000 0000 0001');
    await page.getByTestId('payment-payerAccountBank').fill('中国工商银行南京分行');
    await chooseAccount('payment-account');
    await screenshot(page, 'money-12-settlement-fee-pay');
    await page.getByTestId('payment-submit').click();
    await expect.poll(() => antMessage(page, '已提交完工付款审批').count()).toBeGreaterThan(0);
    await logout(page);
    await approve('sunlei', `完工付款:${settledName}`);
    await approve('lihong', `完工付款:${settledName}`);
    // Above 50,000.00 the general manager approves too.
    if (fee > 5_000_000n) await approve('wangjianguo', `完工付款:${settledName}`);
    await login(page, 'zhangwei', '123456');
    await openMoneyTab();
    await expect.poll(() => figure('settlement')).toBe(before.settlement! + fee);
    expect(await figure('expend')).toBe(before.expend! + fee);
    await screenshot(page, 'money-13-settlement-fee-paid');
    await logout(page);
    expect(errors).toEqual([]);
  });
});
