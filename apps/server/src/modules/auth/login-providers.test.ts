/**
 * The token calls beyond the password grant: `oauth/token/refresh`, `get-token/{id}`, the logins other services
 * vouch for (social, SSO, phone) behind the provider interface, and the token rate limit per address and account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, type TestApp } from '../../testing/app.ts';
import { LoginRefused } from './providers.ts';
import { expectEvery } from '../../testing/expect.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TOKEN_RATE_LIMIT: '8' });
  // the web client may use every grant (a BladeX client row lists the ones it uses)
  await t.database.raw(
    `UPDATE blade_client SET authorized_grant_types = 'refresh_token,password,captcha,social,authorization_code,sms_code' WHERE client_id = 'saber'`,
  );
});
afterAll(() => t.close());

let address = 0;
/** The token call as a Saber client makes it, from an address of its own (the rate limit is per address). */
async function tokenCall(url: string, params: Record<string, string>, remoteAddress = `10.2.0.${++address}`, basic = true) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    query: params,
    remoteAddress,
    headers: { ...(basic ? { authorization: `Basic ${t.basic}` } : {}), 'tenant-id': params.tenantId ?? '000000' },
  });
  return { status: res.statusCode, body: res.json() };
}
const password = (username: string, pass: string, remoteAddress?: string) =>
  tokenCall('/api/blade-auth/oauth/token', { tenantId: '000000', username, password: md5(pass), grant_type: 'password', scope: 'all' }, remoteAddress);

describe('POST /api/blade-auth/oauth/token/refresh', () => {
  it('refreshes with the refresh token (grant_type optional), once', async () => {
    const first = (await password('lihong', '123456')).body;
    const r = await tokenCall('/api/blade-auth/oauth/token/refresh', { tenantId: '000000', refresh_token: first.refresh_token, scope: 'all' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'bearer', account: 'lihong', tenant_id: '000000' });
    expect(r.body.access_token).not.toBe(first.access_token);
    const again = await tokenCall('/api/blade-auth/oauth/token/refresh', {
      tenantId: '000000',
      refresh_token: first.refresh_token,
      grant_type: 'refresh_token',
    });
    expect(again).toEqual({ status: 400, body: { error_code: 400, error: 'invalid_grant', error_description: '刷新令牌无效或已过期' } });
    // the client credential is needed as on oauth/token
    expect((await tokenCall('/api/blade-auth/oauth/token/refresh', { refresh_token: r.body.refresh_token }, undefined, false)).status).toBe(401);
  });
});

