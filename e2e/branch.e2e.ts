/**
 * Branches in the browser: the leader of 苏州分公司 (孙磊) sees only his branch; its detail page opens without a tab
 * and its tabs show its records; finance enters a dividend from its profit items in the 分红 tab and sees it computed
 * to the fen (the form's preview and the saved record), then opens its profit items page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { antMessage, login, logout, openBrowser, openPath, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

const tableRows = (card = 'crud-filiale') => page.getByTestId(card).locator('tbody tr.ant-table-row');

describe('branches in the browser', () => {
  it('a branch leader sees only his branch; its detail page opens without a tab and its tabs show data', async () => {
    await login(page, 'sunlei', '123456');
    await openPath(page, '/finance/hjlFiliale');
    await expect.poll(() => tableRows().count()).toBe(1);
    expect(await tableRows().first().innerText()).toContain('苏州分公司');
    expect(await page.getByText('无锡分公司').count()).toBe(0);
    await screenshot(page, 'branch-list-leader');

    const tabsBefore = await page.locator('[data-testid^="tab-/"]').count();
    await page.locator('[data-testid^="filiale-detail-"]').first().click();
    await page.waitForURL('**/finance/hjlFilialeDetail/*');
    await expect.poll(() => page.getByTestId('filiale-detail-name').innerText()).toBe('苏州分公司');
    expect(await page.locator('[data-testid^="tab-/"]').count()).toBe(tabsBefore);
    await expect.poll(() => page.getByTestId('filiale-basic').innerText()).toContain('孙磊');

    await page.getByTestId('filiale-tab-filiale_mgmt').click();
    await expect.poll(() => tableRows('crud-filiale_mgmt').count()).toBeGreaterThan(5);
    await page.getByTestId('filiale-tab-dividend').click();
    await expect.poll(() => tableRows('crud-dividend').count()).toBe(2);
    await page.getByTestId('filiale-tab-invest_info').click();
    await expect.poll(() => tableRows('crud-invest_info').count()).toBe(2);
    await screenshot(page, 'branch-detail-leader');
  });

  it('finance computes a dividend from its profit items, to the fen', async () => {
    await logout(page);
    await login(page, 'lihong', '123456');
    await openPath(page, '/finance/hjlFiliale');
    await expect.poll(() => tableRows().count()).toBe(2);
    await page.locator('[data-testid^="filiale-detail-"]').first().click();
    await page.waitForURL('**/finance/hjlFilialeDetail/*');
    await page.getByTestId('filiale-tab-dividend').click();
    await expect.poll(() => tableRows('crud-dividend').count()).toBe(2);
    await page.getByTestId('crud-dividend').getByTestId('crud-add').click();
    await page.getByTestId('dividend-form-year').fill('2025');
    await page.getByTestId('dividend-form-ratio').fill('50');
    await page.getByTestId('dividend-item-line-0-itemName').fill('咨询收入');
    await page.getByTestId('dividend-item-line-0-amount').fill('1500.05');
    await page.getByTestId('dividend-item-line-1-itemName').fill('人工成本');
    await page.getByTestId('dividend-item-line-1-amount').fill('500');
    // 1000.05 × 50 % = 500.025 → 500.03
    await expect.poll(() => page.getByTestId('dividend-form-profit').innerText()).toBe('1,000.05');
    await expect.poll(() => page.getByTestId('dividend-form-amount').innerText()).toBe('500.03');
    await page.getByTestId('dividend-form-ok').click();
    await expect.poll(() => antMessage(page, '保存成功').count()).toBeGreaterThan(0);
    await expect.poll(() => tableRows('crud-dividend').count()).toBe(3);
    const row = tableRows('crud-dividend').filter({ hasText: '500.03' });
    expect(await row.count()).toBe(1);
    await row.locator('[data-testid^="dividend-items-"]').click();
    await page.waitForURL('**/finance/hjlDividend_component_details?id=*');
    await expect.poll(() => page.getByTestId('dividend-items').locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await page.getByTestId('dividend-items-profit').innerText()).toBe('1,000.05');
    expect(await page.getByTestId('dividend-fact-dividendAmount').innerText()).toContain('500.03');
    await screenshot(page, 'branch-dividend-items');
    expect(errors).toEqual([]);
  });
});
