/**
 * The task actions of WORKFLOW.md on a designer-made model (assignee rules, skip-first-node, default rollback
 * node, parallel and sequential countersign nodes), business hooks, proxies, deploy checks and concurrency.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from '../../../testing/db.ts';
import { usersInGroups } from '../../user/api.ts';
import { joinNames } from '../history.ts';
import type { Actor } from './engine.ts';
import { WorkflowEngine } from './engine.ts';
import type { WorkflowEvent } from './hooks.ts';
import { harness, openTasks, type Harness } from './test-support.ts';

const T = '000000';
let h: Harness;
let u: Record<string, Actor>;
const events: WorkflowEvent[] = [];
/** A business table's status by business key (1 under approval, 2 approved, 3 rejected, 6 withdrawn). */
const status = async (key: string) => Number((await h.t.database.raw(`SELECT status FROM wf_test_business WHERE business_key = $1`, [key]))[0]?.status ?? 0);

type Ids = { financeRole: string; hrPost: string; accountantPost: string };
const model = (ids: Ids, opts: { key?: string; completion?: string } = {}) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:hjl="http://hjl.example/schema/bpmn" targetNamespace="hjl">
  <process id="${opts.key ?? 'leave'}" name="请假" hjl:skipFirstNode="true" hjl:rollbackNode="apply">
    <startEvent id="start" name="开始"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="apply"/>
    <userTask id="apply" name="发起申请"><extensionElements><hjl:assignee type="starter"/></extensionElements></userTask>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="leader"/>
    <userTask id="leader" name="部门领导"><extensionElements>
      <hjl:assignee type="starterLeader"/><hjl:field name="days" writable="true"/><hjl:field name="reason"/><hjl:button code="approve" name="同意"/>
    </extensionElements></userTask>
    <sequenceFlow id="f3" sourceRef="leader" targetRef="gw"/>
    <exclusiveGateway id="gw" default="f5"/>
    <sequenceFlow id="f4" sourceRef="gw" targetRef="finance"><conditionExpression>\${days &gt; 3}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f5" sourceRef="gw" targetRef="hr"/>
    <userTask id="finance" name="财务审批"><extensionElements><hjl:assignee type="role" value="${ids.financeRole}"/></extensionElements></userTask>
    <sequenceFlow id="f6" sourceRef="finance" targetRef="hr"/>
    <userTask id="hr" name="人事备案"><extensionElements><hjl:assignee type="post" value="${ids.hrPost},${ids.accountantPost}"/></extensionElements></userTask>
    <sequenceFlow id="f7" sourceRef="hr" targetRef="sign"/>
    <userTask id="sign" name="会签" flowable:assignee="\${signer}">
      <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="signers" flowable:elementVariable="signer">${
        opts.completion ? `<completionCondition>${opts.completion}</completionCondition>` : ''
      }</multiInstanceLoopCharacteristics>
    </userTask>
    <sequenceFlow id="f8" sourceRef="sign" targetRef="seq"/>
    <userTask id="seq" name="依次审批" flowable:assignee="\${one}">
      <multiInstanceLoopCharacteristics isSequential="true" flowable:collection="\${seqSigners}" flowable:elementVariable="one"/>
    </userTask>
    <sequenceFlow id="f9" sourceRef="seq" targetRef="end"/>
    <endEvent id="end" name="结束"/>
  </process>
