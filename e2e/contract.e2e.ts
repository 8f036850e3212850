/**
 * Contracts and the project register as their people walk them (BUSINESS.md WP2): 张伟 records a contract and sends
 * it for approval; 孙磊 (部门经理) and 王建国 (总经理) approve it from 待办事务; 张伟 registers a project from a task
 * template, which is approved the same way, links the contract, adds a person, finishes a task (its history shows
 * the change), runs the 二级复核 and then the 三级审定 (each approved), and the workbench statistics follow: one
 * contract more this month, one more finished task, one more finished project.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antMessage, chooseUser, login, logout, openBrowser, openPath, pickOption, screenshot, openDropdown } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const RUN = Date.now() % 100000;
const CONTRACT = `浏览器合同${RUN}`;
const PROJECT = `浏览器项目${RUN}`;
const STATISTICS = '/api/business-module/statistics/home/statistics';

type Stat = { key: string; categories: string[]; series: { name: string; data: number[] }[] };
let before: Stat[] = [];

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

/** The workbench as the user opens it, and the statistics its charts draw. */
async function workbench(): Promise<Stat[]> {
  const answer = page.waitForResponse((r) => r.url().includes(STATISTICS));
  await openPath(page, '/wel/index');
  const stats = ((await (await answer).json()) as { data: Stat[] }).data;
  await expect.poll(() => page.getByTestId('wel-chart-projectStatus').isVisible()).toBe(true);
  return stats;
}
const value = (stats: Stat[], key: string, category: string) => {
  const s = stats.find((x) => x.key === key)!;
  return s.series[0]!.data[s.categories.indexOf(category)] ?? 0;
};
const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

async function pickDate(testId: string, date: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(date);
  await page.keyboard.press('Enter');
}

/** Confirms the antd confirm dialog open now. */
async function confirmDialog(testId?: string) {
  if (testId) await page.getByTestId(testId).click();
  else
    await page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
}

/** `account` approves, from 待办事务, the task whose row mentions `text`. */
async function approveAs(account: string, text: string, shot?: string) {
  await login(page, account, '123456');
  await openPath(page, '/workflow/process/todo');
  const task = page.getByTestId('wf-table').locator('tbody tr.ant-table-row', { hasText: text }).first();
  await expect.poll(() => task.count()).toBe(1);
  await task.locator('[data-testid^="wf-handle-"]').click();
  await page.getByTestId('wf-comment').fill('同意');
  if (shot) await screenshot(page, shot);
  await page.getByTestId('wf-btn-wf_pass').click();
  await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
  await page.waitForURL('**/workflow/process/todo');
  await logout(page);
}

const contractRow = () => page.getByTestId('contract-list').locator('tr.ant-table-row', { hasText: CONTRACT });
const projectRow = () => page.getByTestId('project-list').locator('tr.ant-table-row', { hasText: PROJECT });

