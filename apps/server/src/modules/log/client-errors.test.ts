/** POST /api/blade-log/error/upload: the web app's error log lands in blade_log_error under the caller. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { MAX_CLIENT_ERRORS } from './index.ts';

let t: TestApp;
let admin: string;
let plain: string;
let other: string;
const URL = '/api/blade-log/error/upload';
const entry = (over: Record<string, unknown> = {}) => ({
  type: 'TypeError',
  message: "Cannot read properties of undefined (reading 'id')",
  stack: 'TypeError: x\n    at Page (/assets/page.js:1:200)',
  info: 'render',
  url: '/system/user',
  time: '2026-11-23 09:00:00',
  version: '1.0.0',
  ...over,
});
const webErrors = (tenantId: string) => countRows(t.database, 'blade_log_error', `service_id = 'hjl-web' AND tenant_id = $1`, [tenantId]);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100003');
  admin = (await t.login()).access_token!;
  plain = (await t.login('zhangwei', '123456')).access_token!;
  other = (await t.login('admin', 'admin', '100003')).access_token!;
});
afterAll(() => t.close());

describe('client error upload', () => {
  it('any signed-in user uploads; the entries are error logs of hjl-web under their tenant and account', async () => {
    const r = await t.call(plain, {
      method: 'POST',
      url: URL,
      payload: [entry(), entry({ type: 'unhandledrejection', message: 'boom', url: '/desk/notice' })],
    });
    expect(r.body).toMatchObject({ code: 200, msg: '发送成功!', data: { count: 2 } });
    expect(await webErrors('000000')).toBe(2);
    const list = await t.call(admin, { method: 'GET', url: '/api/blade-log/error/list', query: { serviceId: 'hjl-web' } });
    expect(list.body.data.total).toBe(2);
    const row = list.body.data.records.find((x: { requestUri: string }) => x.requestUri === '/system/user');
    expect(row).toMatchObject({ tenantId: '000000', createBy: 'zhangwei', exceptionName: 'TypeError', message: entry().message, env: 'web 1.0.0' });
    const detail = await t.call(admin, { method: 'GET', url: '/api/blade-log/error/detail', query: { id: row.id } });
    expect(detail.body.data.stackTrace).toBe(entry().stack);
    expect(JSON.parse(detail.body.data.params)).toEqual({ info: 'render', time: '2026-11-23 09:00:00' });
  });

  it('stays in the caller tenant', async () => {
    await t.call(other, { method: 'POST', url: URL, payload: [entry()] });
    expect(await webErrors('100003')).toBe(1);
    expect(await webErrors('000000')).toBe(2);
  });

  it('refuses bad input and keeps nothing', async () => {
    const before = await webErrors('000000');
    expect(await t.call(plain, { method: 'POST', url: URL, payload: [] })).toMatchObject({ status: 400, body: { msg: '没有可上传的错误日志' } });
    expect(await t.call(plain, { method: 'POST', url: URL, payload: { type: 'x' } })).toMatchObject({ status: 400 });
    expect(await t.call(plain, { method: 'POST', url: URL, payload: [entry({ message: 42 })] })).toMatchObject({ status: 400 });
    const many = Array.from({ length: MAX_CLIENT_ERRORS + 1 }, () => entry());
    expect(await t.call(plain, { method: 'POST', url: URL, payload: many })).toMatchObject({
      status: 400,
      body: { msg: `一次最多上传${MAX_CLIENT_ERRORS}条错误日志` },
    });
    expect(await webErrors('000000')).toBe(before);
    expect((await t.call(undefined, { method: 'POST', url: URL, payload: [entry()] })).status).toBe(401);
  });
});
