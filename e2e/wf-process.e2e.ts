/**
 * The process screens as people use them: a designed process (form with a required field and a format, the next
 * approver chosen at the start) is started from 新建流程 — the empty form shows its messages joined by ' | ', a
 * draft is saved and reopened, then it starts with an approver, a CC user and a file (发起成功 → 我的请求);
 * the leave process starts through its external form (from 新建流程 and from 请假流程 → 请假申请). The approver
 * opens the tasks (their addresses built from the to-do API, as a user following a link would):
 * the timeline, 请填写批复意见 on an empty comment, 转办 (转办成功), 终止 (确定要终止此流程吗?), 同意 and 回退
 * (回退成功); the person the task was transferred to approves it and the leave is approved.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antMessage, chooseUser, login, logout, openBrowser, openPath, screenshot, searchStartList, openDropdown } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hjl-e2e-wfp-'));
const WF = '/api/blade-workflow/process';
const KEY = 'e2e_wfp';
const REASON = `e2e外出事由${Date.now() % 100000}`;

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
  // The paths the app navigates to: the lists it returns to are tested by wf-lists.e2e.ts.
  await page.addInitScript(() => {
    const w = window as unknown as { __paths: string[] };
    w.__paths = [];
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url) w.__paths.push(new URL(String(url), location.href).pathname);
        original(data, unused, url);
      };
    }
  });
});
afterAll(async () => {
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Calls the API as the signed-in browser user. */
async function api(method: 'GET' | 'POST', url: string, data?: unknown, params?: Record<string, string>) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('saber-access-token') ?? 'null') as string);
  const res = await page.request.fetch(url, {
    method,
    headers: { 'Blade-Auth': `bearer ${token}` },
    ...(data === undefined ? {} : { data }),
    ...(params ? { params } : {}),
  });
  return (await res.json()) as { code: number; data: any; msg: string };
}

interface TodoRow {
  taskId: string;
  taskName: string;
  processInstanceId: string;
  processDefinitionKey: string;
  businessKey: string | null;
  startUserName: string;
}
const todo = async () => ((await api('GET', `${WF}/todo`, undefined, { size: '100' })).data.records as TodoRow[]).filter((r) => r.startUserName === '陈静');

/** The handle screen's address (processRoute's payload: base64 of the params' JSON). */
const detailPath = (r: TodoRow) =>
  `/workflow/process/detail/${encodeURIComponent(Buffer.from(JSON.stringify({ taskId: r.taskId, processInsId: r.processInstanceId, type: 'detail' })).toString('base64'))}`;