describe('a contract and its project, from signing to the third-level review', () => {
  it('张伟 records a contract and sends it for approval', async () => {
    await login(page, 'zhangwei', '123456');
    before = await workbench();
    await openPath(page, '/contract/hjlContract');
    await expect.poll(() => page.getByTestId('contract-list').locator('tr.ant-table-row').count()).toBeGreaterThan(0);
    await screenshot(page, 'contract-01-list');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-contractName').fill(CONTRACT);
    await pickOption(page, 'crud-form-businessType', '造价咨询');
    await page.getByTestId('crud-form-customerId-choose').click();
    const picker = page.locator('.ant-modal:visible').filter({ hasText: '选择客户' });
    await expect.poll(() => picker.getByTestId('customer-picker-table').locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await picker.getByTestId('customer-picker-table').locator('tbody tr.ant-table-row').first().dblclick();
    const today = new Date().toISOString().slice(0, 10);
    await pickDate('crud-form-signDate', today);
    await page.getByTestId('crud-form-contractAmount').pressSequentially('268000');
    await page.getByTestId('crud-form-contractAmount').blur();
    await screenshot(page, 'contract-02-form');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => contractRow().count()).toBe(1);
    // Numbered by the numbering service at save: HJ-HT-ZJ-<year>-nnnn.
    await expect.poll(() => contractRow().innerText()).toMatch(new RegExp(`HJ-HT-ZJ-${new Date().getFullYear()}-\\d{4}`));
    expect(await contractRow().innerText()).toContain('未发起');
    await contractRow().locator('[data-testid^="approval-submit-"]').click();
    await confirmDialog('approval-confirm-ok');
    await expect.poll(() => antMessage(page, '发起成功').count()).toBeGreaterThan(0);
    await expect.poll(() => contractRow().innerText()).toContain('审批中');
    await logout(page);
  });

  it('孙磊 (部门经理) and 王建国 (总经理) approve it', async () => {
    await approveAs('sunlei', CONTRACT, 'contract-03-approve');
    await approveAs('wangjianguo', CONTRACT);
  });

  it('张伟 sees it approved and registers a project from a template, approved the same way', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/contract/hjlContract');
    await expect.poll(() => contractRow().innerText()).toContain('审批通过');
    await openPath(page, '/hjlProject/hjlProject');
    await expect.poll(() => page.getByTestId('project-list').locator('tr.ant-table-row').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('project-dept-tree').isVisible()).toBe(true);
    await screenshot(page, 'contract-04-projects');
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-form-projectName').fill(PROJECT);
    await pickOption(page, 'crud-form-projectType', '造价咨询');
    await page.getByTestId('crud-form-customerId-choose').click();
    const picker = page.locator('.ant-modal:visible').filter({ hasText: '选择客户' });
    await expect.poll(() => picker.getByTestId('customer-picker-table').locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await picker.getByTestId('customer-picker-table').locator('tbody tr.ant-table-row').first().dblclick();
    await page.getByTestId('crud-form-deptId').click();
    await openDropdown(page).locator('.ant-select-tree-node-content-wrapper', { hasText: '造价部' }).first().click();
    await page.getByTestId('crud-form-leaderUser').click();
    await chooseUser(page, '张伟');
    await pickOption(page, 'crud-form-templateId', '造价咨询标准流程');
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => projectRow().count()).toBe(1);
    await expect.poll(() => projectRow().innerText()).toMatch(/HJ-XM-ZJ-\d{6}-\d{3}/);
    await projectRow().locator('[data-testid^="approval-submit-"]').click();
    await confirmDialog('approval-confirm-ok');
    await expect.poll(() => antMessage(page, '发起成功').count()).toBeGreaterThan(0);
    await logout(page);
    await approveAs('sunlei', PROJECT);
    await approveAs('wangjianguo', PROJECT);
  });

  it('张伟 links the contract, adds a person and finishes a task', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/hjlProject/hjlProject');
    await expect.poll(() => projectRow().innerText()).toContain('审批通过');
    await projectRow().locator('[data-testid^="project-link-"]').click();
    const picker = page.locator('.ant-modal:visible').filter({ hasText: '选择合同' });
    await picker.getByTestId('contract-picker-search').fill(CONTRACT);
    await picker.getByTestId('contract-picker-search-submit').click();
    await expect.poll(() => picker.locator('tbody tr.ant-table-row').count()).toBe(1);
    await picker.locator('tbody tr.ant-table-row').first().dblclick();
    await expect.poll(() => antMessage(page, '已关联合同').count()).toBeGreaterThan(0);

    await projectRow().locator('[data-testid^="project-detail-"]').click();
    await page.waitForURL('**/hjlProject/hjlProjectDetail/**');
    await expect.poll(() => page.getByTestId('project-contract-link').innerText()).toContain(CONTRACT);
    await screenshot(page, 'contract-05-project-detail');

    await page.getByTestId('project-tab-persons').click();
    await page.getByTestId('project-add-person').click();
    await page.getByTestId('person-user').click();
    await chooseUser(page, '陈静');
    await pickOption(page, 'person-role', '编制人');
    await page.getByTestId('person-submit').click();
    await expect.poll(() => page.getByTestId('project-person-table').innerText()).toContain('陈静');
    await screenshot(page, 'contract-06-persons');

    await page.getByTestId('project-tab-tasks').click();
    const tasks = page.getByTestId('project-tasks').locator('tr.ant-table-row');
    await expect.poll(() => tasks.count()).toBe(6);
    const first = tasks.filter({ hasText: '收集资料' });
    await first.locator('[data-testid^="task-finish-"]').click();
    await confirmDialog('task-finish-ok');
    await expect.poll(() => first.innerText()).toContain('已完成');
    await first.locator('[data-testid^="task-history-"]').click();
    await expect.poll(() => page.getByTestId('task-history').innerText()).toContain('张伟');
    expect(await page.getByTestId('task-history').innerText()).toContain('100%');
    await screenshot(page, 'contract-07-task-history');
    await page.keyboard.press('Escape');
  });

  it('runs the second- and third-level reviews in order', async () => {
    await page.getByTestId('project-start-three').click();
    await page.getByTestId('review-deliverable').fill('控制价成果文件');
    await page.getByTestId('review-submit').click();
    await expect.poll(() => antMessage(page, '请先完成二级复核').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('project-start-two').click();
    await page.getByTestId('review-deliverable').fill('控制价成果文件');
    await page.getByTestId('review-submit').click();
    await expect.poll(() => antMessage(page, '发起成功').count()).toBeGreaterThan(0);
    await logout(page);
    await approveAs('sunlei', PROJECT);

    await login(page, 'zhangwei', '123456');
    await openPath(page, '/hjlProject/hjlProject');
    await projectRow().locator('[data-testid^="project-detail-"]').click();
    await page.waitForURL('**/hjlProject/hjlProjectDetail/**');
    await page.getByTestId('project-start-three').click();
    await page.getByTestId('review-deliverable').fill('控制价成果文件(复核稿)');
    await page.getByTestId('review-submit').click();
    await expect.poll(() => antMessage(page, '发起成功').count()).toBeGreaterThan(0);
    await logout(page);
    await approveAs('sunlei', PROJECT);
    await approveAs('wangjianguo', PROJECT);
  });

  it('the project is finished, its process history lists every approval, and the workbench follows', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/hjlProject/hjlProject');
    await expect.poll(() => projectRow().innerText()).toContain('已完成');
    await projectRow().locator('[data-testid^="project-detail-"]').click();
    await page.getByTestId('project-tab-process').click();
    await expect.poll(() => page.getByTestId('approval-history-rounds').locator('.ant-collapse-item').count()).toBe(3);
    await screenshot(page, 'contract-08-process-history');

    const after = await workbench();
    await screenshot(page, 'contract-09-workbench');
    expect(value(after, 'contractCount', thisMonth())).toBe(value(before, 'contractCount', thisMonth()) + 1);
    expect(value(after, 'taskCount', '已完成')).toBe(value(before, 'taskCount', '已完成') + 1);
    expect(value(after, 'projectStatus', '已完成')).toBe(value(before, 'projectStatus', '已完成') + 1);

    // The contract's detail page: the linked project and the history.
    await openPath(page, '/contract/hjlContract');
    await contractRow().locator('[data-testid^="contract-detail-"]').click();
    await page.waitForURL('**/contract/hjlContractDetail/**');
    await page.getByTestId('contract-tab-projects').click();
    await expect.poll(() => page.getByTestId('contract-project-table').innerText()).toContain(PROJECT);
    await screenshot(page, 'contract-10-contract-detail');
    expect(errors).toEqual([]);
  });
});
