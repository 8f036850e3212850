/**
 * The approval kit as its people meet it (BUSINESS.md WP1): 张伟 starts a business process from its form url (the
 * start list's 发起 opens it with `?p=`), fills the form and sends it (发起成功 → 我的请求); 李红, the approver, finds
 * it in 待办事务, opens it (the record and its history on the handle screen), approves it; 张伟 sees 审批通过 in his
 * list, the 流转信息 drawer from the status tag (流程已结束), and the 审批详情 drawer (审批详情 tab: 审批通过 and the
 * history with 李红's comment; 审批节点图). The record is the leave request, the approvable record every tenant has.
 * Then 批量审批: 李红 approves two more of 张伟's requests (started over the API) at once, with one comment.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { antMessage, chooseUser, login, logout, openBrowser, openPath, screenshot, searchStartList, openDropdown } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const REASON = `e2e审批套件${Date.now() % 100000}`;

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => close());

const rowsOf = (testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');

/** Waits until the drawer opened last has slid in (its right edge on the window's, 1440 px). */
async function drawerIn() {
  await expect
    .poll(() =>
      page
        .locator('.ant-drawer-content-wrapper')
        .last()
        .evaluate((e) => Math.round(e.getBoundingClientRect().right)),
    )
    .toBe(1440);
}

async function pickDate(testId: string, date: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(date);
  await page.keyboard.press('Enter');
}

describe('a business record through approval', () => {
  it('张伟 starts it from its form url', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/workflow/process/start');
    await searchStartList(page, '请假流程');
    await page.getByTestId('wf-start-Leave').click();
    // A start form key that is not the dynamic form opens the business form's own address with ?p=.
    await page.waitForURL(/\/workflow\/process\/external\/leave\/start\?p=/);
    await expect.poll(() => page.getByTestId('leave-form').isVisible()).toBe(true);
    await page.getByTestId('leave-type').click();
    await openDropdown(page).getByTitle('事假', { exact: true }).click();
    await pickDate('leave-start', '2026-12-14');
    await pickDate('leave-end', '2026-12-15');
    await expect.poll(() => page.getByTestId('leave-days').inputValue()).toBe('2');
    await page.getByTestId('leave-reason').fill(REASON);
    await page.getByTestId('leave-approver').click();
    await chooseUser(page, '李红');
    await expect.poll(() => page.getByTestId('leave-approver').inputValue()).toContain('李红');
    await screenshot(page, 'approval-01-form-url');
    await page.getByTestId('leave-submit').click();
    await expect.poll(() => antMessage(page, '发起成功').count()).toBeGreaterThan(0);
    await page.waitForURL('**/workflow/process/send');

    // Under approval in the record's list: the tag, and no 编辑 / 删除 (only viewed); 撤回 and 审批详情 offered.
    await openPath(page, '/work/process/leave');
    const mine = page.getByTestId('crud-wf_leave').locator('tr.ant-table-row', { hasText: REASON });
    await expect.poll(() => mine.getByText('审批中').count()).toBe(1);
    await expect.poll(() => mine.getByRole('button', { name: '审批详情' }).count()).toBe(1);
    expect(await mine.getByRole('button', { name: '撤回' }).count()).toBe(1);
    expect(await mine.locator('[data-testid^="crud-row-delete-"]').count()).toBe(0);
    await screenshot(page, 'approval-02-list-under-approval');
    await logout(page);
  });

  it('李红 approves it from her to-do list', async () => {
    await login(page, 'lihong', '123456');
    await openPath(page, '/workflow/process/todo');
    const task = rowsOf('wf-table').filter({ hasText: '张伟' }).filter({ hasText: '请假' }).first();
    await expect.poll(() => task.count()).toBe(1);
    await screenshot(page, 'approval-03-todo');
    await task.locator('[data-testid^="wf-handle-"]').click();
    await expect.poll(() => page.getByTestId('leave-record').innerText()).toContain(REASON);
    await expect.poll(() => page.getByTestId('wf-history').innerText()).toContain('张伟');
    await page.getByTestId('wf-comment').fill('同意，注意交接');
    await screenshot(page, 'approval-04-handle');
    await page.getByTestId('wf-btn-wf_pass').click();
    await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
    await page.waitForURL('**/workflow/process/todo');
    await logout(page);
  });

  it('张伟 sees it approved in the list, in 流转信息 and in 审批详情', async () => {
    await login(page, 'zhangwei', '123456');
    await openPath(page, '/work/process/leave');
    const mine = page.getByTestId('crud-wf_leave').locator('tr.ant-table-row', { hasText: REASON });
    await expect.poll(() => mine.getByText('审批通过').count()).toBe(1);
    expect(await mine.getByRole('button', { name: '撤回' }).count()).toBe(0);
    await screenshot(page, 'approval-05-list-approved');

    // The status tag: 流转信息 with the diagram, no current node (ended) and the history.
    await mine.getByText('审批通过').click();
    const circulation = page.getByTestId('circulation-drawer');
    await expect.poll(() => circulation.getByTestId('circulation-finished').isVisible()).toBe(true);
    await expect.poll(() => circulation.getByTestId('flow-chart-canvas').getAttribute('data-ready')).toBe('true');
    await expect.poll(() => circulation.getByTestId('circulation-history').innerText()).toContain('同意，注意交接');
    await drawerIn();
    await screenshot(page, 'approval-06-circulation');
    await page.keyboard.press('Escape');
    await expect.poll(() => circulation.isVisible()).toBe(false);

    // 审批详情: 基本信息, 审批详情 (only when approved) with the status and the history, 审批节点图.
    await mine.getByRole('button', { name: '审批详情' }).click();
    const drawer = page.getByTestId('approval-drawer');
    await expect.poll(() => drawer.locator('.ant-tabs-tab').allInnerTexts()).toEqual(['基本信息', '审批详情', '审批节点图']);
    await expect.poll(() => drawer.getByTestId('record-details').innerText()).toContain(REASON);
    // A reference shows the name the record carries (审批人 李红), not its id.
    expect(await drawer.getByTestId('record-details-taskUser').innerText()).toBe('李红');
    await drawerIn();
    await screenshot(page, 'approval-07-drawer-basic');
    await drawer.getByTestId('approval-tab-approval').click();
    const detail = drawer.getByTestId('approval-detail');
    await expect.poll(() => detail.getByTestId('approval-status').innerText()).toBe('审批通过');
    await expect.poll(() => detail.innerText()).toContain('同意，注意交接');
    await screenshot(page, 'approval-08-drawer-approved');
    await drawer.getByTestId('approval-tab-diagram').click();
    await expect.poll(() => drawer.getByTestId('flow-chart-canvas').getAttribute('data-ready')).toBe('true');
    await screenshot(page, 'approval-09-drawer-diagram');
    expect(errors).toEqual([]);
  });
});

