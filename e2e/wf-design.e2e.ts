/**
 * Workflow design as an administrator meets it: a category, a form designed field by field (drag to order,
 * live preview with its required rule), saved twice and set back to version 1 from the history; a condition and
 * a button; a BPMN sample uploaded on the deployments page, suspended, activated, moved to the category and
 * deleted. Rows are found by names unique to this run (other suites share the server).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antMessage, login, openPath, openBrowser, pickOption, screenshot, openDropdown } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const run = Date.now().toString(36);
const category = `设计分类${run}`;
const formKey = `wfd_${run}`;
const formName = `报销申请${run}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hjl-e2e-bpmn-'));
const SAMPLE = '/work/shared/bpmn-samples/08-flowable-parallel-fork-join.bpmn20.xml';

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(async () => {
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const fieldRows = () =>
  page.locator('tr[data-testid^="field-row-"]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-testid')!.slice('field-row-'.length)));
const previewLabels = () => page.getByTestId('form-preview').locator('.ant-form-item-label label').allTextContents();

/** Adds a field in the designer's side form. */
async function addField(name: string, describe: string, type: string, extra?: (drawer: Locator) => Promise<void>) {
  await page.getByTestId('field-add').click();
  const drawer = page.locator('.ant-drawer:visible');
  await drawer.getByTestId('column-columnName').fill(name);
  await drawer.getByTestId('column-columnDescribe').fill(describe);
  await pickOption(page, 'column-columnType', type);
  await extra?.(drawer);
  await drawer.getByTestId('column-ok').click();
  await expect.poll(() => fieldRows()).toContain(name);
}

