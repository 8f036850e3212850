/**
 * Customers as a salesperson meets them: add a customer, find it, open its detail page (which opens no tab),
 * add a contact and a visit with an attachment in its tabs, pick it in the customer picker from another
 * form, export the list with the columns shown, import a file with one bad row (the dry run names the row and
 * cell, nothing is saved), and look at the report.
 */
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { antMessage, login, openBrowser, openPath, pickOption, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const NAME = '南京浏览器测试建设有限公司';

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

const dialog = () => page.locator('.ant-modal:visible').last();
const tableRows = () => page.getByTestId('crud-table').locator('tbody tr.ant-table-row');

async function sheet(file: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return out;
}

describe('customers in the browser', () => {
  it('adds a customer and finds it', async () => {
    await login(page);
    await openPath(page, '/marketing/hjlCustomer');
    await expect.poll(() => tableRows().count()).toBe(10);
    await screenshot(page, 'customer-list');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-customerName').fill(NAME);
    await pickOption(page, 'crud-form-customerType', '民营企业');
    // A credit code with a wrong check character is refused in the form, with the standard's message.
    await page.getByTestId('crud-form-creditCode').fill('91320105MA1XT7N019');
    await page.getByTestId('crud-form-contactPerson').fill('林测试');
    await page.getByTestId('crud-form-contactPhone').fill('13912340000');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => dialog().getByText('统一社会信用代码校验位不正确').count()).toBe(1);
    await page.getByTestId('crud-form-creditCode').fill('');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBe(1);

    await page.getByTestId('crud-search-customerName').fill('浏览器测试');
    await page.getByTestId('crud-search-submit').click();
    await expect.poll(() => tableRows().count()).toBe(1);
    expect(await tableRows().first().innerText()).toContain(NAME);
    expect(await tableRows().first().innerText()).toContain('管理员'); // the owner defaults to the caller
  });

  it('opens the detail page without a tab and adds a contact and a visit in its tabs', async () => {
    const tabsBefore = await page.locator('[data-testid^="tab-/"]').count();
    await page.locator('[data-testid^="customer-detail-"]').first().click();
    await page.waitForURL('**/marketing/hjlCustomersDetail/*');
    await expect.poll(() => page.getByTestId('customer-detail-name').innerText()).toBe(NAME);
    expect(await page.locator('[data-testid^="tab-/"]').count()).toBe(tabsBefore);
    expect(await page.locator('[data-testid="tab-/marketing/hjlCustomer"]').count()).toBe(1);

    // 客户联系人 (the first tab): the customer is fixed, not asked for.
    expect(await page.getByTestId('crud-customer_contacts').getByText('客户名称').count()).toBe(0);
    await page.getByTestId('crud-customer_contacts').getByTestId('crud-add').click();
    expect(await dialog().getByTestId('crud-form-customerId').count()).toBe(0);
    await page.getByTestId('crud-form-contactName').fill('林联系');
    await page.getByTestId('crud-form-position').fill('基建处处长');
    await page.getByTestId('crud-form-mobile').fill('13912341111');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('crud-customer_contacts').locator('tbody tr.ant-table-row').count()).toBe(1);

    await page.getByTestId('customer-tab-customer_visit').click();
    const visits = page.getByTestId('crud-customer_visit');
    await visits.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-visitDate').click();
    await page.getByTestId('crud-form-visitDate').fill('2026-11-20');
    await page.keyboard.press('Enter');
    await pickOption(page, 'crud-form-visitWay', '上门拜访');
    await page.getByTestId('crud-form-visitee').fill('林联系');
    await page.getByTestId('crud-form-content').fill('上门介绍全过程造价咨询业绩');
    await page.getByTestId('crud-form-nextPlan').fill('下周报送方案');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('crud-form-attachment-upload').click();
    await (await chooser).setFiles({ name: '拜访纪要.txt', mimeType: 'text/plain', buffer: Buffer.from('拜访纪要') });
    await expect.poll(() => page.getByTestId('crud-form-attachment-item').filter({ hasText: '拜访纪要.txt' }).count()).toBe(1);
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => visits.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await visits.locator('tbody tr.ant-table-row').first().innerText()).toContain('上门拜访');
    await screenshot(page, 'customer-detail');
  });

  it('picks the customer in the customer picker of another form', async () => {
    await openPath(page, '/marketing/hjlCustomerChance');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-customerId-choose').click();
    const picker = page.locator('.ant-modal:visible').filter({ hasText: '选择客户' });
    await expect.poll(() => picker.getByTestId('customer-picker-table').locator('tbody tr.ant-table-row').count()).toBe(10);
    await picker.getByTestId('customer-picker-ok').click();
    await expect.poll(() => antMessage(page, '请选择客户').count()).toBe(1);
    await picker.getByTestId('customer-picker-search').fill('浏览器测试');
    await picker.getByTestId('customer-picker-search-submit').click();
    await expect.poll(() => picker.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await picker.locator('thead').innerText()).toMatch(/客户名称[\s\S]*客户类型[\s\S]*联系人[\s\S]*联系电话/);
    await screenshot(page, 'customer-picker');
    await picker.locator('tbody tr.ant-table-row').first().dblclick();
    await expect.poll(() => page.getByTestId('crud-form-customerId').inputValue()).toBe(NAME);
    await page.getByTestId('crud-form-chanceName').fill('造价咨询机会');
    await pickOption(page, 'crud-form-stage', '需求确认');
    // The money input: letters are dropped while typing, thousands separators shown once it is left, the
    // uppercase amount beside it.
    await page.getByTestId('crud-form-expectedAmount').pressSequentially('18a0000.5');
    expect(await page.getByTestId('crud-form-expectedAmount').inputValue()).toBe('180000.5');
    await page.getByTestId('crud-form-expectedAmount').blur();
    await expect.poll(() => page.getByTestId('crud-form-expectedAmount').inputValue()).toBe('180,000.5');
    await expect.poll(() => page.getByTestId('crud-form-expectedAmount-upper').innerText()).toContain('壹拾捌万元伍角');
    await screenshot(page, 'customer-chance-money');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    await page.getByTestId('crud-search-chanceName').fill('造价咨询机会');
    await page.getByTestId('crud-search-submit').click();
    await expect.poll(() => tableRows().count()).toBe(1);
    expect(await tableRows().first().innerText()).toContain(NAME);
    expect(await tableRows().first().innerText()).toContain('180,000.50');
  });

  it('exports the list with the columns shown', async () => {
    await openPath(page, '/marketing/hjlCustomer');
    await page.getByTestId('crud-search-customerName').fill('南京');
    await page.getByTestId('crud-search-submit').click();
    await expect.poll(() => tableRows().first().innerText()).toContain('南京');
    await page.getByTestId('crud-columns').click();
    await page.getByTestId('crud-columns-options').getByText('统一社会信用代码').click();
    await expect.poll(() => page.getByTestId('crud-table').locator('thead').innerText()).not.toContain('统一社会信用代码');
    const download = page.waitForEvent('download');
    await page.getByTestId('crud-export').click();
    const rows = await sheet((await (await download).path())!);
    expect(rows[0]).toContain('客户名称');
    expect(rows[0]).toContain('负责人');
    expect(rows[0]).not.toContain('统一社会信用代码');
    const names = rows.slice(1).map((r) => r[0]);
    expect(names).toContain(NAME);
    expect(names.every((n) => n!.includes('南京'))).toBe(true);
  });

  it('imports a file with one bad row: the dry run names the row and cell, nothing is saved', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('客户数据');
    ws.addRow(['客户名称', '客户类型', '统一社会信用代码', '联系人', '联系电话', '所在地区', '负责人']);
    ws.addRow(['苏州浏览器导入有限公司', '民营企业', '', '顾导入', '13955550000', '江苏省/苏州市', '张伟']);
    ws.addRow(['坏行公司', '民营企业', '', '坏行', '12345', '', '']);
    const file = `${fs.mkdtempSync('/tmp/hjl-import-')}/客户.xlsx`;
    await wb.xlsx.writeFile(file);

    await page.getByTestId('customer-import').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('import-choose').click();
    await (await chooser).setFiles(file);
    await expect.poll(() => page.getByTestId('import-failed').count()).toBe(1);
    const errorRows = await page.getByTestId('import-errors').locator('tbody tr').allInnerTexts();
    expect(errorRows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['3 联系电话 请输入正确的手机号或座机号']);
    expect(await page.getByTestId('import-confirm').isDisabled()).toBe(true);
    await page.getByTestId('import-cancel').click();
    await page.getByTestId('crud-search-customerName').fill('浏览器导入');
    const searched = page.waitForResponse((r) => r.url().includes('/api/business/hjlCustomer/list') && r.url().includes('customerName='));
    await page.getByTestId('crud-search-submit').click();
    expect((await (await searched).json()).data.total).toBe(0);
    await expect.poll(() => tableRows().count()).toBe(0);

    // The corrected file imports.
    ws.getRow(3).getCell(5).value = '0512-65550000';
    await wb.xlsx.writeFile(file);
    await page.getByTestId('customer-import').click();
    const again = page.waitForEvent('filechooser');
    await page.getByTestId('import-choose').click();
    await (await again).setFiles(file);
    await expect.poll(() => page.getByTestId('import-ready').count()).toBe(1);
    await page.getByTestId('import-confirm').click();
    await page.getByTestId('crud-search-submit').click();
    await expect.poll(() => tableRows().count()).toBe(1);
    expect(await tableRows().first().innerText()).toContain('张伟');
  });

  it('shows the report as charts', async () => {
    await openPath(page, '/marketing/customerReport');
    for (const key of ['byType', 'perMonth', 'byRegion', 'byOwner']) {
      await expect.poll(() => page.getByTestId(`customer-report-${key}`).locator('canvas').count()).toBeGreaterThan(0);
    }
    expect(await page.getByTestId('customer-report-byType').innerText()).toContain('客户类型分布');
    await screenshot(page, 'customer-report');
    expect(errors).toEqual([]);
  });
});
