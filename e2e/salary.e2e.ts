/**
 * Payroll as they walk it (BUSINESS.md WP6): 赵敏 (人事专员) imports this month's attendance from 考勤导入 — the file has one bad
 * row (an overtime beyond its maximum), the dry run names its row and cell and nothing is saved; corrected, it
 * imports. On 工资核算 she computes the month, opens 张伟's calculation (应发, 个税 … step by step) and submits the
 * month as one approval. 赵敏 (人事), 李红 (财务) and 王建国 (总经理) approve it from 待办事务; 张伟 then finds the month
 * in 我的工资条 with its calculation.
 */
import fs from 'node:fs';
import { formatMoney } from '@hjl/core';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antMessage, login, logout, openBrowser, openPath, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const now = new Date(Date.now() + 8 * 3600_000);
const MONTH = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
const HEAD = ['登录账号', '姓名', '出勤天数(天)', '加班(小时)', '出差补助(天)', '事假(天)', '病假(天)', '迟到(次)'];
let submittedNet = '';
const STAFF = ['wangjianguo', 'lihong', 'zhangwei', 'chenjing', 'liuyang', 'zhaomin', 'sunlei', 'wufang', 'zhengli'];

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

async function attendanceFile(zhangweiOvertime: number) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('考勤数据');
  ws.addRow(HEAD);
  for (const account of STAFF) ws.addRow([account, '', 22, account === 'zhangwei' ? zhangweiOvertime : 2, 0, account === 'chenjing' ? 1 : 0, 0, 0]);
  const file = `${fs.mkdtempSync('/tmp/hjl-salary-')}/考勤.xlsx`;
  await wb.xlsx.writeFile(file);
  return file;
}

async function choose(file: string) {
  await page.getByTestId('attendance-import').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-choose').click();
  await (await chooser).setFiles(file);
}

/** `account` approves the month's instance from 待办事务. */
async function approve(account: string, shot: string, net: string) {
  await login(page, account, '123456');
  await openPath(page, '/workflow/process/todo');
  const task = page.getByTestId('wf-table').locator('tbody tr.ant-table-row', { hasText: '工资审批' }).first();
  await expect.poll(() => task.count()).toBe(1);
  await task.locator('[data-testid^="wf-handle-"]').click();
  await expect.poll(() => page.getByTestId('wf-btn-wf_pass').isVisible()).toBe(true);
  // The month's records with the totals per department: 9 people, the net total as submitted.
  await expect.poll(() => page.getByTestId('salary-batch-depts').innerText()).toContain('合计');
  expect(await page.getByTestId('salary-batch-net-amount').innerText()).toBe(net);
  await page.getByTestId('wf-comment').fill('同意');
  await screenshot(page, shot);
  await page.getByTestId('wf-btn-wf_pass').click();
  await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
  await page.waitForURL('**/workflow/process/todo');
  await logout(page);
}

describe("a month's payroll from the attendance file to the payslip", () => {
  it('赵敏 imports the attendance: the bad row is named by the dry run, the corrected file imports', async () => {
    await login(page, 'zhaomin', '123456');
    await openPath(page, '/finance/wages/attendance');
    await choose(await attendanceFile(300));
    await expect.poll(() => page.getByTestId('import-failed').count()).toBe(1);
    const errorRows = await page.getByTestId('import-errors').locator('tbody tr').allInnerTexts();
    expect(errorRows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['4 加班(小时) 加班不能大于200.00']);
    expect(await page.getByTestId('import-confirm').isDisabled()).toBe(true);
    await screenshot(page, 'salary-01-dry-run');
    await page.getByTestId('import-cancel').click();

    await choose(await attendanceFile(12));
    await expect.poll(() => page.getByTestId('import-ready').count()).toBe(1);
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => page.getByTestId('attendance-page').locator('tr.ant-table-row', { hasText: 'zhangwei' }).innerText()).toContain('12');
    await screenshot(page, 'salary-02-attendance');
  });

  it('she computes the month, reads 张伟’s calculation and submits the month as one approval', async () => {
    await openPath(page, '/finance/wages');
    await page.getByTestId('salary-compute').click();
    await expect.poll(() => antMessage(page, '已核算9人').count()).toBeGreaterThan(0);
    const row = page.getByTestId('crud-salary_record').locator('tr.ant-table-row', { hasText: '张伟' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('核算明细').click();
    await expect.poll(() => page.getByTestId('salary-steps').innerText()).toContain('累计应纳税所得额');
    // 加班 12 小时 × 50.00 = 600.00
    expect(await page.getByTestId('salary-steps').innerText()).toContain('加班 12小时 × 50.00');
    await screenshot(page, 'salary-03-calculation');
    await openPath(page, '/finance/wages');
    const submitted = page.waitForResponse((r) => r.url().includes('/hjlSalaryRecord/submitBatchApproval'));
    await page.getByTestId('salary-submit-month').click();
    submittedNet = `${formatMoney(((await (await submitted).json()) as { data: { totalMoney: string } }).data.totalMoney)} 元`;
    await expect.poll(() => antMessage(page, '已提交9条工资记录审批').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('crud-salary_record').locator('tr.ant-table-row', { hasText: '审批中' }).count()).toBe(9);
    await screenshot(page, 'salary-04-submitted');
    await logout(page);
  });

  it('人事, 财务 and 总经理 approve it from 待办事务, each seeing the month with its totals per department', async () => {
    await approve('zhaomin', 'salary-05-hr-approves', submittedNet);
    await approve('lihong', 'salary-06-finance-approves', submittedNet);
    await approve('wangjianguo', 'salary-07-gm-approves', submittedNet);
  });

  it('张伟 opens the month in 我的工资条 with its calculation', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/finance/wages_Details');
    await expect.poll(() => page.getByTestId(`payslip-${MONTH}`).count()).toBe(1);
    await page.getByTestId(`payslip-${MONTH}`).click();
    await expect.poll(() => page.getByTestId('salary-steps').innerText()).toContain('实发工资');
    expect(await page.getByTestId('salary-steps').innerText()).toContain('加班 12小时 × 50.00');
    await screenshot(page, 'salary-08-payslip');
    await logout(page);
  });

  it('李红 (财务) reads 薪资统计 as charts and tables; 赵敏 keeps the attendance fields', async () => {
    await login(page, 'lihong', '123456');
    await openPath(page, '/finance/wages/statistics');
    for (const kind of ['yearlyStatistics', 'monthlySummary', 'departmentSummary', 'averageLevel'])
      await expect.poll(() => page.getByTestId(`salary-stat-${kind}`).locator('canvas, svg').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('salary-stat-yearlyStatistics').innerText()).toContain(MONTH);
    await screenshot(page, 'salary-09-statistics');
    await logout(page);
    await login(page, 'zhaomin', '123456');
    await openPath(page, '/finance/wages/attendanceField');
    const overtime = page.getByTestId('crud-attendance_field_config').locator('tr.ant-table-row', { hasText: '加班' });
    await expect.poll(() => overtime.innerText()).toContain('应发');
    await screenshot(page, 'salary-10-fields');
    expect(errors).toEqual([]);
  });
});
