/**
 * The approval kit over the API with a definition that exists only here (BUSINESS.md WP1 acceptance): start → 1,
 * approve → 2, reject back to the start → 3 (back to an earlier approver stays 1), withdraw → 6, operations delete
 * → 0, 重新提交 after 3 and 6 as new instances listed by the record's history, no change or removal under approval,
 * another tenant's record, a throwing hook rolling everything back, the `finalStep` form of the last node, the route
 * key, drafts, the status filter and reading by the people in the process.
 */
import { APPROVAL_MSG, defineEntity } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTable } from '../../platform/crud/table.ts';
import { fail } from '../../platform/http/errors.ts';
import { nextId } from '../../platform/db/ids.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { users, WF } from '../../testing/http.ts';
import { createTestTable } from '../../testing/entity-table.ts';
import { expectEvery } from '../../testing/expect.ts';

const kitEntity = defineEntity({
  name: 'kit_test',
  table: 'kit_test_record',
  api: '/api/test/kitRecord',
  path: '/test/kitRecord',
  label: { zh: '测试单', en: 'Test records' },
  routes: ['list', 'detail', 'submit', 'save', 'update', 'remove'],
  approval: { processKey: 'kit_test', routeKey: 'kitTest', amountField: 'amount', title: '{userName}的测试单({amount}元)', formUrl: '/workflow/kitTest' },
  fields: {
    title: { type: 'string', max: 100, label: { zh: '标题', en: 'Title' }, required: '请输入标题', list: true, search: true },
    amount: { type: 'money', label: { zh: '金额', en: 'Amount' }, required: '请输入金额', list: true },
    // The cashier's payment information (the finalStep form): required of that step, not of the applicant.
    payAccount: { type: 'string', max: 64, label: { zh: '付款账户', en: 'Account' } },
    payTime: { type: 'date', label: { zh: '付款日期', en: 'Paid on' } },
    payMoney: { type: 'money', label: { zh: '付款金额', en: 'Paid' } },
    // A secret kept with the record (e.g. a portal password): masked in answers, never a process variable.
    portalPassword: { type: 'string', max: 64, label: { zh: '平台密码', en: 'Portal password' }, secret: true },
  },
});
const kitTable = entityTable(kitEntity);

const model = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://hjl.example/test">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="start" flowable:formKey="/workflow/kitTest"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="first"/>
    <userTask id="first" name="部门经理审批" flowable:assignee="lihong"/>
    <sequenceFlow id="f2" sourceRef="first" targetRef="second"/>
    <userTask id="second" name="总经理审批" flowable:assignee="wangjianguo"/>
    <sequenceFlow id="f3" sourceRef="second" targetRef="pay"/>
    <userTask id="pay" name="出纳付款" flowable:assignee="liuyang" flowable:formKey="/workflow/kitTest/finalStep"/>
    <sequenceFlow id="f4" sourceRef="pay" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

const batchModel = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://hjl.example/test">
  <process id="kit_test_batch" name="测试单批量审批" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="first"/>
    <userTask id="first" name="财务审批" flowable:assignee="lihong"/>
    <sequenceFlow id="f2" sourceRef="first" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

