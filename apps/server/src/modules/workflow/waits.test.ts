/**
 * Where approvals wait (waits.ts, waits-routes.ts, calendar.ts): durations in working hours on the tenant's business
 * calendar — a fixture week with a make-up Saturday (调休) and a holiday Monday —, node time limits (hjl:timeLimit),
 * the overdue reminder sent once, the permission code, the data scope of approvalsWaiting and another tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { createTenant } from '../../testing/db.ts';
import { refused, users, WF } from '../../testing/http.ts';
import { TestClock } from './engine/index.ts';

let t: TestApp;
const { get, post, login, loginAs, approveAs } = users(() => t);
const CAL = '/api/blade-workflow/calendar';
const SUMMARY = '/api/blade-workflow/waits/summary';
const KEY = 'waits_test';

const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" xmlns:hjl="http://hjl.example/schema/bpmn" targetNamespace="t"`;
// 经办审核 by 陈静 within 4 working hours, then 领导审批 by 王建国 within 8.
const BPMN = (limit = '8') => `<definitions ${NS}><process id="${KEY}" name="时效测试">
  <startEvent id="start"/><sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
  <userTask id="check" name="经办审核" flowable:assignee="chenjing" hjl:timeLimit="4"/><sequenceFlow id="f2" sourceRef="check" targetRef="lead"/>
  <userTask id="lead" name="领导审批" flowable:assignee="wangjianguo" hjl:timeLimit="${limit}"/><sequenceFlow id="f3" sourceRef="lead" targetRef="end"/>
  <endEvent id="end"/></process></definitions>`;

const clock = new TestClock();
/** Moves the engine's clock to a wall-clock time of the firm's zone. */
const at = (wall: string) => clock.set(t.app.workflow.zone.parse(wall));
const start = async () => {
  const r = await post('zhangwei', `${WF}/startProcess`, { processDefKey: KEY });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data.processInstanceId as string;
};
const finish = async (p: string, wall: string) => {
  at(wall);
  expect((await approveAs('chenjing', p)).body.code).toBe(200);
};

type Summary = {
  firmWide: boolean;
  openByAge: { categories: string[]; counts: number[] };
  nodes: {
    processKey: string;
    nodeKey: string;
    nodeName: string;
    timeLimitHours: number | null;
    done: number;
    medianHours: number;
    p90Hours: number;
    open: number;
    overdue: number;
  }[];
  approvers: { userName: string; done: number; medianHours: number | null; p90Hours: number | null; open: number }[];
  overdue: {
    processInstanceId: string;
    nodeName: string;
    assigneeName: string;
    startTime: string;
    dueTime: string;
    waitedHours: number;
    timeLimitHours: number;
  }[];
};
const summary = async (who: string, query: Record<string, string> = { from: '2025-03-01', to: '2025-03-31' }) => {
  const r = await get(who, SUMMARY, query);
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Summary;
};
const ours = (s: Summary) => s.nodes.filter((n) => n.processKey === KEY);

const instances: string[] = [];
beforeAll(async () => {
  // No job polling: the reminders run here at the test's times only.
  t = await createTestApp({ JOB_POLL_MS: '0' });
  t.app.workflow.clock.source = clock;
  await createTenant(t.database, '100001');
  await login('admin', 'zhangwei', 'chenjing', 'wangjianguo');
  await loginAs('b', 'admin', '100001');
  // The fixture week: Friday 2025-03-07, Saturday 03-08 worked (调休), Monday 03-10 a holiday.
  for (const day of [
    { day: '2025-03-08', kind: 2, name: '测试调休' },
    { day: '2025-03-10', kind: 1, name: '测试假日' },
  ])
    expect((await post('admin', `${CAL}/submit`, day)).body).toMatchObject({ msg: '操作成功' });
  await t.app.workflow.engine.deploy('000000', BPMN());

  // A: 经办审核 from Friday 17:00 to Tuesday 10:00 = 1 (Fri) + 8 (make-up Sat) + 0 (holiday Mon) + 1 (Tue) = 10 hours.
  at('2025-03-07 17:00:00');
  instances.push(await start());
  await finish(instances[0]!, '2025-03-11 10:00:00');
  // B: Tuesday 09:00 → 11:00 = 2 hours; C: Tuesday 09:00 → 15:00 over the lunch break = 5 hours.
  at('2025-03-11 09:00:00');
  instances.push(await start(), await start());
  await finish(instances[1]!, '2025-03-11 11:00:00');
  await finish(instances[2]!, '2025-03-11 15:00:00');
  // Now: Wednesday 14:00. 领导审批 of A has waited 7 + 4 = 11 hours, of B 6 + 4 = 10, of C 3 + 4 = 7 (limit 8).
  at('2025-03-12 14:00:00');
});
afterAll(() => t.close());

