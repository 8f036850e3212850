/**
 * The workflow lists, the flow chart and the operations console as their users meet them. Leave requests are
 * started over the API (the demo `Leave` process: 审批人审批 → more than 3 days → 总经理审批, candidate group
 * manager), then: the applicant finds them in 我的请求, opens a flow chart with coloured nodes and withdraws one;
 * the approver sees hers in 待办; a manager claims one in 待签; a copy shows in 抄送事务; the administrator, in
 * 流程运维, changes the assignee of two tasks at once, suspends and activates a process, dispatches one to a
 * node and deletes one. Rows are found by their own serial numbers (other suites share the server).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { antMessage, chooseUser, login, logout, openBrowser, openPath, screenshot, openDropdown } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const base = inject('baseUrl');

interface Started {
  processInstanceId: string;
  serialNumber: string;
}
interface Row {
  taskId: string;
  taskName: string;
  processInstanceId: string;
  assignee: string | null;
  assigneeName: string | null;
  suspended: boolean;
}

// ---------------------------------------------------------------- the API, as the users concerned

let clientBasic = '';
const tokens: Record<string, { token: string; userId: string }> = {};

async function signIn(account: string, password: string) {
  if (!clientBasic) clientBasic = /"clientBasic":"([^"]+)"/.exec(await (await fetch(`${base}/login`)).text())![1]!;
  const captcha = (await (await fetch(`${base}/api/blade-auth/oauth/captcha`, { headers: { Authorization: `Basic ${clientBasic}` } })).json()) as {
    key: string;
    testCode: string;
  };
  const query = new URLSearchParams({
    tenantId: '000000',
    username: account,
    password: createHash('md5').update(password).digest('hex'),
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

/** A leave request of `account` with 李红 as approver; more than 3 days go on to 总经理审批. */
const askLeave = (account: string, days: number) =>
  api<Started>(account, 'POST', '/api/blade-desk/process/leave/start', {
    leaveType: 1,
    startTime: '2026-12-01',
    endTime: `2026-12-${String(days).padStart(2, '0')}`,
    reason: '浏览器测试',
    taskUser: tokens.lihong!.userId,
  });
/** The open tasks of an instance, as the operations console lists them. */
const tasksOf = async (processInstanceId: string) =>
  (await api<{ records: Row[] }>('admin', 'GET', `/api/blade-workflow/ops/list?processInstanceId=${processInstanceId}`)).records;

// ---------------------------------------------------------------- the browser

const rowsOf = (testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');

/**
 * Opens a list and searches it by process name and serial number: a serial number is counted per process, so the demo
 * tenant's other processes of the day (its records under approval) carry the same numbers.
 */
async function searchList(path: string, serialNumber: string, form = 'wf-search') {
  await openPath(page, path);
  await page.getByTestId(`${form}-processDefinitionName`).fill('请假');
  await page.getByTestId(`${form}-serialNumber`).fill(serialNumber);
  await page.getByTestId(`${form}-submit`).click();
  await page.waitForLoadState('networkidle');
}

let signedIn = false;
async function loginAs(account: string, password = '123456') {
  if (signedIn) await logout(page);
  await login(page, account, password);
  signedIn = true;
}

let leave: Record<'chart' | 'withdraw' | 'todo' | 'a' | 'b', Started>;

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
  for (const [a, p] of [
    ['admin', 'admin'],
    ['zhangwei', '123456'],
    ['lihong', '123456'],
    ['chenjing', '123456'],
  ] as const)
    await signIn(a, p);
  leave = {
    chart: await askLeave('zhangwei', 5),
    withdraw: await askLeave('zhangwei', 2),
    todo: await askLeave('zhangwei', 2),
    a: await askLeave('zhangwei', 5),
    b: await askLeave('zhangwei', 5),
  };
  // 李红 approves the first: five days go on to 总经理审批, unclaimed (candidate group manager).
  const [task] = await tasksOf(leave.chart.processInstanceId);
  await api('lihong', 'POST', '/api/blade-workflow/process/completeTask', { taskId: task!.taskId, pass: true, comment: '同意' });
  await api('zhangwei', 'POST', '/api/blade-workflow/process/copy', { processInstanceId: leave.chart.processInstanceId, copyUser: tokens.chenjing!.userId });
});
afterAll(() => close());

