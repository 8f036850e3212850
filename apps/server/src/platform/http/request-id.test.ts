/**
 * Request ids: every answer carries X-Request-Id — the load balancer's own when sane, else a new UUID —, every log
 * line of the request carries it as `reqId`, and the request's rows in the error and API logs keep it, so that an
 * error a user reports (服务器异常 with the id of its answer) is found in the server log and in 错误日志.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { waitFor } from '../../testing/db.ts';
import { requestIdOf } from './server.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'fatal' }, (app) => {
    app.get('/api/test/request-id-boom', async () => {
      throw new Error('request id boom');
    });
    // What every log line of the request is bound to.
    app.get('/api/test/log-bindings', async (req) => (req.log as unknown as { bindings(): Record<string, unknown> }).bindings());
  });
  admin = (await t.login()).access_token as string;
});
afterAll(() => t.close());

describe('request ids', () => {
  it('answers a new UUID per request without one, and a sane incoming one as it is', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/no/such/path' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    for (const given of ['lb-7f3a9c2e', 'Root=1-67891233-abcdef012345678912345678', 'a1b2c3d4.e5:f6_g7@h8']) {
      const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).toBe(given);
    }
  });

  it('replaces an incoming id that is not sane', () => {
    for (const bad of ['', 'has space', 'x'.repeat(65), '请求', 'a\u0000b', 'semi;colon', 'new\nline']) expect(requestIdOf(bad)).toMatch(UUID);
    expect(requestIdOf(['first-id', 'second-id'])).toBe('first-id');
  });

  it('binds the id to every log line of the request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/log-bindings', headers: { 'x-request-id': 'trace-0042' } });
    expect(res.json()).toMatchObject({ reqId: 'trace-0042' });
  });

  it('writes it to the error log row of a 500, and to the API log row of a write call', async () => {
    const r = await t.call(admin, { method: 'GET', url: '/api/test/request-id-boom' });
    expect(r.status).toBe(500);
    expect(r.body.msg).toBe('服务器异常');
    const id = String(r.res.headers['x-request-id']);
    expect(id).toMatch(UUID);
    const [row] = await waitFor(() => t.database.raw(`SELECT request_id FROM blade_log_error WHERE request_uri = '/api/test/request-id-boom'`));
    expect(row!.request_id).toBe(id);
    // 错误日志 finds it by that id, and its detail shows it.
    const list = await t.call(admin, { method: 'GET', url: `/api/blade-log/error/list?requestId=${id}` });
    expect(list.body.data.records.map((x: { requestId: string }) => x.requestId)).toEqual([id]);
    const detail = await t.call(admin, { method: 'GET', url: `/api/blade-log/error/detail?id=${list.body.data.records[0].id}` });
    expect(detail.body.data.requestId).toBe(id);

    const write = await t.call(admin, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      headers: { 'x-request-id': 'lb-write-0001' },
      payload: { paramName: '请求编号测试', paramKey: 'test.request-id', paramValue: '1' },
    });
    expect(write.status, JSON.stringify(write.body)).toBe(200);
    const [api] = await waitFor(() => t.database.raw(`SELECT request_id FROM blade_log_api WHERE request_id = 'lb-write-0001'`));
    expect(api!.request_id).toBe('lb-write-0001');
  });
});
