/**
 * Archives and KPI as the firm meets them: the records clerk 郑丽 opens a finished project's archive from 档案管理 (its
 * detail page opens no tab), sends it for archiving and is refused while a required file is missing, uploads it and
 * sends it again; 孙磊 (部门经理) and she approve, and it shows 已归档. 张伟, who worked on projects, borrows it in
 * 档案借阅; approved it is 借出中, he returns it and, the return approved, it is 已归还. A leader opens a month's
 * assessment; 张伟 submits his self scores once and looks at the ranking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { antMessage, login, logout, openBrowser, openDropdown, openPath, pickOption, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
let archiveName = '';
let archiveNum = '';
let detailPath = '';
const MONTH = '2031-01';

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

const rowsOf = (list: string) => page.getByTestId(list).locator('tbody tr.ant-table-row');
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

async function pickDate(testId: string, date: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(date);
  await page.keyboard.press('Enter');
}

/** `account` approves, from 待办事务, the task whose row mentions `text`. */
async function approve(account: string, text: string) {
  await login(page, account, '123456');
  await openPath(page, '/workflow/process/todo');
  const task = page.getByTestId('wf-table').locator('tbody tr.ant-table-row', { hasText: text }).first();
  await expect
    .poll(() => task.count(), { timeout: 15_000 })
    .toBe(1)
    .catch(async (e: unknown) => {
      await screenshot(page, `archive-todo-missing-${account}`);
      throw e;
    });
  await task.locator('[data-testid^="wf-handle-"]').click();
  await expect.poll(() => page.getByTestId('wf-comment').isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByTestId('wf-comment').fill('同意');
  await page.getByTestId('wf-btn-wf_pass').click();
  await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
  await page.waitForURL('**/workflow/process/todo');
  await logout(page);
}

describe('archives, borrowing and KPI in the browser', () => {
  it('郑丽 archives a finished project: refused while a required file is missing, then sent', async () => {
    await login(page, 'zhengli', '123456');
    await openPath(page, '/hjlArchives/hjlArchives');
    const draft = rowsOf('crud-table').filter({ hasText: '未发起' }).first();
    await expect.poll(() => draft.count(), { timeout: 15_000 }).toBe(1);
    archiveName = (await draft.locator('td').filter({ hasText: '档案' }).first().innerText()).trim();
    const tabsBefore = await page.locator('[data-testid^="tab-/"]').count();
    await draft.locator('[data-testid^="archive-open-"]').click();
    await page.waitForURL('**/hjlArchives/hjlArchivesDetail/**');
    detailPath = new URL(page.url()).pathname;
    await expect.poll(() => page.getByTestId('archive-detail').isVisible()).toBe(true);
    expect(await page.locator('[data-testid^="tab-/"]').count()).toBe(tabsBefore);
    archiveNum = (await page.getByTestId('archive-detail').locator('.ant-descriptions-item-content').first().innerText()).trim();
    expect(archiveNum).toMatch(/^HJ-DA-/);
    await screenshot(page, 'archive-01-checklist');

    await page.getByTestId('archive-start').click();
    await expect
      .poll(() =>
        page
          .locator('.ant-message')
          .getByText(/^请先上传必须归档的文件: /)
          .count(),
      )
      .toBe(1);
    const missing = page.locator('[data-testid^="archive-column-"]').filter({ hasText: '必须' }).filter({ hasText: '未提交' });
    await expect.poll(() => missing.count()).toBe(1);
    const label = (await missing.locator('td').first().innerText()).trim();
    expect(await page.locator('.ant-message').getByText(`请先上传必须归档的文件: ${label}`).count()).toBe(1);
    const chooser = page.waitForEvent('filechooser');
    await missing.locator('[data-testid$="-upload"]').click();
    await (await chooser).setFiles({ name: `${label}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 归档文件') });
    await expect.poll(() => page.getByTestId(`archive-column-${label}`).innerText(), { timeout: 15_000 }).toContain('已提交');
    await page.getByTestId('archive-start').click();
    await expect.poll(() => antMessage(page, '已提交归档审批').count()).toBe(1);
    await expect.poll(() => page.getByTestId('archive-start').count()).toBe(0);
    await logout(page);
  });

  it('孙磊 and 郑丽 approve; the archive shows 已归档', async () => {
    await approve('sunlei', `档案归档:${archiveName}`);
    await approve('zhengli', `档案归档:${archiveName}`);
    await login(page, 'zhengli', '123456');
    await openPath(page, detailPath);
    await expect.poll(() => page.getByTestId('archive-detail').innerText(), { timeout: 15_000 }).toContain('已归档');
    await screenshot(page, 'archive-02-archived');
    await logout(page);
  });

  it('张伟 borrows the archive; approved it is lent, returned and approved it is 已归还', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/hjlArchives/hjlArchiveApply');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-archivesId').click();
    await page.keyboard.type(archiveName.slice(0, 6));
    await openDropdown(page).locator('.ant-select-item-option', { hasText: archiveName }).first().click();
    await pickOption(page, 'crud-form-borrowType', '查阅');
    await pickDate('crud-form-borrowDate', today());
    await pickDate('crud-form-planReturnDate', '2031-12-31');
    await page.getByTestId('crud-form-borrowReason').fill('结算审计查阅');
    await page.getByTestId('crud-form-submit').click();
    const row = rowsOf('crud-table').filter({ hasText: archiveName }).first();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.locator('[data-testid^="approval-submit-"]').click();
    await page.getByTestId('approval-confirm-ok').click();
    await expect.poll(() => antMessage(page, '发起成功').count()).toBeGreaterThan(0);
    await logout(page);

    await approve('sunlei', `张伟的档案借阅:${archiveNum}`);
    await approve('zhengli', `张伟的档案借阅:${archiveNum}`);

    await login(page, 'zhangwei', '123456');
    await openPath(page, '/hjlArchives/hjlArchiveApply');
    const lent = rowsOf('crud-table').filter({ hasText: archiveName }).first();
    await expect.poll(() => lent.innerText(), { timeout: 15_000 }).toContain('借出中');
    await screenshot(page, 'archive-03-lent');
    await lent.locator('[data-testid^="archive-return-"]').click();
    await expect.poll(() => antMessage(page, '已发起归还').count()).toBe(1);
    await expect.poll(() => lent.innerText()).toContain('归还审批中');
    await logout(page);

    await approve('zhengli', `张伟的档案归还:${archiveNum}`);
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/hjlArchives/hjlArchiveApply');
    await expect.poll(() => rowsOf('crud-table').filter({ hasText: archiveName }).first().innerText(), { timeout: 15_000 }).toContain('已归还');
    await logout(page);
  });

  it('a leader opens a month’s assessment; 张伟 submits his self scores once and sees the ranking', async () => {
    await login(page, 'wangjianguo', '123456');
    await openPath(page, '/kpi/kpiTask');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-month').fill(MONTH);
    await page.getByTestId('crud-form-taskName').fill('2031年1月绩效考核');
    await page.getByTestId('crud-form-items').fill(
      JSON.stringify([
        { item: '工作业绩', weight: 60 },
        { item: '工作态度', weight: 40 },
      ]),
    );
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => rowsOf('crud-table').filter({ hasText: MONTH }).count(), { timeout: 15_000 }).toBe(1);
    await logout(page);

    await login(page, 'zhangwei', '123456');
    await openPath(page, '/kpi/kpiParterRecord');
    await expect.poll(() => page.getByTestId('kpi-mine').innerText(), { timeout: 15_000 }).toContain('工作态度');
    await page.getByTestId('kpi-score-工作业绩').fill('90');
    await page.getByTestId('kpi-score-工作态度').fill('85');
    await page.getByTestId('kpi-submit').click();
    await expect.poll(() => antMessage(page, '提交成功').count()).toBe(1);
    await expect.poll(() => page.getByTestId('kpi-submit').isDisabled()).toBe(true);
    await screenshot(page, 'archive-04-kpi-self');

    await openPath(page, '/kpi/ranking');
    const ranked = page.getByTestId('kpi-ranking').locator('tbody tr.ant-table-row');
    await expect.poll(() => ranked.count(), { timeout: 15_000 }).toBeGreaterThan(3);
    expect(await ranked.first().innerText()).toMatch(/^1\s/);
    await screenshot(page, 'archive-05-ranking');
    expect(errors).toEqual([]);
  });
});
