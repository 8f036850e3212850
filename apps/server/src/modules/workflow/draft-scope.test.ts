import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callsAs } from '../../testing/http.ts';
import { countRows, createTenant, type TestTenant } from '../../testing/db.ts';
import { mayStart } from './design-scope.ts';
import { deleteDraft } from './draft.ts';

let t: TestApp;
let admin: string;
let b: string;
let tenantB: TestTenant;
let staff: string;
let drafter: string;
const SCOPE = '/api/blade-workflow/design/model-scope';
const DRAFT = '/api/blade-workflow/process/draft';
const ids = { model: '', finance: '', costDept: '' };
const people: Record<string, { userId: string; roleIds: string[]; deptIds: string[]; postIds: string[] }> = {};

const { get, post } = callsAs(() => ({ app: t, token: admin }));
const one = async (sql: string, values: unknown[] = []) => String((await t.database.raw(sql, values))[0]!.id);

beforeAll(async () => {
  t = await createTestApp();
  tenantB = await createTenant(t.database, '100001');
  admin = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
  staff = (await t.login('zhangwei', '123456')).access_token!;
  for (const r of await t.database.raw(`SELECT id::text AS id, account, role_id, dept_id, post_id FROM blade_user WHERE tenant_id = '000000'`)) {
    people[String(r.account)] = {
      userId: String(r.id),
      roleIds: String(r.role_id).split(','),
      deptIds: String(r.dept_id).split(','),
      postIds: String(r.post_id).split(','),
    };
  }
  // Every demo role may use the draft box (赵敏, 普通员工, below); 张伟's role 项目人员 loses it here, before its
  // first call, to prove the codes are checked.
  await t.database.raw(`DELETE FROM blade_role_menu WHERE role_id = ANY($1::bigint[]) AND menu_id IN (SELECT id FROM blade_menu WHERE code LIKE 'wf_draft%')`, [
    people.zhangwei!.roleIds,
  ]);
  drafter = (await t.login('zhaomin', '123456')).access_token!;
  const res = await post('/api/blade-workflow/design/model/submit', { payload: { modelKey: 'expense', name: '费用报销' } });
  ids.model = res.body.data.id;
  ids.finance = await one(`SELECT id::text AS id FROM blade_role WHERE role_alias = 'finance' AND tenant_id = '000000'`);
  ids.costDept = people.chenjing!.deptIds[0]!;
});
afterAll(() => t.close());

