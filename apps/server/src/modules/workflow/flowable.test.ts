/**
 * Flowable's behaviour where ours differed (docs/workflow.md), driven as an outside client drives it: the shared BPMN
 * samples uploaded through deploy-upload, started, handled and inspected through the HTTP API only.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { dataOf, users, WF } from '../../testing/http.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTenant, userIds } from '../../testing/db.ts';
import { systemClock, TestClock } from './engine/index.ts';
import { sample } from './engine/test-support.ts';

let t: TestApp;
const { tok, call, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
const OPS = '/api/blade-workflow/ops';

/** Uploads a shared sample as the administrator's console does (multipart deploy-upload). */
async function upload(file: string) {
  const mp = multipart({}, [{ name: 'files', filename: file, content: Buffer.from(sample(file)), contentType: 'text/xml' }]);
  const r = await t.call(tok.admin, { method: 'POST', url: '/api/blade-flow/manager/deploy-upload', payload: mp.payload, headers: mp.headers });
  return r.body as { code: number; msg: string; data: { definitions: { key: string }[] }[] };
}
const start = (who: string, processDefKey: string, variables: Record<string, unknown> = {}) =>
  dataOf(call(who, 'POST', `${WF}/startProcess`, { processDefKey, variables })).then((d) => d.processInstanceId as string);
/** Open tasks of an instance as the operations console lists them. */
const opsTasks = async (p: string) =>
  (await dataOf(call('admin', 'GET', `${OPS}/list`, { processInstanceId: p, size: '100', ascs: 'createTime' }))).records as {
    taskId: string;
    taskName: string;
    taskDefinitionKey: string;
    assignee: string | null;
    assigneeName: string | null;
  }[];
const timeline = (who: string, p: string) =>
  dataOf(call(who, 'GET', `${WF}/history-flow-list`, { processInstanceId: p })) as Promise<
    { historyActivityId: string; historyActivityType: string; assignee: string | null; deleteReason: string | null; comments: Record<string, unknown>[] }[]
  >;
const opsComplete = (taskId: string, extra: Record<string, unknown> = {}) =>
  call('admin', 'POST', `${OPS}/completeTask`, { taskId, comment: '运维处理', ...extra });

beforeAll(async () => {
  // The timers run when a test says so (ops/runJob), not when the poller happens to look.
  t = await createTestApp({ WF_JOB_POLL_MS: '0' });
  await createTenant(t.database, '100001');
  await loginAs('b', 'admin', '100001');
  await login('zhangwei', 'lihong', 'wangjianguo', 'admin');
  Object.assign(ids, await userIds(t.database));
  for (const f of [
    '06-flowable-vacation-request.bpmn20.xml',
    '08-flowable-parallel-fork-join.bpmn20.xml',
    '10-flowable-mi-parallel-collection-add-signer.bpmn20.xml',
    '11-flowable-mi-sequential-cardinality.bpmn20.xml',
  ])
    expect(await upload(f), f).toMatchObject({ code: 200 });
});
afterAll(() => t.close());

