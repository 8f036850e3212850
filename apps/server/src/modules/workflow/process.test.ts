/**
 * The runtime API: start list and start, the user's lists with filters, detail, task actions (transfer,
 * delegate, rollback, countersign, terminate, copy, urge), the timeline and the diagram — with bad input,
 * refusals for people not holding the task, and another tenant's ids.
 */
import { APPROVAL_PROCESSES } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock, TestClock } from './engine/clock.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { expectEvery } from '../../testing/expect.ts';
import { users, WF } from '../../testing/http.ts';

let t: TestApp;
const { tok, call, login, loginAs, taskOf } = users(() => t);
const ids: Record<string, string> = {};

const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" xmlns:hjl="http://hjl.example/schema/bpmn" targetNamespace="t"`;
/** start → 部门审批 (assignee ${approver}; amount writable, note not) → 项目组审批 (candidate group project) → 会签 (parallel MI over ${signers}) → end */
const EXPENSE = `<definitions ${NS}><process id="expense_t" name="费用报销测试">
  <startEvent id="start" name="开始"/><sequenceFlow id="f1" sourceRef="start" targetRef="dept"/>
  <userTask id="dept" name="部门审批" flowable:assignee="\${approver}"><extensionElements><hjl:field name="amount" writable="true"/><hjl:field name="note" writable="false"/></extensionElements></userTask>
  <sequenceFlow id="f2" sourceRef="dept" targetRef="group"/>
  <userTask id="group" name="项目组审批" flowable:candidateGroups="project"/><sequenceFlow id="f3" sourceRef="group" targetRef="sign"/>
  <userTask id="sign" name="会签" flowable:assignee="\${signer}"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${signers}" flowable:elementVariable="signer"/></userTask>
  <sequenceFlow id="f4" sourceRef="sign" targetRef="end"/><endEvent id="end" name="结束"/></process></definitions>`;
/** Only the finance role may start it. */
const RESTRICTED = `<definitions ${NS}><process id="finance_only" name="财务专用" flowable:candidateStarterGroups="finance">
  <startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="u"/><userTask id="u" name="审批" flowable:assignee="\${approver}"/><sequenceFlow id="b" sourceRef="u" targetRef="e"/><endEvent id="e"/></process></definitions>`;

const startExpense = async (extra: Record<string, unknown> = {}, who = 'zhangwei') => {
  const r = await call(who, 'POST', `${WF}/startProcess`, {
    processDefKey: 'expense_t',
    approver: ids.lihong,
    signers: [ids.wangjianguo, ids.chenjing],
    amount: 100,
    ...extra,
  });
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200, msg: '发起成功' });
  return r.body.data.processInstanceId as string;
};

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('zhangwei', 'lihong', 'wangjianguo', 'chenjing', 'liuyang', 'zhaomin', 'admin');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  await t.app.workflow.engine.deploy('000000', EXPENSE, { category: 'finance' });
  await t.app.workflow.engine.deploy('000000', RESTRICTED, { category: 'finance' });
});
afterAll(() => t.close());

