import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../platform/db/ids.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { createTenant, waitFor } from '../../testing/db.ts';
import { expectEvery } from '../../testing/expect.ts';

/** Log lists: newest first, filtered, confined to the tenant (the platform administrator sees all). */
let t: TestApp;
let a: string; // platform administrator (000000)
let b: string; // administrator of 100001
let plain: string;
let manager: string; // granted log_usual only, not log_usual_view

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  a = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
  plain = (await t.login('zhangwei', '123456')).access_token!;
  await t.database.raw(
    `INSERT INTO blade_role_menu (id, role_id, menu_id) SELECT $1, r.id, m.id FROM blade_role r, blade_menu m WHERE r.role_alias = 'manager' AND r.tenant_id = '000000' AND m.code IN ('log', 'log_usual')`.replace(
      'SELECT $1',
      'SELECT $1::bigint + row_number() OVER ()',
    ),
    [nextId()],
  );
  manager = (await t.login('wangjianguo', '123456')).access_token!;
  // API log rows from both tenants
  await t.call(a, { method: 'POST', url: '/api/blade-system/param/submit', payload: { paramName: '日志A', paramKey: 'log.a', paramValue: '1' } });
  await t.call(b, { method: 'POST', url: '/api/blade-system/param/submit', payload: { paramName: '日志B', paramKey: 'log.b', paramValue: '1' } });
  await t.call(a, { method: 'POST', url: '/api/blade-desk/notice/remove', query: { ids: '1' } });
  await waitFor(async () => (await t.database.raw(`SELECT 1 FROM blade_log_api WHERE request_uri = '/api/blade-desk/notice/remove'`)).length > 0);
  await waitFor(async () => (await t.database.raw(`SELECT 1 FROM blade_log_api WHERE tenant_id = '100001'`)).length > 0);
  // error rows are written by the error handler for 5xx; here they are placed directly, one per tenant
  for (const [tenant, ex, time] of [
    ['000000', 'TypeError', '2026-01-10 10:00:00'],
    ['100001', 'RangeError', '2026-01-11 10:00:00'],
    ['000000', 'SyntaxError', '2026-02-01 08:00:00'],
  ]) {
    await t.database.raw(
      `INSERT INTO blade_log_error (id, tenant_id, service_id, request_uri, method, exception_name, message, stack_trace, create_time) VALUES ($1, $2, 'hjl-server', '/api/x', 'GET', $3, 'boom', 'at x (y.ts:1:1)', $4)`,
      [nextId(), tenant, ex, time],
    );
  }
});
afterAll(() => t.close());

const LOG = '/api/blade-log';
const list = (token: string, kind: string, query: Record<string, string> = {}) => t.call(token, { method: 'GET', url: `${LOG}/${kind}/list`, query });