describe('GET /api/blade-auth/get-token/{id}', () => {
  it('exchanges a login ticket once for the web client’s token answer, without the client credential', async () => {
    const [u] = await t.database.raw(`SELECT id::text FROM blade_user WHERE account = 'zhaomin' AND tenant_id = '000000'`);
    const ticket = await t.app.loginAuth.loginTicket('000000', String(u!.id));
    const r = await t.app.inject({ method: 'GET', url: `/api/blade-auth/get-token/${ticket}` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ account: 'zhaomin', client_id: 'saber', token_type: 'bearer', expires_in: 3600 });
    const me = await t.call(r.json().access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(me.body.data.account).toBe('zhaomin');
    // single use; made-up and other tokens are no tickets
    const refused = { error_code: 400, error: 'invalid_grant', error_description: '令牌不存在或已过期' };
    expect((await t.app.inject({ method: 'GET', url: `/api/blade-auth/get-token/${ticket}` })).json()).toEqual(refused);
    expect((await t.app.inject({ method: 'GET', url: '/api/blade-auth/get-token/abc' })).json()).toEqual(refused);
    expect((await t.app.inject({ method: 'GET', url: `/api/blade-auth/get-token/${r.json().access_token}` })).json()).toEqual(refused);
  });
});

describe('social, single sign-on and phone logins', () => {
  it('none is configured by default: each grant answers a clear Chinese 400', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ grant_type: 'social', source: 'wechat', code: 'x', state: 'y' }, '未配置第三方登录服务,请使用账号密码登录'],
      [{ grant_type: 'authorization_code', code: 'x', redirect_uri: 'http://localhost/login' }, '未配置单点登录服务,请使用账号密码登录'],
      [{ grant_type: 'sms_code', phone: '13800000000', code: '1234' }, '未配置手机验证码登录服务,请使用账号密码登录'],
    ];
    for (const [params, msg] of cases) {
      expect(await tokenCall('/api/blade-auth/oauth/token', { tenantId: '000000', scope: 'all', ...params })).toEqual({
        status: 400,
        body: { error_code: 400, error: 'invalid_grant', error_description: msg },
      });
    }
  });

  it('a configured provider logs its users in; its refusal is answered as invalid_grant', async () => {
    const [u] = await t.database.raw(`SELECT id::text, phone FROM blade_user WHERE account = 'sunlei' AND tenant_id = '000000'`);
    t.app.loginAuth.providers.phone = {
      resolve: async (_tenantId, p) => {
        if (p.code !== '246810') throw new LoginRefused('验证码不正确');
        return { kind: 'user', userId: String(u!.id) };
      },
    };
    t.app.loginAuth.providers.sso = { resolve: async () => ({ kind: 'user', userId: String(u!.id) }) };
    const ok = await tokenCall('/api/blade-auth/oauth/token', { tenantId: '000000', grant_type: 'sms_code', phone: String(u!.phone), code: '246810' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ account: 'sunlei', token_type: 'bearer' });
    expect(await tokenCall('/api/blade-auth/oauth/token', { tenantId: '000000', grant_type: 'sms_code', phone: '1', code: '0' })).toEqual({
      status: 400,
      body: { error_code: 400, error: 'invalid_grant', error_description: '验证码不正确' },
    });
    expect((await tokenCall('/api/blade-auth/oauth/token', { tenantId: '000000', grant_type: 'authorization_code', code: 'sso' })).body.account).toBe('sunlei');
    // a client that does not list the grant may not use it, provider or not
    await t.database.raw(`UPDATE blade_client SET authorized_grant_types = 'refresh_token,password,captcha' WHERE client_id = 'saber'`);
    expect((await tokenCall('/api/blade-auth/oauth/token', { tenantId: '000000', grant_type: 'sms_code', code: '246810' })).body.error).toBe(
      'unsupported_grant_type',
    );
    await t.database.raw(
      `UPDATE blade_client SET authorized_grant_types = 'refresh_token,password,captcha,social,authorization_code,sms_code' WHERE client_id = 'saber'`,
    );
    delete t.app.loginAuth.providers.phone;
    delete t.app.loginAuth.providers.sso;
  });
});

describe('token rate limit per address and account', () => {
  it('one account hammered from one address is held up; other accounts there, and the account elsewhere, are not', async () => {
    const proxy = '10.3.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 9; i++) answers.push((await password('chenjing', 'wrong', proxy)).status);
    expectEvery(answers.slice(0, 8), (s) => s === 400);
    expect(await password('chenjing', 'wrong', proxy)).toMatchObject({
      status: 429,
      body: { error: 'too_many_requests', error_description: '请求过于频繁,请稍后再试' },
    });
    // everyone else behind the same proxy still logs in
    expect((await password('liuyang', '123456', proxy)).status).toBe(200);
    expect((await password('zhaomin', '123456', proxy)).status).toBe(200);
    // and the account from another address is not blocked by the rate limit
    expect((await password('chenjing', 'wrong', '10.3.0.2')).status).toBe(400);
  });

  it('one address trying many accounts is held up at ten times the limit', async () => {
    const scanner = '10.4.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 81; i++) statuses.push((await password(`scan${i}`, 'x', scanner)).status);
    expectEvery(statuses.slice(0, 80), (s) => s === 400);
    expect(statuses[80]).toBe(429);
  });
});