describe('start', () => {
  it('start list: latest active definitions the user may start, by category', async () => {
    // The demo company's business processes (APPROVAL_PROCESSES) besides leave and this file's own.
    const demo = APPROVAL_PROCESSES.map((p) => p.key);
    const all = (await call('zhangwei', 'GET', `${WF}/list`, { size: '100' })).body.data;
    expect(all.records.map((r: { key: string }) => r.key).sort()).toEqual(['Leave', 'expense_t', ...demo].sort());
    expect((await call('lihong', 'GET', `${WF}/list`)).body.data.total).toBe(3 + demo.length);
    // `finance` is the code of 财务审批: the filter takes what is filed under the code and under the category and below.
    const fin = (await call('lihong', 'GET', '/api/blade-flow/work/start-list', { category: 'finance', size: '100' })).body.data;
    const demoFinance = APPROVAL_PROCESSES.filter((p) => p.category[0] === '财务审批').map((p) => p.key);
    expect(fin.records.map((r: { key: string }) => r.key).sort()).toEqual(['expense_t', 'finance_only', ...demoFinance].sort());
    expect((await call('b', 'GET', `${WF}/list`)).body.data.total).toBe(0);
  });

  it('refuses bad starts and creates nothing', async () => {
    const before = await countRows(t.database, 'blade_wf_hi_procinst');
    expect((await call('zhangwei', 'POST', `${WF}/startProcess`, {})).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: processDefinitionId' });
    expect((await call('zhangwei', 'POST', `${WF}/startProcess`, { processDefKey: 'nope' })).body).toMatchObject({ code: 400, msg: '流程定义不存在' });
    expect((await call('zhangwei', 'POST', `${WF}/startProcess`, { processDefinitionId: 'x1' })).body).toMatchObject({ code: 400, msg: '请求参数类型错误' });
    expect((await call('zhangwei', 'POST', `${WF}/startProcess`, { processDefKey: 'finance_only', approver: ids.lihong })).body).toMatchObject({
      code: 403,
      msg: '您没有发起该流程的权限',
    });
    expect((await call('zhangwei', 'POST', `${WF}/startProcess`, { processDefKey: 'expense_t', copyUser: '999999999' })).body).toMatchObject({
      code: 400,
      msg: '用户 999999999 不存在',
    });
    // Another tenant cannot start this tenant's definition by id.
    const [d] = await t.database.raw(`SELECT id::text AS id FROM blade_wf_procdef WHERE key = 'expense_t'`);
    expect((await call('b', 'POST', `${WF}/startProcess`, { processDefinitionId: d!.id })).body).toMatchObject({ code: 400, msg: '流程定义不存在' });
    // A user without the start code is refused.
    const walker = await t.call(undefined, { method: 'POST', url: `${WF}/startProcess`, payload: {} });
    expect(walker.status).toBe(401);
    expect(await countRows(t.database, 'blade_wf_hi_procinst')).toBe(before);
  });
});

describe('serial numbers', () => {
  it("follow the model's rule, read at each start, per tenant and key; concurrent starts never share one", async () => {
    const xml = EXPENSE.replace('expense_t', 'serial_t');
    await t.app.workflow.engine.deploy('000000', xml, { category: 'finance' });
    const saved = await call('admin', 'POST', '/api/blade-workflow/design/model/submit', {
      name: '流水号测试',
      xml,
      serialPrefix: 'BX',
      serialDateFormat: 'yyMM',
      serialLength: 3,
      serialStart: 5,
      serialCycle: 'month',
    });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200 });
    t.app.workflow.clock.source = new TestClock(new Date('2026-03-15T02:00:00Z'));
    try {
      const start = async () => {
        const r = await call('zhangwei', 'POST', `${WF}/startProcess`, { processDefKey: 'serial_t', approver: ids.lihong, signers: [ids.wangjianguo] });
        expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
        return r.body.data.processInstanceId as string;
      };
      const serialOf = async (p: string) =>
        String((await t.database.raw(`SELECT serial_number FROM blade_wf_hi_procinst WHERE id = $1`, [p]))[0]!.serial_number);
      const started = await Promise.all(Array.from({ length: 6 }, () => start()));
      expect((await Promise.all(started.map(serialOf))).sort()).toEqual(['BX2603005', 'BX2603006', 'BX2603007', 'BX2603008', 'BX2603009', 'BX2603010']);
      // The rule is read when an instance starts: a changed prefix numbers the next one.
      const id = String((await t.database.raw(`SELECT id::text AS id FROM blade_wf_model WHERE model_key = 'serial_t' AND is_deleted = 0`))[0]!.id);
      expect((await call('admin', 'POST', '/api/blade-workflow/design/model/submit', { id, serialPrefix: 'FY' })).body).toMatchObject({ code: 200 });
      const next = await start();
      expect(await serialOf(next)).toBe('FY2603011');
      // A new cycle starts over at the start value.
      t.app.workflow.clock.source = new TestClock(new Date('2026-04-01T02:00:00Z'));
      const april = await start();
      expect(await serialOf(april)).toBe('FY2604005');
      // A process without a model keeps the default rule (yyyyMMdd + 4 digits a day).
      const other = await call('lihong', 'POST', `${WF}/startProcess`, { processDefKey: 'finance_only', approver: ids.lihong });
      expect(other.body.data.serialNumber).toMatch(/^20260401\d{4}$/);
      for (const p of [...started, next, april, other.body.data.processInstanceId]) {
        expect((await call('admin', 'POST', '/api/blade-workflow/ops/deleteProcess', { processInstanceId: p, comment: '测试流水号' })).status).toBe(200);
      }
    } finally {
      t.app.workflow.clock.source = systemClock;
    }
  });
});

