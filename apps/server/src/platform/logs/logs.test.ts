import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, type TestApp } from '../../testing/app.ts';
import { countRows, waitFor } from '../../testing/db.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token!;
});
afterAll(() => t.close());

/** The api log rows of a path, once at least `n` are there. */
const apiRows = (uri: string, n = 1) =>
  waitFor(async () => {
    const rows = await t.database.raw(`SELECT * FROM blade_log_api WHERE request_uri = $1 ORDER BY create_time, id`, [uri]);
    return rows.length >= n ? rows : undefined;
  });

describe('blade_log_api', () => {
  it('records every write call, successful or not, with who, what and the answer status', async () => {
    const ok = await t.call(admin, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      headers: { 'user-agent': 'vitest-agent' },
      payload: { paramName: '日志参数', paramKey: 'log.key', paramValue: 'v' },
    });
    expect(ok.status).toBe(200);
    const bad = await t.call(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: {} });
    expect(bad.status).toBe(400);
    const rows = await apiRows('/api/blade-system/param/submit', 2);
    expect(rows[0]).toMatchObject({
      method: 'POST',
      status_code: 200,
      tenant_id: '000000',
      create_by: 'admin',
      title: '参数管理新增或修改',
      user_agent: 'vitest-agent',
      type: '1',
    });
    expect(JSON.parse(String(rows[0]!.params))).toEqual({ query: {}, body: { paramName: '日志参数', paramKey: 'log.key', paramValue: 'v' } });
    expect(Number(rows[0]!.time)).toBeGreaterThanOrEqual(0);
    expect(rows[1]).toMatchObject({ status_code: 400, create_by: 'admin' });

    await t.call(admin, { method: 'POST', url: '/api/blade-system/param/remove', query: { ids: '1' } });
    expect((await apiRows('/api/blade-system/param/remove'))[0]).toMatchObject({ status_code: 400, params: JSON.stringify({ query: { ids: '1' } }) });

    await t.call(undefined, { method: 'POST', url: '/api/blade-system/param/submit', payload: { paramName: 'x' } });
    const anonymous = await apiRows('/api/blade-system/param/submit', 3);
    expect(anonymous[2]).toMatchObject({ status_code: 401, create_by: null });
  });

  it('does not record reads', async () => {
    await t.call(admin, { method: 'GET', url: '/api/blade-system/param/list' });
    await t.call(admin, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    await new Promise((r) => setTimeout(r, 100));
    expect(await countRows(t.database, 'blade_log_api', `method = 'GET'`)).toBe(0);
    // A POST that only reads (the ledger's list, its conditions in the body) is not a write call either.
    expect((await t.call(admin, { method: 'POST', url: '/api/business/hjlIncomeExpends/list', payload: {} })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(await countRows(t.database, 'blade_log_api', `request_uri = '/api/business/hjlIncomeExpends/list'`)).toBe(0);
  });

  it('masks passwords, secrets and tokens in the recorded parameters', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all' },
      headers: { authorization: `Basic ${t.basic}`, 'tenant-id': '000000' },
    });
    const { refresh_token } = login.json();
    await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token, tenantId: '000000' }).toString(),
      headers: { authorization: `Basic ${t.basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    await t.call(undefined, {
      method: 'POST',
      url: '/api/blade-user/register-guest',
      query: { tenantId: '000000', account: 'logguest', name: 'x', password: md5('guest-secret') },
    });
    await t.call(admin, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { paramName: '密钥', paramKey: 'log.secret', paramValue: 'v', clientSecret: 'abc', nested: { newPassword: 'p1' } },
    });

    // the login of beforeAll, the one above and the refresh
    const token = (await apiRows('/api/blade-auth/oauth/token', 3)).map((r) => JSON.parse(String(r.params)));
    expect(token[1].query).toEqual({ tenantId: '000000', username: 'admin', password: '******', grant_type: 'password', scope: 'all' });
    expect(token[2].body).toEqual({ grant_type: 'refresh_token', refresh_token: '******', tenantId: '000000' });
    const guest = await apiRows('/api/blade-user/register-guest');
    expect(JSON.parse(String(guest[0]!.params)).query.password).toBe('******');
    const all = (await t.database.raw(`SELECT params FROM blade_log_api`)).map((r) => String(r.params)).join('\n');
    for (const secret of [md5('admin'), md5('guest-secret'), refresh_token, '"abc"', '"p1"']) expect(all).not.toContain(secret);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('the batched insert of blade_log_api (PostgreSQL)', () => {
  it('is one prepared statement of fixed text, the rows one JSON parameter', async () => {
    const before = await countRows(t.database, 'blade_log_api', `request_uri = '/api/blade-system/param/submit'`);
    const sent: { name?: string; text: string }[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as { name?: string; text?: string } | string;
      const text = typeof q === 'string' ? q : String(q?.text ?? '');
      if (/^INSERT INTO blade_log_api/.test(text)) sent.push({ ...(typeof q === 'object' && q.name ? { name: q.name } : {}), text });
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.call(admin, {
            method: 'POST',
            url: '/api/blade-system/param/submit',
            payload: { paramName: `批量${i}`, paramKey: `log.batch.${i}`, paramValue: 'v' },
          }),
        ),
      );
      await apiRows('/api/blade-system/param/submit', before + 12);
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(sent.length).toBeGreaterThan(0);
    for (const s of sent) {
      expect(s.name).toMatch(/^ps_/);
      expect(s.text).toMatch(/^INSERT INTO blade_log_api .* FROM json_populate_recordset\(NULL::blade_log_api, \$1::json\)/s);
    }
  });
});

describe('blade_log_usual', () => {
  it('records logins', async () => {
    await t.login('lihong', '123456');
    const [row] = await waitFor(() => t.database.raw(`SELECT * FROM blade_log_usual WHERE log_id = 'login' AND log_data LIKE '%lihong%'`));
    expect(JSON.parse(String(row!.log_data))).toEqual({ account: 'lihong', tenantId: '000000', result: 'success' });
    expect(String(row!.params)).not.toContain(md5('123456'));
  });
});