describe('the lists', () => {
  it('我的请求: the applicant finds the request, opens its flow chart with the node states and withdraws another', async () => {
    await loginAs('zhangwei');
    await searchList('/workflow/process/send', leave.chart.serialNumber);
    await expect.poll(() => rowsOf('wf-table').count()).toBe(1);
    const row = rowsOf('wf-table').first();
    await expect.poll(() => row.innerText()).toContain('总经理审批');
    expect(await row.innerText()).toContain('审批中');
    await screenshot(page, 'wf-lists-01-send');

    await page.getByTestId(`wf-chart-${leave.chart.processInstanceId}`).click();
    const dialog = page.getByTestId('flow-chart-dialog');
    await expect.poll(() => dialog.getByText('流程图展示').count()).toBe(1);
    await expect.poll(() => dialog.getByTestId('flow-chart-canvas').getAttribute('data-ready')).toBe('true');
    // start and 审批人审批 done, 总经理审批 running, the flows taken coloured.
    expect(await dialog.locator('.djs-element.wf-node-success[data-element-id="approverTask"]').count()).toBe(1);
    expect(await dialog.locator('.djs-element.wf-node-primary[data-element-id="managerTask"]').count()).toBe(1);
    expect(await dialog.locator('.djs-element.wf-line-taken').count()).toBeGreaterThan(1);
    const stroke = await dialog.locator('[data-element-id="managerTask"] .djs-visual > :first-child').evaluate((el) => getComputedStyle(el).stroke);
    expect(stroke).toBe('rgb(22, 119, 255)');
    await screenshot(page, 'wf-lists-02-flow-chart');
    await page.keyboard.press('Escape');

    await searchList('/workflow/process/send', leave.withdraw.serialNumber);
    await page.getByTestId(`wf-withdraw-${leave.withdraw.processInstanceId}`).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => antMessage(page, '撤回成功').count()).toBeGreaterThan(0);
    await expect.poll(() => rowsOf('wf-table').first().innerText()).toContain('已撤回');
    expect(await page.getByTestId(`wf-withdraw-${leave.withdraw.processInstanceId}`).count()).toBe(0);

    // 办结事务: the withdrawn request has ended.
    await searchList('/workflow/process/myDone', leave.withdraw.serialNumber);
    await expect.poll(() => rowsOf('wf-table').count()).toBe(1);
    await screenshot(page, 'wf-lists-03-my-done');
  });

  it('待办 and 已办: the approver sees her task to handle and the one she approved', async () => {
    await loginAs('lihong');
    await searchList('/workflow/process/todo', leave.todo.serialNumber);
    await expect.poll(() => rowsOf('wf-table').count()).toBe(1);
    expect(await rowsOf('wf-table').first().innerText()).toContain('审批人审批');
    const [task] = await tasksOf(leave.todo.processInstanceId);
    expect(await page.getByTestId(`wf-handle-${task!.taskId}`).innerText()).toMatch(/办\s*理/);
    await screenshot(page, 'wf-lists-04-todo');

    await searchList('/workflow/process/done', leave.chart.serialNumber);
    await expect.poll(() => rowsOf('wf-table').count()).toBe(1);
    await screenshot(page, 'wf-lists-05-done');
  });

  it('待签: a manager claims the task of the 总经理审批 group; it leaves the list', async () => {
    await loginAs('wangjianguo');
    await searchList('/workflow/process/claim', leave.chart.serialNumber);
    await expect.poll(() => rowsOf('wf-table').count()).toBe(1);
    await screenshot(page, 'wf-lists-06-claim');
    const [task] = await tasksOf(leave.chart.processInstanceId);
    await page.getByTestId(`wf-claim-${task!.taskId}`).click();
    await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
    await expect.poll(() => rowsOf('wf-table').count()).toBe(0);
    expect((await tasksOf(leave.chart.processInstanceId))[0]!.assigneeName).toBe('王建国');
  });

  it('抄送事务: the copy reaches its reader', async () => {
    await loginAs('chenjing');
    await searchList('/workflow/process/copy', leave.chart.serialNumber);
    await expect.poll(() => rowsOf('wf-table').count()).toBe(1);
    expect(await rowsOf('wf-table').first().innerText()).toContain('张伟');
    await screenshot(page, 'wf-lists-07-copy');
  });
});

