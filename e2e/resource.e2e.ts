/**
 * Resources, logs and tools as an administrator meets them: upload an attachment and see it (thumbnail,
 * limits), enable another storage configuration, send an SMS, read the API log of it, back up the tenant.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { antMessage, login, openBrowser, openPath, screenshot } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hjl-e2e-files-'));

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(async () => {
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('resources', () => {
  it('logs in', async () => {
    await login(page);
  });

  it('uploads an attachment, shows its thumbnail, and refuses a type that is not allowed', async () => {
    await openPath(page, '/resource/attach');
    const photo = path.join(tmp, '现场照片.png');
    await page.screenshot({ path: photo, clip: { x: 0, y: 0, width: 320, height: 200 } });
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('attach-upload').click();
    await (await chooser).setFiles(photo);
    await expect.poll(() => antMessage(page, '上传成功').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('现场照片.png').count()).toBeGreaterThan(0);
    // the thumbnail really loads through the link (token in the query)
    const img = page.locator('[data-testid^="attach-image-"] img').first();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);

    const exe = path.join(tmp, 'setup.exe');
    fs.writeFileSync(exe, 'MZ');
    const chooser2 = page.waitForEvent('filechooser');
    await page.getByTestId('attach-upload').click();
    await (await chooser2).setFiles(exe);
    await expect.poll(() => antMessage(page, '不支持的文件类型: exe').count()).toBeGreaterThan(0);
    await screenshot(page, 'res-01-attach');
  });

  it('refuses to enable an incomplete storage configuration, enables a complete one; exactly one shows as enabled', async () => {
    await openPath(page, '/resource/oss');
    const list = page.getByTestId('crud-oss');
    await expect.poll(() => list.getByText('已启用').count()).toBe(1);
    // the seeded MinIO configuration has no secret key yet
    await list.locator('tr', { hasText: 'minio-archive' }).locator('[data-testid^="enable-"]').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => antMessage(page, '存储配置[minio-archive]不完整,请填写资源地址、空间名、accessKey和secretKey').count()).toBeGreaterThan(0);

    // a second local-disk configuration
    await list.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-category').click();
    await page.locator('.ant-select-item-option', { hasText: '本地存储' }).click();
    await page.getByTestId('crud-form-ossCode').fill('local-archive');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    const row = list.locator('tr', { hasText: 'local-archive' });
    await row.locator('[data-testid^="enable-"]').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => antMessage(page, '启用成功').count()).toBeGreaterThan(0);
    await expect.poll(() => row.getByText('已启用').count()).toBe(1);
    await expect.poll(() => list.getByText('已启用').count()).toBe(1);
    await screenshot(page, 'res-02-oss');
  });

  it('sends an SMS through the logging provider and finds the call in the API log', async () => {
    await openPath(page, '/resource/sms');
    const row = page.locator('tr', { hasText: 'notice-log' });
    await row.locator('[data-testid^="sms-send-"]').click();
    await page.getByTestId('sms-send-phones').fill('13912345678');
    await page.getByTestId('sms-send-params').fill('{"code":"8261"}');
    await page.getByTestId('sms-send-submit').click();
    await expect.poll(() => antMessage(page, '发送成功').count()).toBeGreaterThan(0);

    await openPath(page, '/monitor/log/api');
    await page.getByTestId('log-search-requestUri').fill('send-message');
    await page.getByTestId('log-search-submit').click();
    await expect.poll(() => page.getByTestId('log-table').getByText('/api/blade-resource/sms/endpoint/send-message').count()).toBe(1);
    await page.locator('[data-testid^="log-view-"]').first().click();
    await expect
      .poll(() =>
        page
          .getByTestId('log-drawer')
          .getByText(/13912345678/)
          .count(),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'res-03-api-log');
  });

  it('backs up the tenant and offers the file for download', async () => {
    await openPath(page, '/tool/backups');
    await page.getByTestId('backups-run').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    // The demo tenant's every business table, read and written as one file: seconds, more on a busy machine.
    await expect.poll(() => antMessage(page, '备份成功').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('backups-summary').textContent()).toMatch(/^共 1 个备份/);
    const download = page.waitForEvent('download');
    await page.locator('[data-testid^="backups-download-"]').first().click();
    const file = await (await download).path();
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { tenantId: string; tables: Record<string, { original_name?: string }[]> };
    expect(doc.tenantId).toBe('000000');
    // The photo uploaded above is in it (other browser suites on this server may have uploaded files too).
    expect(doc.tables.blade_attach!.filter((a) => a.original_name === '现场照片.png')).toHaveLength(1);
    await screenshot(page, 'res-04-backups');
  });

  it('shows no page errors', () => {
    expect(errors, errors.join('\n')).toEqual([]);
  });
});