describe('/api/blade-log lists', () => {
  it('api/list: the tenant’s own write calls, newest first, paged', async () => {
    const r = await list(b, 'api');
    expect(r.status).toBe(200);
    expect(r.body.data.records.length).toBeGreaterThan(0);
    expectEvery(r.body.data.records, (x: { tenantId: string }) => x.tenantId === '100001');
    const all = (await list(a, 'api', { size: '100' })).body.data.records as { createTime: string; id: string }[];
    const sorted = [...all].sort((x, y) => (x.createTime === y.createTime ? (BigInt(y.id) > BigInt(x.id) ? 1 : -1) : x.createTime < y.createTime ? 1 : -1));
    expect(all.map((x) => x.id)).toEqual(sorted.map((x) => x.id));
    const paged = await list(a, 'api', { size: '1', current: '2' });
    expect(paged.body.data).toMatchObject({ size: 1, current: 2 });
    expect(paged.body.data.records[0].id).toBe(all[1]!.id);
  });

  it('filters on requestUri, serviceId and the createTime range', async () => {
    const byUri = await list(a, 'api', { requestUri: 'notice/remove' });
    expect(byUri.body.data.records.map((x: { requestUri: string; statusCode: number }) => [x.requestUri, x.statusCode])).toEqual([
      ['/api/blade-desk/notice/remove', 400],
    ]);
    expect((await list(a, 'api', { serviceId: 'no-such-service' })).body.data.total).toBe(0);
    const errors = await list(a, 'error', { createTime_dategt: '2026-01-01 00:00:00', createTime_datelt: '2026-01-31 00:00:00' });
    expect(errors.body.data.records.map((x: { exceptionName: string }) => x.exceptionName)).toEqual(['RangeError', 'TypeError']);
    expect(await list(a, 'error', { createTime_dategt: '2026/01/01' })).toMatchObject({ status: 400, body: { msg: '查询条件createTime的日期格式不正确' } });
  });

  it('error/list leaves the stack trace to the detail', async () => {
    const r = await list(a, 'error', { exceptionName: 'SyntaxError' });
    expect(r.body.data.records[0].stackTrace).toBeUndefined();
    const d = await t.call(a, { method: 'GET', url: `${LOG}/error/detail`, query: { id: r.body.data.records[0].id } });
    expect(d.body.data).toMatchObject({ exceptionName: 'SyntaxError', stackTrace: 'at x (y.ts:1:1)', message: 'boom' });
  });

  it('usual/list shows events written through ctx.logs.usual (logins)', async () => {
    const r = await list(a, 'usual', { logId: 'login' });
    expect(r.body.data.total).toBeGreaterThan(0);
    expect(JSON.parse(r.body.data.records[0].logData)).toMatchObject({ result: 'success' });
  });

  it('a tenant sees only its own logs; the platform administrator sees every tenant’s', async () => {
    const bErrors = await list(b, 'error');
    expect(bErrors.body.data.records.map((x: { exceptionName: string }) => x.exceptionName)).toEqual(['RangeError']);
    const aErrors = await list(a, 'error');
    expect(aErrors.body.data.total).toBe(3);
    expect((await list(a, 'error', { tenantId: '100001' })).body.data.records.map((x: { exceptionName: string }) => x.exceptionName)).toEqual(['RangeError']);
    // a tenant cannot widen its view with a tenant filter
    expect((await list(b, 'error', { tenantId: '000000' })).body.data.total).toBe(1);
    // A filter-shaped key on a field that is no filter is ignored (BUSINESS.md §1): still only its own.
    const shaped = await list(b, 'error', { tenantId_equal: '000000' });
    expect(shaped.status).toBe(200);
    expect(shaped.body.data.records.map((x: { exceptionName: string }) => x.exceptionName)).toEqual(['RangeError']);

    const aOnly = aErrors.body.data.records.find((x: { tenantId: string }) => x.tenantId === '000000').id;
    expect((await t.call(b, { method: 'GET', url: `${LOG}/error/detail`, query: { id: aOnly } })).status).toBe(404);
    const aApi = (await list(a, 'api', { tenantId: '000000' })).body.data.records[0].id;
    expect((await t.call(b, { method: 'GET', url: `${LOG}/api/detail`, query: { id: aApi } })).status).toBe(404);
    expect((await t.call(a, { method: 'GET', url: `${LOG}/api/detail`, query: { id: aApi } })).status).toBe(200);
  });

  it('needs the menu code to list and the view code for details', async () => {
    for (const kind of ['usual', 'api', 'error']) {
      expect(await list(plain, kind), kind).toMatchObject({ status: 403, body: { msg: '请求被拒绝' } });
      expect((await t.call(plain, { method: 'GET', url: `${LOG}/${kind}/detail`, query: { id: '1' } })).status).toBe(403);
    }
    const usual = await list(manager, 'usual');
    expect(usual.status).toBe(200);
    expect((await t.call(manager, { method: 'GET', url: `${LOG}/usual/detail`, query: { id: usual.body.data.records[0].id } })).status).toBe(403);
    expect((await list(manager, 'api')).status).toBe(403);
  });

  it('refuses bad ids', async () => {
    expect(await t.call(a, { method: 'GET', url: `${LOG}/api/detail`, query: { id: 'x' } })).toMatchObject({ status: 400, body: { msg: '请求参数类型错误' } });
    expect((await t.call(a, { method: 'GET', url: `${LOG}/api/detail` })).status).toBe(400);
    expect((await t.call(a, { method: 'GET', url: `${LOG}/api/detail`, query: { id: '123' } })).status).toBe(404);
  });
});