describe('Flowable behaviour through the API (docs/workflow.md)', () => {
  it('1. an unknown variable in a task documentation or name keeps the text as written, with a warning', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    // Sample 06 without `vacationMotivation`: Flowable starts it and logs the failed expression.
    const p = await start('zhangwei', 'vacationRequest', { numberOfDays: 3, startDate: '2026-03-10' });
    const [task] = await opsTasks(p);
    expect(task).toMatchObject({ taskDefinitionKey: 'handleRequest' });
    const detail = await dataOf(call('admin', 'GET', `${WF}/detail`, { taskId: task!.taskId }));
    expect(detail.process.description).toBe('${employeeName} would like to take ${numberOfDays} day(s) of vacation (Motivation: ${vacationMotivation}).');
    expect(warn.mock.calls.map((c) => String(c[0])).some((m) => m.includes('handleRequest') && m.includes('vacationMotivation'))).toBe(true);
    warn.mockRestore();
    // With the variable the text is evaluated.
    const q = await start('zhangwei', 'vacationRequest', { numberOfDays: 2, startDate: '2026-03-10', vacationMotivation: '探亲' });
    const [qt] = await opsTasks(q);
    expect((await dataOf(call('admin', 'GET', `${WF}/detail`, { taskId: qt!.taskId }))).process.description).toBe(
      `${ids.zhangwei} would like to take 2 day(s) of vacation (Motivation: 探亲).`,
    );

    // A task's name alike: kept as written when its variable is unknown, evaluated when it is there.
    const named = `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
      <process id="namedTask" name="名称表达式"><startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="check"/>
      <userTask id="check" name="核对 \${projectName}" flowable:assignee="lihong"/><sequenceFlow id="f2" sourceRef="check" targetRef="e"/>
      <endEvent id="e"/></process></definitions>`;
    const mp = multipart({}, [{ name: 'files', filename: 'named.bpmn20.xml', content: Buffer.from(named), contentType: 'text/xml' }]);
    expect(
      (await t.call(tok.admin, { method: 'POST', url: '/api/blade-flow/manager/deploy-upload', payload: mp.payload, headers: mp.headers })).body,
    ).toMatchObject({ code: 200 });
    const nameWarn = vi.spyOn(t.app.log, 'warn');
    const r = await start('zhangwei', 'namedTask');
    expect(await opsTasks(r)).toMatchObject([{ taskDefinitionKey: 'check', taskName: '核对 ${projectName}' }]);
    expect(nameWarn.mock.calls.map((c) => String(c[0])).some((m) => m.includes('check') && m.includes('projectName'))).toBe(true);
    nameWarn.mockRestore();
    const s2 = await start('zhangwei', 'namedTask', { projectName: '华建大厦' });
    expect(await opsTasks(s2)).toMatchObject([{ taskName: '核对 华建大厦' }]);
  });

  it('2. assignees that are no users (mispiggy, kermit_0) are kept as written and work like any other', async () => {
    const p = await start('zhangwei', 'miParallelUserTasksBasedOnCollection', { assigneeList: ['kermit', 'gonzo', 'mispiggy'] });
    let tasks = await opsTasks(p);
    expect(tasks.map((x) => [x.assignee, x.assigneeName]).sort()).toEqual([
      ['gonzo', null],
      ['kermit', null],
      ['mispiggy', null],
    ]);
    const detail = await dataOf(call('admin', 'GET', `${WF}/detail`, { taskId: tasks.find((x) => x.assignee === 'mispiggy')!.taskId }));
    expect(detail.process).toMatchObject({ assignee: 'mispiggy', assigneeName: 'mispiggy' });
    await dataOf(opsComplete(tasks.find((x) => x.assignee === 'mispiggy')!.taskId));
    tasks = await opsTasks(p);
    expect(tasks.map((x) => x.assignee).sort()).toEqual(['gonzo', 'kermit']);
    // 60 %: the second completion ends the node and the process.
    await dataOf(opsComplete(tasks[0]!.taskId));
    expect(await opsTasks(p)).toEqual([]);

    const q = await start('zhangwei', 'miSequentialUserTasks', { nrOfLoops: 3 });
    for (const who of ['kermit_0', 'kermit_1']) {
      const [task] = await opsTasks(q);
      expect(task).toMatchObject({ assignee: who, taskName: 'My Task' });
      await dataOf(call('admin', 'POST', `${OPS}/changeTaskAssignee`, { taskId: task!.taskId, assignee: 'lihong', comment: '交给李红' }));
      await dataOf(call('lihong', 'POST', `${WF}/completeTask`, { taskId: task!.taskId, pass: true, comment: '同意' }));
    }
    expect((await opsTasks(q)).map((x) => x.assignee)).toEqual(['kermit_2']);
  });

  it("3. a comment's action is AddComment; its kind is the type (and the command its operation)", async () => {
    const p = await start('zhangwei', 'miSequentialUserTasks', { nrOfLoops: 2 });
    const [task] = await opsTasks(p);
    await dataOf(call('admin', 'POST', `${OPS}/changeTaskAssignee`, { taskId: task!.taskId, assignee: 'lihong' }));
    await dataOf(call('lihong', 'POST', `${WF}/completeTask`, { taskId: task!.taskId, pass: true, comment: '同意' }));
    const comments = (await timeline('zhangwei', p)).flatMap((r) => r.comments);
    expect(comments.map((c) => [c.action, c.type, c.operation])).toEqual([
      ['AddComment', 'assigneeComment', 'changeAssignee'],
      ['AddComment', 'comment', 'approve'],
    ]);
  });

  it('4. Java listener classes are mapped to built-in handlers by the administrator (page API): sample 05 then deploys and runs', async () => {
    const LISTENER = '/api/blade-workflow/design/listener';
    const MANAGER = 'com.haiyang.flowablespringboot.handler.ManagerTaskHandler';
    const BOSS = 'com.haiyang.flowablespringboot.handler.BossTaskHandler';
    const refused = await upload('05-expense-money-threshold.bpmn20.xml');
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('directorTak');
    expect(refused.msg).toContain(MANAGER);

    expect((await call('zhangwei', 'GET', `${LISTENER}/list`)).body.code).toBe(403);
    expect((await call('zhangwei', 'POST', `${LISTENER}/submit`, { className: MANAGER, handler: 'setAssignee', params: { assignee: '经理' } })).body.code).toBe(
      403,
    );
    const handlers = await dataOf(call('admin', 'GET', `${LISTENER}/handlers`));
    expect(handlers.find((h: { name: string }) => h.name === 'setAssignee')).toMatchObject({
      label: '设置办理人',
      params: [{ name: 'assignee', required: true }],
    });
    for (const [body, msg] of [
      [{ className: 'not a class', handler: 'setAssignee', params: { assignee: 'x' } }, '监听器类名应为 Java 类的完整名称'],
      [{ className: MANAGER, handler: 'runShell', params: {} }, '没有名为 runShell 的监听处理程序'],
      [{ className: MANAGER, handler: 'setAssignee', params: {} }, '请填写参数 办理人(用户编号、账号或表达式)'],
      [{ className: MANAGER, handler: 'setAssignee', params: { who: 'x', assignee: 'y' } }, '参数 who 不属于处理程序 setAssignee'],
      [{ className: MANAGER, handler: 'setAssignee', params: '{bad' }, '参数格式不正确'],
    ] as const)
      expect((await call('admin', 'POST', `${LISTENER}/submit`, body)).body, msg).toMatchObject({ code: 400, msg });
    const manager = await dataOf(call('admin', 'POST', `${LISTENER}/submit`, { className: MANAGER, handler: 'setAssignee', params: { assignee: '经理' } }));
    expect(manager).toMatchObject({ className: MANAGER, handler: 'setAssignee', handlerName: '设置办理人', params: { assignee: '经理' } });
    // The params may come as the JSON text of a form's text area.
    await dataOf(call('admin', 'POST', `${LISTENER}/submit`, { className: BOSS, handler: 'setAssignee', params: '{"assignee":"老板"}' }));
    expect((await dataOf(call('admin', 'GET', `${LISTENER}/list`, { className: 'haiyang' }))).records.map((r: { className: string }) => r.className)).toEqual([
      BOSS,
      MANAGER,
    ]);
    // Another tenant has no mappings of its own and cannot read or remove these.
    expect((await dataOf(call('b', 'GET', `${LISTENER}/list`))).total).toBe(0);
    expect((await call('b', 'POST', `${LISTENER}/remove`, { ids: manager.id })).body).toMatchObject({ code: 400 });

    expect(await upload('05-expense-money-threshold.bpmn20.xml')).toMatchObject({ code: 200 });
    const p = await start('zhangwei', 'Expense', { taskUser: 'lihong' });
    let [task] = await opsTasks(p);
    expect(task).toMatchObject({ taskDefinitionKey: 'fillTask', assignee: ids.lihong });
    await dataOf(call('lihong', 'POST', `${WF}/completeTask`, { taskId: task!.taskId, pass: true, comment: '已填', variables: { money: 300 } }));
    [task] = await opsTasks(p);
    // ManagerTaskHandler, mapped to setAssignee, gave the task to 经理 (no user of ours: kept as written).
    expect(task).toMatchObject({ taskDefinitionKey: 'directorTak', assignee: '经理' });
    await dataOf(opsComplete(task!.taskId, { variables: { outcome: '通过' } }));
    expect((await dataOf(call('zhangwei', 'GET', `${WF}/send`, { processInstanceId: p }))).records).toMatchObject([{ processIsFinished: 'finished' }]);

    // Unmapped again, the model is refused at its next deploy.
    await dataOf(call('admin', 'POST', `${LISTENER}/remove`, { ids: manager.id }));
    expect((await upload('05-expense-money-threshold.bpmn20.xml')).msg).toContain(MANAGER);
  });

  it('5. the console lists the due timer jobs and runs one now; the test moves the job clock the engine uses', async () => {
    const clock = new TestClock(new Date('2026-03-02T01:00:00Z'));
    t.app.workflow.clock.source = clock;
    try {
      const p = await start('zhangwei', 'miSequentialUserTasks', { nrOfLoops: 3 });
      const jobs = (due?: 'true' | 'false', who = 'admin') => call(who, 'GET', `${OPS}/jobs`, { processInstanceId: p, ...(due ? { due } : {}) });
      expect((await jobs(undefined, 'zhangwei')).body.code).toBe(403);
      expect((await dataOf(jobs('true'))).records).toEqual([]);
      const [pending] = (await dataOf(jobs('false'))).records;
      expect(pending).toMatchObject({ elementId: 'timer', taskName: 'My Task', dueTime: '2026-03-02 11:00:00', due: false, retries: 3 });

      clock.advance(2 * 3600_000 + 1000);
      const [due] = (await dataOf(jobs('true'))).records;
      expect(due).toMatchObject({ id: pending.id, due: true, processDefinitionKey: 'miSequentialUserTasks' });
      expect((await call('b', 'POST', `${OPS}/runJob`, { jobId: due.id })).body).toMatchObject({ code: 400, msg: '定时任务不存在或已执行' });
      expect((await call('zhangwei', 'POST', `${OPS}/runJob`, { jobId: due.id })).body.code).toBe(403);
      expect((await call('admin', 'POST', `${OPS}/runJob`, { jobId: due.id })).body).toMatchObject({ code: 200, msg: '执行成功' });
      // The interrupting timer ended the countersign: the process went on to taskAfterTimer.
      expect((await opsTasks(p)).map((x) => x.taskDefinitionKey)).toEqual(['taskAfterTimer']);
      expect((await dataOf(jobs())).total).toBe(0);
      expect((await call('admin', 'POST', `${OPS}/runJob`, { jobId: due.id })).body).toMatchObject({ code: 400, msg: '定时任务不存在或已执行' });
    } finally {
      t.app.workflow.clock.source = systemClock;
    }
  });

  it('6. a parallel join is reached only when it fires (timeline and diagram)', async () => {
    const p = await start('zhangwei', 'forkJoin');
    const [pay, ship] = await opsTasks(p);
    expect([pay!.taskName, ship!.taskName].sort()).toEqual(['Receive Payment', 'Ship Order']);
    const joinRows = async () => (await timeline('zhangwei', p)).filter((r) => r.historyActivityId === 'join');
    const joinInDiagram = async () =>
      (await dataOf(call('zhangwei', 'GET', '/api/blade-flow/process/model-view', { processInsId: p }))).flow.filter(
        (f: { historyActivityId: string }) => f.historyActivityId === 'join',
      );
    await dataOf(opsComplete(pay!.taskId));
    expect(await joinRows()).toEqual([]);
    expect(await joinInDiagram()).toEqual([]);
    await dataOf(opsComplete(ship!.taskId));
    expect(await joinRows()).toHaveLength(1);
    expect(await joinInDiagram()).toMatchObject([{ status: 'nodeSuccess' }]);
    expect((await opsTasks(p)).map((x) => x.taskName)).toEqual(['Archive Order']);
  });

  it('7. a deletion reason is stored as given; the operator is named in the comment', async () => {
    const p = await start('zhangwei', 'forkJoin');
    await dataOf(call('admin', 'POST', `${OPS}/deleteProcess`, { processInstanceId: p, deleteReason: '重复提交' }));
    const rows = await timeline('zhangwei', p);
    const tasks = rows.filter((r) => r.historyActivityType === 'userTask');
    expect(tasks.map((r) => r.deleteReason)).toEqual(['重复提交', '重复提交']);
    const comment = rows.flatMap((r) => r.comments).find((c) => c.type === 'deleteProcessComment')!;
    expect(comment.fullMessage).toBe('重复提交（运维: 管理员）');
    const send = (await dataOf(call('zhangwei', 'GET', `${WF}/send`, { processInstanceId: p }))).records;
    expect(send).toMatchObject([{ processIsFinished: 'deleted', deleteReason: '重复提交' }]);
  });

  it('8. ops completeTask with pass=false rejects (also on a countersign)', async () => {
    const p = await start('zhangwei', 'miParallelUserTasksBasedOnCollection', { assigneeList: [ids.lihong, ids.wangjianguo, 'mispiggy'] });
    const tasks = await opsTasks(p);
    expect(tasks).toHaveLength(3);
    expect((await opsComplete(tasks[0]!.taskId, { pass: false, comment: '' })).body).toMatchObject({ code: 400, msg: '请填写批复意见' });
    await dataOf(opsComplete(tasks[0]!.taskId, { pass: false, comment: '材料不全' }));
    // The whole countersign goes back (here to the start, where the starter submits it again): nobody signed.
    expect((await opsTasks(p)).map((x) => [x.taskDefinitionKey, x.assignee])).toEqual([['theStart', ids.zhangwei]]);
    const rows = await timeline('zhangwei', p);
    expect(rows.flatMap((r) => r.comments)).toMatchObject([{ type: 'rollbackComment', operation: 'reject', fullMessage: '材料不全（运维: 管理员）' }]);
    const send = (await dataOf(call('zhangwei', 'GET', `${WF}/send`, { processInstanceId: p }))).records;
    expect(send).toMatchObject([{ processIsFinished: 'reject' }]);
  });

  it('9. withdraw honours its type: wf_withdraw_start goes back to the start and on; wf_withdraw_end ends (撤销流程)', async () => {
    const p = await start('zhangwei', 'miSequentialUserTasks', { nrOfLoops: 2 });
    expect((await call('lihong', 'POST', `${WF}/withdrawTask`, { processInstanceId: p, withdrawType: 'wf_withdraw_start' })).body).toMatchObject({
      code: 400,
      msg: '此任务不可撤回',
    });
    expect((await call('zhangwei', 'POST', `${WF}/withdrawTask`, { processInstanceId: p, withdrawType: 'later' })).body).toMatchObject({
      code: 400,
      msg: '撤回类型不正确',
    });
    await dataOf(call('zhangwei', 'POST', `${WF}/withdrawTask`, { processInstanceId: p, withdrawType: 'wf_withdraw_start' }));
    let [task] = await opsTasks(p);
    expect(task).toMatchObject({ taskDefinitionKey: 'theStart', assignee: ids.zhangwei });
    expect((await dataOf(call('zhangwei', 'GET', `${WF}/send`, { processInstanceId: p }))).records).toMatchObject([{ processIsFinished: 'recall' }]);
    // The starter finds it in the to-do list and submits it again: the process goes on.
    const todo = (await dataOf(call('zhangwei', 'GET', `${WF}/todo`, { processInstanceId: p }))).records;
    expect(todo).toMatchObject([{ taskId: task!.taskId }]);
    const detail = await dataOf(call('zhangwei', 'GET', `${WF}/detail`, { taskId: task!.taskId }));
    expect(detail.button.map((b: { code: string }) => b.code)).toEqual(['wf_pass', 'wf_terminate']);
    expect(detail.backNodes).toEqual([]);
    await dataOf(call('zhangwei', 'POST', `${WF}/completeTask`, { taskId: task!.taskId, pass: true, comment: '重新提交' }));
    [task] = await opsTasks(p);
    expect(task).toMatchObject({ taskDefinitionKey: 'miTasks', assignee: 'kermit_0' });
    expect((await dataOf(call('zhangwei', 'GET', `${WF}/send`, { processInstanceId: p }))).records).toMatchObject([{ processIsFinished: 'unfinished' }]);
    const comments = (await timeline('zhangwei', p)).flatMap((r) => r.comments);
    expect(comments.map((c) => [c.type, c.fullMessage]).sort()).toEqual([
      ['comment', '重新提交'],
      ['withdrawComment', '撤回重新提交'],
    ]);
    // Someone else has acted now: the starter may not withdraw.
    await dataOf(call('admin', 'POST', `${OPS}/changeTaskAssignee`, { taskId: task!.taskId, assignee: 'lihong' }));
    await dataOf(call('lihong', 'POST', `${WF}/completeTask`, { taskId: task!.taskId, pass: true, comment: '同意' }));
    expect((await call('zhangwei', 'POST', `${WF}/withdrawTask`, { processInstanceId: p, withdrawType: 'wf_withdraw_end' })).body).toMatchObject({
      code: 400,
      msg: '此任务不可撤回',
    });

    const q = await start('zhangwei', 'miSequentialUserTasks', { nrOfLoops: 2 });
    await dataOf(call('zhangwei', 'POST', `${WF}/withdrawTask`, { processInstanceId: q, withdrawType: 'wf_withdraw_end' }));
    expect(await opsTasks(q)).toEqual([]);
    expect((await dataOf(call('zhangwei', 'GET', `${WF}/send`, { processInstanceId: q }))).records).toMatchObject([{ processIsFinished: 'withdraw' }]);
    expect((await timeline('zhangwei', q)).flatMap((r) => r.comments)).toMatchObject([{ type: 'withdrawComment', fullMessage: '撤销流程' }]);
  });

  // The engine's Flowable semantics of docs/workflow.md "Countersigns", "Back to the start" and "Status".
  const assign = (taskId: string, who: string) => dataOf(call('admin', 'POST', `${OPS}/changeTaskAssignee`, { taskId, assignee: who }));
  const approve = (who: string, taskId: string, variables: Record<string, unknown> = {}) =>
    dataOf(call(who, 'POST', `${WF}/completeTask`, { taskId, pass: true, comment: '同意', variables }));
  const statusOf = async (p: string) => (await dataOf(call('zhangwei', 'GET', `${WF}/send`, { processInstanceId: p }))).records[0].processIsFinished;
  /** Completes each open task of the instance in turn (in the console) and answers their assignees in order. */
  const signAll = async (p: string) => {
    const order: (string | null)[] = [];
    for (let [task] = await opsTasks(p); task; [task] = await opsTasks(p)) {
      order.push(task.assignee);
      await dataOf(opsComplete(task.taskId));
    }
    return order;
  };

  it('10. a rollback from inside a parallel branch to a node before the fork cancels every branch and the join state (sample 09)', async () => {
    expect(await upload('09-flowable-parallel-task-rollback.bpmn20.xml')).toMatchObject({ code: 200 });
    const p = await start('zhangwei', 'startParallelProcess');
    const [before] = await opsTasks(p);
    await assign(before!.taskId, 'zhangwei');
    await approve('zhangwei', before!.taskId);
    const branches = await opsTasks(p);
    const task1 = branches.find((x) => x.taskDefinitionKey === 'task1')!;
    const task2 = branches.find((x) => x.taskDefinitionKey === 'task2')!;
    await assign(task1.taskId, 'lihong');
    await assign(task2.taskId, 'wangjianguo');
    // task2's token waits at the join when task1 is sent back.
    await approve('wangjianguo', task2.taskId);
    const back = await dataOf(call('lihong', 'GET', `${WF}/getBackNodes`, { taskId: task1.taskId }));
    expect(back.map((n: { nodeId: string }) => n.nodeId)).toEqual(['theStart', 'taskBefore']);
    expect((await call('lihong', 'POST', `${WF}/rollbackTask`, { taskId: task1.taskId, nodeId: 'taskBefore', comment: '重做' })).body.msg).toBe('回退成功');

    // Exactly the target is open, with the one who did it (the node names nobody), and the process is back with its starter.
    expect((await opsTasks(p)).map((x) => [x.taskDefinitionKey, x.assignee])).toEqual([['taskBefore', ids.zhangwei]]);
    expect(await statusOf(p)).toBe('reject');
    const rows = await timeline('zhangwei', p);
    expect(rows.find((r) => r.historyActivityId === 'task1')).toMatchObject({ deleteReason: 'Change activity to taskBefore' });
    expect(rows.some((r) => r.historyActivityId === 'parallelJoin')).toBe(false);
    const view = await dataOf(call('zhangwei', 'GET', '/api/blade-flow/process/model-view', { processInsId: p }));
    expect(view.processIsFinished).toBe('reject');
    const statusIn = (id: string) => view.flow.find((f: { historyActivityId: string }) => f.historyActivityId === id)?.status;
    expect([statusIn('task1'), statusIn('taskBefore')]).toEqual(['nodeError', 'nodePrimary']);

    // The starter submits it again: both branches anew, and the join waits for both of them (nothing left of before).
    const [again] = await opsTasks(p);
    expect((await dataOf(call('zhangwei', 'GET', `${WF}/todo`, { processInstanceId: p }))).records).toMatchObject([{ taskId: again!.taskId }]);
    await approve('zhangwei', again!.taskId);
    expect(await statusOf(p)).toBe('unfinished');
    const fresh = await opsTasks(p);
    expect(fresh.map((x) => x.taskDefinitionKey).sort()).toEqual(['task1', 'task2']);
    await dataOf(opsComplete(fresh.find((x) => x.taskDefinitionKey === 'task1')!.taskId));
    expect((await opsTasks(p)).map((x) => x.taskDefinitionKey)).toEqual(['task2']);
    await dataOf(opsComplete(fresh.find((x) => x.taskDefinitionKey === 'task2')!.taskId));
    expect((await opsTasks(p)).map((x) => x.taskDefinitionKey)).toEqual(['taskAfter']);
    await signAll(p);
    expect(await statusOf(p)).toBe('finished');
  });

  it('11. a signer added to a sequential countersign takes their turn after the last of the loop (sample 11)', async () => {
    const p = await start('zhangwei', 'miSequentialUserTasks', { nrOfLoops: 3 });
    const [first] = await opsTasks(p);
    expect(first).toMatchObject({ assignee: 'kermit_0' });
    expect((await call('admin', 'POST', `${OPS}/addMultiInstance`, { taskId: first!.taskId, assignee: 'lihong' })).body.msg).toBe('加签成功');
    expect(await opsTasks(p)).toHaveLength(1);
    expect(await signAll(p)).toEqual(['kermit_0', 'kermit_1', 'kermit_2', ids.lihong]);
    const signed = (await timeline('zhangwei', p)).filter((r) => r.historyActivityType === 'userTask');
    expect(signed.map((r) => [r.historyActivityId, r.deleteReason])).toEqual(Array(4).fill(['miTasks', null]));
    expect(await statusOf(p)).toBe('finished');

    // After a removed round the added signer still comes after the last one left.
    const q = await start('zhangwei', 'miSequentialUserTasks', { nrOfLoops: 3 });
    await dataOf(call('admin', 'POST', `${OPS}/deleteMultiInstance`, { taskId: (await opsTasks(q))[0]!.taskId }));
    const [now] = await opsTasks(q);
    expect(now).toMatchObject({ assignee: 'kermit_1' });
    await dataOf(call('admin', 'POST', `${OPS}/addMultiInstance`, { taskId: now!.taskId, assignee: 'wangjianguo' }));
    expect(await signAll(q)).toEqual(['kermit_1', 'kermit_2', ids.wangjianguo]);
  });

  it('12. a signer removed from a sequential countersign, counted as completed or not: the loop goes on with the others (sample 11)', async () => {
    // Completion condition ${nrOfCompletedInstances == 5}: kermit_0..2 sign, kermit_3 is removed.
    const removeThird = async (completed?: boolean) => {
      const p = await start('zhangwei', 'miSequentialUserTasks', { nrOfLoops: 8 });
      for (const who of ['kermit_0', 'kermit_1', 'kermit_2']) {
        const [task] = await opsTasks(p);
        expect(task).toMatchObject({ assignee: who });
        await dataOf(opsComplete(task!.taskId));
      }
      const [third] = await opsTasks(p);
      expect(third).toMatchObject({ assignee: 'kermit_3' });
      const r = await call('admin', 'POST', `${OPS}/deleteMultiInstance`, {
        taskId: third!.taskId,
        comment: '不必会签',
        ...(completed === undefined ? {} : { completed }),
      });
      expect(r.body).toMatchObject({ code: 200, msg: '减签成功' });
      return p;
    };
    // Counted as completed it is the fourth of five: kermit_4's signature meets the condition.
    const done = await removeThird(true);
    expect(await signAll(done)).toEqual(['kermit_4']);
    expect(await statusOf(done)).toBe('finished');
    // Not counted, the loop has one round less and the fifth signature is kermit_5's.
    const left = await removeThird();
    expect(await signAll(left)).toEqual(['kermit_4', 'kermit_5']);
    const rows = await timeline('zhangwei', left);
    // The removed round is hidden from the timeline; the console's comment names the operator.
    expect(rows.filter((r) => r.historyActivityType === 'userTask').map((r) => r.assignee)).toEqual([
      'kermit_0',
      'kermit_1',
      'kermit_2',
      'kermit_4',
      'kermit_5',
    ]);
    expect(rows.flatMap((r) => r.comments)).toContainEqual(
      expect.objectContaining({ type: 'deleteMultiInstanceComment', fullMessage: '不必会签（运维: 管理员）' }),
    );
    // A parallel countersign's last open task is still refused.
    const par = await start('zhangwei', 'miParallelUserTasksBasedOnCollection', { assigneeList: ['kermit'] });
    expect((await call('admin', 'POST', `${OPS}/deleteMultiInstance`, { taskId: (await opsTasks(par))[0]!.taskId })).body.msg).toContain(
      '会签节点只剩这一个任务，不能减签',
    );
  });

  it("13. a boundary timer run now (立即执行) cancels the sequential countersign; the timer's path ends the process (sample 11)", async () => {
    const p = await start('zhangwei', 'miSequentialUserTasks', { nrOfLoops: 3 });
    await dataOf(opsComplete((await opsTasks(p))[0]!.taskId));
    const [job] = (await dataOf(call('admin', 'GET', `${OPS}/jobs`, { processInstanceId: p }))).records;
    expect(job).toMatchObject({ elementId: 'timer', due: false });
    expect((await call('admin', 'POST', `${OPS}/runJob`, { jobId: job.id })).body).toMatchObject({ code: 200, msg: '执行成功' });
    const [after] = await opsTasks(p);
    expect(after).toMatchObject({ taskDefinitionKey: 'taskAfterTimer' });
    await assign(after!.taskId, 'lihong');
    await approve('lihong', after!.taskId);

    expect(await opsTasks(p)).toEqual([]);
    expect((await dataOf(call('admin', 'GET', `${OPS}/jobs`, { processInstanceId: p }))).total).toBe(0);
    const [sent] = (await dataOf(call('zhangwei', 'GET', `${WF}/send`, { processInstanceId: p }))).records;
    expect(sent).toMatchObject({ processIsFinished: 'finished' });
    expect(sent.processEndTime).toBeTruthy();
    // As Flowable records it: the countersign's open round cancelled by the timer, the timer, its flow and the task
    // after it; taskAfterTimer has no outgoing flow, so the token ends there (the instance's end activity).
    const rows = (await timeline('zhangwei', p)).map((r) => [r.historyActivityId, r.historyActivityType, r.deleteReason]);
    expect(rows).toEqual([
      ['theStart', 'startEvent', null],
      ['flow1', 'sequenceFlow', null],
      ['miTasks', 'userTask', null],
      ['miTasks', 'userTask', 'boundary event interrupting timer'],
      ['timer', 'boundaryEvent', null],
      ['flow3', 'sequenceFlow', null],
      ['taskAfterTimer', 'userTask', null],
    ]);
    expect(await t.app.workflow.engine.processInstance('000000', p)).toMatchObject({ status: 'finished', endActId: 'taskAfterTimer' });
  });

  it("14. wf_withdraw_start returns the process to the starter's first user task (sample 05's fillTask)", async () => {
    const LISTENER = '/api/blade-workflow/design/listener';
    const mapped = (await dataOf(call('admin', 'GET', `${LISTENER}/list`, { className: 'haiyang' }))).records.map((r: { className: string }) => r.className);
    for (const [cls, who] of [
      ['com.haiyang.flowablespringboot.handler.ManagerTaskHandler', '经理'],
      ['com.haiyang.flowablespringboot.handler.BossTaskHandler', '老板'],
    ])
      if (!mapped.includes(cls))
        await dataOf(call('admin', 'POST', `${LISTENER}/submit`, { className: cls, handler: 'setAssignee', params: { assignee: who } }));
    expect(await upload('05-expense-money-threshold.bpmn20.xml')).toMatchObject({ code: 200 });
    // The starter fills in the expense (fillTask's ${taskUser}); the manager has it when it is withdrawn.
    const p = await start('zhangwei', 'Expense', { taskUser: 'zhangwei' });
    const [fill] = await opsTasks(p);
    expect(fill).toMatchObject({ taskDefinitionKey: 'fillTask', assignee: ids.zhangwei });
    await approve('zhangwei', fill!.taskId, { money: 300 });
    expect((await opsTasks(p)).map((x) => x.taskDefinitionKey)).toEqual(['directorTak']);
    await dataOf(call('zhangwei', 'POST', `${WF}/withdrawTask`, { processInstanceId: p, withdrawType: 'wf_withdraw_start' }));

    const [again] = await opsTasks(p);
    expect(again).toMatchObject({ taskDefinitionKey: 'fillTask', taskName: '出差报销', assignee: ids.zhangwei });
    expect(await opsTasks(p)).toHaveLength(1);
    expect(await statusOf(p)).toBe('recall');
    const rows = await timeline('zhangwei', p);
    expect(rows.find((r) => r.historyActivityId === 'directorTak')).toMatchObject({ deleteReason: 'Change activity to fillTask' });
    expect(rows.some((r) => r.historyActivityId === 'start' && r.historyActivityType === 'userTask')).toBe(false);
    // Submitted again it goes on by the new amount.
    await approve('zhangwei', again!.taskId, { money: 800 });
    expect(await statusOf(p)).toBe('unfinished');
    expect(await opsTasks(p)).toMatchObject([{ taskDefinitionKey: 'bossTask', assignee: '老板' }]);
  });
});
