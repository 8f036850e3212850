/**
 * KPI over the API (BUSINESS.md WP7 acceptance): a month's task gives every person a record; self scores are
 * submitted once (本月已提交 on the second try); the department manager or a leader scores, never their own record;
 * the ranking of a fixture month is exact and `exportKpiOrder?month=` answers an .xlsx whose rows equal it; a person
 * sees only their own task detail, a manager their departments', a leader all; the task lists (top, next paged); bad
 * input (400, nothing written), another tenant and permission codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { sheetOf } from '../../testing/excel.ts';
import { expectEvery } from '../../testing/expect.ts';
import { ok, users } from '../../testing/http.ts';

const K = '/api/business-module/kpiParterRecord';
const TASK = '/api/business-module/kpiTask';
const MONTH = '2031-10';
const ITEMS = JSON.stringify([
  { item: '工作业绩', weight: 60 },
  { item: '工作态度', weight: 40 },
]);
let t: TestApp;
const { get, post, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
let taskId = '';
const self = (a: string, b: string) => ({
  taskId,
  items: [
    { item: '工作业绩', selfScore: a },
    { item: '工作态度', selfScore: b },
  ],
});
const leader = (id: string, a: string, b: string) => ({
  id,
  items: [
    { item: '工作业绩', leaderScore: a },
    { item: '工作态度', leaderScore: b },
  ],
});
const recordOf = async (account: string) =>
  String((await t.database.raw(`SELECT id::text AS id FROM kpi_parter_record WHERE task_id = $1 AND user_id = $2`, [taskId, ids[account]]))[0]!.id);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'wangjianguo', 'sunlei', 'zhangwei', 'chenjing', 'zhaomin', 'zhengli');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
}, 180_000);
afterAll(() => t.close());

describe('KPI tasks and self scores', () => {
  it('refuses bad tasks, writing nothing; a task gives every person but administrators a record', async () => {
    const before = await countRows(t.database, 'kpi_task');
    const bad: [Record<string, unknown>, string][] = [
      [{ month: '2031-13', taskName: 'x', items: ITEMS }, '月份格式应为yyyy-MM'],
      [{ month: MONTH, items: ITEMS }, '请输入任务名称'],
      [{ month: MONTH, taskName: 'x', items: JSON.stringify([{ item: 'a', weight: 90 }]) }, '考核项权重合计应为100'],
      [{ month: MONTH, taskName: 'x', items: '[' }, '考核项格式不正确'],
    ];
    for (const [payload, msg] of bad)
      expect((await post('wangjianguo', `${TASK}/submit`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect((await post('zhangwei', `${TASK}/submit`, { month: MONTH, taskName: 'x', items: ITEMS })).body).toMatchObject({ code: 403 });
    expect(await countRows(t.database, 'kpi_task')).toBe(before);
    ok(await post('wangjianguo', `${TASK}/submit`, { month: MONTH, taskName: '2031年10月绩效考核', items: ITEMS }));
    taskId = String((await t.database.raw(`SELECT id::text AS id FROM kpi_task WHERE month = $1`, [MONTH]))[0]!.id);
    expect((await post('wangjianguo', `${TASK}/submit`, { month: MONTH, taskName: '重复', items: ITEMS })).body).toMatchObject({
      code: 400,
      msg: '该月已有考核任务',
    });
    const people = await countRows(t.database, 'blade_user', `tenant_id = '000000' AND is_deleted = 0 AND account <> 'admin'`);
    expect(await countRows(t.database, 'kpi_parter_record', 'task_id = $1', [taskId])).toBe(people);
    expect(await countRows(t.database, 'kpi_parter_record', 'task_id = $1 AND user_id = $2', [taskId, ids.admin])).toBe(0);
  });

  it('lists: top with one’s own status, next paged and confined (own, department, all)', async () => {
    const top = ok(await get('zhangwei', `${K}/getKpiTaskTopList`)).body.data;
    expect(top[0]).toMatchObject({ id: taskId, month: MONTH, myStatus: 0 });
    const mine = ok(await get('zhangwei', `${K}/getKpiTaskNextList`, { taskId, size: '100' })).body.data;
    expect(mine.total).toBe(1);
    expect(mine.records[0]).toMatchObject({
      userId: ids.zhangwei,
      items: [{ item: '工作业绩', weight: 60, selfScore: null, leaderScore: null }, expect.anything()],
    });
    const all = ok(await get('wangjianguo', `${K}/getKpiTaskNextList`, { taskId, current: '1', size: '3' })).body.data;
    expect(all.records).toHaveLength(3);
    expect(all.total).toBe(await countRows(t.database, 'kpi_parter_record', 'task_id = $1', [taskId]));
    // 孙磊 manages 苏州分公司: its people only.
    const suzhou = ok(await get('sunlei', `${K}/getKpiTaskNextList`, { taskId, size: '100' })).body.data;
    expect(suzhou.total).toBeGreaterThan(0);
    expect(suzhou.records.map((r: { userId: string }) => r.userId)).not.toContain(ids.zhangwei);
  });

  it('self scores: bad scores refused writing nothing; submitted once a month (本月已提交)', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [self('101', '80'), '评分应在0到100之间,最多两位小数'],
      [self('90.001', '80'), '评分应在0到100之间,最多两位小数'],
      [{ taskId, items: [{ item: '工作业绩', selfScore: '90' }] }, '请为每个考核项评分'],
      [{ taskId: '123456789', items: self('1', '1').items }, '考核记录不存在或无权访问'],
    ];
    for (const [payload, msg] of bad)
      expect((await post('zhangwei', `${K}/submitMyTaskDetail`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect(await countRows(t.database, 'kpi_parter_record', 'task_id = $1 AND self_submit_time IS NOT NULL', [taskId])).toBe(0);
    const done = ok(await post('zhangwei', `${K}/submitMyTaskDetail`, self('90', '80'))).body.data;
    expect(done).toMatchObject({ selfScore: '86.00', recordStatus: 1 });
    expect((await post('zhangwei', `${K}/submitMyTaskDetail`, self('100', '100'))).body).toMatchObject({ code: 400, msg: '本月已提交' });
    ok(await post('chenjing', `${K}/submitMyTaskDetail`, self('100', '100')));
    ok(await post('sunlei', `${K}/submitMyTaskDetail`, self('70', '70')));
  });

  it('task detail: one’s own only; a manager their departments’; a leader all', async () => {
    expect(ok(await get('zhangwei', `${K}/getMyTaskDetail`, { taskId })).body.data).toMatchObject({ userId: ids.zhangwei, selfScore: '86.00' });
    expect((await get('zhangwei', `${K}/getMyTaskDetail`, { taskId, userId: ids.chenjing ?? '' })).body).toMatchObject({
      code: 400,
      msg: '考核记录不存在或无权访问',
    });
    expect((await get('sunlei', `${K}/getMyTaskDetail`, { taskId, userId: ids.zhangwei ?? '' })).body).toMatchObject({
      code: 400,
      msg: '考核记录不存在或无权访问',
    });
    expect(ok(await get('wangjianguo', `${K}/getMyTaskDetail`, { taskId, userId: ids.chenjing ?? '' })).body.data.userId).toBe(ids.chenjing);
    expect((await get('b', `${K}/getMyTaskDetail`, { taskId })).body).toMatchObject({ code: 400, msg: '考核记录不存在或无权访问' });
  });
});

describe('leader scores, the ranking and its export', () => {
  it('leader scores: not before self scores, not one’s own, not without the code; the final score by the formula', async () => {
    expect((await post('wangjianguo', `${K}/submitLeaderScore`, leader(await recordOf('zhaomin'), '80', '80'))).body).toMatchObject({
      code: 400,
      msg: '本人尚未提交自评,不能评分',
    });
    expect((await post('wangjianguo', `${K}/submitLeaderScore`, leader(await recordOf('wangjianguo'), '80', '80'))).body).toMatchObject({
      code: 400,
      msg: '不能给自己评分',
    });
    expect((await post('zhangwei', `${K}/submitLeaderScore`, leader(await recordOf('chenjing'), '80', '80'))).body).toMatchObject({ code: 403 });
    expect((await post('wangjianguo', `${K}/submitLeaderScore`, leader(await recordOf('zhangwei'), '-1', '80'))).body).toMatchObject({
      code: 400,
      msg: '评分应在0到100之间,最多两位小数',
    });
    // 张伟: self 86.00, leader 80×60% + 70×40% = 76.00, final 86×30% + 76×70% = 79.00.
    expect(ok(await post('wangjianguo', `${K}/submitLeaderScore`, leader(await recordOf('zhangwei'), '80', '70'))).body.data).toMatchObject({
      leaderScore: '76.00',
      finalScore: '79.00',
      recordStatus: 2,
    });
    // 陈静: self 100.00, leader 90.00, final 93.00; 孙磊: self 70.00, leader 85×60% + 95×40% = 89.00, final 83.30.
    ok(await post('wangjianguo', `${K}/submitLeaderScore`, leader(await recordOf('chenjing'), '90', '90')));
    ok(await post('wangjianguo', `${K}/submitLeaderScore`, leader(await recordOf('sunlei'), '85', '95')));
  });

  it('the ranking of the fixture month is exact; exportKpiOrder answers an .xlsx whose rows equal it', async () => {
    const ranking = ok(await get('zhangwei', `${K}/getRanking`, { month: MONTH })).body.data;
    expect(ranking.map((r: { userId: string; rank: number; finalScore: string }) => [r.rank, r.userId, r.finalScore])).toEqual([
      [1, ids.chenjing, '93.00'],
      [2, ids.sunlei, '83.30'],
      [3, ids.zhangwei, '79.00'],
    ]);
    expect(ranking[2]).toMatchObject({ selfScore: '86.00', leaderScore: '76.00', deptName: expect.any(String), userName: expect.any(String) });
    const x = await get('wangjianguo', `${K}/exportKpiOrder`, { month: MONTH });
    expect(x.status).toBe(200);
    expect(String(x.res.headers['content-type'])).toContain('spreadsheetml');
    const sheet = await sheetOf(x.res.rawPayload);
    expect(sheet[0]).toEqual(['排名', '姓名', '部门', '自评得分', '领导评分', '最终得分']);
    expect(sheet.slice(1)).toEqual(
      ranking.map((r: Record<string, unknown>) => [String(r.rank), r.userName, r.deptName, r.selfScore, r.leaderScore, r.finalScore].map(String)),
    );
  });

  it('bad month, codes and another tenant', async () => {
    expect((await get('zhangwei', `${K}/getRanking`)).body).toMatchObject({ code: 400, msg: '请选择月份' });
    expect((await get('zhangwei', `${K}/getRanking`, { month: '2031-1' })).body).toMatchObject({ code: 400, msg: '月份格式应为yyyy-MM' });
    expect((await get('zhangwei', `${K}/exportKpiOrder`, { month: MONTH })).body).toMatchObject({ code: 403 });
    expect(ok(await get('b', `${K}/getRanking`, { month: MONTH })).body.data).toEqual([]);
    expect(ok(await get('b', `${K}/getKpiTaskTopList`)).body.data).toEqual([]);
    expect((await get('b', `${K}/getKpiTaskNextList`, { taskId })).body.data.total).toBe(0);
    // The demo months: the earlier ones ranked.
    const seeded = ok(await get('zhangwei', `${K}/getKpiTaskTopList`)).body.data.filter((x: { month: string }) => x.month !== MONTH);
    expect(seeded).toHaveLength(3);
    const ranked = ok(await get('zhangwei', `${K}/getRanking`, { month: seeded[2].month })).body.data;
    expect(ranked.length).toBeGreaterThan(3);
    expectEvery(ranked, (r: { finalScore: string }) => /^\d+\.\d{2}$/.test(r.finalScore), 'scored rows');
  });
});
