/**
 * The engine as the server builds it: the timers run as a periodic job of the server's job runner (the engine's
 * timers on the clock tests set) and stop when it closes; the business hooks are the engine's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { waitFor } from '../../testing/db.ts';
import { TestClock } from './engine/clock.ts';

let t: TestApp;
const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"`;
/** A task that escalates to 上级处理 after an hour. */
const ESCALATE = `<definitions ${NS}><process id="escalate" name="超时升级">
  <startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="work"/>
  <userTask id="work" name="处理" flowable:assignee="\${applyUser}"/>
  <boundaryEvent id="late" attachedToRef="work" cancelActivity="true"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
  <sequenceFlow id="b" sourceRef="late" targetRef="boss"/><userTask id="boss" name="上级处理" flowable:assignee="\${applyUser}"/>
  <sequenceFlow id="c" sourceRef="work" targetRef="e"/><sequenceFlow id="d" sourceRef="boss" targetRef="e"/><endEvent id="e"/></process></definitions>`;

beforeAll(async () => {
  t = await createTestApp({ WF_JOB_POLL_MS: '50', JOB_POLL_MS: '50' });
});
afterAll(() => t.close());

describe('workflow wiring', () => {
  it('the job poller fires a due timer on the server’s clock', async () => {
    const wf = t.app.workflow;
    const clock = new TestClock(new Date('2026-06-01T01:00:00Z'));
    wf.clock.source = clock;
    await wf.engine.deploy('000000', ESCALATE);
    const [admin] = await t.database.raw(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '000000' AND account = 'admin'`);
    const { processInstanceId } = await wf.engine.startProcess('000000', { id: String(admin!.id) }, { processKey: 'escalate' });
    expect((await wf.engine.tasks('000000', processInstanceId)).map((x) => x.name)).toEqual(['处理']);
    await new Promise((r) => setTimeout(r, 200));
    expect((await wf.engine.tasks('000000', processInstanceId)).map((x) => x.name)).toEqual(['处理']);
    clock.advance(61 * 60 * 1000);
    const names = await waitFor(async () => {
      const n = (await wf.engine.tasks('000000', processInstanceId)).map((x) => x.name);
      return n[0] === '上级处理' ? n : undefined;
    });
    expect(names).toEqual(['上级处理']);
  });

  it('business hooks hear the engine’s events in its transaction', async () => {
    const wf = t.app.workflow;
    const heard: string[] = [];
    const off = wf.hooks.on('escalate', async (e, tx) => {
      const r = (await tx.execute(sql`SELECT count(*)::int AS n FROM blade_wf_hi_procinst WHERE id = ${e.processInstanceId}`)) as unknown as {
        rows: { n: number }[];
      };
      heard.push(`${e.type}:${r.rows[0]!.n}`);
    });
    const [admin] = await t.database.raw(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '000000' AND account = 'admin'`);
    await wf.engine.startProcess('000000', { id: String(admin!.id) }, { processKey: 'escalate' });
    off();
    // The instance row is visible to the subscriber before the command commits.
    expect(heard).toEqual(['started:1']);
  });
});
