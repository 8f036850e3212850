/**
 * `ProxyLookup.inForce` (docs/performance.md): whether the tenant has any out-of-office proxy in force is evaluated in the
 * instance load, and a command whose tenant has none asks `proxyOf` nothing — one statement less per completion that
 * makes a task — while proxies in force still take the new tasks of their users (WORKFLOW.md "Who gets a task").
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextId } from '../../../platform/db/ids.ts';
import { PROXY_IN_FORCE, proxyOf } from '../proxy.ts';
import type { Db } from '../../../platform/db/index.ts';
import { ZoneTime } from './clock.ts';
import { WorkflowEngine } from './engine.ts';
import { harness, type Harness } from './test-support.ts';

const T = '000000';
const KEY = 'proxy_two_steps';
const BPMN = `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${KEY}" name="两步"><startEvent id="start"/><sequenceFlow id="f1" sourceRef="start" targetRef="a"/>
  <userTask id="a" name="第一步" flowable:assignee="\${first}"/><sequenceFlow id="f2" sourceRef="a" targetRef="b"/>
  <userTask id="b" name="第二步" flowable:assignee="\${second}"/><sequenceFlow id="f3" sourceRef="b" targetRef="end"/>
  <endEvent id="end"/></process></definitions>`;

let h: Harness;
let engine: WorkflowEngine;
let zone: ZoneTime;
/** Users `proxyOf` was asked about, in order. */
const asked: string[] = [];

beforeAll(async () => {
  h = await harness();
  zone = new ZoneTime(h.t.config.timeZone);
  // The product's wiring (workflow/index.ts), counting the look-ups.
  engine = new WorkflowEngine(h.t.database, {
    timeZone: h.t.config.timeZone,
    identity: h.identity,
    clock: h.clock,
    proxies: {
      proxyOf: async (tx, tenantId, userId, processKey, at) => {
        asked.push(userId);
        return (await proxyOf(tx as Db, tenantId, userId, processKey, zone.format(at))) ?? null;
      },
      inForce: PROXY_IN_FORCE,
    },
  });
  await engine.deploy(T, BPMN);
}, 120_000);
afterAll(() => h?.close());
beforeEach(async () => {
  asked.length = 0;
  await h.t.database.raw('DELETE FROM blade_wf_proxy');
});

/** A proxy row: permanent (type 1), or for a window (type 2). */
async function addProxy(tenantId: string, userId: string, proxyUserId: string, window?: [string, string], opts: { deleted?: boolean } = {}) {
  await h.t.database.raw(
    `INSERT INTO blade_wf_proxy (id, tenant_id, user_id, proxy_user_id, type, start_time, end_time, status, is_deleted, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, '2026-01-01 00:00:00')`,
    [nextId(), tenantId, userId, proxyUserId, window ? 2 : 1, window?.[0] ?? null, window?.[1] ?? null, opts.deleted ? 1 : 0],
  );
}

/** Starts the process (first step: zhangwei, second: lihong) and approves the first step; answers the second step's task. */
async function secondStep() {
  const zhangwei = { id: h.users.zhangwei! };
  const p = await engine.startProcess(T, zhangwei, { processKey: KEY, variables: { first: h.users.zhangwei, second: h.users.lihong } });
  asked.length = 0;
  const out = await engine.approve(T, p.tasks[0]!.taskId, zhangwei, { comment: '同意' });
  const tasks = await engine.tasks(T, p.processInstanceId);
  expect(tasks.map((t) => t.id)).toEqual(out.createdTaskIds);
  return tasks[0]!;
}

describe('proxies in force, asked in the instance load', () => {
  it('with no proxy of the tenant in force, a completion making a task looks up no proxy', async () => {
    // Proxies that are not in force: another tenant's, a deleted one, a window that has not begun or has ended.
    await addProxy('100001', h.users.lihong!, h.users.chenjing!);
    await addProxy(T, h.users.lihong!, h.users.chenjing!, undefined, { deleted: true });
    await addProxy(T, h.users.lihong!, h.users.chenjing!, ['2026-03-03 00:00:00', '2026-03-04 00:00:00']);
    await addProxy(T, h.users.lihong!, h.users.chenjing!, ['2026-03-01 00:00:00', zone.format(h.clock.now())]);
    const task = await secondStep();
    expect(task).toMatchObject({ taskDefKey: 'b', assignee: h.users.lihong, owner: null });
    expect(asked).toEqual([]);
  });

  it('a proxy of the tenant in force (of anyone) makes the command look up the assignee’s proxy', async () => {
    await addProxy(T, h.users.sunlei!, h.users.chenjing!);
    const task = await secondStep();
    expect(task).toMatchObject({ taskDefKey: 'b', assignee: h.users.lihong, owner: null });
    expect(asked).toEqual([h.users.lihong]);
  });

  it('the assignee’s proxy in force (a window around now) takes the new task, the assignee stays its owner', async () => {
    const now = zone.format(h.clock.now());
    await addProxy(T, h.users.lihong!, h.users.chenjing!, ['2026-03-01 00:00:00', '2026-03-05 00:00:00']);
    expect(now > '2026-03-01 00:00:00' && now < '2026-03-05 00:00:00').toBe(true);
    const task = await secondStep();
    expect(task).toMatchObject({ taskDefKey: 'b', assignee: h.users.chenjing, owner: h.users.lihong });
    expect(asked).toEqual([h.users.lihong]);
  });
});
