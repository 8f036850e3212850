/**
 * People as they walk it (issue 18): 赵敏 (人事专员) sees the people statistics on her workbench, opens 孙磊's staff file
 * from 员工档案, changes his address and adds an education row; on his certificates she shares the company one and
 * is refused for the expired one (证书已过期,不能共享). 陈静, a plain staff member, opens 我的档案: only her contact
 * fields are editable, only her own education and family are listed, and her workbench has no HR charts.
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
