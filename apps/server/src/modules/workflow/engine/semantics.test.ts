/** Flowable semantics beyond the samples: inclusive join, timers on plain tasks, terminate end, MI subprocess, listeners. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowEvent } from './hooks.ts';
import { harness, openTasks, type Harness } from './test-support.ts';

const T = '000000';
let h: Harness;
const heard: string[] = [];
const events: WorkflowEvent[] = [];

beforeAll(async () => {
  h = await harness({ functions: { note: (x) => heard.push(`note:${String(x)}`) } });
});
afterAll(() => h.close());

const bpmn = (id: string, body: string) => `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${id}">${body}</process></definitions>`;
const cond = (e: string) => `<conditionExpression xsi:type="tFormalExpression">\${${e}}</conditionExpression>`;
const run = async (id: string, body: string, variables: Record<string, unknown> = {}) => {
  await h.engine.deploy(T, bpmn(id, body));
  return h.engine.startProcess(T, { id: h.users.zhangwei! }, { processKey: id, variables });
};
const keys = async (p: { processInstanceId: string }) => (await openTasks(h.engine, p.processInstanceId)).map((t) => t.key).sort();
const done = (taskId: string, variables: Record<string, unknown> = {}) => h.engine.completeTask(T, taskId, null, { variables });
const ended = async (p: { processInstanceId: string }) => (await h.engine.processInstance(T, p.processInstanceId))!.endTime !== null;

describe('inclusive join', () => {
  it('waits while a live branch can still reach it', async () => {
    const p = await run(
      'inclJoin',
      `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="fork"/>
       <inclusiveGateway id="fork"/>
       <sequenceFlow id="fa" sourceRef="fork" targetRef="a">${cond('a')}</sequenceFlow>
       <sequenceFlow id="fb" sourceRef="fork" targetRef="b">${cond('b')}</sequenceFlow>
       <sequenceFlow id="fc" sourceRef="fork" targetRef="c">${cond('c')}</sequenceFlow>
       <userTask id="a"/><userTask id="b"/><userTask id="b2"/><userTask id="c"/>
       <sequenceFlow id="ja" sourceRef="a" targetRef="join"/>
       <sequenceFlow id="jb" sourceRef="b" targetRef="b2"/>
       <sequenceFlow id="jb2" sourceRef="b2" targetRef="join"/>
       <sequenceFlow id="jc" sourceRef="c" targetRef="join"/>
       <inclusiveGateway id="join"/><sequenceFlow id="fj" sourceRef="join" targetRef="after"/>
       <userTask id="after"/><sequenceFlow id="fe" sourceRef="after" targetRef="e"/><endEvent id="e"/>`,
      { a: true, b: true, c: false },
    );
    expect(await keys(p)).toEqual(['a', 'b']);
    const tasks = await openTasks(h.engine, p.processInstanceId);
    await done(tasks.find((t) => t.key === 'a')!.id);
    expect(await keys(p)).toEqual(['b']);
    await done((await openTasks(h.engine, p.processInstanceId))[0]!.id);
    expect(await keys(p)).toEqual(['b2']);
    await done((await openTasks(h.engine, p.processInstanceId))[0]!.id);
    expect(await keys(p)).toEqual(['after']);
    await done((await openTasks(h.engine, p.processInstanceId))[0]!.id);
    expect(await ended(p)).toBe(true);
  });
});

describe('flows leaving a task', () => {
  it('takes every true flow, the default only when none is', async () => {
    const body = `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="t"/>
       <userTask id="t" default="fd"/>
       <sequenceFlow id="f1" sourceRef="t" targetRef="x">${cond('n > 1')}</sequenceFlow>
       <sequenceFlow id="f2" sourceRef="t" targetRef="y">${cond('n > 2')}</sequenceFlow>
       <sequenceFlow id="fd" sourceRef="t" targetRef="z"/>
       <userTask id="x"/><userTask id="y"/><userTask id="z"/>
       <sequenceFlow id="g1" sourceRef="x" targetRef="e"/><sequenceFlow id="g2" sourceRef="y" targetRef="e"/><sequenceFlow id="g3" sourceRef="z" targetRef="e"/>
       <endEvent id="e"/>`;
    const p = await run('leaving', body);
    await done((await openTasks(h.engine, p.processInstanceId))[0]!.id, { n: 3 });
    expect(await keys(p)).toEqual(['x', 'y']);
    const q = await h.engine.startProcess(T, { id: h.users.zhangwei! }, { processKey: 'leaving' });
    await done((await openTasks(h.engine, q.processInstanceId))[0]!.id, { n: 0 });
    expect(await keys(q)).toEqual(['z']);
  });
});

describe('timers on a plain user task', () => {
  it('an interrupting timer replaces the task; a non-interrupting cycle adds reminders twice', async () => {
    const p = await run(
      'timers',
      `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="t"/>
       <userTask id="t" flowable:assignee="lihong"/>
       <boundaryEvent id="remind" attachedToRef="t" cancelActivity="false"><timerEventDefinition><timeCycle>R2/PT30M</timeCycle></timerEventDefinition></boundaryEvent>
       <boundaryEvent id="late" attachedToRef="t"><timerEventDefinition><timeDuration>\${limit}</timeDuration></timerEventDefinition></boundaryEvent>
       <sequenceFlow id="fr" sourceRef="remind" targetRef="reminder"/><userTask id="reminder"/><sequenceFlow id="fr2" sourceRef="reminder" targetRef="e2"/><endEvent id="e2"/>
       <sequenceFlow id="fl" sourceRef="late" targetRef="escalated"/><userTask id="escalated"/><sequenceFlow id="fl2" sourceRef="escalated" targetRef="e"/>
       <sequenceFlow id="f1" sourceRef="t" targetRef="e"/><endEvent id="e"/>`,
      { limit: 'PT2H' },
    );
    const jobsOf = async () => (await h.engine.jobs(T)).filter((j) => j.procInstId === p.processInstanceId);
    expect((await jobsOf()).map((j) => j.elementId).sort()).toEqual(['late', 'remind']);
    h.clock.advance(31 * 60_000);
    expect(await h.engine.runDueJobs()).toBe(1);
    expect(await keys(p)).toEqual(['reminder', 't']);
    h.clock.advance(31 * 60_000);
    await h.engine.runDueJobs();
    expect(await keys(p)).toEqual(['reminder', 'reminder', 't']);
    h.clock.advance(31 * 60_000);
    await h.engine.runDueJobs();
    expect((await jobsOf()).map((j) => j.elementId)).toEqual(['late']);
    h.clock.advance(60 * 60_000);
    await h.engine.runDueJobs();
    expect(await keys(p)).toEqual(['escalated', 'reminder', 'reminder']);
    const t = (await h.engine.historicTasks(T, p.processInstanceId)).find((x) => x.taskDefKey === 't')!;
    expect(t.deleteReason).toBe('boundary event interrupting late');
    expect(await jobsOf()).toEqual([]);
  });
});

describe('terminate end event', () => {
  it('ends every branch of the process', async () => {
    const p = await run(
      'term',
      `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="fork"/><parallelGateway id="fork"/>
       <sequenceFlow id="f1" sourceRef="fork" targetRef="a"/><sequenceFlow id="f2" sourceRef="fork" targetRef="b"/>
       <userTask id="a"/><userTask id="b"/>
       <sequenceFlow id="f3" sourceRef="a" targetRef="stop"/><endEvent id="stop"><terminateEventDefinition/></endEvent>
       <sequenceFlow id="f4" sourceRef="b" targetRef="e"/><endEvent id="e"/>`,
    );
    const tasks = await openTasks(h.engine, p.processInstanceId);
    await done(tasks.find((t) => t.key === 'a')!.id);
    expect(await h.engine.processInstance(T, p.processInstanceId)).toMatchObject({ status: 'finished', endActId: 'stop' });
    expect((await h.engine.historicTasks(T, p.processInstanceId)).find((t) => t.taskDefKey === 'b')!.deleteReason).toBe('Terminated by end event: stop');
  });
});

describe('multi-instance subprocess', () => {
  it('runs the subprocess once per element, each with its own scope', async () => {
    const p = await run(
      'miSub',
      `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="sub"/>
       <subProcess id="sub">
         <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="people" flowable:elementVariable="who"/>
         <startEvent id="ss"/><sequenceFlow id="g0" sourceRef="ss" targetRef="check"/>
         <userTask id="check" name="核对 \${who}" flowable:assignee="\${who}"/><sequenceFlow id="g1" sourceRef="check" targetRef="se"/><endEvent id="se"/>
       </subProcess>
       <sequenceFlow id="f1" sourceRef="sub" targetRef="after"/><userTask id="after"/><sequenceFlow id="f2" sourceRef="after" targetRef="e"/><endEvent id="e"/>`,
      { people: ['lihong', 'chenjing'] },
    );
    const tasks = await openTasks(h.engine, p.processInstanceId);
    expect(tasks.map((t) => [t.name, t.assignee])).toEqual([
      ['核对 lihong', h.users.lihong],
      ['核对 chenjing', h.users.chenjing],
    ]);
    await done(tasks[0]!.id);
    expect(await keys(p)).toEqual(['check']);
    await done(tasks[1]!.id);
    expect(await keys(p)).toEqual(['after']);
    expect((await h.engine.executions(T, p.processInstanceId)).length).toBe(2);
  });
});

describe('listeners', () => {
  it('runs registered handlers by delegate expression, mapped classes, expressions and the business hook', async () => {
    h.engine.listeners.register('audit', (ctx, params) => {
      heard.push(`${ctx.event}:${ctx.activityId}:${String(params.tag)}:${ctx.task?.assignee ?? '-'}`);
    });
    await h.engine.mapListenerClass(T, 'com.acme.flow.MarkHandler', 'setVariable', { name: 'marked', value: '${who}' });
    await h.engine.mapListenerClass(T, 'com.acme.flow.Candidates', 'addCandidates', { users: 'zhaomin', groups: 'finance' });
    await h.engine.mapListenerClass(T, 'com.acme.flow.Rejected', 'businessHook', { event: 'rejected' });
    h.engine.hooks.on('listen', (e) => {
      events.push(e);
    });
    const p = await run(
      'listen',
      `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="t"/>
       <userTask id="t">
         <extensionElements>
           <flowable:taskListener event="create" delegateExpression="\${audit}"><flowable:field name="tag" stringValue="A"/></flowable:taskListener>
           <flowable:taskListener event="create" class="com.acme.flow.Candidates"/>
           <flowable:taskListener event="assignment" delegateExpression="\${audit}"><flowable:field name="tag" stringValue="B"/></flowable:taskListener>
           <flowable:taskListener event="complete" expression="\${note(who)}"/>
           <flowable:executionListener event="start" class="com.acme.flow.MarkHandler"/>
         </extensionElements>
       </userTask>
       <sequenceFlow id="f1" sourceRef="t" targetRef="e">
         <extensionElements><flowable:executionListener event="take" class="com.acme.flow.Rejected"/></extensionElements>
       </sequenceFlow>
       <endEvent id="e"/>`,
      { who: 'W' },
    );
    const [task] = await h.engine.tasks(T, p.processInstanceId);
    expect(task).toMatchObject({ candidateUsers: [h.users.zhaomin], candidateGroups: ['finance'] });
    expect(heard).toContain('create:t:A:-');
    await h.engine.claim(T, task!.id, { id: h.users.zhaomin! });
    expect(heard).toContain(`assignment:t:B:${h.users.zhaomin}`);
    expect((await h.engine.variables(T, p.processInstanceId)).marked).toBe('W');
    await done(task!.id);
    expect(heard).toContain('note:W');
    expect(events.map((e) => e.type)).toEqual(['started', 'taskCompleted', 'rejected', 'finished']);
  });
});

describe('rollback inside a parallel block', () => {
  it('keeps the other branch (even one already waiting at the join)', async () => {
    const p = await run(
      'inBranch',
      `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="fork"/><parallelGateway id="fork"/>
       <sequenceFlow id="f1" sourceRef="fork" targetRef="a1"/><sequenceFlow id="f2" sourceRef="fork" targetRef="b"/>
       <userTask id="a1" flowable:assignee="lihong"/><sequenceFlow id="f3" sourceRef="a1" targetRef="a2"/><userTask id="a2" flowable:assignee="lihong"/>
       <userTask id="b" flowable:assignee="lihong"/>
       <sequenceFlow id="f4" sourceRef="a2" targetRef="join"/><sequenceFlow id="f5" sourceRef="b" targetRef="join"/>
       <parallelGateway id="join"/><sequenceFlow id="f6" sourceRef="join" targetRef="after"/><userTask id="after"/>
       <sequenceFlow id="f7" sourceRef="after" targetRef="e"/><endEvent id="e"/>`,
    );
    const lihong = { id: h.users.lihong! };
    const find = async (key: string) => (await openTasks(h.engine, p.processInstanceId)).find((t) => t.key === key)!;
    await h.engine.approve(T, (await find('b')).id, lihong);
    await h.engine.approve(T, (await find('a1')).id, lihong);
    expect(await keys(p)).toEqual(['a2']);
    expect((await h.engine.backNodes(T, (await find('a2')).id)).map((n) => n.nodeId)).toEqual(['s', 'a1']);
    await h.engine.rollback(T, (await find('a2')).id, lihong, 'a1');
    expect(await keys(p)).toEqual(['a1']);
    // b's token still waits at the join.
    expect((await h.engine.executions(T, p.processInstanceId)).filter((e) => e.actId === 'join' && !e.isActive)).toHaveLength(1);
    await h.engine.approve(T, (await find('a1')).id, lihong);
    await h.engine.approve(T, (await find('a2')).id, lihong);
    expect(await keys(p)).toEqual(['after']);
  });

  it('a reject on the first task goes back to the start: the starter holds it there (rejected) and submits again', async () => {
    const p = await run(
      'firstReject',
      `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="t"/><userTask id="t" flowable:assignee="lihong"/>
       <sequenceFlow id="f1" sourceRef="t" targetRef="e"/><endEvent id="e"/>`,
    );
    await h.engine.reject(T, (await openTasks(h.engine, p.processInstanceId))[0]!.id, { id: h.users.lihong! }, { comment: '不行' });
    expect(await h.engine.processInstance(T, p.processInstanceId)).toMatchObject({ status: 'reject', endTime: null });
    const [back] = await openTasks(h.engine, p.processInstanceId);
    expect(back).toMatchObject({ key: 's', assignee: h.users.zhangwei });
    await h.engine.approve(T, back!.id, { id: h.users.zhangwei! });
    expect(await h.engine.processInstance(T, p.processInstanceId)).toMatchObject({ status: 'unfinished' });
    expect(await keys(p)).toEqual(['t']);
  });
});

describe('deploy', () => {
  it('skips processes marked isExecutable="false" and refuses a file with none to run', async () => {
    const two = `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="t">
      <process id="runs"><startEvent id="s"/><sequenceFlow id="f" sourceRef="s" targetRef="e"/><endEvent id="e"/></process>
      <process id="drawing" isExecutable="false"><startEvent id="s2"/></process></definitions>`;
    expect((await h.engine.deploy(T, two)).definitions.map((d) => d.key)).toEqual(['runs']);
    const p = await h.engine.startProcess(T, { id: h.users.lihong! }, { processKey: 'runs' });
    expect(p.ended).toBe(true);
    await expect(h.engine.deploy(T, two.replace('<process id="runs">', '<process id="runs" isExecutable="false">'))).rejects.toThrow('没有可执行的流程');
  });
});

describe('timeline names', () => {
  it('cuts candidates after three as 等共N人', async () => {
    const p = await run(
      'many',
      `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="t"/>
       <userTask id="t" name="审核" flowable:candidateUsers="lihong,chenjing,liuyang,zhaomin"/>
       <sequenceFlow id="f1" sourceRef="t" targetRef="e"/><endEvent id="e" name="结束"/>`,
    );
    const rows = await h.history.timeline(T, p.processInstanceId);
    expect(rows.find((r) => r.historyActivityId === 't')).toMatchObject({ historyActivityType: 'userTask', assigneeName: '李红/陈静/刘洋等共4人' });
    // No user task lies ahead: no candidate rows (the end event is not one).
    expect(rows.filter((r) => r.historyActivityType === 'candidate')).toEqual([]);
  });
});

describe('dates', () => {
  it('reads a timer date without a zone in the server zone, and a due date as a duration', async () => {
    // A date-time without a zone is the server zone (Asia/Shanghai in tests); the due date counts from the test clock.
    const p = await run(
      'dated',
      `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="t"/>
       <userTask id="t" flowable:dueDate="PT3H"/>
       <boundaryEvent id="at10" attachedToRef="t"><timerEventDefinition><timeDate>2026-03-02T10:00:00</timeDate></timerEventDefinition></boundaryEvent>
       <sequenceFlow id="f1" sourceRef="at10" targetRef="late"/><userTask id="late"/><sequenceFlow id="f2" sourceRef="late" targetRef="e"/>
       <sequenceFlow id="f3" sourceRef="t" targetRef="e"/><endEvent id="e"/>`,
    );
    const [task] = await h.engine.tasks(T, p.processInstanceId);
    const now = new Date(h.clock.now().getTime() + 3 * 3600_000);
    expect(task!.dueDate).toBe(new Intl.DateTimeFormat('sv-SE', { timeZone: h.t.config.timeZone, dateStyle: 'short', timeStyle: 'medium' }).format(now));
    const job = (await h.engine.jobs(T)).find((j) => j.procInstId === p.processInstanceId)!;
    expect(job.dueTime).toBe('2026-03-02 10:00:00');
  });
});

describe('sequential multi-instance', () => {
  it('reads the collection again each round', async () => {
    const p = await run(
      'seqReread',
      `<startEvent id="s"/><sequenceFlow id="f0" sourceRef="s" targetRef="t"/>
       <userTask id="t" flowable:assignee="\${who}">
         <multiInstanceLoopCharacteristics isSequential="true" flowable:collection="people" flowable:elementVariable="who"/>
       </userTask>
       <sequenceFlow id="f1" sourceRef="t" targetRef="e"/><endEvent id="e"/>`,
      { people: ['lihong', 'chenjing', 'liuyang'] },
    );
    const assignee = async () => (await openTasks(h.engine, p.processInstanceId))[0]!.assignee;
    expect(await assignee()).toBe(h.users.lihong);
    await h.engine.setVariables(T, p.processInstanceId, null, { people: ['lihong', 'zhaomin', 'liuyang'] });
    await done((await openTasks(h.engine, p.processInstanceId))[0]!.id);
    expect(await assignee()).toBe(h.users.zhaomin);
    await done((await openTasks(h.engine, p.processInstanceId))[0]!.id);
    expect(await assignee()).toBe(h.users.liuyang);
    await done((await openTasks(h.engine, p.processInstanceId))[0]!.id);
    expect(await ended(p)).toBe(true);
  });
});

describe('listener failures', () => {
  it('are refused naming the element and handler', async () => {
    await h.engine.mapListenerClass(T, 'com.acme.flow.Misplaced', 'setAssignee', { assignee: 'x' });
    await expect(
      run(
        'misplaced',
        `<startEvent id="s"><extensionElements><flowable:executionListener event="start" class="com.acme.flow.Misplaced"/></extensionElements></startEvent>
         <sequenceFlow id="f0" sourceRef="s" targetRef="e"/><endEvent id="e"/>`,
      ),
    ).rejects.toMatchObject({ name: 'WorkflowError', message: '节点 s 的监听器 setAssignee 执行失败: setAssignee 只能用于任务监听器' });
  });
});
