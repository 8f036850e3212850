/**
 * The price database as a cost consultant uses it: find the 2026 Q3 住宅 cost index of 南京, open it with its parts
 * (summing to it), and compare it with 苏州 — the same quarter's value, the difference and the trend of both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openPath, openBrowser, pickOption, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

const rows = () => page.getByTestId('price-index-table').locator('tbody tr.ant-table-row');
const yuan = (text: string) => BigInt(text.replace(/[^\d]/g, ''));

describe('价格库 in the browser', () => {
  it('a consultant finds 南京 2026Q3 住宅, opens its details and compares it with 苏州', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/databaseData/price');
    await expect.poll(() => rows().count()).toBe(10);
    await page.getByTestId('price-region').fill('南京市');
    await pickOption(page, 'price-period', '2026Q3');
    await pickOption(page, 'price-type', '住宅');
    await expect.poll(() => rows().count()).toBe(1);
    const row = rows().first();
    expect(await row.innerText()).toContain('南京市2026年第三季度住宅工程造价指标');

    await row.getByText('南京市2026年第三季度住宅工程造价指标').click();
    const drawer = page.getByTestId('price-detail');
    const parts = page.getByTestId('price-parts').locator('tbody tr.ant-table-row');
    await expect.poll(() => parts.count()).toBe(4);
    expect(await parts.first().innerText()).toContain('土建工程');
    // The parts add up to the index.
    const total = yuan(await page.getByTestId('price-total').innerText());
    let sum = 0n;
    for (let i = 0; i < 4; i++) sum += yuan(await parts.nth(i).locator('td').nth(1).innerText());
    expect(sum).toBe(total);

    // 苏州 is the comparison by default: its value of the same quarter, the difference and a chart of both.
    expect(await page.getByTestId('price-compare-region').inputValue()).toBe('苏州市');
    await expect.poll(() => page.getByTestId('price-compare-value').innerText()).toMatch(/苏州市 2026Q3[\s\S]*\d,\d{3}\.\d{2}/);
    const theirs = yuan((await page.getByTestId('price-compare-value').innerText()).split('\n').at(-1) ?? '');
    const diff = await page.getByTestId('price-compare-diff').innerText();
    expect(yuan(diff.split('\n').at(-1) ?? '')).toBe(theirs > total ? theirs - total : total - theirs);
    await expect.poll(() => drawer.locator('canvas').count()).toBeGreaterThan(0);
    await screenshot(page, 'lookup-price-compare');
    expect(errors).toEqual([]);
  });
});
