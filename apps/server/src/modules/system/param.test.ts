import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token!;
});
afterAll(() => t.close());

describe('/api/blade-system/param', () => {
  it('creates, finds, edits and deletes a parameter', async () => {
    const created = await t.call(admin, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { paramName: '测试参数', paramKey: 'test.key', paramValue: 'v1' },
    });
    expect(created.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    const found = await t.call(admin, { method: 'GET', url: '/api/blade-system/param/list', query: { paramKey: 'test.key' } });
    expect(found.body.data.total).toBe(1);
    const row = found.body.data.records[0];
    expect(row.id).toMatch(/^\d+$/);
    const edited = await t.call(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id: row.id, paramValue: 'v2' } });
    expect(edited.status).toBe(200);
    const detail = await t.call(admin, { method: 'GET', url: '/api/blade-system/param/detail', query: { id: row.id } });
    expect(detail.body.data).toMatchObject({ paramName: '测试参数', paramKey: 'test.key', paramValue: 'v2' });
    const removed = await t.call(admin, { method: 'POST', url: '/api/blade-system/param/remove', query: { ids: row.id } });
    expect(removed.status).toBe(200);
    const gone = await t.call(admin, { method: 'GET', url: '/api/blade-system/param/detail', query: { id: row.id } });
    expect(gone.status).toBe(404);
  });
});

describe('page size cap', () => {
  it('caps `size` at the tenant parameter page.maxSize', async () => {
    const [p] = await t.database.raw(`SELECT id::text AS id FROM blade_param WHERE param_key = 'page.maxSize' AND tenant_id = '000000'`);
    const set = (v: string) => t.call(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id: p!.id, paramValue: v } });
    expect((await set('3')).status).toBe(200);
    const capped = await t.call(admin, { method: 'GET', url: '/api/blade-system/param/list', query: { size: '50' } });
    expect(capped.body.data.size).toBe(3);
    expect(capped.body.data.records).toHaveLength(3);
    expect((await set('1000')).status).toBe(200);
    const wide = await t.call(admin, { method: 'GET', url: '/api/blade-system/param/list', query: { size: '50' } });
    expect(wide.body.data.size).toBe(50);
  });
});