describe('model scope', () => {
  it('refuses bad input with clear messages and saves nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ scopeType: 1, scopeValue: people.lihong!.userId }, '请选择流程模型'],
      [{ modelId: ids.model, scopeValue: people.lihong!.userId }, '请选择权限类型'],
      [{ modelId: ids.model, scopeType: 1 }, '请选择权限对象'],
      [{ modelId: ids.model, scopeType: 1, scopeValue: 'lihong' }, '权限对象格式不正确'],
      [{ modelId: ids.model, scopeType: 9, scopeValue: people.lihong!.userId }, '权限类型不正确'],
      [{ modelId: '123', scopeType: 1, scopeValue: people.lihong!.userId }, '流程模型不存在'],
      [{ modelId: ids.model, scopeType: 1, scopeValue: `${people.lihong!.userId},123` }, '用户不存在: 123'],
      [{ modelId: ids.model, scopeType: 2, scopeValue: people.lihong!.userId }, `角色不存在: ${people.lihong!.userId}`],
      [{ modelId: ids.model, scopeType: 3, scopeValue: tenantB.deptId }, `部门不存在: ${tenantB.deptId}`],
    ];
    for (const [payload, msg] of bad) expect((await post(`${SCOPE}/submit`, { payload })).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect(await countRows(t.database, 'blade_wf_model_scope')).toBe(0);
  });

  it('with no scope anyone may start; with scopes only the people, roles, depts and posts named', async () => {
    const db = t.database.db;
    const who = (account: string) => ({ tenantId: '000000', ...people[account]! });
    expect(await mayStart(db, who('zhaomin'), 'expense')).toBe(true);

    expect(
      (await post(`${SCOPE}/submit`, { payload: { modelId: ids.model, scopeType: 2, scopeValue: `${ids.finance},${ids.finance}`, remark: '财务' } })).status,
    ).toBe(200);
    expect((await post(`${SCOPE}/submit`, { payload: { modelId: ids.model, scopeType: 1, scopeValue: people.sunlei!.userId } })).status).toBe(200);
    expect((await post(`${SCOPE}/submit`, { payload: { modelId: ids.model, scopeType: 3, scopeValue: ids.costDept } })).status).toBe(200);
    const list = (await get(`${SCOPE}/list`, { modelId: ids.model })).body.data;
    expect(list.total).toBe(3);
    expect(list.records.find((r: { scopeType: number }) => r.scopeType === 2)).toMatchObject({
      modelKey: 'expense',
      modelName: '费用报销',
      scopeValue: ids.finance,
      scopeText: '财务人员',
    });
    expect(list.records.find((r: { scopeType: number }) => r.scopeType === 1)).toMatchObject({ scopeText: '孙磊' });

    expect(await mayStart(db, who('lihong'), 'expense')).toBe(true); // finance role
    expect(await mayStart(db, who('sunlei'), 'expense')).toBe(true); // named
    expect(await mayStart(db, who('chenjing'), 'expense')).toBe(true); // cost dept
    expect(await mayStart(db, who('zhaomin'), 'expense')).toBe(false);
    expect(await mayStart(db, { ...who('lihong'), tenantId: '100001' }, 'expense')).toBe(true); // B has no scope rows of its own
    expect(await mayStart(db, who('zhaomin'), 'leave')).toBe(true);

    const id = list.records.find((r: { scopeType: number }) => r.scopeType === 1).id;
    expect((await post(`${SCOPE}/submit`, { payload: { id, scopeValue: people.zhaomin!.userId } })).status).toBe(200);
    expect((await get(`${SCOPE}/detail`, { id })).body.data).toMatchObject({ scopeText: '赵敏', modelName: '费用报销' });
    expect(await mayStart(db, who('zhaomin'), 'expense')).toBe(true);
    expect(await mayStart(db, who('sunlei'), 'expense')).toBe(false);
  });

  it('another tenant sees and changes none of it; a user without the code is refused', async () => {
    const [row] = await t.database.raw(`SELECT id::text AS id FROM blade_wf_model_scope LIMIT 1`);
    expect((await get(`${SCOPE}/list`, {}, b)).body.data.total).toBe(0);
    expect((await get(`${SCOPE}/detail`, { id: String(row!.id) }, b)).status).toBe(404);
    expect((await post(`${SCOPE}/submit`, { payload: { id: String(row!.id), scopeType: 1, scopeValue: tenantB.adminUserId } }, b)).status).toBe(400);
    expect((await post(`${SCOPE}/submit`, { payload: { modelId: ids.model, scopeType: 1, scopeValue: tenantB.adminUserId } }, b)).body).toMatchObject({
      code: 400,
      msg: '流程模型不存在',
    });
    expect((await post(`${SCOPE}/remove`, { query: { ids: String(row!.id) } }, b)).status).toBe(400);
    expect((await get(`${SCOPE}/list`, {}, staff)).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    expect((await post(`${SCOPE}/remove`, { query: { ids: String(row!.id) } })).status).toBe(200);
  });

  it('removing the model removes its scope', async () => {
    expect((await post('/api/blade-workflow/design/model/remove', { query: { ids: ids.model } })).status).toBe(200);
    expect(await countRows(t.database, 'blade_wf_model_scope', 'is_deleted = 0')).toBe(0);
    expect(await mayStart(t.database.db, { tenantId: '000000', ...people.zhaomin! }, 'expense')).toBe(true);
  });
});