describe('the business calendar (工作日历)', () => {
  it('is seeded with the State Council days of 2025 and 2026 and the statutory holidays of 2027', async () => {
    const days = async (query: Record<string, string>) =>
      (await get('admin', `${CAL}/list`, { size: '500', ...query })).body.data.records as { day: string; kind: number; name: string }[];
    const all = await days({});
    const of = (day: string) => all.find((d) => d.day === day);
    expect(of('2025-01-28')).toMatchObject({ kind: 1, name: '春节' });
    expect(of('2025-01-26')).toMatchObject({ kind: 2, name: '春节调休' });
    expect(of('2025-10-08')).toMatchObject({ kind: 1 });
    expect(of('2026-02-23')).toMatchObject({ kind: 1, name: '春节' });
    expect(of('2026-02-28')).toMatchObject({ kind: 2 });
    expect(of('2027-10-03')).toMatchObject({ kind: 1, name: '国庆节' });
    expect(of('2027-02-05')).toMatchObject({ kind: 1, name: '春节' });
    expect(of('2027-09-15')).toMatchObject({ kind: 1, name: '中秋节' });
    // 元旦 1 + 春节 4 + 清明 1 + 劳动节 2 + 端午 1 + 中秋 1 + 国庆 3 statutory days in 2027.
    expect(all.filter((d) => d.day.startsWith('2027') && d.kind === 1)).toHaveLength(13);
    expect(of('2025-03-07')).toBeUndefined();
    // 元旦 1 + 春节 8 + 清明 3 + 劳动节 5 + 端午 3 + 国庆中秋 8 days off in 2025 (the fixture's 测试假日 aside).
    expect(all.filter((d) => d.day.startsWith('2025') && d.kind === 1 && d.name !== '测试假日')).toHaveLength(28);
  });

  it('refuses a make-up day on a weekday, a day twice and a missing date, writing nothing', async () => {
    refused(await post('admin', `${CAL}/submit`, { day: '2025-03-12', kind: 2, name: '错误调休' }), '调休上班日应为周六或周日');
    refused(await post('admin', `${CAL}/submit`, { day: '2025-03-10', kind: 1, name: '重复' }), '该日期已在工作日历中');
    refused(await post('admin', `${CAL}/submit`, { kind: 1, name: '无日期' }), '请选择日期');
    const list = (await get('admin', `${CAL}/list`, { day: '2025-03-12' })).body.data.records;
    expect(list).toEqual([]);
  });

  it('is the tenant’s own: another tenant sees none of it and cannot change it', async () => {
    const [mine] = (await get('admin', `${CAL}/list`, { day: '2025-03-10' })).body.data.records as { id: string }[];
    expect(mine).toBeDefined();
    expect((await get('b', `${CAL}/list`, { size: '500' })).body.data.records).toEqual([]);
    expect((await get('b', `${CAL}/detail`, { id: mine!.id })).status).toBe(404);
    await post('b', `${CAL}/remove`, undefined, { ids: mine!.id });
    expect((await get('admin', `${CAL}/detail`, { id: mine!.id })).body.data).toMatchObject({ day: '2025-03-10' });
  });

  it('needs its permission codes', async () => {
    expect((await get('zhangwei', `${CAL}/list`)).status).toBe(403);
    expect((await post('zhangwei', `${CAL}/submit`, { day: '2025-03-15', kind: 2, name: '无权' })).status).toBe(403);
  });
});

