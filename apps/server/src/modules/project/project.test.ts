/**
 * The project register over the API (BUSINESS.md WP2 acceptance): numbering by type, 立项 through createProject,
 * bid status, persons and shares, tasks from a template (assign, progress, finish, history), the second- and
 * third-level reviews in order, seal requests and quality checks, expiry reminders made by the daily job, the
 * workbench statistics, data scope (rows and totals), another tenant and permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { decide, users } from '../../testing/http.ts';
import { EXPIRE_JOB } from './notices.ts';

const C = '/api/business/hjlContract';
const P = '/api/business/hjlProject';
const T = '/api/business/hjlProjectTask';
const S = '/api/business/hjlAuditSeal';
const Q = '/api/business/hjlProjectQuality';
const A = '000000';
let t: TestApp;
const { tok, get, post, del, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
let customerId = '';
let costDept = '';
let templateId = '';
/** The project this file walks through its life. */
let projectId = '';
let otherProjectId = '';

const month = () => {
  const p = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).formatToParts(new Date());
  return `${p.find((x) => x.type === 'year')!.value}${p.find((x) => x.type === 'month')!.value}`;
};
const form = (over: Record<string, unknown> = {}) => ({
  projectName: '测试项目',
  projectType: 1,
  customerId,
  deptId: costDept,
  leaderUser: ids.zhangwei,
  projectAmount: '86000.00',
  startDate: '2026-03-01',
  planEndDate: '2026-09-30',
  ...over,
});
const scalar = async (q: string, v: unknown[] = []) => Number((await t.database.raw(q, v))[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'wangjianguo', 'sunlei', 'zhangwei', 'chenjing', 'liuyang', 'lihong', 'zhaomin');
  await loginAs('b', 'admin', '100001');
  for (const r of await t.database.raw(`SELECT id::text AS id, account, dept_id::text AS dept FROM blade_user WHERE tenant_id = '000000'`)) {
    ids[String(r.account)] = String(r.id);
    if (r.account === 'zhangwei') costDept = String(r.dept);
  }
  customerId = String((await t.database.raw(`SELECT id::text AS id FROM hjl_customer WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [A]))[0]!.id);
  templateId = String(
    (await t.database.raw(`SELECT id::text AS id FROM hjl_task_template WHERE tenant_id = $1 AND project_type = 1 ORDER BY id LIMIT 1`, [A]))[0]!.id,
  );
}, 120_000);
afterAll(() => t.close());

describe('project numbers and 立项', () => {
  it('get/num previews the number of the type; a missing or unknown type is refused', async () => {
    const a = (await get('zhangwei', `${P}/get/num`, { projectType: '1' })).body;
    expect(a, JSON.stringify(a)).toMatchObject({ code: 200, data: expect.stringMatching(new RegExp(`^HJ-XM-ZJ-${month()}-\\d{3}$`)) });
    expect((await get('zhangwei', `${P}/get/num`, { projectType: '1' })).body.data).toBe(a.data);
    expect((await get('zhangwei', `${P}/get/num`, { projectType: '3' })).body.data).toMatch(/^HJ-XM-JL-/);
    expect((await get('zhangwei', `${P}/get/num`)).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: projectType' });
    expect((await get('zhangwei', `${P}/get/num`, { projectType: '77' })).body).toMatchObject({ code: 400, msg: '项目类型不存在' });
    expect((await get('zhaomin', `${P}/get/num`, { projectType: '1' })).status).toBe(403);
  });

  it('refuses bad input with Chinese messages and writes nothing', async () => {
    const before = await countRows(t.database, 'hjl_project');
    const bad: [Record<string, unknown>, string][] = [
      [form({ projectName: '' }), '请输入项目名称'],
      [form({ projectType: undefined }), '请选择项目类型'],
      [form({ customerId: undefined }), '请选择委托方'],
      [form({ projectType: 42 }), '项目类型不存在'],
      [form({ bidStatus: 9 }), '投标状态不正确'],
      [form({ projectAmount: '1.005' }), '咨询费最多保留两位小数'],
      [form({ projectAmount: '-1.00' }), '咨询费不能为负数'],
      [form({ planEndDate: '2026-01-01' }), '计划完成日期不能早于开始日期'],
      [form({ customerId: '123456789' }), '委托方不存在'],
    ];
    for (const [payload, msg] of bad) expect((await post('zhangwei', `${P}/save`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect((await post('zhangwei', `${P}/start`, form({ projectName: '' }))).body).toMatchObject({ code: 400, msg: '请输入项目名称' });
    expect(await countRows(t.database, 'hjl_project')).toBe(before);
  });

  it('starts createProject with a template: numbered by type, tasks made; approved → 实施中', async () => {
    const preview = (await get('zhangwei', `${P}/get/num`, { projectType: '1' })).body.data;
    const r = await post('zhangwei', `${P}/start`, form({ projectName: '生命周期项目', templateId, projectNum: 'HACK' }));
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    projectId = r.body.data.id;
    const d = (await get('zhangwei', `${P}/detail`, { id: projectId })).body.data;
    expect(d).toMatchObject({
      projectNum: preview,
      status: 1,
      projectStatus: 1,
      leaderName: '张伟',
      deptName: expect.any(String),
      templateName: '造价咨询标准流程',
    });
    const tasks = (await get('zhangwei', `${P}/get/project/task/${projectId}`)).body.data;
    expect(tasks.map((x: { taskName: string }) => x.taskName)).toEqual(['收集资料', '现场踏勘', '编制工程量清单', '编制控制价', '内部复核', '出具成果文件']);
    await decide(t, tok, r.body.data.processInstanceId);
    expect((await get('zhangwei', `${P}/detail`, { id: projectId })).body.data).toMatchObject({ status: 2, projectStatus: 2 });
    // Another, plain save (draft), for the checks below.
    expect((await post('zhangwei', `${P}/save`, form({ projectName: '草稿项目', projectType: 3 }))).status).toBe(200);
    const draft = (await get('zhangwei', `${P}/list`, { projectName: '草稿项目' })).body.data.records[0];
    expect(draft).toMatchObject({ status: 0, projectNum: expect.stringMatching(/^HJ-XM-JL-/) });
    otherProjectId = draft.id;
  });

  it('update/bid_status moves the bid status; an unknown value or project is refused', async () => {
    expect((await post('zhangwei', `${P}/update/bid_status`, { id: projectId, bidStatus: '9' })).body).toMatchObject({ code: 400, msg: '投标状态不正确' });
    expect((await post('zhangwei', `${P}/update/bid_status`, { id: '123456789', bidStatus: '2' })).body).toMatchObject({
      code: 400,
      msg: '项目不存在或无权访问',
    });
    expect((await post('zhangwei', `${P}/update/bid_status`, { id: projectId, bidStatus: 3 })).body.code).toBe(200);
    expect((await get('zhangwei', `${P}/detail`, { id: projectId })).body.data).toMatchObject({ bidStatus: 3 });
    expect((await post('b', `${P}/update/bid_status`, { id: projectId, bidStatus: 2 })).body.code).toBe(400);
    expect((await get('zhangwei', `${P}/detail`, { id: projectId })).body.data.bidStatus).toBe(3);
  });
});

describe('persons (任务人员)', () => {
  it('adds persons in roles; shares of a role over 100% and a person twice are refused', async () => {
    const save = (body: object) => post('zhangwei', `${P}/save/person`, body);
    expect((await save({ projectId, userId: ids.chenjing, projectRole: 2, shareRatio: '60' })).body.code).toBe(200);
    expect((await save({ projectId, userId: ids.liuyang, projectRole: 2, shareRatio: '50' })).body).toMatchObject({
      code: 400,
      msg: '分配比例合计不能超过100%',
    });
    expect((await save({ projectId, userId: ids.chenjing, projectRole: 2, shareRatio: '10' })).body).toMatchObject({
      code: 400,
      msg: '该人员已是本项目的此角色',
    });
    expect((await save({ projectId, userId: ids.liuyang, projectRole: 2, shareRatio: '120' })).body.code).toBe(400);
    expect((await save({ projectId, userId: ids.liuyang, projectRole: 2, shareRatio: '40' })).body.code).toBe(200);
    expect((await save({ projectId, userId: ids.sunlei, projectRole: 3, shareRatio: '100' })).body.code).toBe(200);
    const persons = (await get('zhangwei', `${P}/get/person`, { projectId })).body.data;
    expect(persons.map((p: { userName: string; projectRole: number; shareRatio: string }) => [p.userName, p.projectRole, p.shareRatio])).toEqual([
      ['陈静', 2, '60.00'],
      ['刘洋', 2, '40.00'],
      ['孙磊', 3, '100.00'],
    ]);
    // The persons now see the project.
    expect((await get('chenjing', `${P}/detail`, { id: projectId })).body.data.id).toBe(projectId);
  });

  it('DELETE del/person: another project’s person or another tenant is refused; the person removed loses sight', async () => {
    const persons = (await get('zhangwei', `${P}/get/person`, { projectId })).body.data;
    const sunlei = persons.find((p: { userId: string }) => p.userId === ids.sunlei);
    expect((await del('zhangwei', `${P}/del/person`, { ids: sunlei.id, projectId: otherProjectId })).body).toMatchObject({
      code: 400,
      msg: '任务人员不存在或无权访问',
    });
    expect((await del('b', `${P}/del/person`, { ids: sunlei.id })).body.code).toBe(400);
    expect((await del('zhaomin', `${P}/del/person`, { ids: sunlei.id })).status).toBe(403);
    const sees = async () => ((await get('sunlei', `${P}/list`, { size: '500' })).body.data.records as { id: string }[]).some((r) => r.id === projectId);
    expect(await sees()).toBe(true);
    expect((await del('zhangwei', `${P}/del/person`, { ids: sunlei.id, projectId })).body.code).toBe(200);
    expect((await get('zhangwei', `${P}/get/person`, { projectId })).body.data).toHaveLength(2);
    // Out of his scope now (he approved its 立项 as 部门经理, so its process still lets him read the record itself).
    expect(await sees()).toBe(false);
    expect((await get('sunlei', `${P}/get/${projectId}`)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
  });
});

describe('tasks', () => {
  let taskId = '';
  it('assigns a task to a project person (not to an outsider), refuses a rate of 120, finishes it; history lists both', async () => {
    const tasks = (await get('zhangwei', `${P}/get/project/task/${projectId}`)).body.data;
    taskId = tasks[0].id;
    expect((await post('zhangwei', `${T}/conf/person`, undefined, { id: taskId, userId: ids.zhaomin! })).body).toMatchObject({
      code: 400,
      msg: '负责人须是本项目的任务人员,请先添加',
    });
    expect((await post('zhangwei', `${T}/conf/person`, undefined, { id: taskId, userId: ids.chenjing! })).body.code).toBe(200);
    expect((await post('chenjing', `${T}/update/rate`, undefined, { id: taskId, rate: '120' })).body).toMatchObject({ code: 400, msg: '进度应在0到100之间' });
    expect((await post('chenjing', `${T}/update/rate`, undefined, { id: taskId, rate: 'abc' })).body).toMatchObject({ code: 400, msg: '进度应在0到100之间' });
    // Somebody who does not see the project: as if there were no such task.
    expect((await post('zhaomin', `${T}/update/rate`, undefined, { id: taskId, rate: '30' })).body).toMatchObject({ code: 400, msg: '任务不存在或无权访问' });
    expect((await get('chenjing', `${T}/update/rate`, { id: taskId, rate: '40' })).body.code).toBe(200);
    expect((await get('chenjing', `${T}/finish`, { id: taskId })).body.code).toBe(200);
    expect((await get('chenjing', `${T}/finish`, { id: taskId })).body).toMatchObject({ code: 400, msg: '任务已完成' });
    const task = (await get('zhangwei', `${T}/detail`, { id: taskId })).body.data;
    expect(task).toMatchObject({ rate: 100, taskStatus: 1, finishTime: expect.any(String), assigneeName: '陈静' });
    const his = (await get('chenjing', `${T}/get/his/${taskId}`)).body.data as {
      field: string;
      oldValue: string;
      newValue: string;
      createUserName: string;
      createTime: string;
    }[];
    const rates = his.filter((h) => h.field === 'rate').map((h) => [h.oldValue, h.newValue, h.createUserName]);
    expect(rates).toEqual([
      ['40', '100', '陈静'],
      ['0', '40', '陈静'],
    ]);
    expect(his.find((h) => h.field === 'assigneeUser')).toMatchObject({ newText: '陈静', createUserName: '张伟' });
    expect(his.every((h) => typeof h.createTime === 'string' && h.createTime.length >= 16)).toBe(true);
  });

  it('my tasks (person/{id}) are the caller’s across projects; another person’s only with the project list', async () => {
    const mine = (await get('chenjing', `${T}/person/${ids.chenjing}`, { size: '100' })).body.data;
    expect(mine.records.some((r: { id: string }) => r.id === taskId)).toBe(true);
    expect(mine.records.every((r: { assigneeUser: string }) => r.assigneeUser === ids.chenjing)).toBe(true);
    const [{ n }] = (await t.database.raw(
      `SELECT count(*)::int AS n FROM hjl_project_task tk JOIN hjl_project p ON p.id = tk.project_id WHERE tk.assignee_user = $1 AND tk.is_deleted = 0 AND p.is_deleted = 0
       AND string_to_array(p.member_users, ',') && ARRAY[$1::text]`,
      [ids.chenjing],
    )) as [{ n: number }];
    expect(mine.total).toBe(n);
    expect((await get('zhaomin', `${T}/person/${ids.chenjing}`)).status).toBe(403);
  });

  it('a template with bad items is refused; statistics/task_person counts per person', async () => {
    expect((await post('admin', '/api/business/hjlTaskTemplate/submit', { templateName: '坏模板', items: '[{"name":""}]' })).body).toMatchObject({
      code: 400,
      msg: '第1个任务项请填写名称',
    });
    expect((await post('admin', '/api/business/hjlTaskTemplate/submit', { templateName: '坏模板', items: 'x' })).body.msg).toBe('任务项格式不正确');
    const stats = (await get('zhangwei', `${P}/statistics/task_person/${projectId}`)).body.data;
    expect(stats.find((s: { userId: string }) => s.userId === ids.chenjing)).toMatchObject({ userName: '陈静', taskCount: 1, finishedCount: 1, rate: 100 });
  });
});

describe('second- and third-level reviews', () => {
  it('are refused on an unapproved project; three before two is refused; both follow their processes', async () => {
    const two = (id: string) => post('zhangwei', `${P}/start/two/audit`, { projectId: id, deliverable: '控制价成果文件', content: '请复核' });
    const three = (id: string) => post('zhangwei', `${P}/start/three/audit`, { projectId: id, deliverable: '控制价成果文件(复核稿)' });
    expect((await two(otherProjectId)).body).toMatchObject({ code: 400, msg: '项目未立项审批通过,不能发起复核' });
    expect((await three(projectId)).body).toMatchObject({ code: 400, msg: '请先完成二级复核' });
    expect((await post('zhangwei', `${P}/start/two/audit`, { projectId })).body).toMatchObject({ code: 400, msg: '请输入成果文件名称' });
    const before = await countRows(t.database, 'hjl_project_third_check');
    const r2 = await two(projectId);
    expect(r2.body, JSON.stringify(r2.body)).toMatchObject({ code: 200 });
    expect((await get('zhangwei', `${P}/detail`, { id: projectId })).body.data).toMatchObject({ projectStatus: 3, twoAudit: 1 });
    expect((await two(projectId)).body).toMatchObject({ code: 400, msg: '该复核审批中或已通过,不能重复发起' });
    expect((await three(projectId)).body).toMatchObject({ code: 400, msg: '请先完成二级复核' });
    expect(await countRows(t.database, 'hjl_project_third_check')).toBe(before);
    await decide(t, tok, r2.body.data.processInstanceId);
    expect((await get('zhangwei', `${P}/detail`, { id: projectId })).body.data).toMatchObject({ projectStatus: 3, twoAudit: 2 });
    const r3 = await three(projectId);
    expect(r3.body, JSON.stringify(r3.body)).toMatchObject({ code: 200 });
    expect((await get('zhangwei', `${P}/detail`, { id: projectId })).body.data).toMatchObject({ projectStatus: 4, threeAudit: 1 });
    await decide(t, tok, r3.body.data.processInstanceId);
    expect((await get('zhangwei', `${P}/detail`, { id: projectId })).body.data).toMatchObject({ projectStatus: 5, threeAudit: 2, endDate: expect.any(String) });
    // The project's process history lists its 立项 and both reviews.
    const his = (await get('zhangwei', `${P}/get/process_his/${projectId}`, { current: '1', size: '10000' })).body.data;
    expect(his.total).toBe(3);
  });
});

describe('seal requests and quality checks', () => {
  it('a seal request of the project takes its number; audit_seal/list/{id} lists it', async () => {
    const preview = (await get('zhangwei', `${S}/get/contractNum`)).body.data;
    expect(preview).toMatch(/^HJ-YZ-\d{4}-\d{4}$/);
    expect((await post('zhangwei', `${P}/audit_seal/save`, { projectId, sealType: 1, useReason: '', copies: 2, useDate: '2026-10-01' })).body).toMatchObject({
      code: 400,
      msg: '请输入用章事由',
    });
    expect(
      (await post('zhangwei', `${P}/audit_seal/save`, { projectId, sealType: 1, useReason: '报告盖章', copies: 0, useDate: '2026-10-01' })).body.code,
    ).toBe(400);
    const r = await post('zhangwei', `${P}/audit_seal/save`, { projectId, sealType: 5, useReason: '控制价报告盖章', copies: 3, useDate: '2026-10-01' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    const list = (await get('zhangwei', `${P}/audit_seal/list/${projectId}`)).body.data;
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({ sealNum: preview, useReason: '控制价报告盖章', projectName: '生命周期项目', status: 0 });
    const id = list.records[0].id;
    expect((await post('zhangwei', `${P}/audit_seal/update`, { id, copies: 4 })).body.code).toBe(200);
    expect((await get('zhangwei', `${S}/detail`, { id })).body.data).toMatchObject({ copies: 4, sealNum: preview });
    // Another tenant's admin cannot list it.
    expect((await get('b', `${P}/audit_seal/list/${projectId}`)).body.code).toBe(400);
  });

  it('a passed quality check asks for a seal once; a failing or unapproved one cannot', async () => {
    const q = (over: object = {}) => ({ projectId, qualityType: 2, checkDate: '2026-09-01', checkUser: ids.wangjianguo, grade: 2, problems: '无', ...over });
    expect((await post('zhangwei', `${Q}/save`, q({ grade: undefined }))).body).toMatchObject({ code: 400, msg: '请选择质量等级' });
    const draft = await post('zhangwei', `${Q}/save`, q());
    expect(draft.body.code).toBe(200);
    const draftId = (await get('zhangwei', `${Q}/list`, { projectId })).body.data.records[0].id;
    expect((await post('zhangwei', `${Q}/audit_seal/${draftId}`, { sealType: 1, useDate: '2026-10-02' })).body).toMatchObject({
      code: 400,
      msg: '质量检查未审批通过或不合格,不能申请用章',
    });
    const started = await post('zhangwei', `${Q}/start`, { id: draftId });
    expect(started.body, JSON.stringify(started.body)).toMatchObject({ code: 200 });
    await decide(t, tok, started.body.data.processInstanceId);
    const seal = await post('zhangwei', `${Q}/audit_seal/${draftId}`, { sealType: 1, useDate: '2026-10-02' });
    expect(seal.body, JSON.stringify(seal.body)).toMatchObject({ code: 200, data: { sealNum: expect.stringMatching(/^HJ-YZ-/) } });
    expect((await post('zhangwei', `${Q}/audit_seal/${draftId}`, { sealType: 1, useDate: '2026-10-02' })).body.msg).toBe('该质量检查已申请用章');
    expect((await get('zhangwei', `${S}/detail`, { id: seal.body.data.id })).body.data).toMatchObject({ qualityId: draftId, projectId });
    const people = (await get('zhangwei', `${Q}/project_collect/person/${projectId}`)).body.data;
    expect(people.map((p: { userName: string }) => p.userName).sort()).toEqual(['刘洋', '陈静'].sort());
  });
});

/** The daily reminder job made due now, then run (as the runner's poll would at 08:00). */
async function runExpireJob() {
  await t.database.raw(`UPDATE blade_job SET run_at = now() - interval '1 second' WHERE name = $1 AND status = 'pending'`, [EXPIRE_JOB]);
  expect(await t.app.jobs.runDue()).toBeGreaterThan(0);
}

describe('expiry reminders', () => {
  it('the daily job reminds the handler of an approved contract ending within 30 days, not anybody else', async () => {
    const end = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const r = await post('chenjing', `${C}/start`, {
      contractName: '即将到期合同',
      businessType: 1,
      customerId,
      signDate: '2026-01-01',
      startDate: '2026-01-02',
      endDate: end,
      contractAmount: '5000.00',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    await decide(t, tok, r.body.data.processInstanceId);
    const has = async (who: string) =>
      ((await get(who, '/api/business/hjlExpireNotice/my', { size: '200' })).body.data.records as { bizId: string }[]).some((n) => n.bizId === r.body.data.id);
    expect(await has('chenjing')).toBe(false);
    await runExpireJob();
    expect(await has('chenjing')).toBe(true);
    expect(await has('zhangwei')).toBe(false);
    const mine = (await get('chenjing', '/api/business/hjlExpireNotice/my', { size: '200' })).body.data.records.find(
      (n: { bizId: string }) => n.bizId === r.body.data.id,
    );
    expect(mine).toMatchObject({ bizType: 1, expireDate: end, isRead: 0, title: expect.stringContaining('即将到期合同') });
    // The job again adds no second reminder.
    await runExpireJob();
    expect(await countRows(t.database, 'hjl_expire_notice', `biz_id = $1`, [r.body.data.id])).toBe(1);
  });
});

describe('data scope, statistics, another tenant, permissions', () => {
  it('a project user sees only own projects in list and totals; a leader sees all', async () => {
    const all = await scalar(`SELECT count(*)::int AS n FROM hjl_project WHERE tenant_id = $1 AND is_deleted = 0`, [A]);
    const own = await scalar(
      `SELECT count(*)::int AS n FROM hjl_project WHERE tenant_id = $1 AND is_deleted = 0 AND string_to_array(member_users, ',') && ARRAY[$2::text]`,
      [A, ids.sunlei],
    );
    expect(own).toBeGreaterThan(0);
    expect(own).toBeLessThan(all);
    expect((await get('sunlei', `${P}/list`, { size: '1' })).body.data.total).toBe(own);
    expect((await get('wangjianguo', `${P}/list`, { size: '1' })).body.data.total).toBe(all);
    expect((await get('lihong', `${P}/list`, { size: '1' })).body.data.total).toBe(all);
    // Totals: the workbench's project status chart sums to the rows seen.
    const sum = async (who: string) => {
      const s = (await get(who, '/api/business-module/statistics/home/statistics', { keys: 'projectStatus' })).body.data[0];
      return (s.series[0].data as number[]).reduce((x, y) => x + y, 0);
    };
    expect(await sum('sunlei')).toBe(own);
    expect(await sum('wangjianguo')).toBe(all);
    // Contracts: those of their projects, handled or created by them.
    const contractsOwn = await scalar(
      `SELECT count(*)::int AS n FROM hjl_contract WHERE tenant_id = $1 AND is_deleted = 0 AND string_to_array(member_users, ',') && ARRAY[$2::text]`,
      [A, ids.sunlei],
    );
    expect((await get('sunlei', `${C}/list`, { size: '1' })).body.data.total).toBe(contractsOwn);
    // Children of an unseen project: not reachable.
    expect((await get('sunlei', `${P}/get/project/task/${projectId}`)).body.code).toBe(400);
    expect((await get('sunlei', `${T}/list`, { projectId, size: '100' })).body.data.total).toBe(0);
  });

  it('the workbench shows 项目状态, 任务数量, 合同数量 and 到期提醒', async () => {
    const s = (await get('zhangwei', '/api/business-module/statistics/home/statistics')).body.data as { key: string; title: string }[];
    expect(s.map((x) => x.key)).toEqual(expect.arrayContaining(['projectStatus', 'taskCount', 'contractCount', 'expireNotice']));
    expect(s.find((x) => x.key === 'taskCount')!.title).toBe('任务数量');
  });

  it('the project report groups by status, type, department and leader with totals; only with its code', async () => {
    const r = (await get('wangjianguo', '/api/business/report/project')).body;
    expect(r.code).toBe(200);
    expect(r.data.byDept.categories.length).toBeGreaterThan(1);
    expect(r.data.byLeader.categories).toContain('张伟');
    const [s] = await t.database.raw(`SELECT count(*)::int AS n, sum(project_amount)::text AS a FROM hjl_project WHERE tenant_id = $1 AND is_deleted = 0`, [A]);
    expect(r.data.totals).toMatchObject({ count: s!.n, amount: s!.a });
    expect((await get('zhangwei', '/api/business/report/project')).status).toBe(403);
  });

  it('another tenant sees and changes nothing; no code, no call', async () => {
    expect((await get('b', `${P}/list`)).body.data.total).toBe(0);
    expect((await get('b', `${P}/get/${projectId}`)).body.code).toBe(400);
    expect((await post('b', `${P}/save/person`, { projectId, userId: ids.zhangwei, projectRole: 2, shareRatio: '1' })).body.code).toBe(400);
    expect((await post('b', `${P}/start/two/audit`, { projectId, deliverable: 'x' })).body.code).toBe(400);
    expect((await get('b', `${T}/finish`, { id: (await get('zhangwei', `${P}/get/project/task/${projectId}`)).body.data[1].id })).body.code).toBe(400);
    expect(await countRows(t.database, 'hjl_project_person', `tenant_id = '100001'`)).toBe(0);
    expect((await get('zhaomin', `${P}/list`)).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    expect((await post('lihong', `${P}/save`, form())).status).toBe(403);
    expect((await post('lihong', `${P}/link/contract`, { id: projectId, contractId: '1' })).status).toBe(403);
  });
});
