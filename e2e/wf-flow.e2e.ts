/**
 * One approval process from design to the end, through the real screens, as the people involved use them:
 * - the administrator designs a form (表单设计: 事由 required, 金额 required with the money format) and a model
 *   (模型设计, bpmn-js): start → 提交申请 (the applicant, skipped at the start) → 部门审批 (李红, picked in the user
 *   picker) → 财务审批 (王建国; a 会签 node of one instance, so that 加签 can add signers) → end, with each node's
 *   buttons (同意 驳回 回退, and 加签 on 财务审批) and 驳回 of 财务审批 going back to the applicant; saves and
 *   deploys it from the model list;
 * - 张伟 starts it from 新建流程 (the empty form is refused with the form's messages) → 发起成功;
 * - 李红 approves; 王建国 rejects (驳回) back to 张伟, who finds the task in his to-do, corrects the amount and
 *   submits it again; 李红 approves again; 王建国 rolls it back (回退) to 部门审批 → 回退成功; 李红 finds it in her to-do
 *   and opens its flow chart (流程图展示: finished nodes green, 部门审批 in progress, 财务审批 rolled back in red, taken
 *   flows orange) and approves a third time; 王建国 adds 孙磊 as a countersigner (加签成功) and approves; 孙磊 approves
 *   and the process ends;
 * - the flow chart of the finished process (财务审批 orange: rolled back and countersigned) and its timeline.
 * Every step is also checked in what the server answers (lists, the detail, the deployed XML).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antMessage, chooseUser, login, logout, openBrowser, openMenu, pickOption, screenshot, searchStartList, openDropdown } from './browser.ts';

let page: Page;
let close: () => Promise<void>;
const errors: string[] = [];
const RUN = Date.now().toString(36);
const FORM_KEY = `wff_form_${RUN}`;
const FORM_NAME = `费用报销单${RUN}`;
const MODEL_KEY = `wff_${RUN}`;
const PROCESS = `费用报销${RUN}`;
const REASON = `北京出差住宿${RUN}`;
const WF = '/api/blade-workflow/process';

beforeAll(async () => {
  ({ page, close } = await openBrowser());
  page.on('pageerror', (e) => errors.push(e.message));
  // Leaving the designer with unsaved changes asks (beforeunload): the test leaves.
  page.on('dialog', (d) => void d.accept());
});
afterAll(() => close());

/** Calls the API as the signed-in browser user. */
async function api<T = any>(method: 'GET' | 'POST', url: string, params?: Record<string, string>): Promise<{ code: number; data: T; msg: string }> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('saber-access-token') ?? 'null') as string);
  const res = await page.request.fetch(url, { method, headers: { 'Blade-Auth': `bearer ${token}` }, ...(params ? { params } : {}) });
  return (await res.json()) as { code: number; data: T; msg: string };
}

let signedIn = false;
/** Signs in as `account` (signing the previous user out through the user menu). */
async function signInAs(account: string, password = '123456') {
  if (signedIn) await logout(page);
  await login(page, account, password);
  signedIn = true;
}