describe('forms deployed with the model', () => {
  it('start form lookups and detail show the form of the deployed version, also after the form is edited', async () => {
    const D = '/api/blade-workflow/design';
    const cols = (label: string) => [{ columnName: 'days', columnDescribe: label, columnType: 1 }];
    expect((await call('admin', 'POST', `${D}/form/submit`, { formKey: 'snap_form', name: '快照表单', content: cols('请假天数') })).body).toMatchObject({
      code: 200,
    });
    const xml = RESTRICTED.replace('finance_only', 'snap_t')
      .replace(' flowable:candidateStarterGroups="finance"', '')
      .replace('<startEvent id="s"/>', '<startEvent id="s" flowable:formKey="snap_form"/>');
    const model = await call('admin', 'POST', `${D}/model/submit`, { name: '快照测试', xml });
    expect(model.body, JSON.stringify(model.body)).toMatchObject({ code: 200 });
    const dep = await t.call(tok.admin, { method: 'POST', url: `${D}/model/deploy`, query: { id: String(model.body.data.id) } });
    expect(dep.body, JSON.stringify(dep.body)).toMatchObject({ code: 200 });
    const defId = String(dep.body.data.processDefinitionId);

    const byKey = (await call('zhangwei', 'GET', `${WF}/getFormByProcessDefKey`, { processDefKey: 'snap_t' })).body;
    expect(byKey).toMatchObject({
      code: 200,
      data: { processDefinitionId: defId, formKey: 'snap_form', form: { formName: '快照表单', formVersion: 1, deployed: true } },
    });
    expect(byKey.data.form.content).toContain('请假天数');
    expect((await call('zhangwei', 'GET', `${WF}/getFormByProcessId`, { processId: defId })).body.data.form.content).toContain('请假天数');
    expect((await call('zhangwei', 'GET', `${WF}/getFormByProcessId`, {})).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: processId' });
    expect((await call('b', 'GET', `${WF}/getFormByProcessId`, { processId: defId })).body).toMatchObject({ code: 400, msg: '流程定义不存在' });

    const started = await call('zhangwei', 'POST', `${WF}/startProcess`, { processDefKey: 'snap_t', approver: ids.lihong, days: 2 });
    const p = String(started.body.data.processInstanceId);
    // The form is edited after the deploy: the instance keeps the deployed one, the lookup of an undeployed definition would not.
    const formId = String((await t.database.raw(`SELECT id::text AS id FROM blade_wf_form WHERE form_key = 'snap_form' AND tenant_id = '000000'`))[0]!.id);
    expect((await call('admin', 'POST', `${D}/form/submit`, { id: formId, content: cols('天数(新)') })).body).toMatchObject({ code: 200 });
    const detail = (await call('zhangwei', 'GET', `${WF}/detail`, { processInsId: p })).body.data;
    expect(detail.form).toMatchObject({ variables: { days: 2 }, formKey: 'snap_form', formVersion: 1, deployed: true });
    expect(detail.form.content).toContain('请假天数');
    expect(detail.form.content).not.toContain('天数(新)');
    expect((await call('admin', 'POST', '/api/blade-workflow/ops/deleteProcess', { processInstanceId: p, comment: '测试表单快照' })).status).toBe(200);
  });
});

describe('attachments on comments', () => {
  it('an approval carries the uploaded files; the timeline shows them on its task; bad ones are refused', async () => {
    const p = await startExpense();
    const task = (await taskOf('lihong', p))!;
    const link = (n: number, ext: string) => `/api/blade-resource/oss/endpoint/file/local/20261123/${String(n).repeat(32)}.${ext}`;
    for (const attachment of [
      [{ originalName: '发票.pdf' }],
      [{ link: 'javascript:alert(1)', originalName: 'x.pdf' }],
      [{ url: 'https://evil.example/x.pdf', name: 'x.pdf' }],
      [{ label: '', value: link(1, 'pdf') }],
      '{not json',
    ]) {
      const bad = await call('lihong', 'POST', `${WF}/completeTask`, { taskId: task.taskId, pass: true, comment: '同意', attachment });
      expect(bad.body, JSON.stringify(attachment)).toMatchObject({ code: 400, msg: '附件格式不正确' });
    }
    expect((await taskOf('lihong', p))?.taskId).toBe(task.taskId);
    // Upload answers, history items and the attachment widget's file items are all taken.
    const files = [
      { link: link(1, 'pdf'), originalName: '发票.pdf' },
      { url: link(2, 'xlsx'), name: '清单.xlsx' },
      { label: '合同.docx', value: link(3, 'docx') },
    ];
    expect(
      (await call('lihong', 'POST', `${WF}/completeTask`, { taskId: task.taskId, pass: true, comment: '同意', attachment: JSON.stringify(files) })).body,
    ).toMatchObject({ code: 200 });
    const flow = (await call('zhangwei', 'GET', `${WF}/history-flow-list`, { processInstanceId: p })).body.data as {
      taskId: string | null;
      attachments: unknown[];
    }[];
    expect(flow.find((r) => r.taskId === task.taskId)!.attachments).toEqual([
      { name: '发票.pdf', url: link(1, 'pdf') },
      { name: '清单.xlsx', url: link(2, 'xlsx') },
      { name: '合同.docx', url: link(3, 'docx') },
    ]);
    expectEvery(
      flow.filter((r) => r.taskId !== task.taskId),
      (r) => r.attachments.length === 0,
    );
    expect((await call('admin', 'POST', '/api/blade-workflow/ops/deleteProcess', { processInstanceId: p, comment: '测试附件' })).status).toBe(200);
  });

  it('a transfer carries its files too; bad ones change nothing', async () => {
    const p = await startExpense();
    const task = (await taskOf('lihong', p))!;
    const file = { label: '交接说明.pdf', value: '/api/blade-resource/oss/endpoint/file/local/20261123/abcdefabcdefabcdefabcdefabcdefab.pdf' };
    const bad = await call('lihong', 'POST', `${WF}/transferTask`, {
      taskId: task.taskId,
      assignee: ids.liuyang,
      attachment: [{ label: 'x', value: '/etc/passwd' }],
    });
    expect(bad.body).toMatchObject({ code: 400, msg: '附件格式不正确' });
    expect((await taskOf('lihong', p))?.taskId).toBe(task.taskId);
    expect(
      (await call('lihong', 'POST', `${WF}/transferTask`, { taskId: task.taskId, assignee: ids.liuyang, comment: '请刘洋处理', attachment: [file] })).body,
    ).toMatchObject({ code: 200, msg: '转办成功' });
    const flow = (await call('zhangwei', 'GET', `${WF}/history-flow-list`, { processInstanceId: p })).body.data as {
      taskId: string | null;
      attachments: unknown[];
    }[];
    expect(flow.filter((r) => r.taskId === task.taskId).flatMap((r) => r.attachments)).toEqual([{ name: '交接说明.pdf', url: file.value }]);
    expect((await call('admin', 'POST', '/api/blade-workflow/ops/deleteProcess', { processInstanceId: p, comment: '测试附件' })).status).toBe(200);
  });
});

describe('wiring', () => {
  it('the engine of the server runs on the clock a test sets, and is there for other modules', async () => {
    expect(t.app.workflow.hooks).toBe(t.app.workflow.engine.hooks);
    t.app.workflow.clock.source = new TestClock(new Date('2026-01-05T02:00:00Z'));
    try {
      const p = await startExpense();
      const row = (await call('zhangwei', 'GET', `${WF}/send`, { createTime_datelt: '2026-01-06 00:00:00' })).body.data.records.find(
        (r: { processInstanceId: string }) => r.processInstanceId === p,
      );
      expect(row).toMatchObject({ createTime: '2026-01-05 10:00:00', serialNumber: expect.stringMatching(/^20260105\d{4}$/) });
      expect((await call('admin', 'POST', '/api/blade-workflow/ops/deleteProcess', { processInstanceId: p, comment: '测试时钟' })).status).toBe(200);
    } finally {
      t.app.workflow.clock.source = systemClock;
    }
  });
});

describe('lists, detail, actions', () => {
  let p1 = '';
  it('start with copies; the lists of each person with filters', async () => {
    p1 = await startExpense({ copyUser: 'zhaomin', title: '差旅报销 ABC' });
    const todo = await taskOf('lihong', p1);
    expect(todo).toMatchObject({ taskName: '部门审批' });
    const page = (await call('lihong', 'GET', `${WF}/todo`, { title: 'ABC', processDefinitionName: '报销', createTime_dategt: '2000-01-01 00:00:00' })).body
      .data;
    expect(page).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 });
    expect(page.records[0]).toMatchObject({
      title: '差旅报销 ABC',
      startUserName: '张伟',
      assigneeName: '李红',
      category: 'finance',
      processIsFinished: 'unfinished',
    });
    expect((await call('lihong', 'GET', `${WF}/todo`, { createTime_datelt: '2000-01-01 00:00:00' })).body.data.total).toBe(0);
    expect((await call('lihong', 'GET', `${WF}/todo`, { serialNumber: page.records[0].serialNumber })).body.data.total).toBe(1);
    expect((await call('lihong', 'GET', `${WF}/todo`, { createTime_dategt: 'yesterday' })).status).toBe(400);
    expect((await call('lihong', 'GET', `${WF}/todo`, { password_like: 'x' })).body.data.total).toBe(1); // not a filter: ignored
    expect((await call('lihong', 'GET', '/api/blade-flow/work/todo-list')).body.data.total).toBe(1);
    expect((await call('zhangwei', 'GET', `${WF}/send`)).body.data.records[0]).toMatchObject({
      processInstanceId: p1,
      taskName: '部门审批',
      assigneeName: '李红',
    });
    expect((await call('zhaomin', 'GET', `${WF}/copy`)).body.data.records[0]).toMatchObject({ processInstanceId: p1, fromUserName: '张伟' });
    expect((await call('b', 'GET', `${WF}/todo`)).body.data.total).toBe(0);
    expect((await call('b', 'GET', `${WF}/send`, { startUser: ids.zhangwei })).body.data.total).toBe(0);
  });

  it('detail: the holder gets buttons, fields and back nodes; a copy recipient may read; strangers and other tenants may not', async () => {
    const task = (await taskOf('lihong', p1))!;
    const d = (await call('lihong', 'GET', `${WF}/detail`, { taskId: task.taskId })).body.data;
    expect(d.process).toMatchObject({
      processInstanceId: p1,
      taskName: '部门审批',
      processDefinitionKey: 'expense_t',
      startUserName: '张伟',
      assigneeName: '李红',
    });
    expect(d.process.xml).toContain('expense_t');
    expect(d.isHolder).toBe(true);
    expect(d.button.map((b: { code: string }) => b.code)).toContain('wf_pass');
    expect(d.fields).toEqual([
      { name: 'amount', readable: true, writable: true, required: false },
      { name: 'note', readable: true, writable: false, required: false },
    ]);
    expect(d.backNodes).toEqual([{ nodeId: 'start', nodeName: '开始' }]);
    expect(d.form.variables).toMatchObject({ amount: 100, approver: ids.lihong });
    expect((await call('zhaomin', 'GET', `${WF}/detail`, { processInsId: p1 })).body.data.button).toEqual([]);
    expect((await call('liuyang', 'GET', `${WF}/detail`, { processInsId: p1 })).body).toMatchObject({ code: 403, msg: '您没有查看该流程的权限' });
    expect((await call('b', 'GET', `${WF}/detail`, { processInsId: p1 })).body).toMatchObject({ code: 400, msg: '流程实例不存在' });
    expect((await call('b', 'GET', `${WF}/detail`, { taskId: task.taskId })).body.code).toBe(400);
    expect((await call('lihong', 'GET', `${WF}/detail`)).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: taskId' });
  });

  it('the timeline lists done rows, flows and the nodes still ahead with their candidates', async () => {
    const flow = (await call('zhangwei', 'GET', `${WF}/history-flow-list`, { processInstanceId: p1 })).body.data;
    const types = flow.map((f: { historyActivityType: string; historyActivityId: string }) => `${f.historyActivityType}:${f.historyActivityId}`);
    expect(types).toEqual(['startEvent:start', 'sequenceFlow:f1', 'userTask:dept', 'candidate:group', 'candidate:sign']);
    // the start row names the applicant
    expect(flow[0].assigneeName).toBe('张伟');
    const group = flow.find((f: { historyActivityId: string }) => f.historyActivityId === 'group');
    // Candidate group `project`: 张伟, 陈静, 刘洋, 孙磊 — cut after three.
    expect(group.assigneeName).toMatch(/^[^/]+\/[^/]+\/[^/]+等共4人$/);
    expect(flow.find((f: { historyActivityId: string }) => f.historyActivityId === 'sign').assigneeName).toBe('王建国/陈静');
    expect((await call('liuyang', 'GET', `${WF}/history-flow-list`, { processInstanceId: p1 })).status).toBe(403);
    expect((await call('b', 'GET', `${WF}/history-flow-list`, { processInstanceId: p1 })).status).toBe(400);
    expect((await call('zhangwei', 'GET', `${WF}/history-flow-list`)).body.msg).toBe('缺少必要的请求参数: processInstanceId');
    const view = (await call('zhangwei', 'GET', '/api/blade-flow/process/model-view', { processInsId: p1 })).body.data;
    expect(view.xml).toContain('<process id="expense_t"');
    expect(view.flow).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ historyActivityId: 'start', status: 'nodeSuccess' }),
        expect.objectContaining({ historyActivityId: 'f1', status: 'lineWarn' }),
        expect.objectContaining({ historyActivityId: 'dept', status: 'nodePrimary' }),
      ]),
    );
  });

  it('complete: holder only, comment required, read-only fields ignored, copies on the way', async () => {
    const task = (await taskOf('lihong', p1))!;
    expect((await call('zhangwei', 'POST', `${WF}/completeTask`, { taskId: task.taskId, pass: true, comment: 'x' })).body).toMatchObject({
      code: 403,
      msg: '该任务不属于您，不能办理',
    });
    expect((await call('lihong', 'POST', `${WF}/completeTask`, { taskId: task.taskId, pass: true, comment: ' ' })).body).toMatchObject({
      code: 400,
      msg: '请填写批复意见',
    });
    expect((await call('lihong', 'POST', `${WF}/completeTask`, { pass: true, comment: 'x' })).body).toMatchObject({
      code: 400,
      msg: '缺少必要的请求参数: taskId',
    });
    expect((await call('b', 'POST', `${WF}/completeTask`, { taskId: task.taskId, pass: true, comment: 'x' })).body).toMatchObject({
      code: 400,
      msg: '任务不存在或已被处理',
    });
    const ok = await call('lihong', 'POST', `${WF}/completeTask`, {
      taskId: task.taskId,
      pass: true,
      comment: '同意',
      variables: { amount: 120, note: 'hack', applyUser: ids.lihong },
      copyUser: [ids.liuyang],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const vars = await t.app.workflow.engine.variables('000000', p1);
    expect(vars).toMatchObject({ amount: 120, applyUser: ids.zhangwei });
    expect(vars.note).toBeUndefined();
    expect((await call('liuyang', 'GET', `${WF}/copy`)).body.data.total).toBe(1);
    expect((await call('lihong', 'GET', `${WF}/done`)).body.data.records[0]).toMatchObject({
      processInstanceId: p1,
      taskName: '部门审批',
      endTime: expect.any(String),
    });
  });

  it('claim: candidates only, once; then delegate and transfer', async () => {
    const claim = (await call('chenjing', 'GET', `${WF}/claim`)).body.data.records.find((r: { processInstanceId: string }) => r.processInstanceId === p1);
    expect(claim).toMatchObject({ taskName: '项目组审批' });
    expect((await call('lihong', 'POST', `${WF}/claimTask`, { taskId: claim.taskId })).body).toMatchObject({ code: 403 });
    expect((await call('chenjing', 'POST', `${WF}/claimTask`, { taskId: claim.taskId })).status).toBe(200);
    expect((await call('liuyang', 'POST', '/api/blade-flow/work/claim-task', { taskId: claim.taskId })).body).toMatchObject({
      code: 400,
      msg: '任务已被他人签收',
    });
    // Delegate to 王建国: the owner may not act while it is pending; a plain complete of it is refused.
    expect((await call('chenjing', 'POST', `${WF}/delegateTask`, { taskId: claim.taskId })).body).toMatchObject({ code: 400, msg: '请选择委托人' });
    expect((await call('chenjing', 'POST', `${WF}/delegateTask`, { taskId: claim.taskId, assignee: 'wangjianguo' })).body).toMatchObject({
      code: 200,
      msg: '委托成功',
    });
    expect((await call('chenjing', 'POST', `${WF}/completeTask`, { taskId: claim.taskId, pass: true, comment: 'x' })).status).toBe(403);
    expect((await call('wangjianguo', 'POST', `${WF}/completeTask`, { taskId: claim.taskId, comment: '直接完成' })).body).toMatchObject({
      code: 400,
      msg: '委托中的任务不能直接完成，请由被委托人办理后交还',
    });
    const resolved = await call('wangjianguo', 'POST', `${WF}/completeTask`, { taskId: claim.taskId, pass: true, comment: '已看过' });
    expect(resolved.body.data).toMatchObject({ resolved: true });
    const back = (await call('chenjing', 'GET', `${WF}/detail`, { taskId: claim.taskId })).body.data.process;
    expect(back).toMatchObject({ assignee: ids.chenjing, owner: ids.chenjing, delegationState: 'RESOLVED' });
    // Transfer to 刘洋.
    expect((await call('chenjing', 'POST', `${WF}/transferTask`, { taskId: claim.taskId, assignee: '88888888' })).body).toMatchObject({
      code: 400,
      msg: '用户 88888888 不存在',
    });
    expect((await call('chenjing', 'POST', `${WF}/transferTask`, { taskId: claim.taskId, assignee: ids.liuyang, comment: '请刘洋处理' })).body).toMatchObject({
      code: 200,
      msg: '转办成功',
    });
    expect(await taskOf('liuyang', p1)).toBeTruthy();
    expect(await taskOf('chenjing', p1)).toBeUndefined();
  });

  it('rollback to a back node, then forward again to the countersign; add and remove a signer', async () => {
    const task = (await taskOf('liuyang', p1))!;
    const nodes = (await call('liuyang', 'GET', `${WF}/getBackNodes`, { taskId: task.taskId })).body.data;
    expect(nodes.map((n: { nodeId: string }) => n.nodeId)).toEqual(['start', 'dept']);
    expect((await call('zhangwei', 'GET', `${WF}/getBackNodes`, { taskId: task.taskId })).status).toBe(403);
    expect((await call('liuyang', 'POST', `${WF}/rollbackTask`, { taskId: task.taskId, nodeId: 'sign' })).body).toMatchObject({
      code: 400,
      msg: '只能回退到已经办理过的节点',
    });
    expect((await call('liuyang', 'POST', `${WF}/rollbackTask`, { taskId: task.taskId, nodeId: 'dept', comment: '金额再核' })).body).toMatchObject({
      code: 200,
      msg: '回退成功',
    });
    const again = (await taskOf('lihong', p1))!;
    expect(again.taskName).toBe('部门审批');
    expect((await call('lihong', 'POST', `${WF}/completeTask`, { taskId: again.taskId, pass: true, comment: '核过' })).status).toBe(200);
    const g = (await call('liuyang', 'GET', `${WF}/claim`)).body.data.records.find((r: { processInstanceId: string }) => r.processInstanceId === p1);
    expect((await call('liuyang', 'POST', `${WF}/completeTask`, { taskId: g.taskId, pass: true, comment: '同意' })).status).toBe(200);
    const sign = (await taskOf('wangjianguo', p1))!;
    expect(sign.taskName).toBe('会签');
    expect((await call('wangjianguo', 'POST', `${WF}/addMultiInstance`, { taskId: sign.taskId, assignee: ids.zhaomin })).body).toMatchObject({
      code: 200,
      msg: '加签成功',
    });
    const added = (await taskOf('zhaomin', p1))!;
    expect(added.taskName).toBe('会签');
    expect((await call('wangjianguo', 'POST', `${WF}/deleteMultiInstance`, { taskId: sign.taskId, targetTaskId: added.taskId })).body).toMatchObject({
      code: 200,
    });
    expect(await taskOf('zhaomin', p1)).toBeUndefined();
    // Not a countersign node elsewhere; urging and copying need involvement.
    expect((await call('zhangwei', 'POST', `${WF}/urge`, { processInstanceId: p1 })).body).toMatchObject({ code: 200, msg: '催办成功' });
    expect((await call('sunlei' in tok ? 'sunlei' : 'zhaomin', 'POST', `${WF}/copy`, { processInstanceId: p1 })).body).toMatchObject({
      code: 400,
      msg: '请选择抄送人',
    });
    expect((await call('b', 'POST', `${WF}/urge`, { processInstanceId: p1 })).body).toMatchObject({ code: 400, msg: '流程实例不存在' });
    // Terminate: comment required, holder only.
    expect((await call('wangjianguo', 'POST', `${WF}/terminateProcess`, { taskId: sign.taskId })).body).toMatchObject({ code: 400, msg: '请填写终止意见' });
    expect((await call('zhangwei', 'POST', `${WF}/terminateProcess`, { taskId: sign.taskId, comment: '不要了' })).status).toBe(403);
    expect((await call('wangjianguo', 'POST', `${WF}/terminateProcess`, { taskId: sign.taskId, comment: '预算取消' })).status).toBe(200);
    const sent = (await call('zhangwei', 'GET', `${WF}/send`)).body.data.records.find((r: { processInstanceId: string }) => r.processInstanceId === p1);
    expect(sent.processIsFinished).toBe('terminate');
    expect((await call('zhangwei', 'GET', `${WF}/myDone`)).body.data.records.some((r: { processInstanceId: string }) => r.processInstanceId === p1)).toBe(true);
    expect((await call('lihong', 'GET', `${WF}/myDone`)).body.data.records.some((r: { processInstanceId: string }) => r.processInstanceId === p1)).toBe(true);
    const view = (await call('zhangwei', 'GET', '/api/blade-flow/process/model-view', { processInsId: p1 })).body.data;
    expect(view.flow.find((f: { historyActivityId: string }) => f.historyActivityId === 'group').status).toBe('nodeWarn');
    const flow = (await call('zhangwei', 'GET', `${WF}/history-flow-list`, { processInstanceId: p1 })).body.data;
    expect(flow.some((f: { historyActivityType: string }) => f.historyActivityType === 'candidate')).toBe(false);
    expect(flow.flatMap((f: { comments: { type: string }[] }) => f.comments.map((c) => c.type))).toContain('terminateComment');
    expect(flow.at(-1)).toMatchObject({ historyActivityType: 'endEvent' });
  });

  it('withdraw: only the starter, only while nobody else acted', async () => {
    const p = await startExpense();
    const task = (await taskOf('lihong', p))!;
    expect((await call('lihong', 'POST', `${WF}/completeTask`, { taskId: task.taskId, pass: true, comment: '同意' })).status).toBe(200);
    expect((await call('zhangwei', 'POST', `${WF}/withdrawTask`, { processInstanceId: p })).body).toMatchObject({
      code: 400,
      msg: '此任务不可撤回',
    });
    expect((await call('zhangwei', 'POST', `${WF}/withdrawTask`, {})).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: processInstanceId' });
  });
});

describe('start and the design time', () => {
  it('a model scope (模型权限) narrows who may start, in the start list and at start', async () => {
    const model = await call('admin', 'POST', '/api/blade-workflow/design/model/submit', { modelKey: 'expense_t', name: '费用报销测试' });
    expect(model.status).toBe(200);
    const [row] = await t.database.raw(`SELECT id::text AS id FROM blade_wf_model WHERE tenant_id = '000000' AND model_key = 'expense_t' AND is_deleted = 0`);
    const scope = await call('admin', 'POST', '/api/blade-workflow/design/model-scope/submit', { modelId: row!.id, scopeType: 1, scopeValue: ids.lihong });
    expect(scope.status).toBe(200);
    try {
      const keys = async (who: string) => ((await call(who, 'GET', `${WF}/list`, { size: '100' })).body.data.records as { key: string }[]).map((r) => r.key);
      expect(await keys('zhangwei')).not.toContain('expense_t');
      expect(await keys('lihong')).toContain('expense_t');
      const before = await countRows(t.database, 'blade_wf_hi_procinst');
      const refused = await call('zhangwei', 'POST', `${WF}/startProcess`, { processDefKey: 'expense_t', approver: ids.lihong, signers: [ids.wangjianguo] });
      expect(refused).toMatchObject({ status: 403, body: { msg: '您没有发起该流程的权限' } });
      expect(await countRows(t.database, 'blade_wf_hi_procinst')).toBe(before);
      await startExpense({}, 'lihong');
    } finally {
      const [s] = await t.database.raw(`SELECT id::text AS id FROM blade_wf_model_scope WHERE model_id = $1 AND is_deleted = 0`, [row!.id]);
      await t.call(tok.admin, { method: 'POST', url: '/api/blade-workflow/design/model-scope/remove', query: { ids: String(s!.id) } });
    }
  });

  it('starting a process uses up the starter’s draft of it', async () => {
    const draft = await call('zhangwei', 'POST', '/api/blade-workflow/process/draft/submit', {
      processDefKey: 'expense_t',
      title: '差旅报销(草稿)',
      variables: JSON.stringify({ amount: 320 }),
    });
    expect(draft.status).toBe(200);
    const mine = async () =>
      (await call('zhangwei', 'GET', '/api/blade-workflow/process/draft/list', { processDefKey: 'expense_t' })).body.data.total as number;
    expect(await mine()).toBe(1);
    await startExpense();
    expect(await mine()).toBe(0);
  });
});
