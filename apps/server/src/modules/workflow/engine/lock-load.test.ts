/**
 * A command locks and loads its instance in one statement (state.ts `lockLoadStatement`): four statements per
 * completion, and a command that waited for another's lock loads again, so that it sees what the other committed.
 * The definition's stored user names let that statement look up the users the next tasks name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf, waitFor } from '../../../testing/db.ts';
import { WorkflowEngine } from './engine.ts';
import { harness, openTasks, type Harness } from './test-support.ts';

const T = '000000';
const onPostgres = !!process.env.TEST_DATABASE_URL;
const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"`;
const SIGN = `<definitions ${NS}><process id="lock_load" name="会签">
  <startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="sign"/>
  <userTask id="sign" name="会签" flowable:assignee="\${signer}">
    <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="signers" flowable:elementVariable="signer"/>
  </userTask>
  <sequenceFlow id="b" sourceRef="sign" targetRef="last"/><userTask id="last" name="归档" flowable:assignee="\${archivist}"/>
  <sequenceFlow id="c" sourceRef="last" targetRef="e"/><endEvent id="e"/></process></definitions>`;
const TWO_STEPS = `<definitions ${NS}><process id="lock_load_two" name="两步审批">
  <startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="one"/><userTask id="one" name="第一步" flowable:assignee="\${first}"/>
  <sequenceFlow id="b" sourceRef="one" targetRef="two"/><userTask id="two" name="第二步" flowable:assignee="\${second}"/>
  <sequenceFlow id="c" sourceRef="two" targetRef="e"/><endEvent id="e"/></process></definitions>`;

let h: Harness;
let defId: string;
beforeAll(async () => {
  h = await harness();
  defId = (await h.engine.deploy(T, SIGN)).definitions[0]!.id;
  await h.engine.deploy(T, TWO_STEPS);
});
afterAll(() => h?.close());

const start = (signers: string[]) =>
  h.engine.startProcess(
    T,
    { id: h.users.admin! },
    { processKey: 'lock_load', variables: { signers: signers.map((a) => h.users[a]), archivist: h.users.lihong } },
  );

describe('the locking load', () => {
  it('stores what the model names users by with the definition, and a definition stored without it gets it again', async () => {
    const stored = async () => (await h.t.database.raw(`SELECT user_names FROM blade_wf_procdef WHERE id = $1`, [defId]))[0]!.user_names;
    expect(await stored()).toEqual({ variables: ['signer', 'signers', 'archivist'], names: [], starter: false, operator: false });
    // A definition as an older release stored it: a fresh engine's first command compiles it and writes them again.
    await h.t.database.raw(`UPDATE blade_wf_procdef SET user_names = NULL WHERE id = $1`, [defId]);
    const p = await start(['admin']);
    const fresh = new WorkflowEngine(h.t.database, { timeZone: h.t.config.timeZone, identity: h.identity, clock: h.clock });
    const [task] = await openTasks(fresh, p.processInstanceId);
    await fresh.approve(T, task!.id, { id: h.users.admin! });
    expect(await waitFor(stored)).toEqual({ variables: ['signer', 'signers', 'archivist'], names: [], starter: false, operator: false });
  });

  it('counts each lock on the instance row', async () => {
    const p = await start(['admin', 'wangjianguo']);
    const rev = async () => Number((await h.t.database.raw(`SELECT lock_rev FROM blade_wf_execution WHERE id = $1`, [p.processInstanceId]))[0]!.lock_rev);
    const before = await rev();
    const [one] = await openTasks(h.engine, p.processInstanceId);
    await h.engine.approve(T, one!.id, { id: one!.assignee! });
    expect(await rev()).toBe(before + 1);
    // A command on a task that is gone finds no instance to lock.
    await expect(h.engine.approve(T, one!.id, { id: one!.assignee! })).rejects.toThrow('任务不存在或已被处理');
    expect(await rev()).toBe(before + 1);
  });
});

describe.runIf(onPostgres)('the locking load (PostgreSQL)', () => {
  it('is a completion’s first round trip, with its BEGIN; the write the second, with its COMMIT; the next assignee costs no look-up', async () => {
    const p = await h.engine.startProcess(T, { id: h.users.admin! }, { processKey: 'lock_load_two', variables: { first: h.users.admin, second: 'lihong' } });
    const [task] = await openTasks(h.engine, p.processInstanceId);
    const texts = await statementsOf(() => h.engine.approve(T, task!.id, { id: h.users.admin! }));
    expect(texts, texts.join('\n')).toHaveLength(2);
    expect(texts[0]).toMatch(/^BEGIN; WITH locked AS \(UPDATE "blade_wf_execution" .*[^;] [^;]*$/);
    expect(texts[1]).toMatch(/^WITH "w0" AS \(INSERT INTO .*; COMMIT$/);
    // The second step's assignee, named by account, was found in the locking load.
    expect((await openTasks(h.engine, p.processInstanceId)).map((t) => t.assignee)).toEqual([h.users.lihong]);
  });

  it('a command that waited for the lock loads again and counts what the holder committed', async () => {
    const p = await start(['admin', 'wangjianguo', 'chenjing']);
    const tasks = await openTasks(h.engine, p.processInstanceId);
    // The first completion holds the lock (its hook waits) until the second is waiting for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const off = h.engine.hooks.on('lock_load', async (e) => {
      if (e.type !== 'taskCompleted' || e.taskId !== tasks[0]!.id) return;
      holding();
      await held;
    });
    try {
      const first = h.engine.approve(T, tasks[0]!.id, { id: tasks[0]!.assignee! });
      await holds;
      const second = h.engine.approve(T, tasks[1]!.id, { id: tasks[1]!.assignee! });
      await waitFor(
        async () =>
          Number(
            (await h.t.database.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0]!.n,
          ) > 0,
      );
      release();
      await Promise.all([first, second]);
    } finally {
      off();
      release();
    }
    const vars = await h.t.database.raw(
      `SELECT name, value FROM blade_wf_variable WHERE proc_inst_id = $1 AND name IN ('nrOfCompletedInstances', 'nrOfActiveInstances') ORDER BY name`,
      [p.processInstanceId],
    );
    expect(Object.fromEntries(vars.map((v) => [v.name, Number(v.value)]))).toEqual({ nrOfActiveInstances: 1, nrOfCompletedInstances: 2 });
    expect((await openTasks(h.engine, p.processInstanceId)).map((t) => t.assignee)).toEqual([h.users.chenjing]);
  });
});