/** Picks a user in the 人员选择 dialog the input of `testId` opens. */
async function pickUser(testId: string, name: string) {
  await page.getByTestId(testId).click();
  const picker = page.locator('.ant-modal:visible', { hasText: '人员选择' });
  await expect.poll(() => picker.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
  await chooseUser(page, name);
  await expect.poll(() => page.getByTestId(testId).inputValue()).toContain(name);
}

/** The app went to this list (its page may not be merged yet: then /404 follows). */
async function wentTo(pathname: string) {
  await expect.poll(() => page.evaluate(() => (window as unknown as { __paths: string[] }).__paths)).toContain(pathname);
}

async function pickDate(testId: string, date: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(date);
  await page.keyboard.press('Enter');
}

/** The leave form, filled and sent. */
async function sendLeave(reason: string) {
  await page.getByTestId('leave-type').click();
  await openDropdown(page).getByTitle('事假', { exact: true }).click();
  await pickDate('leave-start', '2026-12-07');
  await pickDate('leave-end', '2026-12-08');
  await expect.poll(() => page.getByTestId('leave-days').inputValue()).toBe('2');
  await page.getByTestId('leave-reason').fill(reason);
  await pickUser('leave-approver', '刘洋');
  await page.getByTestId('leave-submit').click();
  await expect.poll(() => antMessage(page, '发起成功').count()).toBeGreaterThan(0);
  await wentTo('/workflow/process/send');
}

describe('starting', () => {
  it('the administrator designs and deploys a process with a form (through the design API)', async () => {
    await login(page);
    const D = '/api/blade-workflow/design';
    const content = [
      { columnName: 'reason', columnDescribe: '事由', columnType: 1 },
      { columnName: 'phone', columnDescribe: '联系电话', columnType: 1, isRequired: 0, format: 'mobile' },
    ];
    expect((await api('POST', `${D}/form/submit`, { formKey: `${KEY}_form`, name: 'e2e外出表单', content })).code).toBe(200);
    const NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"';
    const xml = `<definitions ${NS}><process id="${KEY}" name="e2e外出申请" isExecutable="true">
      <startEvent id="start" flowable:formKey="${KEY}_form"/><sequenceFlow id="a" sourceRef="start" targetRef="first"/>
      <userTask id="first" name="部门审批" flowable:assignee="\${approver}" flowable:formKey="${KEY}_form"/><sequenceFlow id="b" sourceRef="first" targetRef="second"/>
      <userTask id="second" name="复核" flowable:assignee="\${approver}"/><sequenceFlow id="c" sourceRef="second" targetRef="end"/><endEvent id="end"/></process></definitions>`;
    const model = await api('POST', `${D}/model/submit`, { name: 'e2e外出申请', xml });
    expect(model.code, model.msg).toBe(200);
    const dep = await api('POST', `${D}/model/deploy`, undefined, { id: String(model.data.id) });
    expect(dep.code, dep.msg).toBe(200);
    await logout(page);
  });

  it('新建流程 lists what 陈静 may start; 发起 opens the start screen of the designed form', async () => {
    await login(page, 'chenjing', '123456');
    await openPath(page, '/workflow/process/start');
    await searchStartList(page, '请假流程');
    await expect.poll(() => page.getByTestId('wf-start-table').locator('tr', { hasText: '请假流程' }).count()).toBe(1);
    await searchStartList(page, 'e2e外出申请');
    const row = page.getByTestId('wf-start-table').locator('tr', { hasText: 'e2e外出申请' });
    await expect.poll(() => row.count()).toBe(1);
    await screenshot(page, 'wf-process-01-start-list');
    await page.getByTestId(`wf-start-${KEY}`).click();
    await page.waitForURL('**/workflow/process/start/**');
    await expect.poll(() => page.getByTestId('wf-start-form').isVisible()).toBe(true);
  });

  it('an empty form shows every message joined by " | "; a draft is saved and reopened', async () => {
    await page.getByTestId('wf-start-submit').click();
    await expect.poll(() => antMessage(page, '请填写事由 | 请选择下一步审批人').count()).toBeGreaterThan(0);
    await screenshot(page, 'wf-process-02-start-errors');
    await page.getByTestId('dyn-reason').fill(REASON);
    await page.getByTestId('wf-start-draft').click();
    await expect.poll(() => antMessage(page, '草稿保存成功').count()).toBeGreaterThan(0);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByTestId('dyn-reason').inputValue()).toBe(REASON);
    expect(await page.getByTestId('wf-draft-loaded').isVisible()).toBe(true);
    await screenshot(page, 'wf-process-03-draft-reopened');
  });

  it('a bad format is refused; with an approver, a CC user and a file it starts (发起成功 → 我的请求)', async () => {
    await page.getByTestId('dyn-phone').fill('123');
    await page.getByTestId('wf-start-submit').click();
    await expect.poll(() => antMessage(page, '请输入正确的手机号码 | 请选择下一步审批人').count()).toBeGreaterThan(0);
    await page.getByTestId('dyn-phone').fill('13912345678');
    await pickUser('wf-next-approver', '刘洋');
    await pickUser('wf-start-copy', '张伟');
    const file = path.join(tmp, '行程安排.pdf');
    fs.writeFileSync(file, '%PDF-1.4 行程安排');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('wf-start-attachments-upload').click();
    await (await chooser).setFiles(file);
    await expect.poll(() => page.getByTestId('wf-start-attachments-item').count()).toBe(1);
    await screenshot(page, 'wf-process-04-start-filled');
    await page.getByTestId('wf-start-submit').click();
    await expect.poll(() => antMessage(page, '发起成功').count()).toBeGreaterThan(0);
    await wentTo('/workflow/process/send');
    // The draft is used up.
    expect((await api('GET', `${WF}/draft/detail`, undefined, { processDefKey: KEY })).data?.id).toBeUndefined();
  });

  it('the leave process starts through its external form, from 新建流程 and from 请假流程 → 请假申请', async () => {
    await openPath(page, '/workflow/process/start');
    await searchStartList(page, '请假流程');
    await page.getByTestId('wf-start-Leave').click();
    await page.waitForURL('**/workflow/process/external/leave/start?p=**');
    await page.getByTestId('leave-submit').click();
    await expect.poll(() => antMessage(page, '请选择请假类型 | 请选择开始时间 | 请选择结束时间 | 请输入请假理由 | 请选择审批人').count()).toBeGreaterThan(0);
    await screenshot(page, 'wf-process-05-leave-form');
    await sendLeave(`${REASON}-转办`);

    await openPath(page, '/work/process/leave');
    await page.getByTestId('crud-add').filter({ hasText: '请假申请' }).click();
    await page.waitForURL('**/work/process/leave/form/**');
    await sendLeave(`${REASON}-终止`);
    await openPath(page, '/work/process/leave');
    const mine = page.getByTestId('crud-wf_leave').locator('tr', { hasText: REASON });
    await expect.poll(() => mine.count()).toBe(2);
    await expect.poll(() => mine.first().getByText('审批中').count()).toBe(1);
    await screenshot(page, 'wf-process-06-leave-list');
    await logout(page);
  });
});

