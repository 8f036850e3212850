import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { dicts } from './schema.ts';

let t: TestApp;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
  user = (await t.login('zhangwei', '123456')).access_token!;
});
afterAll(() => t.close());

const dictionary = async (code: string, service = 'dict') => t.call(user, { method: 'GET', url: `/api/blade-system/${service}/dictionary`, query: { code } });
const keys = async (code: string) => (await dictionary(code)).body.data.map((d: { dictKey: string }) => d.dictKey);

describe('GET /api/blade-system/dict/dictionary', () => {
  it('answers the seeded items of a code in sort order', async () => {
    const r = await dictionary('notice');
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: { dictKey: string; dictValue: string; sort: number }) => [d.dictKey, d.dictValue, d.sort])).toEqual([
      ['1', '发布通知', 1], ['2', '批转通知', 2], ['3', '转发通知', 3], ['4', '指示通知', 4], ['5', '任命通知', 5], ['6', '决定通知', 6], ['7', '报告通知', 7],
    ]);
    expect(r.body.data[0]).toMatchObject({ code: 'notice', isSealed: 0 });
    expect(r.body.data[0].id).toMatch(/^\d+$/);
    expect(r.body.data[0].parentId).toMatch(/^\d+$/);
  });

  it('leaves sealed and deleted entries out, and follows changed sort values', async () => {
    const item = (key: string) => and(eq(dicts.code, 'notice'), eq(dicts.dictKey, key));
    await t.database.db.update(dicts).set({ isSealed: 1 }).where(item('3'));
    await t.database.db.update(dicts).set({ isDeleted: 1 }).where(item('5'));
    await t.database.db.update(dicts).set({ sort: 0 }).where(item('7'));
    expect(await keys('notice')).toEqual(['7', '1', '2', '4', '6']);
  });

  it('answers an empty list for an unknown code and refuses a missing one', async () => {
    expect((await dictionary('no_such_code')).body.data).toEqual([]);
    const missing = await t.call(user, { method: 'GET', url: '/api/blade-system/dict/dictionary' });
    expect(missing).toMatchObject({ status: 400, body: { code: 400, success: false, data: null, msg: '缺少必要的请求参数: code' } });
    expect((await dictionary('')).body.msg).toBe('缺少必要的请求参数: code');
  });

  it('business dictionaries (dict-biz) of the tenant', async () => {
    const r = await dictionary('customer_type', 'dict-biz');
    expect(r.body.data.map((d: { dictValue: string }) => d.dictValue)).toEqual(['政府机关', '国有企业', '民营企业', '事业单位', '个人']);
  });

  it('needs a token', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'notice' } })).status).toBe(401);
  });
});
