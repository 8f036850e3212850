/**
 * The shared widgets on the pages that use them: a notice with attachments (upload two files, see them in 查看
 * without upload and delete, download them all as one zip and one of them alone), 人员选择 on the proxy page, and the
 * order of a list's pagination bar.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { antMessage, login, openBrowser, openPath, pickOption, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hjl-e2e-widgets-'));

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(async () => {
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('attachments on a notice', () => {
  it('logs in', async () => {
    await login(page);
  });

  it('uploads two files into a new notice and saves it', async () => {
    await openPath(page, '/desk/notice');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-title').fill('年度安全检查通知');
    await pickOption(page, 'crud-form-category', '发布通知');
    await page.getByTestId('crud-form-releaseTime').click();
    // 通知日期 is a date-time (as in BladeX): typed in full and confirmed, the picker closes.
    await page.keyboard.type('2026-12-01 09:00:00');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').count()).toBe(0);
    await expect.poll(() => page.getByTestId('crud-form-attachment-empty').innerText()).toBe('暂未上传附件');
    const plan = path.join(tmp, '检查方案.pdf');
    fs.writeFileSync(plan, '%PDF-1.4 检查方案');
    const photo = path.join(tmp, '旁站记录照片.png');
    await page.screenshot({ path: photo, clip: { x: 0, y: 0, width: 200, height: 120 } });
    for (const file of [plan, photo]) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('crud-form-attachment-upload').click();
      await (await chooser).setFiles(file);
      await expect
        .poll(() =>
          page
            .getByTestId('crud-form-attachment-item')
            .filter({ hasText: path.basename(file) })
            .count(),
        )
        .toBe(1);
    }
    expect(await antMessage(page, '上传成功').count()).toBeGreaterThan(0);
    await screenshot(page, 'widgets-01-notice-attachments');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    const row = page.getByTestId('crud-notice').locator('tr', { hasText: '年度安全检查通知' });
    await expect.poll(() => row.count()).toBe(1);
  });

  it('查看 shows them without upload and delete; 全部下载 gives one zip with both, 下载 the file itself', async () => {
    const row = page.getByTestId('crud-notice').locator('tr', { hasText: '年度安全检查通知' });
    await row.locator('[data-testid^="crud-row-view-"]').click();
    const items = page.getByTestId('crud-form-attachment-item');
    await expect.poll(() => items.count()).toBe(2);
    expect(await page.getByTestId('crud-form-attachment-upload').count()).toBe(0);
    expect(await page.locator('[data-testid^="crud-form-attachment-delete-"]').count()).toBe(0);
    await screenshot(page, 'widgets-02-notice-view');

    const zipDownload = page.waitForEvent('download');
    await page.getByTestId('crud-form-attachment-zip').click();
    const zip = await zipDownload;
    expect(zip.suggestedFilename()).toBe('附件.zip');
    const bytes = fs.readFileSync((await zip.path())!);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(bytes.toString('utf8')).toContain('检查方案.pdf');
    expect(bytes.toString('utf8')).toContain('旁站记录照片.png');
    expect(bytes.readUInt16LE(bytes.length - 12)).toBe(2);

    const one = page.waitForEvent('download');
    await page.getByTestId('crud-form-attachment-download-0').click();
    const file = await one;
    expect(file.suggestedFilename()).toBe('检查方案.pdf');
    expect(fs.readFileSync((await file.path())!).toString('utf8')).toBe('%PDF-1.4 检查方案');
  });
});

describe('人员选择', () => {
  it('picks the person and the proxy of an out-of-office proxy by department and name', async () => {
    await page.keyboard.press('Escape');
    await openPath(page, '/workflow/ops/proxy');
    await page.getByTestId('crud-add').click();
    for (const [testId, dept, name] of [
      ['crud-form-userId', '财务', '李红'],
      ['crud-form-proxyUserId', '', '张伟'],
    ] as const) {
      await page.getByTestId(testId).click();
      const picker = page.locator('.ant-modal:visible', { hasText: '人员选择' });
      await expect.poll(() => picker.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
      // nothing chosen yet
      await picker.getByTestId('user-picker-confirm').click();
      await expect.poll(() => antMessage(page, '请选择至少一条数据').count()).toBeGreaterThan(0);
      if (dept) await picker.getByTestId('user-picker-deptName').fill(dept);
      await picker.getByTestId('user-picker-realName').fill(name);
      await picker.getByTestId('user-picker-search-submit').click();
      await expect.poll(() => picker.locator('tbody tr.ant-table-row').count()).toBe(1);
      if (testId === 'crud-form-userId') await screenshot(page, 'widgets-03-user-picker');
      await picker.locator('tbody tr.ant-table-row', { hasText: name }).click();
      await picker.getByTestId('user-picker-confirm').click();
      await expect.poll(() => page.getByTestId(testId).inputValue()).toBe(name);
    }
    await page.getByTestId('crud-form-processDefKey').locator('input').fill('Leave');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    // The row of this proxy (system.e2e.ts may have made another one for 李红 on this server).
    const rows = page.getByTestId('crud-wf_proxy').locator('tr', { hasText: 'Leave' }).filter({ hasText: '张伟' });
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.getByText('李红').count()).toBe(1);
    // Removed again: while it holds, 李红's leave tasks go to 张伟, and approval.e2e.ts on this server needs them with her.
    await rows.locator('[data-testid^="crud-row-delete-"]').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => rows.count()).toBe(0);
  });
});

describe('list conventions', () => {
  it('a list pages with total, sizes, prev, pager, next and jumper in that order', async () => {
    await openPath(page, '/marketing/hjlCustomer'); // 38 demo customers: four pages
    const bar = page.locator('ul.hjl-pagination:visible');
    await bar.locator('.ant-pagination-item-4').waitFor();
    const left = async (selector: string) => (await bar.locator(selector).first().boundingBox())!.x;
    const xs = [];
    for (const part of [
      '.ant-pagination-total-text',
      '.ant-pagination-options-size-changer',
      '.ant-pagination-prev',
      '.ant-pagination-item-1',
      '.ant-pagination-next',
      '.ant-pagination-options-quick-jumper',
    ])
      xs.push(await left(part));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    await screenshot(page, 'widgets-pagination');
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
