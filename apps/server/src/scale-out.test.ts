/**
 * Scale out (docs/performance.md): two server instances on one PostgreSQL database serve the same tenants — each with
 * its own connection pool, caches and job runner, as N instances behind a load balancer run (README). Commands
 * lock the process instance in the database, timers are jobs one instance takes, and a revoked token is read from
 * the database, so nothing depends on which instance a request reaches.
 *
 * PostgreSQL only: the embedded database belongs to one process. The PostgreSQL pass of `npm test` runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/app.ts';
import { waitFor } from './testing/db.ts';
import { TestClock } from './modules/workflow/engine/clock.ts';

const T = '000000';
const WF = '/api/blade-workflow/process';
const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"`;
/** Eight signers at once, then one review. */
const COUNTERSIGN = `<definitions ${NS}><process id="scale_sign" name="多实例会签">
  <startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="sign"/>
  <userTask id="sign" name="会签" flowable:assignee="\${signer}"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${signers}" flowable:elementVariable="signer"/></userTask>
  <sequenceFlow id="b" sourceRef="sign" targetRef="review"/><userTask id="review" name="复核" flowable:assignee="\${applyUser}"/>
  <sequenceFlow id="c" sourceRef="review" targetRef="e"/><endEvent id="e"/></process></definitions>`;
/** A task that escalates to 上级处理 after an hour. */
const ESCALATE = `<definitions ${NS}><process id="scale_escalate" name="超时升级">
  <startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="work"/>
  <userTask id="work" name="处理" flowable:assignee="\${applyUser}"/>
  <boundaryEvent id="late" attachedToRef="work" cancelActivity="true"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
  <sequenceFlow id="b" sourceRef="late" targetRef="boss"/><userTask id="boss" name="上级处理" flowable:assignee="\${applyUser}"/>
  <sequenceFlow id="c" sourceRef="work" targetRef="e"/><sequenceFlow id="d" sourceRef="boss" targetRef="e"/><endEvent id="e"/></process></definitions>`;

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.runIf(onPostgres)('two server instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const SIGNERS = ['admin', 'zhangwei', 'lihong', 'wangjianguo'];

  beforeAll(async () => {
    // Timers and jobs polled every 50 ms on both; a revocation read again after 200 ms.
    const env = { WF_JOB_POLL_MS: '50', JOB_POLL_MS: '50', TOKEN_RECHECK_MS: '200' };
    a = await createTestApp(env);
    b = await a.peer();
    for (const acc of SIGNERS) tok[acc] = (await (acc === 'admin' ? a.login() : a.login(acc, '123456'))).access_token!;
    for (const r of await a.database.raw(`SELECT id::text AS id, account FROM blade_user WHERE tenant_id = $1`, [T])) ids[String(r.account)] = String(r.id);
    await a.app.workflow.engine.deploy(T, COUNTERSIGN);
    await a.app.workflow.engine.deploy(T, ESCALATE);
  });
  afterAll(() => a?.close());

  it('completes one countersign concurrently through both: every signature counted once, the next task made once', async () => {
    // Each signer holds two of the eight parallel tasks.
    const signers = [...SIGNERS, ...SIGNERS].map((acc) => ids[acc]);
    const started = await a.call(tok.admin, { method: 'POST', url: `${WF}/startProcess`, payload: { processDefKey: 'scale_sign', variables: { signers } } });
    expect(started.body, JSON.stringify(started.body)).toMatchObject({ code: 200 });
    const pid = String(started.body.data.processInstanceId);
    const tasks = await a.app.workflow.engine.tasks(T, pid);
    expect(tasks).toHaveLength(8);
    const account = (userId: string | null) => Object.keys(ids).find((k) => ids[k] === userId)!;

    // All eight at once, alternately through each instance.
    const answers = await Promise.all(
      tasks.map((task, i) =>
        (i % 2 ? b : a).call(tok[account(task.assignee)], {
          method: 'POST',
          url: `${WF}/completeTask`,
          payload: { taskId: task.id, pass: true, comment: '同意' },
        }),
      ),
    );
    expect(answers.map((r) => r.body.code)).toEqual(Array(8).fill(200));

    const open = await b.app.workflow.engine.tasks(T, pid);
    expect(open.map((x) => x.name)).toEqual(['复核']);
    const history = await b.app.workflow.engine.historicTasks(T, pid);
    expect(history.filter((x) => x.taskDefKey === 'sign' && x.endTime)).toHaveLength(8);
    expect(history.filter((x) => x.taskDefKey === 'review')).toHaveLength(1);
  });

  it('numbers concurrent starts through both instances one after the other, none twice', async () => {
    const counter = async () =>
      Number((await a.database.raw(`SELECT max(value) AS v FROM blade_wf_serial WHERE tenant_id = $1 AND key = 'scale_escalate'`, [T]))[0]!.v ?? 0);
    const before = await counter();
    const started = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? b : a).call(tok.admin, { method: 'POST', url: `${WF}/startProcess`, payload: { processDefKey: 'scale_escalate' } }),
      ),
    );
    expect(started.map((r) => r.body.code)).toEqual(Array(16).fill(200));
    const numbers = started.map((r) => Number(String(r.body.data.serialNumber).slice(-4))).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => before + 1 + i));
    const stored = await b.database.raw(`SELECT serial_number FROM blade_wf_hi_procinst WHERE id = ANY($1::bigint[])`, [
      started.map((r) => String(r.body.data.processInstanceId)),
    ]);
    expect(new Set(stored.map((r) => String(r.serial_number))).size).toBe(16);
    for (const r of started) await a.app.workflow.engine.deleteProcess(T, String(r.body.data.processInstanceId), { id: ids.admin! }, { reason: '测试流水号' });
  });

  it('fires a due timer exactly once though both instances poll for it', async () => {
    const clock = new TestClock(new Date('2026-06-01T01:00:00Z'));
    a.app.workflow.clock.source = clock;
    b.app.workflow.clock.source = clock;
    const { processInstanceId: pid } = await a.app.workflow.engine.startProcess(T, { id: ids.admin! }, { processKey: 'scale_escalate' });
    clock.advance(61 * 60 * 1000);
    await waitFor(async () => ((await a.app.workflow.engine.tasks(T, pid)).some((x) => x.name === '上级处理') ? true : undefined));
    // Both keep polling a while longer: nothing fires again.
    await new Promise((r) => setTimeout(r, 400));
    const history = await a.app.workflow.engine.historicTasks(T, pid);
    expect(history.map((x) => x.name).sort()).toEqual(['上级处理', '处理']);
    expect((await b.app.workflow.engine.tasks(T, pid)).map((x) => x.name)).toEqual(['上级处理']);
  });

  it('honours on one instance a logout made on the other', async () => {
    const token = (await a.login('lihong', '123456')).access_token!;
    const me = (app: TestApp) => app.call(token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect((await me(b)).status).toBe(200);
    expect((await a.call(token, { method: 'GET', url: '/api/blade-auth/oauth/logout' })).status).toBe(200);
    expect((await me(a)).status).toBe(401);
    // B trusted the token a moment ago; it asks the database again after TOKEN_RECHECK_MS.
    await new Promise((r) => setTimeout(r, 300));
    expect((await me(b)).status).toBe(401);
  });
});
