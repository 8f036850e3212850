/**
 * Input refused before any route sees it (guard.ts): NUL bytes anywhere, and the error log recording it; the
 * token in the query only on downloads; database data exceptions answered as bad input; uploads that stop being
 * read at the size limit.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, waitFor } from '../../testing/db.ts';
import { acceptsQueryToken, NUL_MESSAGE } from './guard.ts';
import { expectEvery } from '../../testing/expect.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.post('/api/test/too-long', async () => {
      await t.database.raw(`SELECT 'abc'::varchar(2)::text AS x, $1::int AS n`, ['99999999999']);
    });
  });
  admin = (await t.login()).access_token!;
});
afterAll(() => t.close());

const nulRefused = (r: { status: number; body: any }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body).toEqual({ code: 400, success: false, data: null, msg: NUL_MESSAGE });
};

/** A multipart body written by hand, so a file name or field can hold a raw NUL byte. */
function rawMultipart(fields: Record<string, string>, file: { name: string; content: string }) {
  const b = `----x${crypto.randomBytes(6).toString('hex')}`;
  let body = '';
  for (const [k, v] of Object.entries(fields)) body += `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  body += `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/plain\r\n\r\n${file.content}\r\n--${b}--\r\n`;
  return { payload: Buffer.from(body, 'utf8'), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

describe('a NUL byte anywhere is a 400 with a clear message, on every kind of route', () => {
  it('in query values and keys, path parameters, JSON strings and keys at any depth, and form bodies', async () => {
    const before = await countRows(t.database, 'blade_param');
    nulRefused(await t.call(admin, { method: 'GET', url: '/api/blade-system/param/list', query: { paramName: 'a\u0000b' } }));
    nulRefused(await t.call(admin, { method: 'GET', url: '/api/blade-system/param/list?x%00y=1' }));
    nulRefused(await t.call(admin, { method: 'GET', url: '/api/blade-system/param/detail', query: { id: '1\u0000' } }));
    nulRefused(await t.call(admin, { method: 'GET', url: '/api/blade-resource/oss/endpoint/file/local/2026%00/x.png' }));
    nulRefused(
      await t.call(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: { paramName: 'x\u0000', paramKey: 'k', paramValue: 'v' } }),
    );
    nulRefused(
      await t.call(admin, { method: 'POST', url: '/api/blade-system/role/grant', payload: { roleIds: ['1'], menuIds: [{ deep: ['ok', 'n\u0000'] }] } }),
    );
    nulRefused(await t.call(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: { 'key\u0000': 'x' } }));
    nulRefused(
      await t.call(admin, {
        method: 'POST',
        url: '/api/blade-system/param/submit',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'paramName=a%00b&paramKey=k&paramValue=v',
      }),
    );
    // public routes too (the token call, registration), before any other check
    nulRefused(await t.call(undefined, { method: 'POST', url: '/api/blade-auth/oauth/token', query: { username: 'ad\u0000min', grant_type: 'password' } }));
    nulRefused(await t.call(undefined, { method: 'POST', url: '/api/blade-user/register-guest', payload: { tenantId: '000000', account: 'a\u0000' } }));
    expect(await countRows(t.database, 'blade_param')).toBe(before);
  });

  it('in an upload’s file name or text field, before anything is stored', async () => {
    const attach = await countRows(t.database, 'blade_attach');
    nulRefused(
      await t.call(admin, {
        method: 'POST',
        url: '/api/blade-resource/oss/endpoint/put-file-attach',
        ...rawMultipart({}, { name: 'a\u0000.txt', content: 'x' }),
      }),
    );
    nulRefused(
      await t.call(admin, { method: 'POST', url: '/api/blade-user/import-user', ...rawMultipart({ isCovered: '1\u0000' }, { name: 'u.xlsx', content: 'x' }) }),
    );
    nulRefused(await t.call(admin, { method: 'POST', url: '/api/blade-user/import-user', ...rawMultipart({}, { name: 'u\u0000.xlsx', content: 'x' }) }));
    expect(await countRows(t.database, 'blade_attach')).toBe(attach);
    // the same upload without the NUL byte is stored
    expect(
      (await t.call(admin, { method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file-attach', ...rawMultipart({}, { name: 'a.txt', content: 'x' }) }))
        .status,
    ).toBe(200);
  });

  it('is recorded in the error log, with the byte made visible', async () => {
    await t.call(admin, { method: 'POST', url: '/api/blade-desk/notice/submit', payload: { title: 'nul-log-probe\u0000' } });
    const rows = await waitFor(() =>
      t.database.raw(`SELECT exception_name, message, request_uri, params FROM blade_log_error WHERE params LIKE '%nul-log-probe%'`),
    );
    expect(rows[0]).toMatchObject({ exception_name: 'IllegalInput', request_uri: '/api/blade-desk/notice/submit' });
    expect(String(rows[0]!.message)).toContain('body.title');
    expect(String(rows[0]!.params)).toContain('nul-log-probe\\u0000');
  });
});

describe('database data exceptions are bad input, not a server error', () => {
  it('answers 400 and records the missing check in the error log', async () => {
    const r = await t.call(admin, { method: 'POST', url: '/api/test/too-long' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, success: false, data: null, msg: '请求参数格式不正确' });
    expect(JSON.stringify(r.body)).not.toMatch(/varchar|integer|SELECT/);
    await waitFor(async () => (await countRows(t.database, 'blade_log_error', `request_uri = '/api/test/too-long' AND exception_name = 'IllegalInput'`)) > 0);
  });
});

describe('?blade-auth= only on downloads and previews', () => {
  it('names the routes that take the token in the query', () => {
    for (const url of [
      '/api/blade-user/export-user',
      '/api/blade-user/export-template',
      '/api/business/hjlCustomer/import-template',
      '/api/blade-resource/oss/endpoint/file/:store/:day/:file',
      '/api/blade-resource/oss/endpoint/file-zip',
      '/api/blade-resource/attach/download',
      '/api/blade-resource/attach/download-zip',
      '/api/blade-flow/process/diagram-view',
      '/api/blade-flow/process/resource-view',
      '/api/system/dictData/export',
    ])
      expect(acceptsQueryToken('GET', url), `${url} takes it`).toBe(true);
    for (const url of [
      '/api/blade-auth/oauth/user-info',
      '/api/blade-system/param/list',
      '/api/blade-resource/oss/endpoint/preview-service',
      '/api/blade-flow/process/model-view',
    ])
      expect(acceptsQueryToken('GET', url), url).toBe(false);
    expect(acceptsQueryToken('POST', '/api/blade-user/export-user')).toBe(false);
    const taking = t.app.routeTable.filter((r) => acceptsQueryToken(r.method, r.url)).map((r) => r.url);
    expect(taking.length).toBeGreaterThan(10);
    expectEvery(taking, (u) => /export|template|download|file|view/.test(u));
  });
});

describe('an upload stops being read at the size limit', () => {
  /** Streams `total` bytes of a file upload to a listening server; answers the status and the bytes the server took before answering. */
  async function streamUpload(port: number, total: number, declareLength: boolean) {
    const boundary = '----sizeprobe';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return new Promise<{ status: number; sent: number; msg: string }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = http.request({
        port,
        method: 'POST',
        path: '/api/blade-resource/oss/endpoint/put-file',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'blade-auth': `bearer ${admin}`,
          ...(declareLength ? { 'content-length': String(head.length + total + tail.length) } : { 'transfer-encoding': 'chunked' }),
        },
      });
      req.on('response', (res) => {
        answered = true;
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, sent, msg: JSON.parse(text).msg }));
      });
      // The server may close the connection while the client is still writing (EPIPE / ECONNRESET) before the
      // client reads the answer: that is the upload being cut off as well.
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (answered) return;
        answered = true;
        if (e.code === 'EPIPE' || e.code === 'ECONNRESET') resolve({ status: 0, sent, msg: 'connection closed' });
        else reject(e);
      });
      const chunk = Buffer.alloc(256 * 1024);
      const pump = () => {
        while (!answered && sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end(tail);
      };
      req.write(head);
      pump();
    });
  }

  it('refuses a declared oversize body before reading it, and closes on a streamed one at the limit', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const limit = 10 * 1024 * 1024;
    // answered 400, or cut off while still sending
    const refused = (r: { status: number; msg: string }) => {
      if (r.status !== 0) expect(r).toMatchObject({ status: 400, msg: '文件大小超过限制(10MB)' });
    };
    const declared = await streamUpload(port, 200 * 1024 * 1024, true);
    refused(declared);
    expect(declared.sent).toBeLessThan(limit);
    const streamed = await streamUpload(port, 200 * 1024 * 1024, false);
    refused(streamed);
    // what the client managed to push into socket buffers before the answer, far from the 200 MB it offered
    expect(streamed.sent).toBeLessThan(limit + 16 * 1024 * 1024);
  }, 60_000);
});