describe('handling', () => {
  it('the approver sees the leave and its timeline; an empty comment is refused; 转办 to 赵敏', async () => {
    await login(page, 'liuyang', '123456');
    const row = (await todo()).find((r) => r.processDefinitionKey === 'Leave');
    expect(row).toBeTruthy();
    const rows = await todo();
    const leaves = rows.filter((r) => r.processDefinitionKey === 'Leave');
    expect(leaves).toHaveLength(2);
    // The one to transfer: find it by its reason on the leave record.
    const reasons = await Promise.all(
      leaves.map(
        async (r) => (await api('GET', '/api/blade-desk/process/leave/detail', undefined, { processInstanceId: r.processInstanceId })).data.reason as string,
      ),
    );
    const transfer = leaves[reasons.indexOf(`${REASON}-转办`)]!;
    const businessId = /(\d+)$/.exec(transfer.businessKey ?? '')![1]!;
    await openPath(page, `/work/process/leave/handle/${transfer.taskId}/${transfer.processInstanceId}/${businessId}`);
    await expect.poll(() => page.getByTestId('leave-record').innerText()).toContain(`${REASON}-转办`);
    await expect.poll(() => page.getByTestId('wf-history').innerText()).toContain('陈静');
    await screenshot(page, 'wf-process-07-leave-handle');
    await page.getByTestId('wf-btn-wf_pass').click();
    await expect.poll(() => antMessage(page, '请填写批复意见').count()).toBeGreaterThan(0);
    await page.getByTestId('wf-comment').fill('请赵敏处理');
    await page.getByTestId('wf-btn-wf_transfer').click();
    await pickUser('wf-dialog-users', '赵敏');
    await screenshot(page, 'wf-process-08-transfer');
    await page.getByTestId('wf-dialog-ok').click();
    await expect.poll(() => antMessage(page, '转办成功').count()).toBeGreaterThan(0);
    await wentTo('/workflow/process/todo');
  });

  it('terminates the other leave (确定要终止此流程吗?)', async () => {
    const other = (await todo()).find((r) => r.processDefinitionKey === 'Leave')!;
    await openPath(page, detailPath(other));
    await expect.poll(() => page.getByTestId('leave-record').innerText()).toContain(`${REASON}-终止`);
    await page.getByTestId('wf-comment').fill('行程取消');
    await page.getByTestId('wf-btn-wf_terminate').click();
    await expect.poll(() => page.locator('.ant-modal-confirm').innerText()).toContain('确定要终止此流程吗?');
    await screenshot(page, 'wf-process-09-terminate-confirm');
    await page.getByTestId('wf-terminate-ok').click();
    await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
    expect((await api('GET', '/api/blade-desk/process/leave/detail', undefined, { processInstanceId: other.processInstanceId })).data.status).toBe(3);
  });

  it('approves the designed process with its form, then rolls the next task back (回退成功)', async () => {
    const first = (await todo()).find((r) => r.processDefinitionKey === KEY)!;
    await openPath(page, detailPath(first));
    await expect.poll(() => page.getByTestId('dyn-reason').inputValue()).toBe(REASON);
    await expect.poll(() => page.getByTestId('wf-start-files').innerText()).toContain('行程安排.pdf');
    await screenshot(page, 'wf-process-10-handle');
    await page.getByTestId('wf-comment').fill('同意外出');
    await page.getByTestId('wf-btn-wf_pass').click();
    await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
    await wentTo('/workflow/process/todo');

    const second = (await todo()).find((r) => r.processDefinitionKey === KEY)!;
    expect(second.taskName).toBe('复核');
    await openPath(page, detailPath(second));
    await expect.poll(() => page.getByTestId('wf-history').innerText()).toContain('同意外出');
    await page.getByTestId('wf-comment').fill('请补充行程');
    await page.getByTestId('wf-btn-wf_rollback').click();
    await page.getByTestId('wf-back-node').click();
    await openDropdown(page).getByTitle('部门审批', { exact: true }).click();
    await page.getByTestId('wf-dialog-ok').click();
    await expect.poll(() => antMessage(page, '回退成功').count()).toBeGreaterThan(0);
    expect((await todo()).find((r) => r.processDefinitionKey === KEY)?.taskName).toBe('部门审批');
    await logout(page);
  });

  it('赵敏 approves the transferred leave; it is approved', async () => {
    await login(page, 'zhaomin', '123456');
    const task = (await todo()).find((r) => r.processDefinitionKey === 'Leave')!;
    await openPath(page, detailPath(task));
    await expect.poll(() => page.getByTestId('wf-history').innerText()).toContain('请赵敏处理');
    await page.getByTestId('wf-history').scrollIntoViewIfNeeded();
    await screenshot(page, 'wf-process-11-timeline');
    await page.getByTestId('wf-comment').fill('同意');
    await page.getByTestId('wf-btn-wf_pass').click();
    await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
    expect((await api('GET', '/api/blade-desk/process/leave/detail', undefined, { processInstanceId: task.processInstanceId })).data.status).toBe(2);
    expect(errors).toEqual([]);
  });
});