/** The element of `testId` that is shown (pages of other tabs stay mounted, hidden). */
const shown = (testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

/** Picks a user in the 人员选择 dialog the input of `testId` opens. */
async function pickUser(testId: string, name: string) {
  await shown(testId).click();
  await chooseUser(page, name);
  await expect.poll(() => shown(testId).inputValue()).toContain(name);
  await expect.poll(() => page.locator('.ant-modal:visible', { hasText: '人员选择' }).count()).toBe(0);
}

/** The row of this run's process in a process list (待办事务, 我的请求 …). */
const listRow = (kind: string) => page.getByTestId(`wf-list-${kind}`).locator('tbody tr.ant-table-row', { hasText: PROCESS });

/** Opens 待办事务, finds this process at `taskName` and opens its handle screen with 办理. */
async function openTask(taskName: string, shot?: string) {
  await openMenu(page, '流程管理', '待办事务');
  await expect.poll(() => listRow('todo').count()).toBe(1);
  expect(await listRow('todo').innerText()).toContain(taskName);
  if (shot) await screenshot(page, shot);
  await listRow('todo').locator('[data-testid^="wf-handle-"]').click();
  await page.waitForURL('**/workflow/process/detail/**');
  await expect.poll(() => shown('wf-current-task').innerText()).toBe(taskName);
  await expect.poll(() => shown('wf-approval').count()).toBe(1);
}

/** The node's buttons on the handle screen, as their texts (antd spaces two-character labels). */
const nodeButtons = async () => (await shown('wf-approval').locator('[data-testid^="wf-btn-"]').allInnerTexts()).map((t) => t.replace(/\s/g, ''));

/** Writes the comment and presses the button `code`, which answers 操作成功 and goes back to the to-do list. */
async function decide(code: 'wf_pass' | 'wf_reject', comment: string) {
  await shown('wf-comment').fill(comment);
  await shown(`wf-btn-${code}`).click();
  await expect.poll(() => antMessage(page, '操作成功').count()).toBeGreaterThan(0);
  await page.waitForURL('**/workflow/process/todo');
}

/** This run's instance as the signed-in user's list `kind` answers it. */
async function instanceIn(kind: 'send' | 'done' | 'myDone' | 'todo') {
  const list = await api<{
    records: { processInstanceId: string; processDefinitionName: string; taskName: string | null; assigneeName: string | null; processIsFinished: string }[];
  }>('GET', `${WF}/${kind}`, { processDefinitionName: PROCESS, size: '50' });
  expect(list.code, list.msg).toBe(200);
  return list.data.records.filter((r) => r.processDefinitionName === PROCESS);
}

/** Opens 流程图展示 from a list row and answers the markers of the drawn elements and the stroke of their shapes. */
async function flowChart(row: Locator) {
  await row.locator('[data-testid^="wf-chart-"]').click();
  const dialog = page.locator('.ant-modal:visible', { hasText: '流程图展示' });
  await expect.poll(() => dialog.getByTestId('flow-chart-canvas').getAttribute('data-ready')).toBe('true');
  expect(await dialog.getByTestId('flow-chart-legend').innerText()).toMatch(
    /已完成[\s\S]*进行中[\s\S]*转办\/委托\/调度\/加签\/撤回[\s\S]*驳回\/终止\/减签\/删除[\s\S]*已流转的连线/,
  );
  const states = await dialog.getByTestId('flow-chart-canvas').evaluate((canvas) => {
    const out: Record<string, { marker: string; stroke: string }> = {};
    for (const el of Array.from(canvas.querySelectorAll('.djs-element[data-element-id]'))) {
      const id = el.getAttribute('data-element-id')!;
      if (id.endsWith('_label')) continue;
      const marker = Array.from(el.classList)
        .filter((c) => c.startsWith('wf-'))
        .join(' ');
      const isFlow = el.classList.contains('djs-connection');
      // A shape's outline is the first element of its visual; a flow's line is its path (after the arrow's defs).
      const visual = el.querySelector(isFlow ? ':scope > .djs-visual > path' : ':scope > .djs-visual > :first-child');
      out[isFlow ? `flow:${id}` : id] = { marker, stroke: visual ? getComputedStyle(visual).stroke : '' };
    }
    return out;
  });
  return { dialog, states };
}

const GREEN = 'rgb(82, 196, 26)';
const BLUE = 'rgb(22, 119, 255)';
const ORANGE = 'rgb(250, 140, 22)';
const RED = 'rgb(255, 77, 79)';

describe('an expense claim from design to the end', () => {
  it('the administrator designs the form in 表单设计 and saves it', async () => {
    await signInAs('admin', 'admin');
    await openMenu(page, '流程管理', '表单设计');
    await shown('crud-add').click();
    await page.getByTestId('crud-form-formKey').fill(FORM_KEY);
    await page.getByTestId('crud-form-name').fill(FORM_NAME);
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    const row = shown('crud-table').locator('tr', { hasText: FORM_KEY });
    await expect.poll(() => row.count()).toBe(1);
    await row.locator('[data-testid^="form-row-design-"]').click();
    await page.waitForURL('**/workflow/design/form/designer/**');
    const formId = page.url().split('/').pop()!;
    await expect.poll(() => shown('form-designer').getByText(FORM_NAME).count()).toBe(1);

    const drawer = page.locator('.ant-drawer:visible');
    // 事由: text, required (a new field's default).
    await shown('field-add').click();
    await drawer.getByTestId('column-columnName').fill('reason');
    await drawer.getByTestId('column-columnDescribe').fill('事由');
    expect(await drawer.getByTestId('column-isRequired').getAttribute('aria-checked')).toBe('true');
    await drawer.getByTestId('column-ok').click();
    await expect.poll(() => page.getByTestId('field-row-reason').count()).toBe(1);
    // 金额: text with the money format, required.
    await shown('field-add').click();
    await drawer.getByTestId('column-columnName').fill('amount');
    await drawer.getByTestId('column-columnDescribe').fill('金额');
    await pickOption(page, 'column-format', '金额');
    await drawer.getByTestId('column-ok').click();
    await expect.poll(() => page.getByTestId('field-row-amount').count()).toBe(1);
    await expect.poll(() => page.getByTestId('form-preview').locator('.ant-form-item-label label').allTextContents()).toEqual(['事由', '金额']);
    // The preview runs the rules the start screen will.
    await page.getByTestId('preview-amount').fill('12.345');
    await page.getByTestId('preview-validate').click();
    await expect.poll(() => page.getByTestId('form-preview').getByText('请填写事由').count()).toBe(1);
    await expect.poll(() => page.getByTestId('form-preview').getByText('金额最多保留两位小数').count()).toBe(1);
    await screenshot(page, 'wf-flow-01-form-designer');

    await page.getByTestId('form-designer-note').fill('报销单初版');
    await page.getByTestId('form-designer-save').click();
    await expect.poll(() => antMessage(page, '保存成功,当前版本 V2').count()).toBeGreaterThan(0);
    const form = await api<{ formKey: string; content: string }>('GET', '/api/blade-workflow/design/form/detail', { id: formId });
    expect(form.data.formKey).toBe(FORM_KEY);
    const saved = JSON.parse(form.data.content) as { columnName: string; isRequired: number; format?: string }[];
    expect(saved.map((c) => [c.columnName, c.isRequired, c.format])).toEqual([
      ['reason', 1, undefined],
      ['amount', 1, 'money'],
    ]);
  });

  it('designs the two-step model in 模型设计, saves it and deploys it from the list', async () => {
    const users = async (name: string) =>
      (await api<{ records: { id: string; realName: string }[] }>('GET', '/api/blade-user/search/user', { realName: name })).data.records.find(
        (u) => u.realName === name,
      )!.id;
    const lihongId = await users('李红');
    const wangId = await users('王建国');

    await openMenu(page, '流程管理', '模型设计');
    await shown('crud-add').click();
    await page.getByTestId('crud-form-modelKey').fill(MODEL_KEY);
    await page.getByTestId('crud-form-name').fill(PROCESS);
    await pickOption(page, 'crud-form-formKey', `${FORM_NAME} (${FORM_KEY})`);
    await page.getByTestId('crud-form-submit').click();
    await expect.poll(() => antMessage(page, '新增成功').count()).toBeGreaterThan(0);
    await page.waitForURL('**/workflow/design/process/**');
    const modelId = page.url().split('/').pop()!;
    await expect.poll(() => page.locator('[data-testid="designer-canvas"] .djs-container').count()).toBe(1);

    const panel = page.getByTestId('designer-panel');
    const shape = (id: string) => page.locator(`[data-testid="designer-canvas"] .djs-element.djs-shape[data-element-id="${id}"]`);
    const pad = (action: string) => page.locator(`.djs-context-pad [data-action="${action}"]`);
    /** Appends a user task to the selected element with the context pad and names it. */
    const appendUserTask = async (from: string, id: string, name: string) => {
      // A click on the selected element unselects it.
      if (!(await shape(from).getAttribute('class'))!.includes('selected')) await shape(from).click();
      await pad('append.append-task').click();
      await page.keyboard.press('Escape'); // leave the label editing the new task starts with
      await pad('replace').click();
      await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
      await expect.poll(() => panel.innerText()).toContain('用户任务');
      await page.getByTestId('panel-id').fill(id);
      await page.getByTestId('panel-id').press('Enter');
      await expect.poll(() => shape(id).count()).toBe(1);
      await page.getByTestId('panel-name').fill(name);
      await page.getByTestId('panel-name').press('Enter');
      await expect.poll(() => shape(id).textContent()).toBe(name);
    };
    const buttons = async (...names: string[]) => {
      for (const n of names) await page.getByTestId('panel-buttons').getByText(n, { exact: true }).click();
      for (const n of names) expect(await page.getByTestId('panel-buttons').getByRole('checkbox', { name: n, exact: true }).isChecked()).toBe(true);
    };
    const userRule = async (name: string) => {
      await page.getByTestId('panel-rule-add').click();
      await pickUser('panel-rule-value-0', name);
    };

    await appendUserTask('start', 'apply', '提交申请');
    await page.getByTestId('panel-rule-add').click();
    await pickOption(page, 'panel-rule-type-0', '发起人');
    await buttons('同意');

    await appendUserTask('apply', 'dept', '部门审批');
    await userRule('李红');
    await buttons('同意', '驳回', '回退');

    await appendUserTask('dept', 'finance', '财务审批');
    await userRule('王建国');
    await buttons('同意', '驳回', '回退', '加签');
    // A 会签 node of one instance: the engine adds countersigners only to a multi-instance node.
    await page.getByTestId('panel-multi').getByText('并行', { exact: true }).click();
    await page.getByTestId('panel-multi-cardinality').fill('1');
    await page.getByTestId('panel-multi-cardinality').press('Enter');
    // 驳回 goes back to the applicant.
    await pickOption(page, 'panel-task-rollback', '提交申请');
    await pad('append.end-event').click();
    await expect.poll(() => panel.locator('h5').innerText()).toBe('结束事件');
    await page.getByTestId('panel-id').fill('end');
    await page.getByTestId('panel-id').press('Enter');
    await expect.poll(() => shape('end').count()).toBe(1);

    // The process: the applicant's own first node is passed at the start.
    await page.getByTestId('designer-fit').click();
    const canvasBox = (await page.getByTestId('designer-canvas').boundingBox())!;
    await page.mouse.click(canvasBox.x + canvasBox.width / 2, canvasBox.y + canvasBox.height - 15);
    await expect.poll(() => panel.locator('h5').innerText()).toBe('流程');
    await page.getByTestId('panel-skip-first').click();
    await expect.poll(() => page.getByTestId('panel-skip-first').getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'wf-flow-02-model-designer');

    await page.getByTestId('designer-version-remark').fill('两级审批');
    await page.getByTestId('designer-save').click();
    await expect.poll(() => antMessage(page, '保存成功,已生成新版本').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('designer-dirty').count()).toBe(0);
    const xml = (await api<{ xml: string }>('GET', '/api/blade-workflow/design/model/detail', { id: modelId })).data.xml;
    const task = (id: string) => new RegExp(`<userTask id="${id}"[^>]*>[\\s\\S]*?</userTask>`).exec(xml)?.[0] ?? '';
    expect(xml).toMatch(/<process id="[^"]+"[^>]*hjl:skipFirstNode="true"/);
    expect(xml).toMatch(new RegExp(`<startEvent id="start"[^>]*flowable:formKey="${FORM_KEY}"`));
    expect(task('apply')).toContain('<hjl:assignee type="starter" />');
    expect(task('dept')).toContain(`<hjl:assignee type="user" value="${lihongId}" />`);
    expect(task('dept')).toMatch(/name="部门审批"/);
    expect([...task('dept').matchAll(/<hjl:button code="(\w+)"/g)].map((m) => m[1])).toEqual(['wf_pass', 'wf_reject', 'wf_rollback']);
    expect(task('finance')).toContain(`<hjl:assignee type="user" value="${wangId}" />`);
    expect(task('finance')).toMatch(/hjl:rollbackNode="apply"/);
    expect([...task('finance').matchAll(/<hjl:button code="(\w+)"/g)].map((m) => m[1])).toEqual(['wf_pass', 'wf_reject', 'wf_rollback', 'wf_add_instance']);
    expect(task('finance')).toMatch(/<multiInstanceLoopCharacteristics>\s*<loopCardinality[^>]*>1<\/loopCardinality>/);
    expect(xml.match(/<sequenceFlow /g)).toHaveLength(4);

    // 部署 from the model list.
    await page.getByTestId('designer-back').click();
    await page.waitForURL('**/workflow/design/model');
    await shown('crud-search-modelKey').fill(MODEL_KEY);
    await shown('crud-search-submit').click();
    await expect.poll(() => shown('crud-table').locator('tbody tr.ant-table-row').count()).toBe(1);
    await page.getByTestId(`model-deploy-${modelId}`).click();
    await expect.poll(() => antMessage(page, '部署成功').count()).toBeGreaterThan(0);
    await screenshot(page, 'wf-flow-03-model-deployed');
    const defs = await api<{ records: { key: string; name: string; version: number }[] }>('GET', '/api/blade-flow/manager/list', { key: MODEL_KEY });
    expect(defs.data.records.filter((d) => d.key === MODEL_KEY).map((d) => [d.name, d.version])).toEqual([[PROCESS, 1]]);
  });

  it('张伟 starts it from 新建流程: the empty form is refused, the filled one starts (发起成功)', async () => {
    await signInAs('zhangwei');
    await openMenu(page, '流程管理', '新建流程');
    await searchStartList(page, PROCESS);
    const row = page.getByTestId('wf-start-table').locator('tr', { hasText: PROCESS });
    await expect.poll(() => row.count()).toBe(1);
    await screenshot(page, 'wf-flow-04-start-list');
    await page.getByTestId(`wf-start-${MODEL_KEY}`).click();
    await page.waitForURL('**/workflow/process/start/**');
    await expect.poll(() => shown('wf-start-form').isVisible()).toBe(true);
    await expect.poll(() => shown('wf-start-form').locator('.ant-form-item-label label').allTextContents()).toEqual(expect.arrayContaining(['事由', '金额']));

    await shown('wf-start-submit').click();
    await expect.poll(() => antMessage(page, '请填写事由 | 请填写金额').count()).toBeGreaterThan(0);
    await shown('dyn-reason').fill(REASON);
    await shown('dyn-amount').fill('1280.50');
    await screenshot(page, 'wf-flow-05-start-form');
    await shown('wf-start-submit').click();
    await expect.poll(() => antMessage(page, '发起成功').count()).toBeGreaterThan(0);
    await page.waitForURL('**/workflow/process/send');

    // 我的请求: the first node was passed, it waits for 李红 at 部门审批.
    await expect.poll(() => listRow('send').count()).toBe(1);
    await expect.poll(() => listRow('send').innerText()).toMatch(/部门审批[\s\S]*李红[\s\S]*审批中/);
    await screenshot(page, 'wf-flow-06-my-requests');
    expect((await instanceIn('send')).map((r) => [r.taskName, r.assigneeName, r.processIsFinished])).toEqual([['部门审批', '李红', 'unfinished']]);
  });

  it('李红 approves at 部门审批 (待办事务 → 办理 → 同意)', async () => {
    await signInAs('lihong');
    await openTask('部门审批', 'wf-flow-07-todo');
    // The form shows what was started, read only.
    await expect.poll(() => shown('dyn-reason').inputValue()).toBe(REASON);
    expect(await shown('dyn-amount').inputValue()).toBe('1280.50');
    await expect.poll(() => shown('wf-history').innerText()).toContain('张伟');
    expect(await nodeButtons()).toEqual(['同意', '驳回', '回退']);
    await screenshot(page, 'wf-flow-08-handle-dept');
    await decide('wf_pass', '情况属实，同意');
    await expect.poll(() => listRow('todo').count()).toBe(0);
  });

  it('王建国 rejects it at 财务审批 (驳回): it goes back to 张伟, who corrects the amount and submits it again', async () => {
    await signInAs('wangjianguo');
    await openTask('财务审批');
    await expect.poll(() => shown('wf-history').innerText()).toContain('情况属实，同意');
    expect(await nodeButtons()).toEqual(['同意', '驳回', '回退', '加签']);
    await shown('wf-btn-wf_reject').click();
    await expect.poll(() => antMessage(page, '请填写批复意见').count()).toBeGreaterThan(0);
    await decide('wf_reject', '住宿超标，请按标准修改金额');

    await signInAs('zhangwei');
    await openMenu(page, '流程管理', '我的请求');
    await expect.poll(() => listRow('send').innerText()).toMatch(/提交申请[\s\S]*张伟[\s\S]*已驳回/);
    expect((await instanceIn('send')).map((r) => [r.taskName, r.processIsFinished])).toEqual([['提交申请', 'reject']]);
    await openTask('提交申请');
    await expect.poll(() => shown('wf-history').innerText()).toContain('住宿超标，请按标准修改金额');
    // The applicant's node may change the form.
    expect(await shown('dyn-amount').isEditable()).toBe(true);
    await shown('dyn-amount').fill('980');
    await screenshot(page, 'wf-flow-09-resubmit');
    await decide('wf_pass', '已按标准修改金额');
    expect((await instanceIn('send')).map((r) => [r.taskName, r.assigneeName, r.processIsFinished])).toEqual([['部门审批', '李红', 'unfinished']]);

    await signInAs('lihong');
    await openTask('部门审批');
    await expect.poll(() => shown('dyn-amount').inputValue()).toBe('980');
    await decide('wf_pass', '修改后同意');
  });

  it('王建国 rolls it back to 部门审批 (回退成功); 李红 sees it in the flow chart and approves again', async () => {
    await signInAs('wangjianguo');
    await openTask('财务审批');
    await shown('wf-comment').fill('请部门再核对一次');
    await shown('wf-btn-wf_rollback').click();
    await shown('wf-back-node').click();
    const options = openDropdown(page).locator('.ant-select-item-option');
    await expect.poll(() => options.allTextContents()).toEqual(['开始', '提交申请', '部门审批']);
    await openDropdown(page).getByTitle('部门审批', { exact: true }).click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await screenshot(page, 'wf-flow-10-rollback');
    await shown('wf-dialog-ok').click();
    await expect.poll(() => antMessage(page, '回退成功').count()).toBeGreaterThan(0);
    await page.waitForURL('**/workflow/process/todo');
    expect(await instanceIn('todo')).toEqual([]);
    // The tasks he ended by 驳回 and by 回退 are among his done tasks.
    expect((await instanceIn('done')).map((r) => r.taskName)).toEqual(['财务审批', '财务审批']);

    // 李红 finds it back in 待办事务 and opens its 流程图: start and 提交申请 finished, 部门审批 in progress,
    // 财务审批 rolled back, three flows taken.
    await signInAs('lihong');
    await openMenu(page, '流程管理', '待办事务');
    await expect.poll(() => listRow('todo').count()).toBe(1);
    const { dialog, states } = await flowChart(listRow('todo'));
    const nodes = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, states[id]]));
    expect(nodes(['start', 'apply', 'dept', 'finance'])).toEqual({
      start: { marker: 'wf-node-success', stroke: GREEN },
      apply: { marker: 'wf-node-success', stroke: GREEN },
      dept: { marker: 'wf-node-primary', stroke: BLUE },
      finance: { marker: 'wf-node-error', stroke: RED },
    });
    const flows = Object.entries(states).filter(([k]) => k.startsWith('flow:'));
    expect(flows).toHaveLength(4);
    expect(flows.filter(([, s]) => s.marker === 'wf-line-taken' && s.stroke === ORANGE)).toHaveLength(3);
    expect(states.end!.marker).toBe(''); // not reached
    expect(
      Object.keys(states)
        .filter((k) => !k.startsWith('flow:'))
        .sort(),
    ).toEqual(['apply', 'dept', 'end', 'finance', 'start']);
    await screenshot(page, 'wf-flow-11-chart-rolled-back');
    await dialog.locator('.ant-modal-close').click();
    await expect.poll(() => dialog.count()).toBe(0);

    await openTask('部门审批');
    await decide('wf_pass', '已核对，同意');
  });

  it('王建国 adds 孙磊 as a countersigner (加签成功) and approves; 孙磊 approves and the process ends', async () => {
    await signInAs('wangjianguo');
    await openTask('财务审批');
    await shown('wf-comment').fill('请孙磊会签');
    await shown('wf-btn-wf_add_instance').click();
    await pickUser('wf-dialog-users', '孙磊');
    await screenshot(page, 'wf-flow-12-add-sign');
    await shown('wf-dialog-ok').click();
    await expect.poll(() => antMessage(page, '加签成功').count()).toBeGreaterThan(0);
    const detail = async () => {
      const [row] = await instanceIn('todo');
      return (
        await api<{ flow: { historyActivityId: string; historyActivityType: string; assigneeName: string; endTime: string | null }[] }>('GET', `${WF}/detail`, {
          processInsId: row!.processInstanceId,
        })
      ).data;
    };
    // The server has two open 财务审批 tasks now: 王建国's and 孙磊's.
    const open = (await detail()).flow
      .filter((f) => f.historyActivityId === 'finance' && f.historyActivityType === 'userTask' && !f.endTime)
      .map((f) => f.assigneeName)
      .sort();
    expect(open).toEqual(['孙磊', '王建国'].sort());

    await openTask('财务审批');
    await expect.poll(() => shown('wf-history').innerText()).toContain('请孙磊会签');
    await decide('wf_pass', '财务审核通过');

    await signInAs('sunlei');
    await openTask('财务审批', 'wf-flow-13-todo-countersigner');
    await expect.poll(() => shown('dyn-amount').inputValue()).toBe('980');
    await decide('wf_pass', '会签同意');
    const finished = await instanceIn('myDone');
    expect(finished.map((r) => r.processIsFinished)).toEqual(['finished']);
  });

  it('the finished process: flow chart colours and the history timeline', async () => {
    await openMenu(page, '流程管理', '办结事务');
    await expect.poll(() => listRow('myDone').count()).toBe(1);
    await expect.poll(() => listRow('myDone').innerText()).toContain('已办结');
    const { dialog, states } = await flowChart(listRow('myDone'));
    const ids = ['start', 'apply', 'dept', 'finance'];
    expect(Object.fromEntries(ids.map((id) => [id, states[id]]))).toEqual({
      start: { marker: 'wf-node-success', stroke: GREEN },
      apply: { marker: 'wf-node-success', stroke: GREEN },
      dept: { marker: 'wf-node-success', stroke: GREEN },
      // rolled back and countersigned, in a process that ended normally
      finance: { marker: 'wf-node-warn', stroke: ORANGE },
    });
    expect(states.end).toEqual({ marker: 'wf-node-success', stroke: GREEN });
    const flows = Object.values(Object.fromEntries(Object.entries(states).filter(([k]) => k.startsWith('flow:'))));
    expect(flows).toEqual(Array(4).fill({ marker: 'wf-line-taken', stroke: ORANGE }));
    await screenshot(page, 'wf-flow-14-chart-finished');
    await dialog.locator('.ant-modal-close').click();
    await expect.poll(() => dialog.count()).toBe(0);

    await listRow('myDone').locator('[data-testid^="wf-detail-"]').click();
    await page.waitForURL('**/workflow/process/detail/**');
    const items = shown('wf-history').getByTestId('workflow-timeline-item');
    await expect.poll(() => items.count()).toBeGreaterThan(0);
    // Each row: the node and who, then its comments as [tag colour] tag text + message.
    const rows = await shown('wf-history').evaluate((box) =>
      Array.from(box.querySelectorAll('[data-testid="workflow-timeline-item"]')).map((item) => [
        Array.from(item.firstElementChild!.querySelectorAll('.ant-typography'))
          .map((t) => t.textContent)
          .join(' '),
        ...Array.from(item.querySelectorAll('[data-testid="workflow-timeline-comment"]')).map((c) => {
          const tag = c.querySelector('.ant-tag')!;
          return `[${/ant-tag-(blue|red|orange|green)\b/.exec(tag.className)?.[1] ?? ''}] ${tag.textContent}: ${c.textContent!.slice(tag.textContent!.length)}`;
        }),
      ]),
    );
    expect(rows).toEqual([
      ['开始 张伟'],
      ['提交申请 张伟'], // passed at the start
      ['部门审批 李红', '[blue] 审批意见: 情况属实，同意'],
      ['财务审批 王建国', '[red] 驳回: 住宿超标，请按标准修改金额'],
      ['提交申请 张伟', '[blue] 审批意见: 已按标准修改金额'],
      ['部门审批 李红', '[blue] 审批意见: 修改后同意'],
      ['财务审批 王建国', '[red] 回退: 请部门再核对一次'],
      ['部门审批 李红', '[blue] 审批意见: 已核对，同意'],
      ['财务审批 王建国', '[orange] 加签: 请孙磊会签', '[blue] 审批意见: 财务审核通过'],
      ['财务审批 孙磊', '[blue] 审批意见: 会签同意'],
      ['结束'],
    ]);
    // Nothing is still in progress.
    expect(await shown('wf-history').getByText('进行中').count()).toBe(0);
    await shown('wf-history').scrollIntoViewIfNeeded();
    await screenshot(page, 'wf-flow-15-timeline');
    expect(errors).toEqual([]);
  });
});