</definitions>`;

let xml = '';
let ids: Ids;

beforeAll(async () => {
  h = await harness();
  u = Object.fromEntries(Object.entries(h.users).map(([acc, id]) => [acc, { id }]));
  // 张伟's department leader is 王建国.
  await h.t.database.raw(`UPDATE blade_user SET director_id = $1 WHERE id = $2`, [h.users.wangjianguo, h.users.zhangwei]);
  const [role] = await h.t.database.raw(`SELECT id::text AS id FROM blade_role WHERE tenant_id = '000000' AND role_alias = 'finance'`);
  const posts = await h.t.database.raw(`SELECT id::text AS id, post_code FROM blade_post WHERE tenant_id = '000000'`);
  const post = (code: string) => String(posts.find((p) => p.post_code === code)!.id);
  ids = { financeRole: String(role!.id), hrPost: post('hr'), accountantPost: post('accountant') };
  xml = model(ids);
  await h.engine.deploy(T, xml);
  await h.t.database.raw(`CREATE TABLE wf_test_business (business_key text PRIMARY KEY, status int NOT NULL)`);
  h.engine.hooks.on('leave', async (e, tx) => {
    if (e.type === 'taskCompleted') return; // node events: see the approval kit's tests
    events.push(e);
    const value = { started: 1, finished: 2, rejected: 3, withdrawn: 6, terminated: 3, deleted: 0 }[e.type];
    // Written with the engine's transaction: it commits or rolls back with the engine's rows.
    if (e.businessKey) {
      await tx.execute(sql`INSERT INTO wf_test_business VALUES (${e.businessKey}, ${value}) ON CONFLICT (business_key) DO UPDATE SET status = ${value}`);
    }
  });
});
afterAll(() => h.close());
beforeEach(() => {
  events.length = 0;
});

const vars = { days: 5, signers: ['chenjing', 'liuyang'], seqSigners: ['sunlei'] };
const start = (variables: Record<string, unknown> = vars, businessKey = `B${Math.random()}`) =>
  h.engine.startProcess(T, { id: h.users.zhangwei!, name: '张伟' }, { processKey: 'leave', variables, businessKey, copyUsers: ['admin'] });
const only = async (procInstId: string) => {
  const tasks = await openTasks(h.engine, procInstId);
  expect(tasks).toHaveLength(1);
  return tasks[0]!;
};
const comments = async (procInstId: string) => (await h.engine.comments(T, procInstId)).map((c) => [c.type, c.message]);

describe('start', () => {
  it('records the applicant, serial number, title and copies, skips the first node and hands the task to the leader', async () => {
    const p = await start(vars, 'LEAVE-1');
    expect(p.serialNumber).toMatch(/^20260302\d{4}$/);
    expect(p.title).toBe('张伟的请假');
    expect(await h.engine.variables(T, p.processInstanceId)).toMatchObject({
      applyUser: h.users.zhangwei,
      applyUserName: '张伟',
      serialNumber: p.serialNumber,
    });
    const hist = await h.engine.historicTasks(T, p.processInstanceId);
    expect(hist.map((t) => [t.taskDefKey, t.assignee, t.endTime !== null])).toEqual([
      ['apply', h.users.zhangwei, true],
      ['leader', h.users.wangjianguo, false],
    ]);
    expect(await h.engine.copies(T, h.users.admin!)).toEqual(
      expect.arrayContaining([expect.objectContaining({ procInstId: p.processInstanceId, title: '张伟的请假' })]),
    );
    expect(events.map((e) => e.type)).toEqual(['started']);
    expect(await status('LEAVE-1')).toBe(1);
    const second = await start();
    expect(Number(second.serialNumber)).toBe(Number(p.serialNumber) + 1);
  });
});

describe('approve, reject, back nodes and rollback', () => {
  it('approve checks the holder, a single-member role is the assignee, reject returns to the default rollback node', async () => {
    const p = await start(vars, 'LEAVE-2');
    const leader = await only(p.processInstanceId);
    await expect(h.engine.approve(T, leader.id, u.lihong!)).rejects.toThrow('该任务不属于您');
    await h.engine.approve(T, leader.id, u.wangjianguo!, { comment: '同意请假' });
    const finance = await only(p.processInstanceId);
    expect(finance).toMatchObject({ key: 'finance', assignee: h.users.lihong });
    expect((await h.engine.backNodes(T, finance.id)).map((b) => b.nodeId)).toEqual(['start', 'apply', 'leader']);

    await h.engine.reject(T, finance.id, u.lihong!, { comment: '材料不全' });
    // The task the rejecter ended by rejecting is among their done tasks.
    expect(await h.listed('done', h.users.lihong!)).toContain(p.processInstanceId);
    const apply = await only(p.processInstanceId);
    expect(apply).toMatchObject({ key: 'apply', assignee: h.users.zhangwei });
    expect((await h.engine.processInstance(T, p.processInstanceId))!.status).toBe('reject');
    expect(events.map((e) => e.type)).toEqual(['started', 'rejected']);
    expect(await status('LEAVE-2')).toBe(3);
    expect(await comments(p.processInstanceId)).toEqual([
      ['comment', '同意请假'],
      ['rollbackComment', '材料不全'],
    ]);
    expect((await h.engine.variables(T, p.processInstanceId)).pass).toBe(false);

    // The applicant resubmits: under approval again.
    await h.engine.approve(T, apply.id, u.zhangwei!, { variables: { days: 1 } });
    expect((await h.engine.processInstance(T, p.processInstanceId))!.status).toBe('unfinished');
    expect(events.at(-1)).toMatchObject({ type: 'started', resubmitted: true });
    expect(await status('LEAVE-2')).toBe(1);
    const again = await only(p.processInstanceId);
    await h.engine.approve(T, again.id, u.wangjianguo!);
    // days = 1: the default flow to 人事 (candidate posts hr and accountant).
    const hr = await only(p.processInstanceId);
    expect(hr).toMatchObject({ key: 'hr', assignee: null, groups: expect.arrayContaining([expect.any(String)]) });
    expect(hr.groups).toHaveLength(2);
    expect(await h.listed('done', h.users.zhaomin!)).not.toContain(p.processInstanceId);
    await h.engine.rollback(T, hr.id, u.zhaomin!, 'leader', { comment: '请领导再看' });
    expect(await h.listed('done', h.users.zhaomin!)).toContain(p.processInstanceId);
    expect(await only(p.processInstanceId)).toMatchObject({ key: 'leader', assignee: h.users.wangjianguo });
    await expect(h.engine.rollback(T, (await only(p.processInstanceId)).id, u.wangjianguo!, 'hr')).rejects.toThrow('只能回退到已经办理过的节点');
  });
});

describe('field permissions', () => {
  it('approve writes only the fields the node lets its handler write', async () => {
    const p = await start({ ...vars, reason: '探亲' });
    await h.engine.approve(T, (await only(p.processInstanceId)).id, u.wangjianguo!, { variables: { days: 1, reason: '改了', other: 1 } });
    expect(await h.engine.variables(T, p.processInstanceId)).toMatchObject({ days: 1, reason: '探亲', pass: true });
    expect((await h.engine.variables(T, p.processInstanceId)).other).toBeUndefined();
    expect(await only(p.processInstanceId)).toMatchObject({ key: 'hr' });
    const m = await h.engine.model((await h.engine.processInstance(T, p.processInstanceId))!.procDefId);
    expect(m.nodes.get('leader')!.userTask).toMatchObject({
      buttons: [{ code: 'approve', name: '同意', display: true }],
      fields: [
        { name: 'days', writable: true },
        { name: 'reason', writable: false, readable: true },
      ],
    });
  });
});

describe('claim, transfer, delegate', () => {
  it('candidates by post claim; others are refused', async () => {
    const p = await start({ ...vars, days: 1 });
    await h.engine.approve(T, (await only(p.processInstanceId)).id, u.wangjianguo!);
    const hr = await only(p.processInstanceId);
    expect((await h.engine.claimable(T, h.users.zhaomin!)).map((t) => t.id)).toContain(hr.id);
    expect((await h.engine.todo(T, h.users.lihong!)).map((t) => t.id)).toContain(hr.id);
    await expect(h.engine.claim(T, hr.id, u.chenjing!)).rejects.toThrow('您不是该任务的候选人');
    await h.engine.claim(T, hr.id, u.zhaomin!);
    await expect(h.engine.claim(T, hr.id, u.lihong!)).rejects.toThrow('任务已被他人签收');
    expect((await h.engine.claimable(T, h.users.lihong!)).map((t) => t.id)).not.toContain(hr.id);
    await h.engine.unclaim(T, hr.id, u.zhaomin!);
    // approve claims an unassigned task for a candidate.
    await h.engine.approve(T, hr.id, u.lihong!);
    expect((await h.engine.historicTasks(T, p.processInstanceId)).find((t) => t.id === hr.id)!.assignee).toBe(h.users.lihong);
  });

  it('transfer moves the task; delegate is resolved back to the owner, and a plain complete of it is refused', async () => {
    const p = await start();
    const leader = await only(p.processInstanceId);
    await h.engine.transfer(T, leader.id, u.wangjianguo!, h.users.chenjing!, { comment: '请陈静处理' });
    expect(await h.engine.task(T, leader.id)).toMatchObject({ assignee: h.users.chenjing, owner: h.users.wangjianguo, delegationState: null });

    // the delegating user (陈静, who holds it after the transfer) becomes the owner and gets it back
    await h.engine.delegate(T, leader.id, u.chenjing!, 'liuyang');
    expect(await h.engine.task(T, leader.id)).toMatchObject({ assignee: h.users.liuyang, owner: h.users.chenjing, delegationState: 'PENDING' });
    await expect(h.engine.completeTask(T, leader.id, u.liuyang!)).rejects.toThrow('委托中的任务不能直接完成');
    const r = await h.engine.approve(T, leader.id, u.liuyang!, { comment: '看过了' });
    expect(r.resolved).toBe(true);
    expect(await h.engine.task(T, leader.id)).toMatchObject({ assignee: h.users.chenjing, delegationState: 'RESOLVED' });
    await expect(h.engine.delegate(T, leader.id, u.wangjianguo!, h.users.liuyang!)).rejects.toThrow();
    await h.engine.delegate(T, leader.id, u.chenjing!, h.users.liuyang!);
    await h.engine.resolve(T, leader.id, u.liuyang!, { comment: '已阅' });
    expect(await h.engine.task(T, leader.id)).toMatchObject({ assignee: h.users.chenjing, delegationState: 'RESOLVED' });
    await h.engine.approve(T, leader.id, u.chenjing!);
    expect(await only(p.processInstanceId)).toMatchObject({ key: 'finance' });
    expect((await comments(p.processInstanceId)).map((c) => c[0])).toEqual([
      'transferComment',
      'delegateComment',
      'comment',
      'delegateComment',
      'comment',
      'comment',
    ]);
  });
});

/** Runs a leave request up to the parallel countersign node. */
async function toSign(signers = ['chenjing', 'liuyang'], seqSigners = ['sunlei']) {
  const p = await start({ days: 1, signers, seqSigners });
  await h.engine.approve(T, (await only(p.processInstanceId)).id, u.wangjianguo!);
  await h.engine.approve(T, (await only(p.processInstanceId)).id, u.zhaomin!);
  return p;
}
const miRoot = async (procInstId: string) => (await h.engine.executions(T, procInstId)).find((e) => e.isMiRoot)!;

describe('countersign', () => {
  it('parallel: add gives a task at once, remove deletes one hidden from the timeline', async () => {
    const p = await toSign();
    let tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.assignee)).toEqual([h.users.chenjing, h.users.liuyang]);
    await h.engine.addCountersign(T, tasks[0]!.id, u.chenjing!, ['zhaomin', 'sunlei'], { comment: '加两人' });
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.assignee)).toEqual([h.users.chenjing, h.users.liuyang, h.users.zhaomin, h.users.sunlei]);
    expect((await miRoot(p.processInstanceId)).variables).toMatchObject({ nrOfInstances: 4, nrOfActiveInstances: 4, nrOfCompletedInstances: 0 });
    await expect(h.engine.addCountersign(T, tasks[0]!.id, u.chenjing!, ['liuyang'])).rejects.toThrow('已在当前审批人中');

    await h.engine.removeCountersign(T, tasks[0]!.id, u.chenjing!, { taskId: tasks[3]!.id });
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.assignee)).toEqual([h.users.chenjing, h.users.liuyang, h.users.zhaomin]);
    expect((await miRoot(p.processInstanceId)).variables).toMatchObject({ nrOfInstances: 3, nrOfActiveInstances: 3 });
    const removed = (await h.engine.historicTasks(T, p.processInstanceId)).find((t) => t.assignee === h.users.sunlei && t.taskDefKey === 'sign')!;
    expect(removed.deleteReason).toBe('Delete MI execution');
    for (const t of tasks) await h.engine.approve(T, t.id, { id: t.assignee! });
    expect(await only(p.processInstanceId)).toMatchObject({ key: 'seq', assignee: h.users.sunlei });
    expect((await comments(p.processInstanceId)).map((c) => c[0])).toEqual(expect.arrayContaining(['addMultiInstanceComment', 'deleteMultiInstanceComment']));
  });

  it('sequential: add appends a round; a pending added signer can be removed', async () => {
    const p = await toSign(['chenjing'], ['sunlei', 'liuyang']);
    await h.engine.approve(T, (await only(p.processInstanceId)).id, u.chenjing!);
    const first = await only(p.processInstanceId);
    expect(first).toMatchObject({ key: 'seq', assignee: h.users.sunlei });
    await h.engine.addCountersign(T, first.id, u.sunlei!, ['zhaomin', 'admin']);
    expect((await miRoot(p.processInstanceId)).variables).toMatchObject({ nrOfInstances: 4, nrOfActiveInstances: 1 });
    await expect(h.engine.removeCountersign(T, first.id, u.sunlei!, { userId: 'liuyang' })).rejects.toThrow('只能减去尚未轮到的加签人员');
    await h.engine.removeCountersign(T, first.id, u.sunlei!, { userId: 'zhaomin' });
    const order: (string | null)[] = [];
    for (;;) {
      const tasks = await openTasks(h.engine, p.processInstanceId);
      if (!tasks.length) break;
      order.push(tasks[0]!.assignee);
      await h.engine.approve(T, tasks[0]!.id, { id: tasks[0]!.assignee! });
    }
    expect(order).toEqual([h.users.sunlei, h.users.liuyang, h.users.admin]);
    expect((await h.engine.processInstance(T, p.processInstanceId))!.status).toBe('finished');
  });

  it('is refused on a node that is not multi-instance', async () => {
    const p = await start();
    const leader = await only(p.processInstanceId);
    await expect(h.engine.addCountersign(T, leader.id, u.wangjianguo!, ['lihong'])).rejects.toThrow('不是会签节点');
  });
});

describe('withdraw, terminate, suspend, ops', () => {
  it('withdraw: the starter only, while nobody else has acted', async () => {
    const p = await start(vars, 'LEAVE-W');
    await expect(h.engine.withdraw(T, p.processInstanceId, u.lihong!)).rejects.toThrow('此任务不可撤回');
    await h.engine.withdraw(T, p.processInstanceId, u.zhangwei!, { comment: '不请了' });
    const inst = (await h.engine.processInstance(T, p.processInstanceId))!;
    expect(inst).toMatchObject({ status: 'withdraw', endActId: 'wf_withdraw_end' });
    expect((await h.engine.historicTasks(T, p.processInstanceId)).at(-1)!.deleteReason).toBe('Change activity to wf_withdraw_end');
    expect(events.map((e) => e.type)).toEqual(['started', 'withdrawn']);
    expect(await status('LEAVE-W')).toBe(6);
    await expect(h.engine.withdraw(T, p.processInstanceId, u.zhangwei!)).rejects.toThrow('流程实例不存在或已结束');

    const q = await start();
    await h.engine.approve(T, (await only(q.processInstanceId)).id, u.wangjianguo!);
    await expect(h.engine.withdraw(T, q.processInstanceId, u.zhangwei!)).rejects.toThrow('此任务不可撤回');
  });

  it('terminate needs a comment and ends at the end event', async () => {
    const p = await start(vars, 'LEAVE-T');
    await expect(h.engine.terminate(T, p.processInstanceId, u.admin!, { comment: ' ' })).rejects.toThrow('请填写终止意见');
    await h.engine.terminate(T, p.processInstanceId, u.admin!, { comment: '项目取消' });
    expect(await h.engine.processInstance(T, p.processInstanceId)).toMatchObject({ status: 'terminate', endActId: 'end' });
    expect(await comments(p.processInstanceId)).toEqual([['terminateComment', '项目取消']]);
    expect(events.map((e) => e.type)).toEqual(['started', 'terminated']);
    expect(await countRows(h.t.database, 'blade_wf_task', 'proc_inst_id = $1', [p.processInstanceId])).toBe(0);
  });

  it('suspend refuses actions until activated', async () => {
    const p = await start();
    const leader = await only(p.processInstanceId);
    await h.engine.setSuspended(T, p.processInstanceId, u.admin!, true);
    expect((await h.engine.task(T, leader.id))!.suspended).toBe(true);
    await expect(h.engine.approve(T, leader.id, u.wangjianguo!)).rejects.toThrow('流程已挂起');
    await h.engine.setSuspended(T, p.processInstanceId, u.admin!, false);
    await h.engine.approve(T, leader.id, u.wangjianguo!);
    expect(await only(p.processInstanceId)).toMatchObject({ key: 'finance' });
  });

  it('change assignee, dispatch forwards and back, urge, copy, delete', async () => {
    const p = await start(vars, 'LEAVE-D');
    const leader = await only(p.processInstanceId);
    await h.engine.changeAssignee(T, leader.id, u.admin!, 'lihong', { comment: '领导出差' });
    expect(await h.engine.task(T, leader.id)).toMatchObject({ assignee: h.users.lihong });
    await h.engine.dispatch(T, p.processInstanceId, u.admin!, 'sign', { comment: '直接会签' });
    expect((await openTasks(h.engine, p.processInstanceId)).map((t) => t.key)).toEqual(['sign', 'sign']);
    await h.engine.dispatch(T, p.processInstanceId, u.admin!, 'leader');
    expect(await only(p.processInstanceId)).toMatchObject({ key: 'leader', assignee: h.users.wangjianguo });
    expect((await h.engine.historicTasks(T, p.processInstanceId)).filter((t) => t.taskDefKey === 'sign').map((t) => t.deleteReason)).toEqual([
      'Change activity to leader',
      'Change activity to leader',
    ]);
    expect(await h.engine.urge(T, p.processInstanceId, u.zhangwei!, { message: '请尽快' })).toEqual({ userIds: [h.users.wangjianguo] });
    expect(await h.engine.urges(T, p.processInstanceId)).toMatchObject([{ toUserIds: h.users.wangjianguo, message: '请尽快' }]);
    await h.engine.copy(T, p.processInstanceId, u.zhangwei!, ['zhaomin']);
    expect((await h.engine.copies(T, h.users.zhaomin!)).map((c) => c.procInstId)).toContain(p.processInstanceId);
    await expect(h.engine.deleteProcess(T, p.processInstanceId, u.admin!, { reason: '' })).rejects.toThrow('请填写删除原因');
    await h.engine.deleteProcess(T, p.processInstanceId, u.admin!, { reason: '重复提交' });
    expect(await h.engine.processInstance(T, p.processInstanceId)).toMatchObject({ status: 'deleted', deleteReason: '重复提交' });
    expect((await h.engine.historicTasks(T, p.processInstanceId)).at(-1)!.deleteReason).toBe('重复提交');
    expect(events.map((e) => e.type)).toEqual(['started', 'deleted']);
    expect((await comments(p.processInstanceId)).map((c) => c[0])).toEqual(['assigneeComment', 'dispatchComment', 'dispatchComment', 'deleteProcessComment']);
  });

  it('a stale task id answers a clear error; another tenant sees nothing', async () => {
    const p = await start();
    const leader = await only(p.processInstanceId);
    await h.engine.approve(T, leader.id, u.wangjianguo!);
    await expect(h.engine.approve(T, leader.id, u.wangjianguo!)).rejects.toThrow('任务不存在或已被处理');
    await expect(h.engine.approve('100001', (await only(p.processInstanceId)).id, u.lihong!)).rejects.toThrow('任务不存在或已被处理');
    expect(await h.engine.processInstance('100001', p.processInstanceId)).toBeNull();
  });
});

describe('lists', () => {
  it('done, sent, finished-involving and variable history', async () => {
    const p = await start({ days: 1, signers: ['chenjing'], seqSigners: ['sunlei'] });
    for (const acc of ['wangjianguo', 'zhaomin', 'chenjing', 'sunlei']) await h.engine.approve(T, (await only(p.processInstanceId)).id, u[acc]!);
    expect(await h.listed('done', h.users.zhaomin!)).toContain(p.processInstanceId);
    expect(await h.listed('send', h.users.zhangwei!)).toContain(p.processInstanceId);
    for (const acc of ['zhangwei', 'wangjianguo', 'zhaomin', 'sunlei']) expect(await h.listed('myDone', h.users[acc]!)).toContain(p.processInstanceId);
    expect(await h.listed('myDone', h.users.liuyang!)).not.toContain(p.processInstanceId);
    expect(await h.listed('myDone', h.users.zhangwei!, '100001')).not.toContain(p.processInstanceId);
    expect(await h.engine.variables(T, p.processInstanceId)).toEqual({});
    expect(await h.engine.historicVariables(T, p.processInstanceId)).toMatchObject({ days: 1, pass: true, applyUser: h.users.zhangwei, signers: ['chenjing'] });
  });
});

describe('timeline', () => {
  it('lists activities with names and comments, taken flows, and the nodes ahead', async () => {
    const p = await start({ days: 5, signers: ['chenjing', 'liuyang', 'zhaomin', 'sunlei'], seqSigners: ['sunlei'] });
    await h.engine.approve(T, (await only(p.processInstanceId)).id, u.wangjianguo!, { comment: '同意' });
    await h.engine.changeAssignee(T, (await only(p.processInstanceId)).id, u.admin!, h.users.lihong!);
    await h.engine.rollback(T, (await only(p.processInstanceId)).id, u.lihong!, 'leader', { comment: '再看看' });
    const rows = await h.history.timeline(T, p.processInstanceId);
    const acts = rows.filter((r) => !['sequenceFlow', 'candidate'].includes(r.historyActivityType ?? ''));
    expect(acts.map((r) => [r.historyActivityId, r.assigneeName])).toEqual([
      ['start', '张伟'],
      ['apply', '张伟'],
      ['leader', '王建国'],
      ['gw', ''],
      ['finance', '李红'],
      ['leader', '王建国'],
    ]);
    expect(acts[2]!.comments).toMatchObject([{ type: 'comment', fullMessage: '同意', action: 'AddComment', operation: 'approve' }]);
    expect(acts[4]!.comments.map((c) => c.type)).toEqual(['assigneeComment', 'rollbackComment']);
    expect(acts[4]!.deleteReason).toBe('Change activity to leader');
    expect(rows.filter((r) => r.historyActivityType === 'sequenceFlow').map((r) => r.historyActivityId)).toEqual(['f1', 'f2', 'f3', 'f4']);
    // The user tasks ahead not reached yet (finance was, before the rollback).
    expect(rows.filter((r) => r.historyActivityType === 'candidate').map((r) => r.historyActivityId)).toEqual(['hr', 'sign', 'seq']);
  });

  it('names up to three candidates, then 等共N人', async () => {
    const p = await start({ days: 1, signers: ['chenjing'], seqSigners: ['sunlei'] });
    await h.engine.approve(T, (await only(p.processInstanceId)).id, u.wangjianguo!);
    const hr = await only(p.processInstanceId);
    const row = (await h.history.timeline(T, p.processInstanceId)).find((r) => r.taskId === hr.id)!;
    // Candidate groups are named by their members.
    expect(row.assigneeName).toBe(joinNames((await usersInGroups(h.t.database.db, T, hr.groups)).map((m) => m.name)));
    expect(row.assigneeName).not.toBe('');
  });
});

describe('business hooks', () => {
  it('a subscriber that throws rolls the whole command back', async () => {
    const p = await start({ days: 1, signers: ['chenjing'], seqSigners: ['sunlei'] }, 'LEAVE-H');
    const stop = h.engine.hooks.on('leave', (e) => {
      if (e.type === 'finished') throw new Error('业务单据不存在');
    });
    try {
      for (const acc of ['wangjianguo', 'zhaomin', 'chenjing']) await h.engine.approve(T, (await only(p.processInstanceId)).id, u[acc]!);
      const last = await only(p.processInstanceId);
      await expect(h.engine.approve(T, last.id, u.sunlei!)).rejects.toThrow('业务单据不存在');
      expect(await only(p.processInstanceId)).toMatchObject({ id: last.id });
      expect((await h.engine.processInstance(T, p.processInstanceId))!.endTime).toBeNull();
      expect(await status('LEAVE-H')).toBe(1);
    } finally {
      stop();
    }
    await h.engine.approve(T, (await only(p.processInstanceId)).id, u.sunlei!);
    expect(await status('LEAVE-H')).toBe(2);
  });
});

describe('proxies', () => {
  it('a user away hands new tasks to the proxy, who holds them with the user as owner', async () => {
    const engine = new WorkflowEngine(h.t.database, {
      timeZone: h.t.config.timeZone,
      identity: h.identity,
      clock: h.clock,
      proxies: { proxyOf: async (_tx, _t, userId, key) => (userId === h.users.wangjianguo && key === 'leave' ? h.users.sunlei! : null) },
    });
    const p = await engine.startProcess(T, u.zhangwei!, { processKey: 'leave', variables: vars });
    const [leader] = await engine.tasks(T, p.processInstanceId);
    expect(leader).toMatchObject({ taskDefKey: 'leader', assignee: h.users.sunlei, owner: h.users.wangjianguo });
    expect((await engine.comments(T, p.processInstanceId)).map((c) => c.type)).toEqual(['proxyComment']);
  });
});

describe('deploy', () => {
  it('a suspended definition cannot be started', async () => {
    await h.engine.deploy(T, model(ids, { key: 'leavePaused' }));
    const def = (await h.engine.latestDefinition(T, 'leavePaused'))!;
    await h.engine.setDefinitionSuspended(T, def.id, true);
    await expect(h.engine.startProcess(T, u.zhangwei!, { processKey: 'leavePaused', variables: vars })).rejects.toThrow('流程定义已挂起');
    await h.engine.setDefinitionSuspended(T, def.id, false);
    expect((await h.engine.startProcess(T, u.zhangwei!, { processKey: 'leavePaused', variables: vars })).ended).toBe(false);
  });

  it('increments the version per key; a start takes the latest', async () => {
    const { definitions } = await h.engine.deploy(T, xml);
    expect(definitions).toMatchObject([{ key: 'leave', version: 2, name: '请假' }]);
    const p = await start();
    expect(p.processDefinitionId).toBe(definitions[0]!.id);
    // Another tenant starts its own versions at 1.
    expect((await h.engine.deploy('100001', xml)).definitions[0]!.version).toBe(1);
  });

  const bad = (body: string) => `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="x">
    <process id="bad">${body}</process></definitions>`;
  it.each([
    [
      '<startEvent id="s"/><scriptTask id="script1"/><sequenceFlow id="a" sourceRef="s" targetRef="script1"/><endEvent id="e"/>',
      /元素 script1 是不支持的类型 scriptTask/,
    ],
    ['<startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="nowhere"/><endEvent id="e"/>', /元素 a: 连线的终点 nowhere 不存在/],
    ['<startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="e"/>', /没有结束事件/],
    ['<sequenceFlow id="a" sourceRef="t" targetRef="e"/><userTask id="t"/><endEvent id="e"/>', /应有且只有一个开始事件/],
    [
      '<startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="e"><conditionExpression>${a &gt;}</conditionExpression></sequenceFlow><endEvent id="e"/>',
      /元素 a 的表达式 '\$\{a >\}' 无法解析/,
    ],
    [
      '<startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="e"><conditionExpression>${danger(1)}</conditionExpression></sequenceFlow><endEvent id="e"/>',
      /调用了未注册的函数 danger/,
    ],
    [
      '<startEvent id="s"/><userTask id="t"><extensionElements><flowable:taskListener event="create" class="com.acme.Notify"/></extensionElements></userTask><sequenceFlow id="a" sourceRef="s" targetRef="t"/><sequenceFlow id="b" sourceRef="t" targetRef="e"/><endEvent id="e"/>',
      /元素 t 的监听器类 com\.acme\.Notify 没有映射到内置处理程序/,
    ],
    [
      '<startEvent id="s"/><userTask id="t"><extensionElements><flowable:taskListener event="create" delegateExpression="${nobody}"/></extensionElements></userTask><sequenceFlow id="a" sourceRef="s" targetRef="t"/><sequenceFlow id="b" sourceRef="t" targetRef="e"/><endEvent id="e"/>',
      /元素 t 的监听器 \$\{nobody\} 未注册/,
    ],
    [
      '<startEvent id="s"><timerEventDefinition/></startEvent><sequenceFlow id="a" sourceRef="s" targetRef="e"/><endEvent id="e"/>',
      /不支持带事件定义的开始事件/,
    ],
    ['<startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="e"/><endEvent id="e"/><userTask id="lonely"/>', /元素 lonely: 节点没有进线/],
    [
      '<startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="t"/><userTask id="t" name="第${n +}步"/><sequenceFlow id="b" sourceRef="t" targetRef="e"/><endEvent id="e"/>',
      /元素 t 的表达式 '第\$\{n \+\}步' 无法解析/,
    ],
    [
      '<startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="t"/><userTask id="t"><multiInstanceLoopCharacteristics/></userTask><sequenceFlow id="b" sourceRef="t" targetRef="e"/><endEvent id="e"/>',
      /元素 t: 多实例需要 loopCardinality 或集合/,
    ],
    [
      '<startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="t"/><task id="t"/><boundaryEvent id="b" attachedToRef="t"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent><sequenceFlow id="c" sourceRef="t" targetRef="e"/><sequenceFlow id="d" sourceRef="b" targetRef="e"/><endEvent id="e"/>',
      /元素 b: 边界定时器只能附着在用户任务上/,
    ],
    [
      '<startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="t"/><userTask id="t"/><boundaryEvent id="b" attachedToRef="t"><timerEventDefinition><timeDuration>soon</timeDuration></timerEventDefinition></boundaryEvent><sequenceFlow id="c" sourceRef="t" targetRef="e"/><sequenceFlow id="d" sourceRef="b" targetRef="e"/><endEvent id="e"/>',
      /元素 b: 无法识别的时间长度 'soon'/,
    ],
  ])('refuses %s', async (body, message) => {
    await expect(h.engine.deploy(T, bad(body))).rejects.toThrow(message);
  });

  it('refuses XML that is not BPMN', async () => {
    await expect(h.engine.deploy(T, '<nope')).rejects.toThrow(/BPMN/);
  });
});

describe('concurrency', () => {
  it('parallel completions of a parallel multi-instance node keep the counters exact', async () => {
    const signers = ['admin', 'wangjianguo', 'lihong', 'chenjing', 'liuyang', 'zhaomin'];
    const p = await toSign(signers, ['sunlei']);
    const tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks).toHaveLength(6);
    const results = await Promise.allSettled(tasks.map((t) => h.engine.approve(T, t.id, { id: t.assignee! })));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('fulfilled'));
    expect(await only(p.processInstanceId)).toMatchObject({ key: 'seq', assignee: h.users.sunlei });
    const hist = (await h.engine.historicTasks(T, p.processInstanceId)).filter((t) => t.taskDefKey === 'sign');
    expect(hist.filter((t) => t.endTime && !t.deleteReason)).toHaveLength(6);
    expect(await countRows(h.t.database, 'blade_wf_execution', 'proc_inst_id = $1', [p.processInstanceId])).toBe(3);
  });

  it('counts four concurrent completions of six exactly', async () => {
    const signers = ['admin', 'wangjianguo', 'lihong', 'chenjing', 'liuyang', 'zhaomin'];
    const p = await toSign(signers, ['sunlei']);
    const tasks = await openTasks(h.engine, p.processInstanceId);
    await Promise.all(tasks.slice(0, 4).map((t) => h.engine.approve(T, t.id, { id: t.assignee! })));
    expect((await miRoot(p.processInstanceId)).variables).toMatchObject({ nrOfInstances: 6, nrOfCompletedInstances: 4, nrOfActiveInstances: 2 });
    expect((await openTasks(h.engine, p.processInstanceId)).map((t) => t.assignee)).toEqual([h.users.liuyang, h.users.zhaomin]);
  });

  it('with a completion condition, the late ones find their task gone and nothing is counted twice', async () => {
    await h.engine.deploy(T, model(ids, { key: 'leaveHalf', completion: '${nrOfCompletedInstances/nrOfInstances &gt;= 0.5}' }));
    const p = await h.engine.startProcess(T, u.zhangwei!, {
      processKey: 'leaveHalf',
      variables: { days: 1, signers: ['admin', 'wangjianguo', 'lihong', 'chenjing', 'liuyang', 'zhaomin'], seqSigners: ['sunlei'] },
    });
    await h.engine.approve(T, (await only(p.processInstanceId)).id, u.wangjianguo!);
    await h.engine.approve(T, (await only(p.processInstanceId)).id, u.zhaomin!);
    const tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks).toHaveLength(6);
    const results = await Promise.allSettled(tasks.map((t) => h.engine.approve(T, t.id, { id: t.assignee! })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(3);
    expect(refused.map((r) => (r.reason as Error).message)).toEqual(Array(3).fill('任务不存在或已被处理'));
    const hist = (await h.engine.historicTasks(T, p.processInstanceId)).filter((t) => t.taskDefKey === 'sign');
    expect(hist.filter((t) => !t.deleteReason)).toHaveLength(3);
    expect(hist.filter((t) => t.deleteReason === 'MI_END')).toHaveLength(3);
    expect(await only(p.processInstanceId)).toMatchObject({ key: 'seq' });
  });
});
