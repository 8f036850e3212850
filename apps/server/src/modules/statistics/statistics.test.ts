import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../platform/db/ids.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { depts as seedDepts, users as seedUsers } from '../../seed/data.ts';
import { users } from '../user/schema.ts';
import { AGE_BANDS, NO_BIRTHDAY } from '../user/statistics.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token!;
});
afterAll(() => t.close());

const URL = '/api/business-module/statistics/home/statistics';
const stats = async (token: string, query: Record<string, string> = {}) => t.call(token, { method: 'GET', url: URL, query });
type Answer = { key: string; kind: string; title: string; categories: string[]; series: { name: string; data: number[] }[] };
const byKey = (list: Answer[], key: string) => list.find((s) => s.key === key)!;
const asMap = (s: Answer) => Object.fromEntries(s.categories.map((c, i) => [c, s.series[0]!.data[i]]));

/** Whole years between a yyyy-MM-dd birthday and today (local date), as a person counts their age. */
function ageOn(birthday: string, today = new Date()): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age;
}

describe('GET /api/business-module/statistics/home/statistics', () => {
  it('answers the department person count and the age distribution of the demo company', async () => {
    const r = await stats(admin);
    expect(r.status).toBe(200);
    const list = r.body.data as Answer[];
    expect(list.map((s) => s.key)).toEqual([
      'deptPersonCount',
      'ageDistribution',
      'customerByType',
      'newCustomersPerMonth',
      'projectStatus',
      'taskCount',
      'contractCount',
      'expireNotice',
      'highestDegree',
      'certificateCount',
      'applyExpenseCount',
      'approvalsWaiting',
    ]);

    const dept = byKey(list, 'deptPersonCount');
    expect(dept).toMatchObject({ kind: 'bar', title: '部门人数', series: [{ name: '人数' }] });
    const expectedDept: Record<string, number> = {};
    for (const u of seedUsers) {
      const name = seedDepts.find((d) => d.key === u.dept)!.deptName;
      expectedDept[name] = (expectedDept[name] ?? 0) + 1;
    }
    expect(asMap(dept)).toEqual(expectedDept);
    // Largest first.
    const counts = dept.series[0]!.data;
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);

    const age = byKey(list, 'ageDistribution');
    expect(age).toMatchObject({ kind: 'pie', title: '年龄分布' });
    const expectedAge: Record<string, number> = {};
    for (const u of seedUsers) {
      const band = AGE_BANDS.find((b) => ageOn(u.birthday) < b.below)!.label;
      expectedAge[band] = (expectedAge[band] ?? 0) + 1;
    }
    expect(asMap(age)).toEqual(expectedAge);
    expect(age.series[0]!.data.reduce((a, b) => a + b, 0)).toBe(seedUsers.length);
  });

  it('follows the data: a new user without a birthday, a dimissioned user, a user in two departments', async () => {
    const [gm] = await t.database.raw(`SELECT id::text AS id FROM blade_dept WHERE tenant_id = '000000' AND dept_name = '总经办'`);
    const [hr] = await t.database.raw(`SELECT id::text AS id FROM blade_dept WHERE tenant_id = '000000' AND dept_name = '人事部'`);
    const before = (await stats(admin)).body.data as Answer[];
    await t.database.db.insert(users).values([
      { id: nextId(), tenantId: '000000', account: 'stat_new', password: 'x', realName: '新人', deptId: `${gm!.id},${hr!.id}`, roleId: '' },
      {
        id: nextId(),
        tenantId: '000000',
        account: 'stat_left',
        password: 'x',
        realName: '离职',
        deptId: String(gm!.id),
        roleId: '',
        status: 2,
        birthday: '1990-01-01',
      },
    ]);
    const after = (await stats(admin)).body.data as Answer[];
    const d0 = asMap(byKey(before, 'deptPersonCount'));
    const d1 = asMap(byKey(after, 'deptPersonCount'));
    expect(d1['总经办']).toBe(d0['总经办']! + 1);
    expect(d1['人事部']).toBe(d0['人事部']! + 1);
    const a1 = asMap(byKey(after, 'ageDistribution'));
    expect(a1[NO_BIRTHDAY]).toBe(1);
    expect(byKey(after, 'ageDistribution').categories.at(-1)).toBe(NO_BIRTHDAY);
  });

  it('keys narrows the answer; an unknown key is refused', async () => {
    const r = await stats(admin, { keys: 'ageDistribution' });
    expect((r.body.data as Answer[]).map((s) => s.key)).toEqual(['ageDistribution']);
    expect(await stats(admin, { keys: 'nope' })).toMatchObject({ status: 400, body: { msg: '未知的统计项: nope' } });
  });

  it('counts only the caller tenant', async () => {
    await createTenant(t.database, '765432');
    const other = (await t.login('admin', 'admin', '765432')).access_token!;
    const list = (await stats(other)).body.data as Answer[];
    expect(asMap(byKey(list, 'deptPersonCount'))).toEqual({ 测试公司: 1 });
    expect(asMap(byKey(list, 'ageDistribution'))).toEqual({ [NO_BIRTHDAY]: 1 });
    const cockpit = (await stats(other, { board: 'cockpit' })).body.data as Answer[];
    expect(byKey(cockpit, 'projectByCity').categories).toEqual([]);
    expect(byKey(cockpit, 'approvalsWaiting').series[0]!.data).toEqual([0, 0, 0, 0]);
    expect(
      byKey(cockpit, 'collectionsAgainstInvoices')
        .series.flatMap((s) => s.data)
        .every((v) => v === 0),
    ).toBe(true);
  });

  it('answers the data cockpit its board: the eight statistics of S2 L478 and the firm-wide overviews', async () => {
    const r = await stats(admin, { board: 'cockpit' });
    expect(r.status).toBe(200);
    const keys = (r.body.data as Answer[]).map((s) => s.key);
    for (const k of [
      'deptPersonCount',
      'ageDistribution',
      'projectStatus',
      'taskCount',
      'highestDegree',
      'certificateCount',
      'contractCount',
      'applyExpenseCount',
    ])
      expect(keys).toContain(k);
    for (const k of ['projectByCity', 'contractAmountPerMonth', 'collectionsAgainstInvoices', 'approvalsWaiting']) expect(keys).toContain(k);
    // The workbench's personal expiry reminders are not a cockpit chart, the firm-wide overviews not workbench ones.
    expect(keys).not.toContain('expireNotice');
    const workbench = ((await stats(admin)).body.data as Answer[]).map((s) => s.key);
    expect(workbench).not.toContain('projectByCity');
    expect(await stats(admin, { board: 'wall' })).toMatchObject({ status: 400, body: { msg: '未知的统计看板' } });
  });

  it('counts the cockpit figures from the records, within the caller data scope', async () => {
    const list = (await stats(admin, { board: 'cockpit' })).body.data as Answer[];
    const total = (s: Answer, series = 0) => s.series[series]!.data.reduce((a, b) => a + b, 0);
    const projectsAll = await countRows(t.database, 'hjl_project', `tenant_id = '000000' AND is_deleted = 0`);
    expect(total(byKey(list, 'projectByCity'))).toBe(projectsAll);
    const open = await countRows(t.database, 'blade_wf_task', `tenant_id = '000000' AND suspension_state = 1`);
    expect(byKey(list, 'approvalsWaiting')).toMatchObject({ title: '全公司待审批停留时长' });
    expect(total(byKey(list, 'approvalsWaiting'))).toBe(open);
    expect(total(byKey(list, 'collectionsAgainstInvoices'))).toBeGreaterThan(0);
    expect(total(byKey(list, 'collectionsAgainstInvoices'), 1)).toBeGreaterThan(0);

    // A project member sees the projects they work on, and only the approvals waiting for them.
    const member = (await t.login('zhangwei', '123456')).access_token!;
    const mine = (await stats(member, { board: 'cockpit' })).body.data as Answer[];
    const visible = (await t.call(member, { method: 'GET', url: '/api/business/hjlProject/list', query: { current: '1', size: '1' } })).body.data.total;
    expect(total(byKey(mine, 'projectByCity'))).toBe(visible);
    expect(visible).toBeLessThan(projectsAll);
    const zhangwei = `(SELECT id::text FROM blade_user WHERE account = 'zhangwei' AND tenant_id = '000000')`;
    const own = await countRows(
      t.database,
      'blade_wf_task',
      `tenant_id = '000000' AND suspension_state = 1 AND (assignee = ${zhangwei}
         OR (assignee IS NULL AND EXISTS (SELECT 1 FROM blade_wf_identity_link l WHERE l.task_id = blade_wf_task.id AND l.user_id = ${zhangwei})))`,
    );
    expect(byKey(mine, 'approvalsWaiting')).toMatchObject({ title: '我的待审批停留时长' });
    expect(total(byKey(mine, 'approvalsWaiting'))).toBe(own);
  });

  it('needs a signed-in user', async () => {
    expect((await stats('')).status).toBe(401);
  });
});
