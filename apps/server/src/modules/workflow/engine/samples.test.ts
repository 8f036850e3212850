/** Every model in ../shared/bpmn-samples deploys unchanged and runs with Flowable's semantics. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../testing/db.ts';
import { harness, openTasks, sample, type Harness } from './test-support.ts';
import { expectEvery } from '../../../testing/expect.ts';

const T = '000000';
let h: Harness;
let starter: { id: string; name: string };

beforeAll(async () => {
  h = await harness();
  starter = { id: h.users.zhangwei!, name: '张伟' };
});
afterAll(() => h.close());

const deploy = async (file: string) => (await h.engine.deploy(T, sample(file), { resourceName: file })).definitions;
const start = (key: string, variables: Record<string, unknown> = {}) => h.engine.startProcess(T, starter, { processKey: key, variables });
const complete = (taskId: string, variables: Record<string, unknown> = {}) => h.engine.completeTask(T, taskId, starter, { variables });
const ended = async (id: string) => (await h.engine.processInstance(T, id))!.endTime !== null;

describe('05 expense: money threshold, conditions on flows leaving tasks, mapped Java listeners', () => {
  it('is refused while its listener classes are unmapped, naming element and class', async () => {
    await expect(deploy('05-expense-money-threshold.bpmn20.xml')).rejects.toThrow(/directorTak.*ManagerTaskHandler/);
  });

  it('runs both ways once ManagerTaskHandler → 经理 and BossTaskHandler → 老板 are mapped', async () => {
    await h.engine.mapListenerClass(T, 'com.haiyang.flowablespringboot.handler.ManagerTaskHandler', 'setAssignee', { assignee: '经理' });
    await h.engine.mapListenerClass(T, 'com.haiyang.flowablespringboot.handler.BossTaskHandler', 'setAssignee', { assignee: '老板' });
    const [def] = await deploy('05-expense-money-threshold.bpmn20.xml');
    expect(def).toMatchObject({ key: 'Expense', version: 1, name: 'ExpenseProcess' });

    // ≤ 500: the manager; the filler is named by account and becomes the user id.
    const small = await start('Expense', { taskUser: 'lihong' });
    let tasks = await openTasks(h.engine, small.processInstanceId);
    expect(tasks).toMatchObject([{ key: 'fillTask', name: '出差报销', assignee: h.users.lihong }]);
    await complete(tasks[0]!.id, { money: 300 });
    tasks = await openTasks(h.engine, small.processInstanceId);
    expect(tasks).toMatchObject([{ key: 'directorTak', assignee: '经理' }]);
    await complete(tasks[0]!.id, { outcome: '通过' });
    expect(await ended(small.processInstanceId)).toBe(true);
    expect((await h.engine.processInstance(T, small.processInstanceId))!).toMatchObject({ status: 'finished', endActId: 'end' });

    // > 500: the boss, who sends it back; the second round goes to the manager.
    const big = await start('Expense', { taskUser: 'lihong' });
    tasks = await openTasks(h.engine, big.processInstanceId);
    await complete(tasks[0]!.id, { money: '800' });
    tasks = await openTasks(h.engine, big.processInstanceId);
    expect(tasks).toMatchObject([{ key: 'bossTask', name: '老板审批', assignee: '老板' }]);
    await complete(tasks[0]!.id, { outcome: '驳回' });
    tasks = await openTasks(h.engine, big.processInstanceId);
    expect(tasks).toMatchObject([{ key: 'fillTask', assignee: h.users.lihong }]);
    await complete(tasks[0]!.id, { money: 120 });
    tasks = await openTasks(h.engine, big.processInstanceId);
    expect(tasks).toMatchObject([{ key: 'directorTak', assignee: '经理' }]);
    await complete(tasks[0]!.id, { outcome: '通过' });
    expect(await ended(big.processInstanceId)).toBe(true);
    const flows = (await h.engine.activities(T, big.processInstanceId)).filter((a) => a.actType === 'sequenceFlow').map((a) => a.actId);
    expect(flows).toEqual(['flow1', 'flow2', 'judgeMore', 'bossNotPassFlow', 'flow2', 'judgeLess', 'directorPassFlow']);
  });

  it('fails the command and saves nothing when no flow can be taken', async () => {
    const p = await start('Expense', { taskUser: 'lihong' });
    const [fill] = await openTasks(h.engine, p.processInstanceId);
    // No money variable: the gateway's condition names an unknown variable.
    await expect(complete(fill!.id)).rejects.toThrow(/money/);
    await complete(fill!.id, { money: 10 });
    const [director] = await openTasks(h.engine, p.processInstanceId);
    await expect(complete(director!.id, { outcome: '再议' })).rejects.toThrow("No outgoing sequence flow of element 'directorTak' could be selected");
    expect(await openTasks(h.engine, p.processInstanceId)).toMatchObject([{ key: 'directorTak', id: director!.id }]);
    expect((await h.engine.variables(T, p.processInstanceId)).outcome).toBeUndefined();
  });
});

describe('06 vacation request (activiti namespace): initiator, potentialOwner, humanPerformer, task pass-through', () => {
  it('goes to management, back to the employee, and ends after approval', async () => {
    const [def] = await deploy('06-flowable-vacation-request.bpmn20.xml');
    expect(def!.key).toBe('vacationRequest');
    const p = await start('vacationRequest', { numberOfDays: 3, startDate: '2026-03-10', vacationMotivation: '探亲' });
    expect(await h.engine.variables(T, p.processInstanceId)).toMatchObject({ employeeName: starter.id, applyUser: starter.id, applyUserName: '张伟' });
    let [task] = await h.engine.tasks(T, p.processInstanceId);
    expect(task).toMatchObject({ taskDefKey: 'handleRequest', assignee: null, candidateGroups: ['management'], candidateUsers: [] });
    expect(task!.description).toBe(`${starter.id} would like to take 3 day(s) of vacation (Motivation: 探亲).`);

    // A member of management sees it to claim; others do not.
    h.identity.extraGroups.set(h.users.wangjianguo!, ['management']);
    expect((await h.engine.claimable(T, h.users.wangjianguo!)).map((t) => t.id)).toContain(task!.id);
    expect((await h.engine.todo(T, h.users.lihong!)).map((t) => t.id)).not.toContain(task!.id);
    await complete(task!.id, { vacationApproved: 'false', managerMotivation: '项目紧' });
    [task] = await h.engine.tasks(T, p.processInstanceId);
    expect(task).toMatchObject({ taskDefKey: 'adjustVacationRequestTask', assignee: starter.id });
    expect(task!.description).toContain('Reason: 项目紧');
    await complete(task!.id, { resendRequest: true, numberOfDays: 2 });
    [task] = await h.engine.tasks(T, p.processInstanceId);
    expect(task).toMatchObject({ taskDefKey: 'handleRequest', candidateGroups: ['management'] });
    // EL: a boolean compared with 'true' is a boolean comparison.
    await complete(task!.id, { vacationApproved: true });
    expect(await ended(p.processInstanceId)).toBe(true);
    const acts = (await h.engine.activities(T, p.processInstanceId)).filter((a) => a.actType !== 'sequenceFlow').map((a) => a.actId);
    expect(acts.slice(-3)).toEqual(['requestApprovedDecision', 'sendApprovalMail', 'theEnd1']);
  });

  it('ends at theEnd2 when the employee gives up', async () => {
    const p = await start('vacationRequest', { numberOfDays: 1, startDate: '2026-03-10', vacationMotivation: '' });
    let [task] = await h.engine.tasks(T, p.processInstanceId);
    await complete(task!.id, { vacationApproved: 'false', managerMotivation: '-' });
    [task] = await h.engine.tasks(T, p.processInstanceId);
    await complete(task!.id, { resendRequest: 'false' });
    expect((await h.engine.processInstance(T, p.processInstanceId))!.endActId).toBe('theEnd2');
  });
});

describe('07 candidate groups extension', () => {
  it('offers the task to both groups; a member claims and completes it', async () => {
    await deploy('07-flowable-candidate-groups-extension.bpmn20.xml');
    const p = await start('candidateGroupsExtension');
    const [task] = await h.engine.tasks(T, p.processInstanceId);
    expect(task).toMatchObject({ name: 'make profit', assignee: null, candidateGroups: ['management', 'accountancy'] });
    h.identity.extraGroups.set(h.users.lihong!, ['accountancy']);
    expect((await h.engine.todo(T, h.users.lihong!)).map((t) => t.id)).toContain(task!.id);
    expect((await h.engine.todo(T, h.users.chenjing!)).map((t) => t.id)).not.toContain(task!.id);
    await expect(h.engine.claim(T, task!.id, { id: h.users.chenjing! })).rejects.toThrow('您不是该任务的候选人');
    await h.engine.claim(T, task!.id, { id: h.users.lihong! });
    await expect(h.engine.claim(T, task!.id, { id: h.users.wangjianguo! })).rejects.toThrow('任务已被他人签收');
    expect((await h.engine.todo(T, h.users.lihong!)).find((t) => t.id === task!.id)).toMatchObject({ assignee: h.users.lihong });
    await h.engine.approve(T, task!.id, { id: h.users.lihong! });
    expect(await ended(p.processInstanceId)).toBe(true);
  });
});

describe('08 parallel fork and join (id-less flows)', () => {
  it('waits for both branches', async () => {
    await deploy('08-flowable-parallel-fork-join.bpmn20.xml');
    const p = await start('forkJoin');
    let tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.key).sort()).toEqual(['receivePayment', 'shipOrder']);
    await complete(tasks.find((t) => t.key === 'receivePayment')!.id);
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.key)).toEqual(['shipOrder']);
    await complete(tasks[0]!.id);
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.key)).toEqual(['archiveOrder']);
    expect(await countRows(h.t.database, 'blade_wf_execution', 'proc_inst_id = $1', [p.processInstanceId])).toBe(2);
    await complete(tasks[0]!.id);
    expect(await ended(p.processInstanceId)).toBe(true);
    expect(await countRows(h.t.database, 'blade_wf_execution', 'proc_inst_id = $1', [p.processInstanceId])).toBe(0);
    const flows = (await h.engine.activities(T, p.processInstanceId)).filter((a) => a.actType === 'sequenceFlow').map((a) => a.actId);
    expect(flows).toContain('flow_fork_receivePayment');
    expect(flows).toContain('flow_join_archiveOrder');
  });
});

describe('09 parallel tasks and rollback', () => {
  it('rolling back from a branch to the task before the fork cancels both branches', async () => {
    await deploy('09-flowable-parallel-task-rollback.bpmn20.xml');
    const p = await start('startParallelProcess');
    let tasks = await openTasks(h.engine, p.processInstanceId);
    await complete(tasks[0]!.id);
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.key).sort()).toEqual(['task1', 'task2']);
    const task1 = tasks.find((t) => t.key === 'task1')!;
    const task2 = tasks.find((t) => t.key === 'task2')!;
    await h.engine.changeAssignee(T, task1.id, starter, starter.id);
    await h.engine.changeAssignee(T, task2.id, starter, h.users.lihong!);
    expect(await h.engine.backNodes(T, task1.id)).toEqual([
      { nodeId: 'theStart', nodeName: null },
      { nodeId: 'taskBefore', nodeName: 'Task before sub process' },
    ]);
    await h.engine.rollback(T, task1.id, starter, 'taskBefore', { comment: '重做' });
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.key)).toEqual(['taskBefore']);
    const hist = await h.engine.historicTasks(T, p.processInstanceId);
    expect(hist.find((x) => x.id === task2.id)!.deleteReason).toBe('Change activity to taskBefore');
    expect(hist.find((x) => x.id === task1.id)!.deleteReason).toBe('Change activity to taskBefore');
    // The one who rolled back has done their task; the other branch's holder has not (it was cancelled under them).
    expect(await h.listed('done', starter.id)).toContain(p.processInstanceId);
    expect(await h.listed('done', h.users.lihong!)).not.toContain(p.processInstanceId);
    expect(await countRows(h.t.database, 'blade_wf_execution', 'proc_inst_id = $1', [p.processInstanceId])).toBe(2);

    // Again through the fork; one branch done and waiting at the join, the other rolled back within the block.
    await complete(tasks[0]!.id);
    tasks = await openTasks(h.engine, p.processInstanceId);
    await complete(tasks.find((t) => t.key === 'task2')!.id);
    const t1 = (await openTasks(h.engine, p.processInstanceId))[0]!;
    await complete(t1.id);
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.key)).toEqual(['taskAfter']);
    await complete(tasks[0]!.id);
    expect(await ended(p.processInstanceId)).toBe(true);
  });

  it('rolling back to the start gives the starter a task there, which submits the process again', async () => {
    const p = await start('startParallelProcess');
    const [before] = await openTasks(h.engine, p.processInstanceId);
    await h.engine.changeAssignee(T, before!.id, starter, starter.id);
    await h.engine.rollback(T, before!.id, starter, 'theStart');
    expect(await h.engine.processInstance(T, p.processInstanceId)).toMatchObject({ status: 'reject', endTime: null });
    const [back] = await openTasks(h.engine, p.processInstanceId);
    expect(back).toMatchObject({ key: 'theStart', assignee: starter.id });
    expect((await h.engine.historicTasks(T, p.processInstanceId)).find((t) => t.id === before!.id)!.deleteReason).toBe('Change activity to theStart');
    await h.engine.approve(T, back!.id, starter, { comment: '已修改' });
    expect(await h.engine.processInstance(T, p.processInstanceId)).toMatchObject({ status: 'unfinished' });
    expect((await openTasks(h.engine, p.processInstanceId)).map((t) => t.key)).toEqual([before!.key]);
  });
});

describe('10 parallel multi-instance over a collection, completion at 60 %, add signer', () => {
  it('creates one task per element and ends at 2 of 3', async () => {
    await deploy('10-flowable-mi-parallel-collection-add-signer.bpmn20.xml');
    const p = await start('miParallelUserTasksBasedOnCollection', { assigneeList: ['kermit', 'gonzo', 'fozzie'] });
    let tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => [t.name, t.assignee])).toEqual([
      ['My Task 0', 'kermit'],
      ['My Task 1', 'gonzo'],
      ['My Task 2', 'fozzie'],
    ]);
    const root = (await h.engine.executions(T, p.processInstanceId)).find((e) => e.isMiRoot)!;
    expect(root.variables).toMatchObject({ nrOfInstances: 3, nrOfActiveInstances: 3, nrOfCompletedInstances: 0 });
    await complete(tasks[1]!.id);
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.assignee)).toEqual(['kermit', 'fozzie']);
    await complete(tasks[0]!.id);
    expect(await ended(p.processInstanceId)).toBe(true);
    const hist = await h.engine.historicTasks(T, p.processInstanceId);
    expect(hist.map((x) => [x.assignee, x.deleteReason])).toEqual([
      ['kermit', null],
      ['gonzo', null],
      ['fozzie', 'MI_END'],
    ]);
  });

  it('an added signer takes a task of its own and raises nrOfInstances', async () => {
    const p = await start('miParallelUserTasksBasedOnCollection', { assigneeList: ['kermit', 'gonzo', 'fozzie'] });
    let tasks = await openTasks(h.engine, p.processInstanceId);
    await h.engine.addCountersign(T, tasks[0]!.id, { id: 'kermit' }, ['zhaomin']);
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => [t.name, t.assignee])).toEqual([
      ['My Task 0', 'kermit'],
      ['My Task 1', 'gonzo'],
      ['My Task 2', 'fozzie'],
      ['My Task 3', h.users.zhaomin],
    ]);
    const root = (await h.engine.executions(T, p.processInstanceId)).find((e) => e.isMiRoot)!;
    expect(root.variables).toMatchObject({ nrOfInstances: 4, nrOfActiveInstances: 4 });
    await complete(tasks[0]!.id);
    await complete(tasks[3]!.id);
    expect(await ended(p.processInstanceId)).toBe(false); // 2/4 < 0.6
    await complete(tasks[1]!.id);
    expect(await ended(p.processInstanceId)).toBe(true); // 3/4
  });
});

describe('11 sequential multi-instance with loopCardinality and a boundary timer', () => {
  it('runs kermit_0, kermit_1, kermit_2 one after another', async () => {
    await deploy('11-flowable-mi-sequential-cardinality.bpmn20.xml');
    const p = await start('miSequentialUserTasks', { nrOfLoops: 3 });
    for (let i = 0; i < 3; i++) {
      const tasks = await openTasks(h.engine, p.processInstanceId);
      expect(tasks.map((t) => t.assignee)).toEqual([`kermit_${i}`]);
      await complete(tasks[0]!.id);
    }
    expect(await ended(p.processInstanceId)).toBe(true);
  });

  it('the completion condition stops it after five of ten', async () => {
    const p = await start('miSequentialUserTasks', { nrOfLoops: 10 });
    for (let i = 0; i < 5; i++) await complete((await openTasks(h.engine, p.processInstanceId))[0]!.id);
    expect(await ended(p.processInstanceId)).toBe(true);
  });

  it('the timer interrupts the whole multi-instance after two hours', async () => {
    const p = await start('miSequentialUserTasks', { nrOfLoops: 3 });
    await complete((await openTasks(h.engine, p.processInstanceId))[0]!.id);
    expect(await h.engine.runDueJobs()).toBe(0);
    expect(await h.engine.jobs(T)).toHaveLength(1);
    h.clock.advance(2 * 3600_000 + 1000);
    expect(await h.engine.runDueJobs()).toBe(1);
    const tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => [t.key, t.assignee])).toEqual([['taskAfterTimer', null]]);
    const hist = await h.engine.historicTasks(T, p.processInstanceId);
    expect(hist.find((x) => x.assignee === 'kermit_1')!.deleteReason).toBe('boundary event interrupting timer');
    expect(await h.engine.jobs(T)).toHaveLength(0);
    await complete(tasks[0]!.id);
    expect(await ended(p.processInstanceId)).toBe(true);
  });

  it('completing the node in time removes its timer', async () => {
    const p = await start('miSequentialUserTasks', { nrOfLoops: 1 });
    await complete((await openTasks(h.engine, p.processInstanceId))[0]!.id);
    expect(await ended(p.processInstanceId)).toBe(true);
    expect(await h.engine.jobs(T)).toHaveLength(0);
  });
});

describe('12 parallel multi-instance, loopCardinality ${5}, half completes it', () => {
  it('ends after three of five', async () => {
    await deploy('12-flowable-mi-parallel-completion-half.bpmn20.xml');
    const p = await start('miParallelUserTasksCompletionCondition');
    let tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.name)).toEqual(['My Task 0', 'My Task 1', 'My Task 2', 'My Task 3', 'My Task 4']);
    expectEvery(tasks, (t) => t.assignee === null);
    await complete(tasks[0]!.id);
    await complete(tasks[1]!.id);
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks).toHaveLength(3);
    await complete(tasks[2]!.id);
    expect(await ended(p.processInstanceId)).toBe(true);
  });
});

describe('13 ruoyi sign modes: five processes in one file', () => {
  it('deploys five definitions', async () => {
    const defs = await deploy('13-ruoyi-multi-instance-sign-modes.bpmn20.xml');
    expect(defs.map((d) => d.key)).toEqual(['multiAny', 'multiRatio', 'multiRatioPartial', 'multiReturn', 'multiSequential']);
  });

  it('或签: one of three is enough', async () => {
    const p = await start('multiAny', { coll_userList: ['1', '2', '3'] });
    const tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.name)).toEqual(['或签审批', '或签审批', '或签审批']);
    await complete(tasks[1]!.id);
    expect(await ended(p.processInstanceId)).toBe(true);
  });

  it('会签 100 %: all three', async () => {
    const p = await start('multiRatio', { coll_userList: ['1', '2', '3'] });
    const tasks = await openTasks(h.engine, p.processInstanceId);
    await complete(tasks[0]!.id);
    await complete(tasks[1]!.id);
    expect(await ended(p.processInstanceId)).toBe(false);
    await complete(tasks[2]!.id);
    expect(await ended(p.processInstanceId)).toBe(true);
  });

  it('会签 60 %: three of five', async () => {
    const p = await start('multiRatioPartial', { coll_userList: ['1', '2', '3', '4', '5'] });
    const tasks = await openTasks(h.engine, p.processInstanceId);
    for (const t of tasks.slice(0, 2)) await complete(t.id);
    expect(await ended(p.processInstanceId)).toBe(false);
    await complete(tasks[4]!.id);
    expect(await ended(p.processInstanceId)).toBe(true);
  });

  it('会签驳回: a rejection goes back to the return node (rejectReturnTaskId)', async () => {
    const p = await start('multiReturn', { coll_userList: ['1', '2'] });
    const [first] = await openTasks(h.engine, p.processInstanceId);
    await complete(first!.id);
    let tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.key)).toEqual(['multiReturn-task', 'multiReturn-task']);
    await complete(tasks[0]!.id);
    await h.engine.changeAssignee(T, tasks[1]!.id, starter, h.users.lihong!);
    await h.engine.reject(T, tasks[1]!.id, { id: h.users.lihong! }, { comment: '金额不对' });
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.key)).toEqual(['multiReturn-first']);
    // Back with an earlier node nobody in particular holds (not the starter): the process runs on.
    expect((await h.engine.processInstance(T, p.processInstanceId))!.status).toBe('unfinished');
    expect(await countRows(h.t.database, 'blade_wf_variable', `proc_inst_id = $1 AND name LIKE 'nrOf%'`, [p.processInstanceId])).toBe(0);
  });

  it('依次审批: loopCardinality 1 wins over the collection', async () => {
    const p = await start('multiSequential', { coll_userList: ['1', '2', '3'] });
    const tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks).toHaveLength(1);
    await complete(tasks[0]!.id);
    expect(await ended(p.processInstanceId)).toBe(true);
  });
});

describe('14 nested subprocesses', () => {
  it('runs through two scopes and out', async () => {
    await deploy('14-flowable-nested-subprocess.bpmn20.xml');
    const p = await start('nestedSimpleSubProcess');
    let tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => [t.key, t.name])).toEqual([['innerSubProcessTask', 'Task in subprocess']]);
    const execs = await h.engine.executions(T, p.processInstanceId);
    // instance, outer scope, inner scope, the task's token
    expect(
      execs
        .filter((e) => e.isScope)
        .map((e) => e.actId)
        .sort(),
    ).toEqual([null, 'innerSubProcess', 'outerSubProcess'].sort());
    expect(execs).toHaveLength(4);
    await complete(tasks[0]!.id);
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.key)).toEqual(['afterSubProcessTask']);
    expect(await h.engine.executions(T, p.processInstanceId)).toHaveLength(2);

    // Back into the inner subprocess: its scopes are opened again.
    await h.engine.changeAssignee(T, tasks[0]!.id, starter, starter.id);
    expect((await h.engine.backNodes(T, tasks[0]!.id)).map((b) => b.nodeId)).toEqual(['theStart', 'innerSubProcessTask']);
    await h.engine.rollback(T, tasks[0]!.id, starter, 'innerSubProcessTask');
    tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.key)).toEqual(['innerSubProcessTask']);
    expect(await h.engine.executions(T, p.processInstanceId)).toHaveLength(4);
    await complete(tasks[0]!.id);
    await complete((await openTasks(h.engine, p.processInstanceId))[0]!.id);
    expect(await ended(p.processInstanceId)).toBe(true);
    const acts = (await h.engine.activities(T, p.processInstanceId)).filter((a) => a.actType !== 'sequenceFlow');
    expect(acts.filter((a) => a.actId === 'innerSubProcessEnd')).toHaveLength(2);
    expectEvery(acts, (a) => a.endTime !== null);
  });
});

describe('15 diverging inclusive gateway', () => {
  it.each([
    [1, ['theTask1', 'theTask2', 'theTask3']],
    [2, ['theTask2', 'theTask3']],
    [3, ['theTask3']],
  ])('input %i opens %j, and the process ends after the last', async (input, keys) => {
    if (input === 1) await deploy('15-flowable-inclusive-gateway.bpmn20.xml');
    const p = await start('inclusiveGwDiverging', { input });
    const tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => t.key).sort()).toEqual(keys);
    for (const [i, t] of tasks.entries()) {
      expect(await ended(p.processInstanceId)).toBe(false);
      await complete(t.id);
      if (i === tasks.length - 1) expect(await ended(p.processInstanceId)).toBe(true);
    }
  });

  it('input 4 selects nothing: the start fails and leaves no instance', async () => {
    const before = await countRows(h.t.database, 'blade_wf_hi_procinst');
    await expect(start('inclusiveGwDiverging', { input: 4 })).rejects.toThrow("No outgoing sequence flow of element 'inclusiveGw' could be selected");
    expect(await countRows(h.t.database, 'blade_wf_hi_procinst')).toBe(before);
  });
});