let t: TestApp;
const { tok, call, login, loginAs, ...tasks } = users(() => t);
let failHook: string | undefined;
/** An area's own refusal (`fail`) at an event, e.g. a payment the account cannot cover. */
let refuseHook: string | undefined;
const API = kitEntity.api;

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.approval.register(kitEntity, kitTable, {
      steps: {
        finalStep: {
          fields: ['payAccount', 'payTime', 'payMoney'],
          required: ['payAccount', 'payTime'],
          check: (v, record) => (v.payMoney !== undefined && v.payMoney !== null && v.payMoney !== record.amount ? ['付款金额应等于申请金额'] : []),
        },
      },
      batch: { processKey: 'kit_test_batch', path: 'submitBatchApproval' },
      // The area's own check of a write: it holds for start as for submit.
      beforeWrite: (_user, data) => {
        if (data.title === '禁止的标题') throw fail('标题不能使用禁止的词');
      },
      onStatus: (_tx, _record, status, event) => {
        if (failHook === `${event.type}:${status}`) throw new Error('hook failed');
        if (refuseHook === `${event.type}:${status}`) throw fail('账户余额不足,不能付款');
      },
    });
  });
  await createTestTable(t.database, kitTable);
  await createTenant(t.database, '100001');
  // The menu and buttons of the definition, granted to the project role (张伟 applies; 李红 approves without them).
  const [root] = await t.database.raw(`SELECT id::text AS id FROM blade_menu WHERE code = 'workflow'`);
  const menuId = nextId();
  await t.database.raw(`INSERT INTO blade_menu (id, parent_id, code, name, category, sort) VALUES ($1, $2, 'kit_test', '测试单', 1, 99)`, [menuId, root!.id]);
  const [project] = await t.database.raw(`SELECT id::text AS id FROM blade_role WHERE tenant_id = '000000' AND role_alias = 'project'`);
  await t.database.raw(`INSERT INTO blade_role_menu (id, role_id, menu_id) VALUES ($1, $2, $3)`, [nextId(), project!.id, menuId]);
  for (const b of ['add', 'edit', 'delete']) {
    const id = nextId();
    await t.database.raw(`INSERT INTO blade_menu (id, parent_id, code, name, category, sort) VALUES ($1, $2, $3, $3, 2, 1)`, [id, menuId, `kit_test_${b}`]);
    await t.database.raw(`INSERT INTO blade_role_menu (id, role_id, menu_id) VALUES ($1, $2, $3)`, [nextId(), project!.id, id]);
  }
  await t.app.workflow.engine.deploy('000000', model('kit_test', '测试审批'));
  await t.app.workflow.engine.deploy('000000', model('kit_test_alt', '测试审批(另一模型)'));
  await t.app.workflow.engine.deploy('000000', batchModel);
  await login('zhangwei', 'lihong', 'wangjianguo', 'liuyang', 'chenjing', 'admin');
  await loginAs('b', 'admin', '100001');
}, 120_000);
afterAll(() => t.close());

const start = (payload: Record<string, unknown>, who = 'zhangwei') => call(who, 'POST', `${API}/start`, payload);
const record = async (id: string, who = 'zhangwei') => (await call(who, 'GET', `${API}/detail`, { id })).body.data;
/** The task id of the instance in the first page of who's to-do list. */
const taskOf = async (who: string, processInstanceId: string) => (await tasks.taskOf(who, processInstanceId, {}))?.taskId;
/** Tries to act as who, with or without a task of the instance (a refusal is what some tests look for). */
const act = (who: string, processInstanceId: string, pass: boolean, { variables, ...more }: Record<string, unknown> = {}) =>
  tasks.approveAs(who, processInstanceId, pass, variables as Record<string, unknown> | undefined, { more, todo: {}, mustHold: false });
const payInfo = { payAccount: '6222 0000 1111', payTime: '2026-12-20' };
const engineRows = async () => ({
  procs: await countRows(t.database, 'blade_wf_hi_procinst'),
  tasks: await countRows(t.database, 'blade_wf_task'),
  records: await countRows(t.database, 'kit_test_record'),
});

