/**
 * The leave process end to end over the API: an employee asks, the approver chosen on the form approves,
 * more than three days go on to the 公司领导 role (claim first), a rejection and a resubmission, a withdrawal —
 * the record's status following each step in the engine's transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { users, WF } from '../../testing/http.ts';
import { leaveDays } from './index.ts';

let t: TestApp;
const { tok, get, post, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
let leaveCategory = '';
const API = '/api/blade-desk/process/leave';

const start = (payload: Record<string, unknown>, who = 'zhangwei') => post(who, `${API}/start`, payload);
const detail = async (id: string, who = 'zhangwei') => (await get(who, `${API}/detail`, { id })).body.data;
const todo = async (who: string) => (await get(who, `${WF}/todo`, { processDefinitionKey: 'Leave' })).body.data;
const complete = (who: string, payload: Record<string, unknown>) => post(who, `${WF}/completeTask`, payload);
const taskOf = async (who: string, procInstId: string) =>
  ((await todo(who)).records as { taskId: string; processInstanceId: string }[]).find((r) => r.processInstanceId === procInstId)?.taskId;

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('zhangwei', 'lihong', 'wangjianguo', 'chenjing', 'admin');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
  const [c] = await t.database.raw(`SELECT id::text AS id FROM blade_wf_category WHERE tenant_id = '000000' AND name = '请假'`);
  leaveCategory = String(c!.id);
});
afterAll(() => t.close());

const form = (over: Record<string, unknown> = {}) => ({
  leaveType: 1,
  startTime: '2026-12-01',
  endTime: '2026-12-02',
  reason: '家中有事',
  taskUser: ids.lihong,
  ...over,
});

describe('leave process', () => {
  it('is deployed for the demo tenant, not for others', async () => {
    expect(await countRows(t.database, 'blade_wf_procdef', `tenant_id = '000000' AND key = 'Leave'`)).toBe(1);
    expect(await countRows(t.database, 'blade_wf_procdef', `tenant_id = '100001'`)).toBe(0);
    expect(leaveDays('2026-12-01', '2026-12-01')).toBe(1);
    expect(leaveDays('2026-02-27', '2026-03-02')).toBe(4);
    // Its start form is the external leave page (wf_ex_leave): the start list opens that page.
    const startForm = (await t.call(tok.zhangwei, { method: 'GET', url: `${WF}/getFormByProcessDefKey`, query: { processDefKey: 'Leave' } })).body.data;
    expect(startForm).toMatchObject({ processDefinitionKey: 'Leave', formKey: 'wf_ex_leave', form: null });
  });

  it('refuses bad input with clear messages and keeps nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [form({ leaveType: undefined }), '请选择请假类型'],
      [form({ startTime: undefined }), '请选择开始时间'],
      [form({ reason: '' }), '请输入请假理由'],
      [form({ taskUser: undefined }), '请选择审批人'],
      [form({ endTime: '2026-11-30' }), '结束时间不能早于开始时间'],
      [form({ taskUser: ids.zhangwei }), '审批人不能是申请人本人'],
      [form({ taskUser: '123456789' }), '审批人不存在'],
    ];
    for (const [payload, msg] of bad) expect((await start(payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect(await countRows(t.database, 'blade_process_leave')).toBe(0);
    expect(await countRows(t.database, 'blade_wf_hi_procinst')).toBe(0);
    // Another tenant has no leave process: nothing is kept either.
    expect((await t.call(tok.b, { method: 'POST', url: `${API}/start`, payload: form({ taskUser: ids.lihong }) })).body.msg).toBe('审批人不存在');
    expect(await countRows(t.database, 'blade_process_leave')).toBe(0);
  });

  it('two days: the approver approves, the record is approved (2)', async () => {
    const r = await start(form());
    expect(r.body).toMatchObject({ code: 200, msg: '发起成功' });
    const { id, processInstanceId } = r.body.data;
    expect(r.body.data.days).toBe(2);
    expect(await detail(id)).toMatchObject({ status: 1, days: 2, taskUserName: '李红', processInstanceId, processIsFinished: 'unfinished' });
    // The approver sees it in the to-do list with the list's fields.
    const row = (await todo('lihong')).records.find((x: { processInstanceId: string }) => x.processInstanceId === processInstanceId);
    expect(row).toMatchObject({
      taskName: '审批人审批',
      processDefinitionKey: 'Leave',
      processDefinitionName: '请假流程',
      startUserName: '张伟',
      assigneeName: '李红',
      // The real category 行政审批/请假 (its id).
      category: leaveCategory,
    });
    expect(row.serialNumber).toMatch(/^\d{12}$/);
    // The applicant cannot act on it; a comment is required.
    expect((await complete('zhangwei', { taskId: row.taskId, pass: true, comment: '自己批' })).status).toBe(403);
    expect((await complete('lihong', { taskId: row.taskId, pass: true })).body).toMatchObject({ code: 400, msg: '请填写批复意见' });
    // A read-only field sent with the approval is ignored (days stays 2, so no 总经理审批).
    const ok = await complete('lihong', { taskId: row.taskId, pass: true, comment: '同意', variables: { days: 9 } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await detail(id)).toMatchObject({ status: 2, processIsFinished: 'finished' });
    // The finished process still shows its form.
    const d = (await t.call(tok.zhangwei, { method: 'GET', url: `${WF}/detail`, query: { processInsId: processInstanceId } })).body.data;
    expect(d.form.variables).toMatchObject({ days: 2, reason: '家中有事', approver: ids.lihong });
    const sent = (await t.call(tok.zhangwei, { method: 'GET', url: `${WF}/send` })).body.data;
    expect(sent.records[0]).toMatchObject({ processInstanceId, processIsFinished: 'finished' });
    const done = (await t.call(tok.lihong, { method: 'GET', url: `${WF}/done` })).body.data;
    expect(done.records.some((x: { processInstanceId: string }) => x.processInstanceId === processInstanceId)).toBe(true);
  });

  it('files attached to a request are checked and kept with its process', async () => {
    const link = `/api/blade-resource/oss/endpoint/file/local/20261123/${'8'.repeat(32)}.jpg`;
    expect((await start(form({ attachment: [{ label: '', value: link }] }))).body).toMatchObject({ code: 400, msg: '附件格式不正确' });
    const r = await start(form({ attachment: [{ label: '病历.jpg', value: link }] }));
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    const d = (await t.call(tok.lihong, { method: 'GET', url: `${WF}/detail`, query: { processInsId: String(r.body.data.processInstanceId) } })).body.data;
    expect(d.form.variables.attachment).toEqual([{ label: '病历.jpg', value: link }]);
    expect(
      (
        await t.call(tok.admin, {
          method: 'POST',
          url: '/api/blade-workflow/ops/deleteProcess',
          payload: { processInstanceId: String(r.body.data.processInstanceId), comment: '测试附件' },
        })
      ).status,
    ).toBe(200);
  });

  it('five days: after the approver, the 公司领导 role claims and approves', async () => {
    const { id, processInstanceId } = (await start(form({ endTime: '2026-12-05' }))).body.data;
    const first = await taskOf('lihong', processInstanceId);
    expect((await complete('lihong', { taskId: first, pass: true, comment: '同意' })).status).toBe(200);
    expect((await detail(id)).status).toBe(1);
    const claim = (await t.call(tok.wangjianguo, { method: 'GET', url: `${WF}/claim` })).body.data;
    const row = claim.records.find((x: { processInstanceId: string }) => x.processInstanceId === processInstanceId);
    expect(row).toMatchObject({ taskName: '总经理审批', assignee: null });
    // Someone outside the group may not claim it.
    expect((await t.call(tok.chenjing, { method: 'POST', url: `${WF}/claimTask`, query: { taskId: row.taskId } })).status).toBe(403);
    expect((await t.call(tok.wangjianguo, { method: 'POST', url: `${WF}/claimTask`, query: { taskId: row.taskId } })).status).toBe(200);
    expect((await t.call(tok.wangjianguo, { method: 'GET', url: `${WF}/claim` })).body.data.total).toBe(0);
    expect((await complete('wangjianguo', { taskId: row.taskId, pass: true, comment: '准假' })).status).toBe(200);
    expect(await detail(id)).toMatchObject({ status: 2 });
    const flow = (await t.call(tok.zhangwei, { method: 'GET', url: `${WF}/history-flow-list`, query: { processInstanceId } })).body.data;
    const named = flow.filter((f: { historyActivityType: string }) => f.historyActivityType === 'userTask');
    expect(named.map((f: { historyActivityName: string; assigneeName: string }) => `${f.historyActivityName}:${f.assigneeName}`)).toEqual([
      '审批人审批:李红',
      '总经理审批:王建国',
    ]);
    expect(named[1].comments[0]).toMatchObject({ type: 'comment', fullMessage: '准假' });
  });

  it('rejected (3), then resubmitted (1) and approved (2)', async () => {
    const { id, processInstanceId } = (await start(form({ reason: '看病' }))).body.data;
    const task = await taskOf('lihong', processInstanceId);
    expect((await complete('lihong', { taskId: task, pass: false, comment: '理由不充分' })).status).toBe(200);
    expect(await detail(id)).toMatchObject({ status: 3, processIsFinished: 'reject' });
    // Only the applicant resubmits; the record changes and a new instance starts.
    expect((await start({ id, ...form({ reason: '看病,附诊断证明' }) }, 'chenjing')).status).toBe(403);
    const again = await start({ id, ...form({ reason: '看病,附诊断证明', leaveType: 2 }) });
    expect(again.body).toMatchObject({ code: 200, msg: '发起成功' });
    expect(again.body.data.processInstanceId).not.toBe(processInstanceId);
    expect(await detail(id)).toMatchObject({ status: 1, leaveType: 2, reason: '看病,附诊断证明', processInstanceId: again.body.data.processInstanceId });
    // While under approval it cannot be resubmitted or removed.
    expect((await start({ id, ...form() })).body.msg).toBe('审批中或已通过的数据不能重新提交');
    expect((await t.call(tok.zhangwei, { method: 'POST', url: `${API}/remove`, query: { ids: id } })).body.msg).toBe('审批中或已通过的数据不能删除');
    const task2 = await taskOf('lihong', again.body.data.processInstanceId);
    expect((await complete('lihong', { taskId: task2, pass: true, comment: '同意' })).status).toBe(200);
    expect((await detail(id)).status).toBe(2);
  });

  it('withdrawn by the applicant (6) while nobody acted; others may not withdraw', async () => {
    const { id, processInstanceId } = (await start(form())).body.data;
    expect((await t.call(tok.lihong, { method: 'POST', url: `${WF}/withdrawTask`, payload: { processInstanceId } })).body).toMatchObject({
      code: 400,
      msg: '此任务不可撤回',
    });
    const w = await t.call(tok.zhangwei, { method: 'POST', url: `${WF}/withdrawTask`, payload: { processInstanceId, comment: '不请了' } });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    expect(await detail(id)).toMatchObject({ status: 6, processIsFinished: 'withdraw' });
    expect(await taskOf('lihong', processInstanceId)).toBeUndefined();
    // A withdrawn request may be removed.
    expect((await t.call(tok.zhangwei, { method: 'POST', url: `${API}/remove`, query: { ids: id } })).status).toBe(200);
    expect((await t.call(tok.zhangwei, { method: 'GET', url: `${API}/detail`, query: { id } })).status).toBe(404);
  });

  it('lists: everyone sees their own requests, the administrator all, another tenant none; the approver may read the detail', async () => {
    const mine = (await t.call(tok.zhangwei, { method: 'GET', url: `${API}/list` })).body.data;
    expect(mine.total).toBeGreaterThanOrEqual(3);
    expect(mine.records[0]).toMatchObject({ applyUserName: '张伟', taskUserName: '李红' });
    expect((await t.call(tok.chenjing, { method: 'GET', url: `${API}/list` })).body.data.total).toBe(0);
    expect((await t.call(tok.admin, { method: 'GET', url: '/api/blade-workflow/process/leave/list' })).body.data.total).toBe(mine.total);
    expect((await t.call(tok.b, { method: 'GET', url: `${API}/list` })).body.data.total).toBe(0);
    const id = mine.records[0].id;
    expect((await t.call(tok.lihong, { method: 'GET', url: `${API}/detail`, query: { id } })).status).toBe(200);
    expect((await t.call(tok.chenjing, { method: 'GET', url: `${API}/detail`, query: { id } })).status).toBe(403);
    expect((await t.call(tok.b, { method: 'GET', url: `${API}/detail`, query: { id } })).status).toBe(404);
    expect((await t.call(tok.b, { method: 'POST', url: `${API}/remove`, query: { ids: id } })).status).toBe(400);
  });
});
