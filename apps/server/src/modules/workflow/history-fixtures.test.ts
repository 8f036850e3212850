/**
 * Real answers of `history-flow-list` recorded as the fixtures the web's workflow history timeline is tested
 * on (apps/web/src/components/WorkflowTimeline/fixtures). Ids and times are replaced by stable stand-ins;
 * everything else is the answer as the engine gives it. When the answer changes, this test fails: record the
 * fixtures again with `RECORD_FIXTURES=1 npx vitest run <this file>` and check the timeline's tests.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { userIds } from '../../testing/db.ts';
import { users, WF } from '../../testing/http.ts';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/src/components/WorkflowTimeline/fixtures');
const API = '/api/blade-desk/process/leave';

let t: TestApp;
const { tok, login } = users(() => t);
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await login('zhangwei', 'lihong', 'wangjianguo');
  Object.assign(ids, await userIds(t.database));
});
afterAll(() => t.close());

/** Ids become id-1, id-2 ... in order of appearance; each time becomes the next minute of 2026-01-01 08:00. */
function stable(value: unknown): unknown {
  const idMap = new Map<string, string>();
  let times = 0;
  const walk = (v: unknown, key = ''): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    if (typeof v !== 'string') return v;
    if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v)) {
      return `2026-01-01 08:${String(times++).padStart(2, '0')}:00`;
    }
    if (/^(id|taskId|assignee|userId)$/.test(key) && /^[\w-]{6,}$/.test(v)) {
      if (!idMap.has(v)) idMap.set(v, `id-${idMap.size + 1}`);
      return idMap.get(v);
    }
    // durations depend on the machine's speed
    if (key === 'historyActivityDurationTime') return v ? '0秒' : v;
    return v;
  };
  return walk(value);
}

async function recorded(name: string, processInstanceId: string) {
  const answer = (await t.call(tok.zhangwei, { method: 'GET', url: `${WF}/history-flow-list`, query: { processInstanceId } })).body;
  expect(answer.code).toBe(200);
  const fixture = stable(answer);
  const file = path.join(DIR, `${name}.json`);
  if (process.env.RECORD_FIXTURES) writeFileSync(file, `${JSON.stringify(fixture, null, 2)}\n`);
  expect(fixture).toEqual(JSON.parse(readFileSync(file, 'utf8')));
}

const form = (over: Record<string, unknown> = {}) => ({
  leaveType: 1,
  startTime: '2026-12-01',
  endTime: '2026-12-02',
  reason: '家中有事',
  taskUser: ids.lihong,
  ...over,
});
const start = async (payload: Record<string, unknown>) =>
  (await t.call(tok.zhangwei, { method: 'POST', url: `${API}/start`, payload })).body.data as { processInstanceId: string };
const taskOf = async (who: string, procInstId: string, list = 'todo') =>
  ((await t.call(tok[who], { method: 'GET', url: `${WF}/${list}` })).body.data.records as { taskId: string; processInstanceId: string }[]).find(
    (r) => r.processInstanceId === procInstId,
  )!.taskId;
const complete = async (who: string, payload: Record<string, unknown>) =>
  expect((await t.call(tok[who], { method: 'POST', url: `${WF}/completeTask`, payload })).status).toBe(200);

describe('history-flow-list fixtures of the workflow history timeline', () => {
  it('under approval: started, waiting for the approver', async () => {
    const { processInstanceId } = await start(form());
    await recorded('leave-running', processInstanceId);
  });

  it('approved in two steps (the second claimed by the 公司领导 role), with comments', async () => {
    const { processInstanceId } = await start(form({ endTime: '2026-12-05' }));
    await complete('lihong', { taskId: await taskOf('lihong', processInstanceId), pass: true, comment: '同意' });
    const claim = await taskOf('wangjianguo', processInstanceId, 'claim');
    expect((await t.call(tok.wangjianguo, { method: 'POST', url: `${WF}/claimTask`, query: { taskId: claim } })).status).toBe(200);
    await complete('wangjianguo', { taskId: claim, pass: true, comment: '准假' });
    await recorded('leave-approved', processInstanceId);
  });

  it('rejected by the approver', async () => {
    const { processInstanceId } = await start(form({ reason: '看病' }));
    await complete('lihong', { taskId: await taskOf('lihong', processInstanceId), pass: false, comment: '理由不充分' });
    await recorded('leave-rejected', processInstanceId);
  });
});