describe('流程运维', () => {
  it('changes the assignee of two tasks at once', async () => {
    await loginAs('admin', 'admin');
    await openPath(page, '/workflow/ops');
    await page.getByTestId('ops-search-tasks-startUserName').fill('张伟');
    await page.getByTestId('ops-search-tasks-submit').click();
    await page.waitForLoadState('networkidle');
    const ids = [(await tasksOf(leave.a.processInstanceId))[0]!.taskId, (await tasksOf(leave.b.processInstanceId))[0]!.taskId];
    for (const id of ids) await page.getByTestId('ops-table-tasks').locator(`tr[data-row-key="${id}"] .ant-checkbox-input`).check();
    await screenshot(page, 'wf-lists-08-ops');
    await page.getByTestId('ops-assignee').click();
    await expect.poll(() => page.getByTestId('ops-dialog').getByText('变更办理人（已选 2 条）').count()).toBe(1);
    await page.getByTestId('ops-dialog-assignee').click();
    await chooseUser(page, '陈静');
    await expect.poll(() => page.getByTestId('ops-dialog-assignee').inputValue()).toBe('陈静');
    await page.getByTestId('ops-dialog-ok').click();
    await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
    for (const id of ids) await expect.poll(() => page.getByTestId('ops-table-tasks').locator(`tr[data-row-key="${id}"]`).innerText()).toContain('陈静');
    expect((await tasksOf(leave.a.processInstanceId))[0]!.assignee).toBe(tokens.chenjing!.userId);
  });

  it('suspends and activates a process, dispatches one to a node and deletes one', async () => {
    await page.getByTestId('ops-tab-running').click();
    const running = () => page.getByTestId('ops-table-running').locator(`tr[data-row-key="${leave.a.processInstanceId}"]`);
    await page.getByTestId('ops-search-running-serialNumber').fill(leave.a.serialNumber);
    await page.getByTestId('ops-search-running-submit').click();
    await running().locator('.ant-checkbox-input').check();
    await page.getByTestId('ops-suspend').click();
    await page.getByTestId('ops-dialog-ok').click();
    await expect.poll(() => running().innerText()).toContain('已挂起');
    expect((await tasksOf(leave.a.processInstanceId))[0]!.suspended).toBe(true);
    await running().locator('.ant-checkbox-input').check();
    await page.getByTestId('ops-activate').click();
    await page.getByTestId('ops-dialog-ok').click();
    await expect.poll(() => running().innerText()).toContain('审批中');

    // 调度 to 总经理审批.
    await running().locator('.ant-checkbox-input').check();
    await page.getByTestId('ops-dispatch').click();
    await page.getByTestId('ops-dialog-node').click();
    await openDropdown(page).getByTitle('总经理审批', { exact: true }).click();
    await page.getByTestId('ops-dialog-ok').click();
    await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
    await expect.poll(async () => (await tasksOf(leave.a.processInstanceId)).map((t) => t.taskName)).toEqual(['总经理审批']);

    // 删除流程 asks for the reason.
    const other = () => page.getByTestId('ops-table-running').locator(`tr[data-row-key="${leave.b.processInstanceId}"]`);
    await page.getByTestId('ops-search-running-serialNumber').fill(leave.b.serialNumber);
    await page.getByTestId('ops-search-running-submit').click();
    await other().locator('.ant-checkbox-input').check();
    await page.getByTestId('ops-delete').click();
    await page.getByTestId('ops-dialog-ok').click();
    await expect.poll(() => page.getByTestId('ops-dialog').getByText('请填写删除原因').count()).toBe(1);
    await page.getByTestId('ops-dialog-reason').fill('重复发起');
    await page.getByTestId('ops-dialog-ok').click();
    await expect.poll(() => antMessage(page, '删除成功').count()).toBeGreaterThan(0);
    await expect.poll(() => other().count()).toBe(0);
    expect(await tasksOf(leave.b.processInstanceId)).toEqual([]);
    await screenshot(page, 'wf-lists-09-ops-running');
    expect(errors).toEqual([]);
  });
});
