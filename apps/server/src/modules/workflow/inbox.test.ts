/**
 * One definition of to-do and claimable tasks (engine/inbox.ts) behind the lists, the notifications and their
 * counts, and one "holds this task" rule behind the route guard and the engine: a task offered to a candidate
 * group is in its members' to-do and claim lists and notifies them, and only they may act on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { userIds } from '../../testing/db.ts';
import { users, WF } from '../../testing/http.ts';
import { holdsTask, mayClaim } from './index.ts';

let t: TestApp;
const { tok, get, login } = users(() => t);
const ids: Record<string, string> = {};
const NOTE = '/api/blade-desk/notification';

const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"`;
// 公司领导 (role alias `manager`) are the candidates of the first task; the second goes to 陈静 by name.
const BPMN = `<definitions ${NS}><process id="inbox_test" name="收件测试">
  <startEvent id="start"/><sequenceFlow id="f1" sourceRef="start" targetRef="lead"/>
  <userTask id="lead" name="领导审批" flowable:candidateGroups="manager"/><sequenceFlow id="f2" sourceRef="lead" targetRef="next"/>
  <userTask id="next" name="经办" flowable:assignee="chenjing"/><sequenceFlow id="f3" sourceRef="next" targetRef="end"/>
  <endEvent id="end"/></process></definitions>`;

const ids_of = async (who: string, kind: string, p: string) =>
  ((await get(who, `${WF}/${kind}`, { processInstanceId: p })).body.data.records as { taskId: string }[]).map((r) => r.taskId);
const todoNotes = async (who: string, p: string) =>
  ((await get(who, `${NOTE}/list`, { category: 'message', size: '100' })).body.data.records as { type: string; processInstanceId: string }[]).filter(
    (n) => n.type === 'todo' && n.processInstanceId === p,
  );

beforeAll(async () => {
  t = await createTestApp();
  await login('zhangwei', 'wangjianguo', 'chenjing', 'lihong');
  Object.assign(ids, await userIds(t.database));
  await t.app.workflow.engine.deploy('000000', BPMN);
});
afterAll(() => t.close());

describe('the inbox: one rule for lists, notifications and counts', () => {
  it('a candidate-group task is in the members’ to-do and claim lists and notifies them; others see nothing', async () => {
    const started = await t.call(tok.zhangwei, { method: 'POST', url: `${WF}/startProcess`, payload: { processDefKey: 'inbox_test' } });
    expect(started.body.code, JSON.stringify(started.body)).toBe(200);
    const p = started.body.data.processInstanceId as string;
    const [task] = await t.app.workflow.engine.tasks('000000', p);
    expect(task).toMatchObject({ assignee: null, candidateGroups: ['manager'] });

    expect(await ids_of('wangjianguo', 'todo', p)).toEqual([task!.id]);
    expect(await ids_of('wangjianguo', 'claim', p)).toEqual([task!.id]);
    expect(await todoNotes('wangjianguo', p)).toMatchObject([{ type: 'todo', processInstanceId: p }]);
    const before = (await get('wangjianguo', `${NOTE}/unread-count`)).body.data.message;
    expect(before).toBeGreaterThanOrEqual(1);
    for (const who of ['chenjing', 'lihong']) {
      expect(await ids_of(who, 'todo', p)).toEqual([]);
      expect(await todoNotes(who, p)).toEqual([]);
    }

    // Only a holder acts: the guard and the engine apply the same rule.
    const complete = (who: string) =>
      t.call(tok[who], { method: 'POST', url: `${WF}/completeTask`, payload: { taskId: task!.id, pass: true, comment: '同意' } });
    expect((await complete('chenjing')).body).toMatchObject({ code: 403, msg: '您不是该任务的候选人，不能办理' });
    expect((await t.call(tok.wangjianguo, { method: 'POST', url: `${WF}/claimTask`, query: { taskId: task!.id } })).body.code).toBe(200);
    // Claimed: still the member's to-do, no longer anyone's to claim.
    expect(await ids_of('wangjianguo', 'todo', p)).toEqual([task!.id]);
    expect(await ids_of('wangjianguo', 'claim', p)).toEqual([]);
    expect((await complete('wangjianguo')).body.code).toBe(200);
    expect(await todoNotes('wangjianguo', p)).toEqual([]);
    expect((await get('wangjianguo', `${NOTE}/unread-count`)).body.data.message).toBe(before - 1);
    expect(await todoNotes('chenjing', p)).toHaveLength(1);
  });

  it('holds: assigned, or unassigned with the user as candidate user or group member', () => {
    const groups = new Set(['manager']);
    expect(holdsTask({ assignee: '7', candidateUsers: [], candidateGroups: [] }, '7', new Set())).toBe(true);
    expect(holdsTask({ assignee: '8', candidateUsers: ['7'], candidateGroups: ['manager'] }, '7', groups)).toBe(false);
    expect(holdsTask({ assignee: null, candidateUsers: ['7'], candidateGroups: [] }, '7', new Set())).toBe(true);
    expect(holdsTask({ assignee: null, candidateUsers: [], candidateGroups: ['manager'] }, '7', groups)).toBe(true);
    expect(mayClaim({ assignee: null, candidateUsers: [], candidateGroups: ['finance'] }, '7', groups)).toBe(false);
  });
});
