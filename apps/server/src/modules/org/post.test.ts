import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callsByToken, FORBIDDEN } from '../../testing/http.ts';
import { countRows, createTenant, type TestTenant } from '../../testing/db.ts';
import { posts } from './schema.ts';

let t: TestApp;
let admin: string;
let project: string; // zhangwei: no post codes
let other: TestTenant;
let b: string;

const API = '/api/blade-system/post';

const { get } = callsByToken(() => t, { prefix: `${API}/` });
const submit = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: `${API}/submit`, payload });
const remove = (token: string, ids: string) => t.call(token, { method: 'POST', url: `${API}/remove`, query: { ids } });
const idOf = async (postCode: string, tenantId = '000000') =>
  (
    await t.database.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.postCode, postCode), eq(posts.tenantId, tenantId), eq(posts.isDeleted, 0)))
  )[0]?.id;

beforeAll(async () => {
  t = await createTestApp();
  other = await createTenant(t.database, '100001');
  admin = (await t.login()).access_token!;
  project = (await t.login('zhangwei', '123456')).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
});
afterAll(() => t.close());

describe('posts', () => {
  it('list pages in sort order and filters by postName, postCode and category', async () => {
    const page = (await get(admin, 'list')).body.data;
    expect(page).toMatchObject({ total: 11, size: 10, current: 1, pages: 2 });
    expect(page.records.slice(0, 3).map((r: { postName: string }) => r.postName)).toEqual(['总经理', '部门经理', '项目负责人']);
    expect((await get(admin, 'list', { postName: '工程师' })).body.data.records.map((r: { postCode: string }) => r.postCode)).toEqual([
      'cost_eng',
      'supervisor',
    ]);
    expect((await get(admin, 'list', { postCode: 'hr' })).body.data.total).toBe(1);
    expect((await get(admin, 'list', { category: '3' })).body.data.records.map((r: { postCode: string }) => r.postCode)).toEqual([
      'accountant',
      'hr',
      'bid_agent',
      'cashier',
    ]);
  });

  it('select answers the tenant’s posts for pickers, to any user', async () => {
    const rows = (await get(project, 'select')).body.data;
    expect(rows).toHaveLength(11);
    expect(rows[0]).toEqual({ id: await idOf('ceo'), tenantId: '000000', category: 1, postCode: 'ceo', postName: '总经理', sort: 1 });
    expect((await get(b, 'select')).body.data.map((r: { id: string }) => r.id)).toEqual([other.postId]);
    // only the platform administrator may name another tenant
    expect((await get(admin, 'select', { tenantId: '100001' })).body.data.map((r: { id: string }) => r.id)).toEqual([other.postId]);
    expect(await get(b, 'select', { tenantId: '000000' })).toMatchObject(FORBIDDEN);
  });

  it('submit adds, edits and refuses a postCode taken in the tenant (but not one taken in another tenant)', async () => {
    expect((await submit(admin, { category: 2, postCode: 'tech_lead', postName: '技术负责人', sort: 12 })).body).toEqual({
      code: 200,
      success: true,
      data: {},
      msg: '操作成功',
    });
    const id = (await idOf('tech_lead'))!;
    expect((await get(admin, 'detail', { id })).body.data).toMatchObject({ postName: '技术负责人', category: 2, sort: 12, tenantId: '000000' });
    expect((await submit(admin, { id, postName: '技术总工' })).status).toBe(200);
    expect((await get(admin, 'detail', { id })).body.data).toMatchObject({ postName: '技术总工', postCode: 'tech_lead' });

    expect((await submit(admin, { category: 2, postCode: 'pm', postName: '重复', sort: 1 })).body).toMatchObject({ code: 400, msg: '岗位编号已存在' });
    expect((await submit(admin, { id, postCode: 'pm' })).body).toMatchObject({ code: 400, msg: '岗位编号已存在' });
    // tenant 100001 has 'ceo' too; its own 'pm' is free
    expect((await submit(b, { category: 2, postCode: 'pm', postName: '项目负责人', sort: 2 })).status).toBe(200);
  });

  it('refuses bad input with the form’s messages', async () => {
    const before = await countRows(t.database, 'blade_post');
    expect((await submit(admin, { postCode: 'x', postName: 'x', sort: 1 })).body).toMatchObject({ code: 400, msg: '请选择岗位类型' });
    expect((await submit(admin, { category: 1, postName: 'x', sort: 1 })).body).toMatchObject({ code: 400, msg: '请输入岗位编号' });
    expect((await submit(admin, { category: 1, postCode: 'x', sort: 1 })).body).toMatchObject({ code: 400, msg: '请输入岗位名称' });
    expect((await submit(admin, { category: 1, postCode: 'x', postName: 'x' })).body).toMatchObject({ code: 400, msg: '请输入岗位排序' });
    expect((await submit(admin, { category: 7, postCode: 'x', postName: 'x', sort: 1 })).body).toMatchObject({ code: 400, msg: '请选择正确的岗位类型' });
    expect((await submit(admin, { category: 1, postCode: 'x'.repeat(13), postName: 'x', sort: 1 })).body).toMatchObject({
      code: 400,
      msg: '岗位编号最多12个字符',
    });
    expect(await countRows(t.database, 'blade_post')).toBe(before);
  });

  it('another tenant’s ids answer nothing and change nothing', async () => {
    const id = (await idOf('accountant'))!;
    expect((await get(b, 'detail', { id })).status).toBe(404);
    expect((await submit(b, { id, postName: '改名' })).body).toMatchObject({ code: 400 });
    expect((await remove(b, id)).body).toMatchObject({ code: 400 });
    expect((await get(b, 'list', { postCode: 'accountant' })).body.data.total).toBe(0);
    expect((await get(admin, 'detail', { id })).body.data).toMatchObject({ postName: '会计' });
  });

  it('remove deletes logically', async () => {
    const id = (await idOf('tech_lead'))!;
    expect((await remove(admin, id)).status).toBe(200);
    expect(await idOf('tech_lead')).toBeUndefined();
    expect((await get(admin, 'detail', { id })).status).toBe(404);
  });

  it('a user without post codes may read select only', async () => {
    const id = (await idOf('pm'))!;
    expect(await get(project, 'list')).toMatchObject(FORBIDDEN);
    expect(await get(project, 'detail', { id })).toMatchObject(FORBIDDEN);
    expect(await submit(project, { category: 1, postCode: 'x', postName: 'x', sort: 1 })).toMatchObject(FORBIDDEN);
    expect(await remove(project, id)).toMatchObject(FORBIDDEN);
  });
});
