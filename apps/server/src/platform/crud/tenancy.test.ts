import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { createTenant, type TestTenant } from '../../testing/db.ts';
import { expectEvery } from '../../testing/expect.ts';

/**
 * Two companies on one server: 000000 (the seeded demo company) and 100001 (its own dept, administrator
 * role and admin user). Every read and write is confined to the tenant of the token — fail closed.
 */
let t: TestApp;
let other: TestTenant;
let a: string; // admin of 000000
let b: string; // admin of 100001
let aParamId: string;
let aNoticeId: string;

beforeAll(async () => {
  t = await createTestApp();
  other = await createTenant(t.database, '100001');
  a = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
  const [p] = await t.database.raw(`SELECT id::text FROM blade_param WHERE tenant_id = '000000' AND param_key = 'account.initPassword'`);
  aParamId = String(p!.id);
  const [n] = await t.database.raw(`SELECT id::text FROM blade_notice WHERE tenant_id = '000000' LIMIT 1`);
  aNoticeId = String(n!.id);
});
afterAll(() => t.close());

/** Every column, ids as text (drivers differ in how they answer bigint). */
const AUDIT = `id::text AS id, tenant_id, create_user::text AS create_user, create_dept::text AS create_dept, update_user::text AS update_user,
  create_time::text AS create_time, update_time::text AS update_time, status, is_deleted`;
const rowOf = async (table: string, id: string) => (await t.database.raw(`SELECT *, ${AUDIT} FROM ${table} WHERE id = $1`, [id]))[0];