// ---------------------------------------------------------------- 批量审批, with requests started over the API

const base = inject('baseUrl');
let clientBasic = '';
const tokens: Record<string, { token: string; userId: string }> = {};

async function signIn(account: string) {
  if (!clientBasic) clientBasic = /"clientBasic":"([^"]+)"/.exec(await (await fetch(`${base}/login`)).text())![1]!;
  const captcha = (await (await fetch(`${base}/api/blade-auth/oauth/captcha`, { headers: { Authorization: `Basic ${clientBasic}` } })).json()) as {
    key: string;
    testCode: string;
  };
  const query = new URLSearchParams({
    tenantId: '000000',
    username: account,
    password: createHash('md5').update('123456').digest('hex'),
    grant_type: 'captcha',
    scope: 'all',
    type: 'account',
  });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: `Basic ${clientBasic}`, 'Tenant-Id': '000000', 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.testCode },
  });
  const answer = (await res.json()) as { access_token: string; user_id: string };
  tokens[account] = { token: answer.access_token, userId: answer.user_id };
}

async function api<T>(account: string, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      Authorization: `Basic ${clientBasic}`,
      'Blade-Auth': `bearer ${tokens[account]!.token}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${url}: ${envelope.msg}`);
  return envelope.data;
}

describe('批量审批', () => {
  it('李红 approves two requests at once with one comment and sees each one done', async () => {
    await signIn('zhangwei');
    await signIn('lihong');
    const ask = () =>
      api<{ serialNumber: string }>('zhangwei', 'POST', '/api/blade-desk/process/leave/start', {
        leaveType: 1,
        startTime: '2026-12-21',
        endTime: '2026-12-22',
        reason: `${REASON}批量`,
        taskUser: tokens.lihong!.userId,
      });
    const serials = [(await ask()).serialNumber, (await ask()).serialNumber];
    // Their tasks, as 李红's to-do list answers (other suites share the server: only these two are chosen).
    const taskIds: string[] = [];
    for (const serialNumber of serials) {
      const todo = await api<{ records: { taskId: string }[] }>(
        'lihong',
        'GET',
        `/api/blade-workflow/process/todo?processDefinitionKey=Leave&serialNumber=${serialNumber}`,
      );
      taskIds.push(todo.records[0]!.taskId);
    }

    await logout(page); // 张伟, from the story above
    await login(page, 'lihong', '123456');
    await openPath(page, '/workflow/batchApproval');
    for (const taskId of taskIds) await page.locator(`[data-testid="wf-batch-table"] tr[data-row-key="${taskId}"] input[type=checkbox]`).check();
    await expect.poll(() => page.getByTestId('wf-batch-count').innerText()).toBe('已选择 2 项');
    await page.getByTestId('wf-batch-approve').click();
    await page.getByTestId('wf-batch-comment').fill('同意(批量)');
    await page.getByTestId('wf-batch-submit').click();
    await expect.poll(() => page.getByTestId('wf-batch-summary').innerText()).toBe('共 2 项:成功 2 项,失败 0 项');
    await screenshot(page, 'approval-10-batch');
    await page.getByTestId('wf-batch-close').click();
    for (const taskId of taskIds) await expect.poll(() => page.locator(`[data-testid="wf-batch-table"] tr[data-row-key="${taskId}"]`).count()).toBe(0);
    // Approved to the end: both requests are finished in 张伟's list (a serial number is one process's: Leave's).
    for (const serialNumber of serials) {
      const send = await api<{ records: { processIsFinished: string }[] }>(
        'zhangwei',
        'GET',
        `/api/blade-workflow/process/send?processDefinitionKey=Leave&serialNumber=${serialNumber}`,
      );
      expect(send.records.map((r) => r.processIsFinished)).toEqual(['finished']);
    }
    expect(errors).toEqual([]);
  });
});