describe('workflow design', () => {
  it('logs in', async () => {
    await login(page);
  });

  it('adds a process category', async () => {
    await openPath(page, '/workflow/design/category');
    await page.getByTestId('wf_category-add').click();
    await page.getByTestId('crud-form-name').fill(category);
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('wf_category-table').getByText(category).count()).toBe(1);
    await screenshot(page, 'wfd-01-category');
  });

  it('adds a form in the category', async () => {
    await openPath(page, '/workflow/design/form');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-formKey').fill(formKey);
    await page.getByTestId('crud-form-name').fill(formName);
    await page.getByTestId('crud-form-categoryId').click();
    await openDropdown(page).getByTitle(category, { exact: true }).click();
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    const row = page.getByTestId('crud-table').locator('tr', { hasText: formKey });
    await expect.poll(() => row.getByText(category).count()).toBe(1);
    await screenshot(page, 'wfd-02-form-list');
    await row.locator('[data-testid^="form-row-design-"]').click();
    await page.waitForURL('**/workflow/design/form/designer/**');
  });

  it('designs four fields, drags one to the top, sees the preview follow and its required rule fire, and saves', async () => {
    await expect.poll(() => page.getByTestId('form-designer').getByText(formName).count()).toBe(1);
    await addField('reason', '事由', '输入框');
    await addField('kind', '报销类型', '下拉框', async () => {
      await page.getByTestId('column-dictTag').click();
      await page.keyboard.type('sex');
      await openDropdown(page).getByTitle('性别 (sex)', { exact: true }).click();
    });
    await addField('day', '发生日期', '日期');
    await addField('dept', '承担部门', '树形选择', async () => pickOption(page, 'column-modelPath', '部门树'));
    expect(await fieldRows()).toEqual(['reason', 'kind', 'day', 'dept']);
    await expect.poll(() => previewLabels()).toEqual(['事由', '报销类型', '发生日期', '承担部门']);

    // HTML5 drag and drop: 发生日期 onto the first row
    await page.getByTestId('field-row-day').dragTo(page.getByTestId('field-row-reason'));
    await expect.poll(() => fieldRows()).toEqual(['day', 'reason', 'kind', 'dept']);
    await expect.poll(() => previewLabels()).toEqual(['发生日期', '事由', '报销类型', '承担部门']);

    await page.getByTestId('preview-validate').click();
    await expect.poll(() => page.getByTestId('form-preview').getByText('请填写事由').count()).toBe(1);
    await page.getByTestId('preview-reason').fill('出差');
    await expect.poll(() => page.getByTestId('form-preview').getByText('请填写事由').count()).toBe(0);
    await screenshot(page, 'wfd-03-designer');

    // a new form starts at V1 without fields; this is the first design
    await expect.poll(() => page.getByTestId('form-designer-version').textContent()).toBe('V1');
    await page.getByTestId('form-designer-note').fill('初版');
    await page.getByTestId('form-designer-save').click();
    await expect.poll(() => antMessage(page, '保存成功,当前版本 V2').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('form-designer-version').textContent()).toBe('V2');
  });

  it('edits a field and saves version 3', async () => {
    await page.getByTestId('field-edit-reason').click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByTestId('column-columnDescribe').fill('报销事由');
    await drawer.getByTestId('column-ok').click();
    await page.getByTestId('field-delete-dept').click();
    await expect.poll(() => previewLabels()).toEqual(['发生日期', '报销事由', '报销类型']);
    await page.getByTestId('form-designer-save').click();
    await expect.poll(() => antMessage(page, '保存成功,当前版本 V3').count()).toBeGreaterThan(0);
    // the server keeps the order and the change
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => fieldRows()).toEqual(['day', 'reason', 'kind']);
    await expect.poll(() => previewLabels()).toEqual(['发生日期', '报销事由', '报销类型']);
  });

  it('sets the first design (version 2) as the main version from the history, and the fields go back', async () => {
    await page.getByTestId('form-designer-history').click();
    await page.waitForURL('**/workflow/design/form/history/**');
    await expect.poll(() => page.getByTestId('form-history-main').textContent()).toBe('V3');
    const table = page.getByTestId('crud-table');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(3);
    await expect.poll(() => table.locator('tr', { hasText: '初版' }).count()).toBe(1);
    await page.getByTestId('history-row-preview-2').click();
    await expect
      .poll(() => page.getByTestId('history-preview').locator('.ant-form-item-label label').allTextContents())
      .toEqual(['发生日期', '事由', '报销类型', '承担部门']);
    await screenshot(page, 'wfd-04-history-preview');
    await page.locator('.ant-modal:visible .ant-modal-close').click();

    await page.getByTestId('history-row-main-2').click();
    await page.getByTestId('history-main-ok').click();
    await expect.poll(() => antMessage(page, '已将 V2 设为主版本').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('form-history-main').textContent()).toBe('V2');
    await screenshot(page, 'wfd-05-history');

    await page.getByTestId('form-history-design').click();
    await page.waitForURL('**/workflow/design/form/designer/**');
    await expect.poll(() => fieldRows()).toEqual(['day', 'reason', 'kind', 'dept']);
    await expect.poll(() => previewLabels()).toEqual(['发生日期', '事由', '报销类型', '承担部门']);
  });

  it('adds a condition and a button', async () => {
    await openPath(page, '/workflow/design/condition');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-name').fill(`金额超限${run}`);
    await page.getByTestId('crud-form-expression').fill('amount > 1000');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => page.getByText('条件表达式应写成${...}的形式').count()).toBeGreaterThan(0);
    await page.getByTestId('crud-form-expression').fill('${amount > 1000}');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page
          .getByTestId('crud-table')
          .locator('tr', { hasText: `金额超限${run}` })
          .getByText('启用')
          .count(),
      )
      .toBe(1);
    await screenshot(page, 'wfd-06-condition');

    await openPath(page, '/workflow/design/button');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-buttonKey').fill(`wfd${run}`);
    await page.getByTestId('crud-form-name').fill(`加急${run}`);
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    const row = page.getByTestId('crud-table').locator('tr', { hasText: `wfd${run}` });
    await row.locator('[data-testid^="wf_button-row-status-"]').click();
    await expect.poll(() => row.getByText('停用').count()).toBeGreaterThan(0);
    await screenshot(page, 'wfd-07-button');
  });

  it('shows the form default values, model scope and proxy pages', async () => {
    for (const [p, name] of [
      ['/workflow/design/form-default-values', 'wfd-08-form-default'],
      ['/workflow/design/model-scope', 'wfd-09-model-scope'],
      ['/workflow/ops/proxy', 'wfd-10-proxy'],
    ] as const) {
      await openPath(page, p);
      await expect.poll(() => page.getByTestId('crud-table').count()).toBe(1);
      await screenshot(page, name);
    }
    // proxy: the time window is asked for only for 时间段
    await page.getByTestId('crud-add').click();
    await expect.poll(() => page.getByTestId('crud-form-startTime').isDisabled()).toBe(true);
    await pickOption(page, 'crud-form-type', '时间段');
    await expect.poll(() => page.getByTestId('crud-form-startTime').isDisabled()).toBe(false);
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /取\s*消/ })
      .click();
  });

  it('uploads a BPMN sample, suspends and activates it, changes its category and deletes it', async () => {
    const file = path.join(tmp, `wfd-${run}.bpmn20.xml`);
    fs.copyFileSync(SAMPLE, file);
    await openPath(page, '/workflow/deployment');
    await page.getByTestId('deployment-upload').click();
    await page.getByTestId('upload-category').click();
    await openDropdown(page).getByTitle(category, { exact: true }).click();
    await page.getByTestId('upload-files').setInputFiles(file);
    await expect.poll(() => page.locator('.ant-modal:visible').getByText(`wfd-${run}.bpmn20.xml`).count()).toBe(1);
    await page.getByTestId('upload-ok').click();
    await expect.poll(() => antMessage(page, '部署成功').count()).toBeGreaterThan(0);

    const row = page.getByTestId('deployment-table').locator('tr', { hasText: `wfd-${run}.bpmn20.xml` });
    await page.getByTestId('deployment-search-key').fill('forkJoin');
    await page.getByTestId('deployment-search-submit').click();
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByText(category).count()).toBe(1);
    await expect.poll(() => row.getByText('激活').count()).toBe(1);
    await screenshot(page, 'wfd-11-deployments');

    await row.locator('[data-testid^="deployment-row-state-"]').click();
    await expect.poll(() => antMessage(page, '已挂起').count()).toBeGreaterThan(0);
    await expect.poll(() => row.locator('.ant-tag', { hasText: '挂起' }).count()).toBe(1);
    await row.locator('[data-testid^="deployment-row-state-"]').click();
    await expect.poll(() => antMessage(page, '已激活').count()).toBeGreaterThan(0);
    await expect.poll(() => row.locator('.ant-tag', { hasText: '激活' }).count()).toBe(1);

    // a second category to move it to
    const other = `部署分类${run}`;
    await openPath(page, '/workflow/design/category');
    await page.getByTestId('wf_category-add').click();
    await page.getByTestId('crud-form-name').fill(other);
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    await openPath(page, '/workflow/deployment');
    await page.getByTestId('deployment-search-key').fill('forkJoin');
    await page.getByTestId('deployment-search-submit').click();
    await row.locator('[data-testid^="deployment-row-category-"]').click();
    await page.getByTestId('change-category-select').click();
    await openDropdown(page).getByTitle(other, { exact: true }).click();
    await page.getByTestId('change-category-ok').click();
    await expect.poll(() => antMessage(page, '分类已变更').count()).toBeGreaterThan(0);
    await expect.poll(() => row.getByText(other).count()).toBe(1);

    await row.locator('[data-testid^="deployment-row-delete-"]').click();
    await page.getByTestId('deployment-delete-ok').click();
    await expect.poll(() => antMessage(page, '删除成功').count()).toBeGreaterThan(0);
    await expect.poll(() => row.count()).toBe(0);
    await screenshot(page, 'wfd-12-deployments-after');
  });

  it('met no page errors', () => {
    expect(errors).toEqual([]);
  });
});