describe('the second tenant', () => {
  it('logs in into its own tenant', async () => {
    const info = await t.call(b, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(info.body.data).toMatchObject({ tenantId: '100001', userId: other.adminUserId, account: 'admin' });
    // the same account name in another tenant is another person
    const seeded = await t.call(a, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(seeded.body.data.userId).not.toBe(other.adminUserId);
  });

  it('a user of one tenant cannot log in into another', async () => {
    await expect(t.login('wangjianguo', '123456', '100001')).rejects.toThrow(/用户名或密码错误/);
  });
});

describe('reads are confined to the tenant of the token', () => {
  it('lists show only the own tenant’s rows, and the totals count only those', async () => {
    const bParams = await t.call(b, { method: 'GET', url: '/api/blade-system/param/list', query: { size: '1000' } });
    expect(bParams.status).toBe(200);
    expect(bParams.body.data.total).toBe(1);
    expect(bParams.body.data.records.map((r: { id: string; tenantId: string }) => [r.id, r.tenantId])).toEqual([[other.paramId, '100001']]);

    const aParams = await t.call(a, { method: 'GET', url: '/api/blade-system/param/list', query: { size: '1000' } });
    expect(aParams.body.data.total).toBeGreaterThan(1);
    expectEvery(aParams.body.data.records, (r: { tenantId: string }) => r.tenantId === '000000');
    expect(aParams.body.data.records.map((r: { id: string }) => r.id)).not.toContain(other.paramId);

    const bNotices = await t.call(b, { method: 'GET', url: '/api/blade-desk/notice/list' });
    expect(bNotices.body.data).toMatchObject({ records: [], total: 0 });
  });

  it('filters cannot reach another tenant', async () => {
    const plain = await t.call(b, { method: 'GET', url: '/api/blade-system/param/list', query: { tenantId: '000000', paramKey: 'account' } });
    expect(plain.body.data.total).toBe(0);
    // A filter-shaped key on a field that is no filter is ignored (BUSINESS.md §1): the list stays the caller's.
    const shaped = await t.call(b, { method: 'GET', url: '/api/blade-system/param/list', query: { tenantId_equal: '000000' } });
    expect(shaped.status).toBe(200);
    expect(shaped.body.data.records.length).toBeGreaterThan(0);
    expectEvery(shaped.body.data.records, (r: { tenantId: string }) => r.tenantId === '100001');
  });

  it('a Tenant-Id header never overrides the token’s tenant', async () => {
    const bAsA = await t.call(b, { method: 'GET', url: '/api/blade-system/param/list', headers: { 'tenant-id': '000000' } });
    expect(bAsA.body.data.total).toBe(1);
    const aAsB = await t.call(a, { method: 'GET', url: '/api/blade-system/param/list', headers: { 'tenant-id': '100001' }, query: { size: '1000' } });
    expect(aAsB.body.data.records.map((r: { id: string }) => r.id)).not.toContain(other.paramId);
    const bInfo = await t.call(b, { method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: { 'tenant-id': '000000' } });
    expect(bInfo.body.data.tenantId).toBe('100001');
  });

  it('detail of another tenant’s id answers 404', async () => {
    for (const [url, id] of [
      ['/api/blade-system/param/detail', aParamId],
      ['/api/blade-desk/notice/detail', aNoticeId],
    ] as const) {
      const r = await t.call(b, { method: 'GET', url, query: { id } });
      expect(r, url).toMatchObject({ status: 404, body: { code: 404, success: false, data: null } });
    }
    expect((await t.call(a, { method: 'GET', url: '/api/blade-system/param/detail', query: { id: other.paramId } })).status).toBe(404);
    expect((await t.call(b, { method: 'GET', url: '/api/blade-system/param/detail', query: { id: other.paramId } })).status).toBe(200);
  });

  it('business dictionaries are the tenant’s own', async () => {
    const aDict = await t.call(a, { method: 'GET', url: '/api/blade-system/dict-biz/dictionary', query: { code: 'customer_type' } });
    expect(aDict.body.data.length).toBe(5);
    const bDict = await t.call(b, { method: 'GET', url: '/api/blade-system/dict-biz/dictionary', query: { code: 'customer_type' } });
    expect(bDict.body.data).toEqual([]);
  });
});

describe('writes are confined to the tenant of the token', () => {
  it('cannot update another tenant’s row', async () => {
    const before = await rowOf('blade_param', aParamId);
    const r = await t.call(b, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id: aParamId, paramValue: 'hijacked' } });
    expect(r).toMatchObject({ status: 400, body: { code: 400, success: false, msg: '数据不存在或已被删除' } });
    expect(await rowOf('blade_param', aParamId)).toEqual(before);
    const n = await t.call(b, { method: 'POST', url: '/api/blade-desk/notice/submit', payload: { id: aNoticeId, title: 'hijacked' } });
    expect(n.status).toBe(400);
    expect((await rowOf('blade_notice', aNoticeId))!.title).not.toBe('hijacked');
  });

  it('cannot remove another tenant’s row; in a mixed list only the own rows go', async () => {
    const before = await rowOf('blade_param', aParamId);
    const r = await t.call(b, { method: 'POST', url: '/api/blade-system/param/remove', query: { ids: aParamId } });
    expect(r).toMatchObject({ status: 400, body: { msg: '数据不存在或已被删除' } });
    expect(await rowOf('blade_param', aParamId)).toEqual(before);

    await t.call(b, { method: 'POST', url: '/api/blade-system/param/submit', payload: { paramName: '临时', paramKey: 'b.tmp', paramValue: '1' } });
    const [mine] = await t.database.raw(`SELECT id::text FROM blade_param WHERE param_key = 'b.tmp'`);
    const mixed = await t.call(b, { method: 'POST', url: '/api/blade-system/param/remove', query: { ids: `${aParamId},${mine!.id}` } });
    expect(mixed.status).toBe(200);
    expect((await rowOf('blade_param', String(mine!.id)))!.is_deleted).toBe(1);
    expect(await rowOf('blade_param', aParamId)).toEqual(before);
  });

  it('rows it creates carry its tenant, user and dept', async () => {
    const r = await t.call(b, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { paramName: 'B参数', paramKey: 'b.created', paramValue: 'x' },
    });
    expect(r.status).toBe(200);
    const [row] = await t.database.raw(`SELECT *, ${AUDIT} FROM blade_param WHERE param_key = 'b.created'`);
    expect(row).toMatchObject({
      tenant_id: '100001',
      create_user: other.adminUserId,
      create_dept: other.deptId,
      update_user: other.adminUserId,
      is_deleted: 0,
      status: 1,
    });
    const n = await t.call(b, { method: 'POST', url: '/api/blade-desk/notice/submit', payload: { title: 'B的通知', category: 1, releaseTime: '2026-12-01' } });
    expect(n.status).toBe(200);
    const [notice] = await t.database.raw(`SELECT tenant_id FROM blade_notice WHERE title = 'B的通知'`);
    expect(notice!.tenant_id).toBe('100001');
    expect((await t.call(a, { method: 'GET', url: '/api/blade-desk/notice/list', query: { title: 'B的通知' } })).body.data.total).toBe(0);
  });

  it('a body cannot set tenantId, createUser, isDeleted or other audit fields', async () => {
    const audit = {
      tenantId: '000000',
      createUser: '1',
      createDept: '2',
      updateUser: '3',
      createTime: '2000-01-01 00:00:00',
      updateTime: '2000-01-01 00:00:00',
      isDeleted: 1,
      status: 9,
    };
    const r = await t.call(b, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { paramName: '伪造', paramKey: 'b.forged', paramValue: 'x', ...audit },
    });
    expect(r.status).toBe(200);
    const [row] = await t.database.raw(`SELECT *, ${AUDIT} FROM blade_param WHERE param_key = 'b.forged'`);
    expect(row).toMatchObject({
      tenant_id: '100001',
      create_user: other.adminUserId,
      create_dept: other.deptId,
      update_user: other.adminUserId,
      is_deleted: 0,
      status: 1,
    });
    expect(String(row!.create_time)).not.toMatch(/^2000/);

    const id = String(row!.id);
    const u = await t.call(b, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id, paramValue: 'y', ...audit } });
    expect(u.status).toBe(200);
    const after = await rowOf('blade_param', id);
    expect(after).toMatchObject({ tenant_id: '100001', create_user: other.adminUserId, is_deleted: 0, status: 1, param_value: 'y' });
    expect((await t.call(b, { method: 'GET', url: '/api/blade-system/param/detail', query: { id } })).body.data.paramValue).toBe('y');
  });
});