describe('approval kit: an approvable definition', () => {
  it('start saves the record and starts its process in one go: status 1, business key, variables, title, form key', async () => {
    const r = await start({ title: '采购电脑', amount: '12345.60' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200, msg: '发起成功' });
    const { id, processInstanceId } = r.body.data;
    expect(r.body.data).toMatchObject({
      title: '采购电脑',
      processTitle: '张伟的测试单(12345.60元)',
      processDefinitionKey: 'kit_test',
      tasks: [{ taskName: '部门经理审批' }],
    });
    expect(await record(id)).toMatchObject({
      status: 1,
      isDraft: 1,
      processInstanceId,
      processDefinitionKey: 'kit_test',
      businessKey: `kit_test_record:${id}`,
      processIsFinished: 'unfinished',
      tasks: [{ taskName: '部门经理审批', taskDefinitionKey: 'first' }],
    });
    expect((await record(id)).submitTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const vars = (await call('zhangwei', 'GET', `${WF}/detail`, { processInsId: processInstanceId })).body.data;
    expect(vars.form.variables).toMatchObject({ title: '采购电脑', amount: '12345.60', money: '12345.60', businessId: id });
    const [h] = await t.database.raw(`SELECT business_key, title FROM blade_wf_hi_procinst WHERE id = $1`, [processInstanceId]);
    expect(h).toEqual({ business_key: `kit_test_record:${id}`, title: '张伟的测试单(12345.60元)' });
    // The start form is the business form url (S1 L33).
    const startForm = (await call('zhangwei', 'GET', `${WF}/getFormByProcessDefKey`, { processDefKey: 'kit_test' })).body.data;
    expect(startForm).toMatchObject({ formKey: '/workflow/kitTest' });
  });

  it('refuses bad input and keeps nothing; another tenant can neither start nor resubmit', async () => {
    const before = await engineRows();
    expect((await start({ amount: '1' })).body).toMatchObject({ code: 400, msg: '请输入标题' });
    expect((await start({ title: 'x', amount: '1.234' })).body).toMatchObject({ code: 400, msg: '金额最多保留两位小数' });
    expect((await start({ title: 'x', amount: '1' }, 'b')).body).toMatchObject({ code: 400, msg: APPROVAL_MSG.notDeployed });
    const mine = (await start({ title: '本租户的', amount: '1' })).body.data;
    expect((await start({ id: mine.id, title: '别人的', amount: '1' }, 'b')).body).toMatchObject({ code: 400, msg: APPROVAL_MSG.missing });
    expect((await call('b', 'GET', `${API}/detail`, { id: mine.id })).status).toBe(404);
    expect((await call('b', 'GET', `${API}/get/process_his/${mine.id}`)).status).toBe(404);
    expect(await engineRows()).toEqual({ procs: before.procs + 1, tasks: before.tasks + 1, records: before.records + 1 });
    expect(await record(mine.id)).toMatchObject({ title: '本租户的', status: 1 });
  });

  it('approved to the end (2): the cashier’s finalStep form is checked (messages joined by " | ") and saved with the approval', async () => {
    const { id, processInstanceId } = (await start({ title: '付款', amount: '800.00' })).body.data;
    expect((await act('lihong', processInstanceId, true)).status).toBe(200);
    expect((await act('wangjianguo', processInstanceId, true)).status).toBe(200);
    expect((await record(id)).status).toBe(1);
    const bad = await act('liuyang', processInstanceId, true, { variables: { payAccount: '', payTime: '20261220' } });
    expect(bad.body).toMatchObject({ code: 400, msg: '请填写付款账户 | 付款日期格式应为yyyy-MM-dd' });
    const wrong = await act('liuyang', processInstanceId, true, { variables: { ...payInfo, payMoney: '799.00' } });
    expect(wrong.body).toMatchObject({ code: 400, msg: '付款金额应等于申请金额' });
    // Refused: the task is still open and nothing of the form is kept.
    expect(await taskOf('liuyang', processInstanceId)).toBeTruthy();
    expect(await record(id)).toMatchObject({ status: 1, payAccount: null });
    const ok = await act('liuyang', processInstanceId, true, { variables: { ...payInfo, payMoney: '800.00' }, processFrom: 'kitTest' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await record(id)).toMatchObject({
      status: 2,
      payAccount: '6222 0000 1111',
      payTime: '2026-12-20',
      payMoney: '800.00',
      processIsFinished: 'finished',
    });
    // processFrom is kept on the comment of the action.
    const flow = (await call('zhangwei', 'GET', `${WF}/history-flow-list`, { processInstanceId })).body.data;
    const pay = flow.find((f: { historyActivityId: string }) => f.historyActivityId === 'pay');
    expect(pay.comments[0]).toMatchObject({ fullMessage: '同意', processFrom: 'kitTest' });
    // Approved: neither changed nor removed.
    expect((await call('zhangwei', 'POST', `${API}/update`, { id, title: '改' })).body).toMatchObject({ code: 400, msg: APPROVAL_MSG.noChange });
    expect((await call('zhangwei', 'POST', `${API}/submit`, { id, title: '改' })).body).toMatchObject({ code: 400, msg: APPROVAL_MSG.noChange });
    expect((await t.call(tok.zhangwei, { method: 'POST', url: `${API}/remove`, query: { ids: id } })).body).toMatchObject({
      code: 400,
      msg: APPROVAL_MSG.noRemove,
    });
    expect((await start({ id, title: '再来', amount: '1' })).body).toMatchObject({ code: 400, msg: APPROVAL_MSG.noStart });
  });

  it("the area's write checks hold for start; a secret is masked in answers, never a process variable, kept when sent back masked", async () => {
    const before = await engineRows();
    expect((await start({ title: '禁止的标题', amount: '1' })).body).toMatchObject({ code: 400, msg: '标题不能使用禁止的词' });
    expect((await call('zhangwei', 'POST', `${API}/submit`, { title: '禁止的标题', amount: '1' })).body).toMatchObject({
      code: 400,
      msg: '标题不能使用禁止的词',
    });
    expect(await engineRows()).toEqual(before);
    const r = await start({ title: '带密码的', amount: '3', portalPassword: 's3cret-电子税务局' });
    expect(r.body).toMatchObject({ code: 200, data: { portalPassword: '******' } });
    const { id, processInstanceId } = r.body.data;
    expect(await record(id)).toMatchObject({ portalPassword: '******' });
    const vars = (await call('zhangwei', 'GET', `${WF}/detail`, { processInsId: processInstanceId })).body.data.form.variables;
    expect(vars).toMatchObject({ title: '带密码的', businessId: id });
    expect(vars).not.toHaveProperty('portalPassword');
    expect(JSON.stringify(vars)).not.toContain('s3cret');
    const stored = async () => (await t.database.raw(`SELECT portal_password FROM kit_test_record WHERE id = $1`, [id]))[0]!.portal_password;
    expect(await stored()).toBe('s3cret-电子税务局');
    // Rejected, resubmitted with the form as it was shown (the mask): the secret is kept.
    expect((await act('lihong', processInstanceId, false)).status).toBe(200);
    const again = await start({ id, title: '带密码的(重提)', portalPassword: '******' });
    expect(again.body).toMatchObject({ code: 200, data: { portalPassword: '******', title: '带密码的(重提)' } });
    expect(await stored()).toBe('s3cret-电子税务局');
  });

  it('under approval (1): no change, no removal (a list of ids with one under approval removes none)', async () => {
    const { id } = (await start({ title: '审批中', amount: '10' })).body.data;
    const draft = (await call('zhangwei', 'POST', `${API}/save`, { title: '草稿', amount: '5' })).body;
    expect(draft.code).toBe(200);
    const [d] = await t.database.raw(`SELECT id::text AS id FROM kit_test_record WHERE title = '草稿'`);
    // The messages of BUSINESS.md §1, word for word.
    expect((await call('zhangwei', 'POST', `${API}/update`, { id, amount: '11' })).body).toMatchObject({ code: 400, msg: '审批中或已通过的数据不能修改' });
    expect((await t.call(tok.zhangwei, { method: 'POST', url: `${API}/remove`, query: { ids: `${d!.id},${id}` } })).body).toMatchObject({
      code: 400,
      msg: '审批中或已通过的数据不能删除',
    });
    expect(await record(String(d!.id))).toMatchObject({ title: '草稿' });
    expect(await record(id)).toMatchObject({ status: 1, amount: '10.00' });
  });

  it('save and submit keep their meaning: a draft (0, isDraft 0) that can be changed, then started by id', async () => {
    expect((await call('zhangwei', 'POST', `${API}/submit`, { title: '先存草稿', amount: '20' })).status).toBe(200);
    const [d] = await t.database.raw(`SELECT id::text AS id FROM kit_test_record WHERE title = '先存草稿'`);
    const id = String(d!.id);
    expect(await record(id)).toMatchObject({ status: 0, isDraft: 0, processInstanceId: null });
    expect((await call('zhangwei', 'POST', `${API}/update`, { id, amount: '21' })).status).toBe(200);
    // Starting it takes the stored values and what the form sends now.
    const r = await start({ id, title: '草稿提交' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200, data: { id, amount: '21.00', title: '草稿提交' } });
    expect(await record(id)).toMatchObject({ status: 1, isDraft: 1, title: '草稿提交' });
    // Only its applicant starts it.
    const other = (await call('zhangwei', 'POST', `${API}/save`, { title: '张伟的草稿', amount: '3' })).body;
    expect(other.code).toBe(200);
    const [o] = await t.database.raw(`SELECT id::text AS id FROM kit_test_record WHERE title = '张伟的草稿'`);
    expect((await start({ id: o!.id }, 'chenjing')).status).toBe(403);
  });

  it('rejected back to an earlier approver stays 1; back to the start 3; resubmitted as a new instance; history lists both', async () => {
    const { id, processInstanceId: first } = (await start({ title: '出差借款', amount: '3000' })).body.data;
    expect((await act('lihong', first, true)).status).toBe(200);
    expect((await act('wangjianguo', first, false)).status).toBe(200);
    expect(await record(id)).toMatchObject({ status: 1, tasks: [{ taskDefinitionKey: 'first' }] });
    expect((await act('lihong', first, false)).status).toBe(200);
    expect(await record(id)).toMatchObject({ status: 3, processIsFinished: 'reject' });
    // Changed and started again (重新提交): a new instance.
    const again = await start({ id, title: '出差借款(补充说明)', amount: '2800' });
    expect(again.body).toMatchObject({ code: 200, data: { id } });
    const second = again.body.data.processInstanceId;
    expect(second).not.toBe(first);
    expect(await record(id)).toMatchObject({ status: 1, amount: '2800.00', processInstanceId: second });
    const his = (await call('zhangwei', 'GET', `${API}/get/process_his/${id}`, { current: '1', size: '10000' })).body.data;
    expect(his.total).toBe(2);
    expect(his.records.map((p: { processInstanceId: string }) => p.processInstanceId)).toEqual([second, first]);
    expect(his.records[1]).toMatchObject({ processIsFinished: 'reject', processDefinitionKey: 'kit_test' });
    const names = his.records[1].flow
      .filter((f: { historyActivityType: string }) => f.historyActivityType === 'userTask')
      .map((f: { historyActivityName: string }) => f.historyActivityName);
    expect(names).toEqual(['部门经理审批', '总经理审批', '部门经理审批']);
  });

  it('withdrawn (6), resubmitted; deleted by operations (0)', async () => {
    const { id, processInstanceId } = (await start({ title: '撤回的', amount: '50' })).body.data;
    expect((await call('zhangwei', 'POST', `${WF}/withdrawTask`, { processInstanceId, comment: '填错了' })).status).toBe(200);
    expect(await record(id)).toMatchObject({ status: 6, processIsFinished: 'withdraw' });
    // Withdrawn: it may be changed, then started again.
    expect((await call('zhangwei', 'POST', `${API}/update`, { id, amount: '55' })).status).toBe(200);
    const again = (await start({ id })).body.data;
    expect(again.processInstanceId).not.toBe(processInstanceId);
    expect((await record(id)).status).toBe(1);
    expect((await call('zhangwei', 'GET', `${API}/get/process_his/${id}`)).body.data.total).toBe(2);
    const del = await call('admin', 'POST', '/api/blade-workflow/ops/deleteProcess', { processInstanceId: again.processInstanceId, comment: '测试删除' });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(await record(id)).toMatchObject({ status: 0, processIsFinished: 'deleted' });
    // Not started any more: it may be removed.
    expect((await t.call(tok.zhangwei, { method: 'POST', url: `${API}/remove`, query: { ids: id } })).status).toBe(200);
  });

  it('terminated by an approver (3): changed, removed or resubmitted as a new instance; history lists both', async () => {
    const { id, processInstanceId } = (await start({ title: '被终止的', amount: '60' })).body.data;
    const taskId = await taskOf('lihong', processInstanceId);
    const r = await call('lihong', 'POST', `${WF}/terminateProcess`, { taskId, comment: '预算取消' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await record(id)).toMatchObject({ status: 3, processIsFinished: 'terminate', processInstanceId });
    expect((await call('zhangwei', 'POST', `${API}/update`, { id, amount: '61' })).status).toBe(200);
    const again = (await start({ id })).body.data;
    expect(again).toMatchObject({ id, amount: '61.00' });
    expect(again.processInstanceId).not.toBe(processInstanceId);
    expect(await record(id)).toMatchObject({ status: 1, processInstanceId: again.processInstanceId });
    const his = (await call('zhangwei', 'GET', `${API}/get/process_his/${id}`)).body.data;
    expect(his.records.map((p: { processInstanceId: string; processIsFinished: string }) => [p.processInstanceId, p.processIsFinished])).toEqual([
      [again.processInstanceId, 'unfinished'],
      [processInstanceId, 'terminate'],
    ]);
  });

  it('the people in its process read it without the menu: a copied user (抄送); not its list, not another record', async () => {
    tok.zhaomin = (await t.login('zhaomin', '123456')).access_token!;
    const [z] = await t.database.raw(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '000000' AND account = 'zhaomin'`);
    const other = (await start({ title: '没抄送的', amount: '1' })).body.data;
    const { id, processInstanceId } = (await start({ title: '抄送的', amount: '2', copyUser: z!.id })).body.data;
    expect((await call('zhaomin', 'GET', `${API}/detail`, { id })).body).toMatchObject({ code: 200, data: { id, title: '抄送的' } });
    expect((await call('zhaomin', 'GET', `${API}/detail`, { processInstanceId })).body).toMatchObject({ code: 200, data: { id } });
    expect((await call('zhaomin', 'GET', `${API}/get/process_his/${id}`)).body).toMatchObject({ code: 200, data: { total: 1 } });
    expect((await call('zhaomin', 'GET', `${API}/detail`, { id: other.id })).status).toBe(403);
    expect((await call('zhaomin', 'GET', `${API}/get/process_his/${other.id}`)).status).toBe(403);
    expect((await call('zhaomin', 'GET', `${API}/list`)).status).toBe(403);
    expect((await call('zhaomin', 'POST', `${API}/update`, { id, title: '改' })).status).toBe(403);
  });

  it('a hook that throws rolls back the engine rows and the record: at the start, and at the end', async () => {
    const before = await engineRows();
    failHook = 'started:1';
    const r = await start({ title: '会失败的', amount: '9' });
    expect(r.status).toBe(500);
    expect(await engineRows()).toEqual(before);
    failHook = undefined;
    // A resubmission that fails keeps the record as it was (3 with its old values).
    const { id, processInstanceId } = (await start({ title: '驳回后重提失败', amount: '9' })).body.data;
    expect((await act('lihong', processInstanceId, false)).status).toBe(200);
    failHook = 'started:1';
    expect((await start({ id, amount: '99' })).status).toBe(500);
    expect(await record(id)).toMatchObject({ status: 3, amount: '9.00', processInstanceId });
    failHook = undefined;
    // The last approval whose hook fails: the task stays open, the record under approval.
    const p = (await start({ id })).body.data.processInstanceId;
    await act('lihong', p, true);
    await act('wangjianguo', p, true);
    failHook = 'finished:2';
    expect((await act('liuyang', p, true, { variables: payInfo })).status).toBe(500);
    failHook = undefined;
    expect(await taskOf('liuyang', p)).toBeTruthy();
    expect(await record(id)).toMatchObject({ status: 1, payAccount: null });
  });

  it('a hook that refuses (fail) answers 400 with its message and keeps nothing: the finalStep values neither', async () => {
    const { id, processInstanceId } = (await start({ title: '余额不足的付款', amount: '70' })).body.data;
    await act('lihong', processInstanceId, true);
    await act('wangjianguo', processInstanceId, true);
    const before = await engineRows();
    refuseHook = 'finished:2';
    try {
      const r = await act('liuyang', processInstanceId, true, { variables: { ...payInfo, payMoney: '70.00' } });
      expect(r.body).toMatchObject({ code: 400, msg: '账户余额不足,不能付款' });
    } finally {
      refuseHook = undefined;
    }
    expect(await engineRows()).toEqual(before);
    expect(await taskOf('liuyang', processInstanceId)).toBeTruthy();
    expect(await record(id)).toMatchObject({ status: 1, payAccount: null, payMoney: null, processIsFinished: 'unfinished' });
    const flow = (await call('zhangwei', 'GET', `${WF}/history-flow-list`, { processInstanceId })).body.data;
    expect(flow.some((f: { historyActivityId: string; endTime?: string }) => f.historyActivityId === 'pay' && f.endTime)).toBe(false);
    // Refused at the start: no record, no instance.
    refuseHook = 'started:1';
    try {
      expect((await start({ title: '开始即拒绝', amount: '1' })).body).toMatchObject({ code: 400, msg: '账户余额不足,不能付款' });
    } finally {
      refuseHook = undefined;
    }
    expect(await engineRows()).toEqual(before);
    // Without the refusal the same approval goes through.
    expect((await act('liuyang', processInstanceId, true, { variables: payInfo })).status).toBe(200);
    expect(await record(id)).toMatchObject({ status: 2, payAccount: '6222 0000 1111' });
  });

  it('rejected to the applicant (3), resubmitted from its task in 待办: the same instance goes on (1), then approved (2)', async () => {
    const { id, processInstanceId } = (await start({ title: '待办里重新提交', amount: '40' })).body.data;
    expect((await act('lihong', processInstanceId, false)).status).toBe(200);
    expect(await record(id)).toMatchObject({ status: 3, processInstanceId });
    // The instance waits with the applicant; changing the record is allowed at 3.
    expect((await call('zhangwei', 'POST', `${API}/update`, { id, amount: '45' })).status).toBe(200);
    const again = await act('zhangwei', processInstanceId, true);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await record(id)).toMatchObject({ status: 1, processInstanceId, amount: '45.00', tasks: [{ taskDefinitionKey: 'first' }] });
    // Under approval again: no change.
    expect((await call('zhangwei', 'POST', `${API}/update`, { id, amount: '46' })).body).toMatchObject({ code: 400, msg: APPROVAL_MSG.noChange });
    for (const who of ['lihong', 'wangjianguo']) expect((await act(who, processInstanceId, true)).status).toBe(200);
    expect((await act('liuyang', processInstanceId, true, { variables: payInfo })).status).toBe(200);
    expect(await record(id)).toMatchObject({ status: 2, processIsFinished: 'finished' });
    // One instance only.
    expect((await call('zhangwei', 'GET', `${API}/get/process_his/${id}`)).body.data.total).toBe(1);
  });

  it('the route key: re-pointing wf_route:kitTest to another model makes the next start use it, and its status still follows', async () => {
    const dict = (body: Record<string, unknown>) => call('admin', 'POST', '/api/blade-system/dict-biz/submit', body);
    const rootOf = async () =>
      (
        await t.database.raw(`SELECT id::text AS id FROM blade_dict_biz WHERE tenant_id = '000000' AND code = 'wf_route' AND parent_id = 0 AND is_deleted = 0`)
      )[0];
    if (!(await rootOf())) expect((await dict({ code: 'wf_route', dictValue: '流程路由', sort: 1, isSealed: 0 })).status).toBe(200);
    const r = await rootOf();
    expect((await dict({ parentId: r!.id, dictKey: 'kitTest', dictValue: '测试单', remark: 'kit_test_alt', sort: 1, isSealed: 0 })).status).toBe(200);
    const { id, processInstanceId } = (await start({ title: '走另一模型', amount: '1' })).body.data;
    expect(await record(id)).toMatchObject({ status: 1, processDefinitionKey: 'kit_test_alt' });
    await act('lihong', processInstanceId, false);
    expect((await record(id)).status).toBe(3);
    const [item] = await t.database.raw(`SELECT id::text AS id FROM blade_dict_biz WHERE code = 'wf_route' AND dict_key = 'kitTest'`);
    // A key no model has: a clear 400, nothing kept.
    expect((await dict({ id: item!.id, remark: 'no_such_model' })).status).toBe(200);
    const before = await engineRows();
    expect((await start({ title: '没有模型', amount: '1' })).body).toMatchObject({ code: 400, msg: APPROVAL_MSG.notDeployed });
    expect(await engineRows()).toEqual(before);
    // Back to the declared key.
    expect((await dict({ id: item!.id, remark: 'kit_test' })).status).toBe(200);
    expect((await record((await start({ title: '回到原模型', amount: '1' })).body.data.id)).processDefinitionKey).toBe('kit_test');
  });

  it('lists filter by status; the people in a process read the record, others do not', async () => {
    const page = (await call('zhangwei', 'GET', `${API}/list`, { status: '2', size: '100' })).body.data;
    expect(page.total).toBeGreaterThan(0);
    expectEvery(page.records, (r: { status: number }) => r.status === 2);
    const drafts = (await call('zhangwei', 'GET', `${API}/list`, { isDraft: '0', size: '100' })).body.data.records;
    expect(drafts.length).toBeGreaterThan(0);
    const { id } = page.records[0];
    // 李红 approved it without holding the menu; 王建国 (no menu) is not yet in the fresh one's process.
    expect((await call('lihong', 'GET', `${API}/detail`, { id })).status).toBe(200);
    expect((await call('lihong', 'GET', `${API}/get/process_his/${id}`)).status).toBe(200);
    expect((await call('lihong', 'GET', `${API}/list`)).status).toBe(403);
    const { id: fresh } = (await start({ title: '刚提交', amount: '1' })).body.data;
    expect((await call('wangjianguo', 'GET', `${API}/detail`, { id: fresh })).status).toBe(403);
    expect((await call('lihong', 'GET', `${API}/detail`, { id: fresh })).status).toBe(200);
  });
});

describe('approval kit: batch approval', () => {
  const BATCH = '/api/business/hjlBatchApproval';
  const drafts = async (n: number, tag: string) => {
    const out: string[] = [];
    for (let i = 1; i <= n; i++) {
      expect((await call('zhangwei', 'POST', `${API}/save`, { title: `${tag}${i}`, amount: `${i}00.50` })).status).toBe(200);
      const [r] = await t.database.raw(`SELECT id::text AS id FROM kit_test_record WHERE title = $1`, [`${tag}${i}`]);
      out.push(String(r!.id));
    }
    return out;
  };

  it('3 records in one instance: rejected → all 3 at 3; submitted again and approved → all 2; the batch lists the 3', async () => {
    const ids = await drafts(3, '批量');
    const r = await call('zhangwei', 'POST', `${API}/submitBatchApproval`, { ids: ids.join(',') });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      code: 200,
      msg: '发起成功',
      data: { recordCount: 3, totalMoney: '601.50', processDefinitionKey: 'kit_test_batch' },
    });
    const first = r.body.data.processInstanceId;
    for (const id of ids) expect(await record(id)).toMatchObject({ status: 1, isDraft: 1, processInstanceId: first, processDefinitionKey: 'kit_test_batch' });
    // Under approval: neither batched again nor changed.
    expect((await call('zhangwei', 'POST', `${API}/submitBatchApproval`, { ids: ids[0] })).body.code).toBe(400);
    expect((await call('zhangwei', 'POST', `${API}/update`, { id: ids[0], amount: '1' })).body.msg).toBe(APPROVAL_MSG.noChange);
    // The approver reads the batch with its records (without the batch menu); a stranger does not.
    const d = (await call('lihong', 'GET', `${BATCH}/detailByProcessInstanceId`, { processInstanceId: first })).body.data;
    expect(d).toMatchObject({ bizType: 'kit_test', recordCount: 3, totalMoney: '601.50', status: 1 });
    expect(d.records.map((x: { id: string }) => x.id).sort()).toEqual([...ids].sort());
    expect((await call('chenjing', 'GET', `${BATCH}/detailByProcessInstanceId`, { processInstanceId: first })).status).toBe(403);
    expect((await call('b', 'GET', `${BATCH}/detailByProcessInstanceId`, { processInstanceId: first })).status).toBe(404);

    expect((await act('lihong', first, false)).status).toBe(200);
    for (const id of ids) expect((await record(id)).status).toBe(3);
    const again = await call('zhangwei', 'POST', `${API}/submitBatchApproval`, { ids });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const second = again.body.data.processInstanceId;
    expect(second).not.toBe(first);
    // The rejected instance waited with the applicant: it is closed (no task of it left).
    expect((await call('zhangwei', 'GET', `${WF}/todo`)).body.data.records.some((x: { processInstanceId: string }) => x.processInstanceId === first)).toBe(
      false,
    );
    expect((await act('lihong', second, true)).status).toBe(200);
    for (const id of ids) expect(await record(id)).toMatchObject({ status: 2, processIsFinished: 'finished' });
    const after = (await call('admin', 'GET', `${BATCH}/detailByProcessInstanceId`, { processInstanceId: second })).body.data;
    expect(after).toMatchObject({ status: 2, recordCount: 3 });
    expect(after.records).toHaveLength(3);
    // By process: both batches, newest first; a record's history lists both instances.
    const byKey = (await call('admin', 'GET', `${BATCH}/detailByProcess`, { processDefKey: 'kit_test_batch' })).body.data;
    expect(byKey.records.map((x: { processInstanceId: string }) => x.processInstanceId)).toEqual([second, first]);
    const his = (await call('zhangwei', 'GET', `${API}/get/process_his/${ids[1]}`)).body.data;
    expect(his.records.map((x: { processInstanceId: string }) => x.processInstanceId)).toEqual([second, first]);
    expect((await call('zhangwei', 'GET', `${BATCH}/detailByProcess`, { processDefKey: 'kit_test_batch' })).status).toBe(403);
  });

  it('paging of the batches and of a record’s history: whole positive numbers or a Chinese 400; the size capped', async () => {
    const BATCH = '/api/business/hjlBatchApproval';
    for (const [q, msg] of [
      [{ current: 'abc' }, 'current必须是正整数'],
      [{ current: '0' }, 'current必须是正整数'],
      [{ size: '1e308' }, 'size必须是正整数'],
      [{ size: '-5' }, 'size必须是正整数'],
      [{ current: '99999999999999999999' }, 'current必须是正整数'],
    ] as const) {
      expect((await call('admin', 'GET', `${BATCH}/detailByProcess`, { processDefKey: 'kit_test_batch', ...q })).body, JSON.stringify(q)).toMatchObject({
        code: 400,
        msg,
      });
    }
    const big = (await call('admin', 'GET', `${BATCH}/detailByProcess`, { processDefKey: 'kit_test_batch', current: '999999999', size: '100000' })).body;
    expect(big).toMatchObject({ code: 200, data: { records: [], size: 1000, current: 999999999 } });
    const { id } = (await start({ title: '历史分页', amount: '1' })).body.data;
    const his = (q: Record<string, string>) => call('zhangwei', 'GET', `${API}/get/process_his/${id}`, q);
    expect((await his({ current: 'x' })).body).toMatchObject({ code: 400, msg: 'current必须是正整数' });
    expect((await his({ size: '1.5' })).body).toMatchObject({ code: 400, msg: 'size必须是正整数' });
    expect((await his({ current: '1', size: '100000' })).body).toMatchObject({ code: 200, data: { total: 1, size: 10000 } });
    expect((await his({ current: '2', size: '1' })).body).toMatchObject({ code: 200, data: { total: 1, records: [] } });
  });

  it('refuses an empty list, ids of nobody and another tenant’s ids', async () => {
    expect((await call('zhangwei', 'POST', `${API}/submitBatchApproval`, {})).body).toMatchObject({ code: 400, msg: '请选择要提交的数据' });
    expect((await call('zhangwei', 'POST', `${API}/submitBatchApproval`, { ids: '123456789' })).body).toMatchObject({ code: 400, msg: APPROVAL_MSG.missing });
    const [mine] = await drafts(1, '别的租户');
    expect((await call('b', 'POST', `${API}/submitBatchApproval`, { ids: mine })).body).toMatchObject({ code: 400, msg: APPROVAL_MSG.missing });
    expect((await record(mine!)).status).toBe(0);
  });
});