describe('GET /api/blade-workflow/waits/summary', () => {
  it('counts median and 90th percentile per node in working hours, with the node limits', async () => {
    const s = await summary('admin');
    expect(s.firmWide).toBe(true);
    const check = ours(s).find((n) => n.nodeKey === 'check');
    // Durations 10, 2 and 5 hours: median 5, 90th percentile 5 + 0.8 × (10 − 5) = 9.
    expect(check).toMatchObject({ nodeName: '经办审核', timeLimitHours: 4, done: 3, medianHours: 5, p90Hours: 9, open: 0, overdue: 0 });
    expect(ours(s).find((n) => n.nodeKey === 'lead')).toMatchObject({ timeLimitHours: 8, done: 0, medianHours: null, open: 3, overdue: 2 });
    expect(s.approvers.find((a) => a.userName === '陈静')).toMatchObject({ done: 3, medianHours: 5, p90Hours: 9, open: 0 });
  });

  it('lists the overdue tasks with their due time on the calendar, the longest over first', async () => {
    const s = await summary('admin');
    const late = s.overdue.filter((o) => instances.includes(o.processInstanceId));
    expect(late).toEqual([
      expect.objectContaining({
        processInstanceId: instances[0],
        nodeName: '领导审批',
        assigneeName: '王建国',
        startTime: '2025-03-11 10:00:00',
        dueTime: '2025-03-12 10:00:00',
        waitedHours: 11,
        timeLimitHours: 8,
      }),
      expect.objectContaining({ processInstanceId: instances[1], startTime: '2025-03-11 11:00:00', dueTime: '2025-03-12 11:00:00', waitedHours: 10 }),
    ]);
    expect(s.openByAge.categories).toEqual(['半个工作日内', '半天至1个工作日', '1-3个工作日', '3-5个工作日', '5个工作日以上']);
  });

  it('counts only the finished tasks of the period asked', async () => {
    expect(ours(await summary('admin', { from: '2025-03-12', to: '2025-03-31' })).find((n) => n.nodeKey === 'check')).toBeUndefined();
    expect(ours(await summary('admin', { from: '2025-03-11', to: '2025-03-11' })).find((n) => n.nodeKey === 'check')).toMatchObject({ done: 3 });
  });

  it('shows an approver without the operations console only their own tasks', async () => {
    const s = await summary('wangjianguo');
    expect(s.firmWide).toBe(false);
    expect(ours(s).map((n) => n.nodeKey)).toEqual(['lead']);
    expect(s.overdue.every((o) => o.assigneeName === '王建国')).toBe(true);
    expect(s.approvers.map((a) => a.userName)).toEqual(['王建国']);
  });

  it('refuses bad periods with a Chinese 400, a caller without the code and another tenant’s view', async () => {
    refused(await get('admin', SUMMARY, { from: '2025-13-01' }), '开始日期格式不正确,应为yyyy-MM-dd');
    refused(await get('admin', SUMMARY, { from: '2025-03-31', to: '2025-03-01' }), '开始日期不能晚于结束日期');
    refused(await get('admin', SUMMARY, { from: '2024-01-01', to: '2025-03-01' }), '统计区间不能超过366天');
    expect((await get('zhangwei', SUMMARY)).status).toBe(403);
    const other = await summary('b');
    expect(other.nodes).toEqual([]);
    expect(other.overdue).toEqual([]);
  });

  it('is a block of the data cockpit for those holding the code', async () => {
    const board = async (who: string) =>
      (await get(who, '/api/business-module/statistics/home/statistics', { board: 'cockpit' })).body.data as {
        key: string;
        categories: string[];
        series: { data: number[] }[];
      }[];
    const block = (await board('admin')).find((b) => b.key === 'approvalNodeWaits');
    const i = block?.categories.indexOf('时效测试·经办审核') ?? -1;
    expect(i).toBeGreaterThanOrEqual(0);
    expect(block?.series.map((x) => x.data[i])).toEqual([5, 9]);
    expect((await board('zhangwei')).find((b) => b.key === 'approvalNodeWaits')).toBeUndefined();
  });
});

describe('the overdue reminder', () => {
  const urges = (p: string) => t.database.raw(`SELECT to_user_ids AS "to", from_user_id AS "from", message FROM blade_wf_urge WHERE proc_inst_id = $1`, [p]);

  it('urges the assignee of each overdue task once, however often it runs', async () => {
    const now = t.app.workflow.zone.parse('2025-03-12 14:00:00');
    await t.app.overdueReminders.run(now);
    const [wang] = await t.database.raw(`SELECT id::text AS id FROM blade_user WHERE account = 'wangjianguo' AND tenant_id = '000000'`);
    expect(await urges(instances[0]!)).toEqual([{ to: wang!.id, from: null, message: '审批已超时:「领导审批」时限8个工作小时,已等待11个工作小时,请尽快办理' }]);
    expect(await urges(instances[1]!)).toHaveLength(1);
    expect(await urges(instances[2]!)).toEqual([]);
    await t.app.overdueReminders.run(now);
    expect(await urges(instances[0]!)).toHaveLength(1);
    // The urge reaches him among his messages.
    const notes = (await get('wangjianguo', '/api/blade-desk/notification/list', { category: 'message', size: '100' })).body.data.records as {
      type: string;
      processInstanceId: string;
    }[];
    expect(notes.filter((n) => n.type === 'urge' && n.processInstanceId === instances[0])).toHaveLength(1);
  });

  it('urges a task when it passes its limit later, in working hours', async () => {
    // C has waited 7 hours at Wednesday 14:00; at 15:30 it is 8.5.
    await t.app.overdueReminders.run(t.app.workflow.zone.parse('2025-03-12 14:59:00'));
    expect(await urges(instances[2]!)).toEqual([]);
    await t.app.overdueReminders.run(t.app.workflow.zone.parse('2025-03-12 15:30:00'));
    expect(await urges(instances[2]!)).toHaveLength(1);
  });
});

describe('the node time limit in the model', () => {
  it('refuses a limit that is not a positive number of working hours', async () => {
    await expect(t.app.workflow.engine.deploy('000000', BPMN('abc'))).rejects.toThrow('节点时限应为大于0的工作小时数(最多一位小数): abc');
  });
});
