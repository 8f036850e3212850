/**
 * People as they walk it (BUSINESS.md WP6): 赵敏 (人事专员) sees the people statistics on her workbench, opens 孙磊's staff file
 * from 员工档案, changes his address and adds an education row; on his certificates she shares the company one and
 * is refused for the expired one (证书已过期,不能共享). 陈静, a plain staff member, opens 我的档案: only her contact
 * fields are editable, only her own education and family are listed, and her workbench has no HR charts.
 * Office approvals (行政审批, item 4): 张伟 applies for a business trip with two lines (高铁 out, 自驾 back) and sees their
 * total before he sends it; 孙磊 (部门经理) approves it from 待办事务 seeing its lines, then 赵敏 (人事专员) at 人事审批;
 * 张伟's 出差申请 list shows it 审批通过.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antMessage, login, logout, openBrowser, openPath, pickOption, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const RUN = Date.now() % 100000;
const ADDRESS = `苏州市姑苏区人民路${RUN}号`;
const SCHOOL = `浏览器大学${RUN}`;

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

describe("a person's staff file, kept by HR", () => {
  it('赵敏 sees 最高学历分布 and 证书统计 on her workbench', async () => {
    await login(page, 'zhaomin', '123456');
    await expect.poll(() => page.getByTestId('wel-chart-highestDegree').innerText()).toContain('最高学历分布');
    await expect.poll(() => page.getByTestId('wel-chart-certificateCount').innerText()).toContain('证书统计');
    await expect.poll(() => page.getByTestId('wel-chart-certificateCount').locator('canvas, svg').count()).toBeGreaterThan(0);
    await screenshot(page, 'hr-01-workbench');
  });

  it("she opens 孙磊's file from 员工档案, changes his address and adds an education row", async () => {
    await openPath(page, '/hr/bladeUser');
    const row = page.getByTestId('crud-staff_file').locator('tr.ant-table-row', { hasText: '孙磊' });
    await expect.poll(() => row.count()).toBe(1);
    await row.locator('[data-testid^="staff-file-open-"]').click();
    await expect.poll(() => page.getByTestId('staff-file-name').innerText()).toBe('员工档案 · 孙磊');
    await expect.poll(() => page.getByTestId('staff-file-idCard').inputValue()).toMatch(/^\d{17}[\dX]$/);
    await page.getByTestId('staff-file-address').fill(ADDRESS);
    await screenshot(page, 'hr-02-file-basic');
    await page.getByTestId('staff-file-save').click();
    await expect.poll(() => antMessage(page, '更新成功').count()).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => page.getByTestId('staff-file-address').inputValue()).toBe(ADDRESS);

    await page.getByTestId('staff-file-tab-user_education').click();
    const list = page.getByTestId('crud-user_education');
    await expect.poll(() => list.locator('tr.ant-table-row').count()).toBeGreaterThan(0);
    const before = await list.locator('tr.ant-table-row').count();
    await list.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-school').fill(SCHOOL);
    await page.getByTestId('crud-form-major').fill('工程造价');
    await pickOption(page, 'crud-form-degree', '硕士研究生');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    await expect.poll(() => list.locator('tr.ant-table-row').count()).toBe(before + 1);
    expect(await list.locator('tr.ant-table-row', { hasText: SCHOOL }).innerText()).toContain('硕士研究生');
    await screenshot(page, 'hr-03-file-education');
  });

  it('on his certificates she shares the company one and is refused for the expired one', async () => {
    await page.getByTestId('staff-file-tab-user_certificate').click();
    const list = page.getByTestId('crud-user_certificate');
    const consulting = list.locator('tr.ant-table-row', { hasText: '咨询工程师(投资)登记证书' });
    const expired = list.locator('tr.ant-table-row', { hasText: '一级造价工程师注册证书' });
    await expect.poll(() => consulting.count()).toBe(1);
    // The demo's shared one: withdraw it, then share it again.
    await consulting.locator('[data-testid^="cert-cancel-share-"]').click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await expect.poll(() => consulting.locator('[data-testid^="cert-share-"]').count()).toBe(1);
    await consulting.locator('[data-testid^="cert-share-"]').click();
    await expect.poll(() => consulting.locator('[data-testid^="cert-cancel-share-"]').count()).toBe(1);
    // The expired one (一级造价工程师, ended 15 days ago) is refused with the server's message.
    await expired.locator('[data-testid^="cert-share-"]').click();
    await expect.poll(() => antMessage(page, '证书已过期,不能共享').count()).toBeGreaterThan(0);
    await screenshot(page, 'hr-04-certificates');
    expect(await expired.locator('[data-testid^="cert-cancel-share-"]').count()).toBe(0);
    await logout(page);
  });

  it('陈静 opens 我的档案: her contact fields only, her own education and family; no HR charts', async () => {
    await login(page, 'chenjing', '123456');
    await expect.poll(() => page.getByTestId('wel-statistics').isVisible()).toBe(true);
    expect(await page.getByTestId('wel-chart-highestDegree').count()).toBe(0);
    await openPath(page, '/hr/myFile');
    await expect.poll(() => page.getByTestId('staff-file-name').innerText()).toBe('员工档案 · 陈静');
    expect(await page.getByTestId('staff-file-idCard').isDisabled()).toBe(true);
    expect(await page.getByTestId('staff-file-emergencyPhone').isDisabled()).toBe(false);
    expect(await page.getByTestId('staff-file').locator('.ant-tabs-tab').allInnerTexts()).toEqual(['基本信息', '教育经历', '家庭成员']);
    await page.getByTestId('staff-file-tab-user_education').click();
    const rows = page.getByTestId('crud-user_education').locator('tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    expect(await rows.allInnerTexts()).toEqual([expect.stringContaining('苏州科技大学')]);
    await screenshot(page, 'hr-05-my-file');
    await logout(page);
    expect(errors).toEqual([]);
  });
});

/** A date `days` from today in the company's zone (yyyy-MM-dd). */
const dayFromToday = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function pickDate(testId: string, date: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(date);
  await page.keyboard.press('Enter');
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

async function pass(shot: string) {
  await page.getByTestId('wf-comment').fill('同意');
  await screenshot(page, shot);
  await page.getByTestId('wf-btn-wf_pass').click();
  await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
  await page.waitForURL('**/workflow/process/todo');
}

describe('office approvals: a business trip with its lines', () => {
  const DESTINATION = `苏州${RUN}`;
  /** The process title the approval kit gives the trip ({userName}的出差申请({destination})). */
  const TASK = `张伟的出差申请(${DESTINATION})`;
  const tripRow = () => page.getByTestId('evection-list').locator('tr.ant-table-row', { hasText: DESTINATION });

  it('张伟 applies for a trip with two lines, sees the total and sends it', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/office/hjlAuditEvection');
    await expect.poll(() => page.getByTestId('evection-list').locator('tr.ant-table-row').count()).toBeGreaterThan(0);
    await page.getByTestId('crud-add').click();
    await page.getByTestId('evection-reason').fill('苏州工业园区项目现场核查');
    await page.getByTestId('evection-destination').fill(DESTINATION);
    await pickDate('evection-startDate', dayFromToday(3));
    await pickDate('evection-endDate', dayFromToday(5));
    await page.getByTestId('evection-line-0-fromPlace').fill('南京');
    await page.getByTestId('evection-line-0-toPlace').fill('苏州');
    await pickOption(page, 'evection-line-0-transport', '高铁/动车');
    await page.getByTestId('evection-line-0-cost').pressSequentially('139.5');
    await page.getByTestId('evection-add-line').click();
    await page.getByTestId('evection-line-1-fromPlace').fill('苏州');
    await page.getByTestId('evection-line-1-toPlace').fill('南京');
    await pickOption(page, 'evection-line-1-transport', '自驾');
    await page.getByTestId('evection-line-1-cost').pressSequentially('86.41');
    await page.getByTestId('evection-line-1-cost').blur();
    await expect.poll(() => page.getByTestId('evection-total').innerText()).toContain('225.91');
    await screenshot(page, 'hr-office-01-trip-form');
    await page.getByTestId('evection-start').click();
    await expect.poll(() => antMessage(page, '发起成功').count()).toBeGreaterThan(0);
    await expect.poll(() => tripRow().innerText()).toContain('审批中');
    expect(await tripRow().innerText()).toContain('225.91');
    await screenshot(page, 'hr-office-02-trip-list');
    await logout(page);
  });

  it('孙磊 (部门经理) approves it in 待办, seeing its lines and total', async () => {
    await openTask('sunlei', TASK);
    await expect.poll(() => page.getByTestId('evection-lines-table').locator('tr.ant-table-row').count()).toBe(2);
    expect(await page.getByTestId('evection-lines-total').innerText()).toBe('225.91');
    await pass('hr-office-03-leader-approves');
    await logout(page);
  });

  it('赵敏 (人事) approves it; 张伟 sees it 审批通过 in his list', async () => {
    await openTask('zhaomin', TASK);
    await pass('hr-office-04-hr-approves');
    await logout(page);
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/office/hjlAuditEvection');
    await expect.poll(() => tripRow().innerText()).toContain('审批通过');
    await screenshot(page, 'hr-office-05-trip-approved');
    await logout(page);
    expect(errors).toEqual([]);
  });
});