describe('drafts', () => {
  it('refuses what is not a draft, and saves nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ variables: { days: 3 } }, '请选择流程'],
      [{ processDefKey: 'leave', variables: '{' }, '表单数据不是有效的JSON'],
      [{ processDefKey: 'leave', variables: [1, 2] }, '表单数据应为JSON对象'],
      [{ processDefKey: 'x'.repeat(65) }, '流程标识最多64个字符'],
      [{ id: '123', processDefKey: 'leave' }, '草稿不存在或已被删除'],
    ];
    for (const [payload, msg] of bad)
      expect((await post(`${DRAFT}/submit`, { payload }, drafter)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect(await countRows(t.database, 'blade_wf_draft')).toBe(0);
  });

  it('one draft per user and process key or task: saving again replaces it; each user sees only their own', async () => {
    const first = await post(
      `${DRAFT}/submit`,
      { payload: { processDefKey: 'leave', processDefId: 'leave:1:1', title: '年假', variables: { days: 3, reason: '探亲' } } },
      drafter,
    );
    expect(first.body).toMatchObject({ code: 200, data: { id: expect.any(String) } });
    const again = await post(`${DRAFT}/submit`, { payload: { processDefKey: 'leave', title: '年假(改)', variables: JSON.stringify({ days: 5 }) } }, drafter);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await post(`${DRAFT}/submit`, { payload: { taskId: 'task-1', processDefKey: 'leave', variables: { comment: '同意' } } }, drafter)).status).toBe(
      200,
    );
    expect((await post(`${DRAFT}/submit`, { payload: { processDefKey: 'leave', title: '管理员的', variables: { days: 1 } } })).status).toBe(200);

    const mine = (await get(`${DRAFT}/list`, {}, drafter)).body.data;
    expect(mine.total).toBe(2);
    expect(mine.records.find((r: { taskId: string | null }) => !r.taskId)).toMatchObject({
      processDefKey: 'leave',
      processDefId: 'leave:1:1',
      title: '年假(改)',
    });
    expect(mine.records[0]).not.toHaveProperty('variables');
    expect((await get(`${DRAFT}/detail`, { processDefKey: 'leave' }, drafter)).body.data).toMatchObject({ title: '年假(改)', variables: { days: 5 } });
    expect((await get(`${DRAFT}/detail`, { taskId: 'task-1' }, drafter)).body.data).toMatchObject({ variables: { comment: '同意' } });
    expect((await get(`${DRAFT}/detail`, { processDefKey: 'expense' }, drafter)).body).toMatchObject({ code: 200, data: {} });
    expect((await get(`${DRAFT}/detail`, {}, drafter)).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: id' });
    // The administrator sees only their own draft, and cannot read, change or remove 赵敏's.
    expect((await get(`${DRAFT}/list`)).body.data.records).toMatchObject([{ title: '管理员的' }]);
    expect((await get(`${DRAFT}/detail`, { id: first.body.data.id })).body.data).toEqual({});
    expect((await post(`${DRAFT}/submit`, { payload: { id: first.body.data.id, processDefKey: 'leave', variables: {} } })).body).toMatchObject({
      code: 400,
      msg: '草稿不存在或已被删除',
    });
    expect((await post(`${DRAFT}/remove`, { query: { ids: first.body.data.id } })).body).toMatchObject({ code: 400, msg: '只能删除自己的草稿' });
    // Another tenant neither.
    expect((await get(`${DRAFT}/list`, {}, b)).body.data.total).toBe(0);
    expect((await post(`${DRAFT}/remove`, { query: { ids: first.body.data.id } }, b)).status).toBe(400);
    expect((await get(`${DRAFT}/detail`, { processDefKey: 'leave' }, drafter)).body.data.title).toBe('年假(改)');
  });

  it('deleteDraft (for the engine, on start) removes the user’s draft of the key only; remove works for the owner', async () => {
    await deleteDraft(t.database.db, { tenantId: '000000', userId: people.zhaomin!.userId }, { processDefKey: 'leave' });
    expect((await get(`${DRAFT}/list`, {}, drafter)).body.data.records).toMatchObject([{ taskId: 'task-1' }]);
    expect((await get(`${DRAFT}/list`)).body.data.total).toBe(1);
    const [task] = (await get(`${DRAFT}/list`, {}, drafter)).body.data.records;
    expect((await post(`${DRAFT}/remove`, { query: { ids: task.id } }, drafter)).status).toBe(200);
    expect((await get(`${DRAFT}/list`, {}, drafter)).body.data.total).toBe(0);
  });

  it('a user without the draft codes is refused', async () => {
    expect((await get(`${DRAFT}/list`, {}, staff)).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    expect((await post(`${DRAFT}/submit`, { payload: { processDefKey: 'leave' } }, staff)).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
  });
});
