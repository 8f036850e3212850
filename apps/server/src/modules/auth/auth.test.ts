import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, type TestApp } from '../../testing/app.ts';
import { createTenant } from '../../testing/db.ts';
import { nextId } from '../../platform/db/ids.ts';
import { depts } from '../org/schema.ts';
import { roles } from '../system/schema.ts';
import { tenants } from '../tenant/schema.ts';
import { users } from '../user/schema.ts';
import { hashPassword } from '../user/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOKEN_URL = '/api/blade-auth/oauth/token';

/** The token call as a client makes it: Basic credentials, parameters in the query string. */
async function tokenCall(params: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: TOKEN_URL, query: params, headers: { authorization: `Basic ${t.basic}`, ...headers } });
  return { status: res.statusCode, body: res.json(), res };
}

const passwordGrant = (username: string, password: string, tenantId = '000000', headers: Record<string, string> = {}) =>
  tokenCall({ tenantId, username, password: md5(password), grant_type: 'password', scope: 'all' }, { 'tenant-id': tenantId, ...headers });

const grantError = (description: string, status = 400, error = 'invalid_grant') => ({
  status,
  body: { error_code: status, error, error_description: description },
});

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
const headerOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString('utf8'));

async function userRow(account: string, tenantId = '000000') {
  const [u] = await t.database.db
    .select()
    .from(users)
    .where(sql`${users.account} = ${account} AND ${users.tenantId} = ${tenantId}`);
  return u!;
}

async function idOf(table: typeof depts | typeof roles, where: ReturnType<typeof sql>) {
  const [r] = await t.database.db.select({ id: table.id }).from(table).where(where);
  return r!.id;
}

const TOKEN_FIELDS = [
  'access_token',
  'token_type',
  'refresh_token',
  'expires_in',
  'scope',
  'tenant_id',
  'user_id',
  'dept_id',
  'post_id',
  'role_id',
  'oauth_id',
  'account',
  'user_name',
  'nick_name',
  'real_name',
  'role_name',
  'avatar',
  'client_id',
  'detail',
  'license',
  'jti',
];

describe('password grant', () => {
  it('answers the token answer of API.md, unwrapped, with every field', async () => {
    const { status, body, res } = await passwordGrant('admin', 'admin');
    expect(status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(body).sort()).toEqual([...TOKEN_FIELDS].sort());
    const admin = await userRow('admin');
    const [role] = await t.database.db.select().from(roles).where(eq(roles.id, admin.roleId));
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'all',
      tenant_id: '000000',
      user_id: admin.id,
      dept_id: admin.deptId,
      post_id: admin.postId,
      role_id: admin.roleId,
      oauth_id: '',
      account: 'admin',
      user_name: 'admin',
      nick_name: '管理员',
      real_name: '管理员',
      role_name: 'administrator',
      avatar: '',
      client_id: 'saber',
      detail: { type: 'web' },
    });
    expect(role?.roleAlias).toBe('administrator');
    expect(typeof body.license).toBe('string');
    expect(body.user_id).toMatch(/^\d+$/);
  });

  it('issues HS256 JWTs carrying the answer claims, exp and jti; the access token lives 3600 s, the refresh token 604800 s', async () => {
    const { body } = await passwordGrant('admin', 'admin');
    expect(headerOf(body.access_token)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const access = claimsOf(body.access_token);
    expect(access).toMatchObject({
      tenant_id: '000000',
      user_id: body.user_id,
      account: 'admin',
      role_name: 'administrator',
      client_id: 'saber',
      jti: body.jti,
    });
    expect(access.exp - access.iat).toBe(3600);
    const refresh = claimsOf(body.refresh_token);
    expect(refresh.exp - refresh.iat).toBe(604800);
    expect(refresh.jti).not.toBe(access.jti);
    expect(body.refresh_token).not.toBe(body.access_token);
  });

  it('stores the password only as a bcrypt hash of the md5 the client sends', async () => {
    const admin = await userRow('admin');
    expect(admin.password).toMatch(/^\$2[aby]\$/);
    expect(admin.password).not.toContain(md5('admin'));
  });

  it('takes the tenant from the tenantId parameter when no Tenant-Id header is sent', async () => {
    const { status, body } = await tokenCall({ tenantId: '000000', username: 'lihong', password: md5('123456'), grant_type: 'password', scope: 'all' });
    expect(status).toBe(200);
    expect(body.account).toBe('lihong');
  });

  it('accepts the parameters in a form body', async () => {
    const form = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all' });
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: form.toString(),
      headers: { authorization: `Basic ${t.basic}`, 'content-type': 'application/x-www-form-urlencoded', 'tenant-id': '000000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account: 'admin', token_type: 'bearer' });
  });

  it('refuses a bad client with 401 invalid_client', async () => {
    const q = { tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all' };
    const bad = grantError('客户端认证失败', 401, 'invalid_client');
    expect(await tokenCall(q, { authorization: `Basic ${Buffer.from('saber:wrong-secret').toString('base64')}` })).toMatchObject(bad);
    expect(await tokenCall(q, { authorization: `Basic ${Buffer.from('nobody:x').toString('base64')}` })).toMatchObject(bad);
    expect(await tokenCall(q, { authorization: 'Basic !!!not-base64' })).toMatchObject(bad);
    const none = await t.app.inject({ method: 'POST', url: TOKEN_URL, query: q });
    expect({ status: none.statusCode, body: none.json() }).toMatchObject(bad);
  });

  it('refuses a grant type the client does not have', async () => {
    const r = await tokenCall({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'client_credentials' });
    expect(r).toMatchObject(grantError('不支持的授权类型', 400, 'unsupported_grant_type'));
  });

  it('refuses an unknown or missing tenant', async () => {
    expect(await passwordGrant('admin', 'admin', '999999')).toMatchObject(grantError('租户ID未找到'));
    expect(await tokenCall({ username: 'admin', password: md5('admin'), grant_type: 'password' })).toMatchObject(grantError('租户ID未找到'));
  });

  it('refuses a tenant whose licence has expired', async () => {
    await createTenant(t.database, '100002');
    expect((await passwordGrant('admin', 'admin', '100002')).status).toBe(200);
    await t.database.db.update(tenants).set({ expireTime: '2020-01-01 00:00:00' }).where(eq(tenants.tenantId, '100002'));
    expect(await passwordGrant('admin', 'admin', '100002')).toMatchObject(grantError('租户授权已过期,请联系管理员'));
    await t.database.db.update(tenants).set({ expireTime: '2099-01-01 00:00:00' }).where(eq(tenants.tenantId, '100002'));
    expect((await passwordGrant('admin', 'admin', '100002')).status).toBe(200);
  });

  it('answers the same message for a wrong password and an unknown account', async () => {
    expect(await passwordGrant('admin', 'wrong')).toMatchObject(grantError('用户名或密码错误'));
    expect(await passwordGrant('nobody', 'admin')).toMatchObject(grantError('用户名或密码错误'));
    expect(await tokenCall({ tenantId: '000000', username: 'admin', grant_type: 'password' })).toMatchObject(grantError('用户名或密码错误'));
  });

  it('refuses a user without a role, or whose roles are gone', async () => {
    const deptId = await idOf(depts, sql`dept_name = '总经办'`);
    await t.database.db.insert(users).values({
      id: nextId(),
      tenantId: '000000',
      account: 'norole',
      password: await hashPassword(md5('123456')),
      name: '无角色',
      realName: '无角色',
      deptId,
      roleId: '',
    });
    expect(await passwordGrant('norole', '123456')).toMatchObject(grantError('未获得用户的角色信息'));
    await t.database.db.update(users).set({ roleId: '1' }).where(eq(users.account, 'norole'));
    expect(await passwordGrant('norole', '123456')).toMatchObject(grantError('未获得用户的角色信息'));
  });
});

describe('refresh_token grant', () => {
  const refresh = (refreshToken: string, headers: Record<string, string> = {}) =>
    tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all', tenantId: '000000' }, { 'tenant-id': '000000', ...headers });

  it('issues a new pair; the used refresh token cannot be used again', async () => {
    const first = (await passwordGrant('admin', 'admin')).body;
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(Object.keys(second.body).sort()).toEqual([...TOKEN_FIELDS].sort());
    expect(second.body).toMatchObject({ user_id: first.user_id, tenant_id: '000000', role_id: first.role_id, dept_id: first.dept_id, account: 'admin' });
    expect(second.body.access_token).not.toBe(first.access_token);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await t.call(second.body.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' })).status).toBe(200);

    expect(await refresh(first.refresh_token)).toMatchObject(grantError('刷新令牌无效或已过期', 400, 'invalid_grant'));
    expect((await refresh(second.body.refresh_token)).status).toBe(200);
  });

  it('does not take an access token, garbage, or another tenant in place of the refresh token', async () => {
    const pair = (await passwordGrant('admin', 'admin')).body;
    expect(await refresh(pair.access_token)).toMatchObject(grantError('刷新令牌无效或已过期', 400, 'invalid_grant'));
    expect(await refresh('not.a.token')).toMatchObject(grantError('刷新令牌无效或已过期', 400, 'invalid_grant'));
    expect(await refresh('')).toMatchObject(grantError('刷新令牌无效或已过期', 400, 'invalid_grant'));
    const otherTenant = await tokenCall({ grant_type: 'refresh_token', refresh_token: pair.refresh_token, tenantId: '100002' }, { 'tenant-id': '100002' });
    expect(otherTenant).toMatchObject(grantError('刷新令牌无效或已过期', 400, 'invalid_grant'));
  });

  it('a refresh token is not an access token', async () => {
    const pair = (await passwordGrant('admin', 'admin')).body;
    const r = await t.call(pair.refresh_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(r).toMatchObject({ status: 401, body: { code: 401, success: false, data: null, msg: '请求未授权' } });
  });
});

describe('tokens on later calls', () => {
  it('no token: 401 缺失令牌,鉴权失败', async () => {
    for (const url of ['/api/blade-auth/oauth/user-info', '/api/blade-system/param/list', '/api/blade-system/menu/routes']) {
      const r = await t.call(undefined, { method: 'GET', url });
      expect(r, url).toMatchObject({ status: 401, body: { code: 401, success: false, data: null, msg: '缺失令牌,鉴权失败' } });
    }
  });

  it('garbage, forged, expired or unsigned tokens: 401 请求未授权', async () => {
    const key = new TextEncoder().encode(fs.readFileSync(path.join(t.config.dataDir, 'jwt-signing.key'), 'utf8').trim());
    const { body: good } = await passwordGrant('admin', 'admin');
    const claims = claimsOf(good.access_token);
    const { exp: _e, iat: _i, ...rest } = claims;
    const expired = await new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(1_600_000_000)
      .setExpirationTime(1_600_003_600)
      .sign(key);
    const forged = await new SignJWT({ ...rest, tenant_id: '000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${good.access_token.split('.')[1]}.`;
    const [head, , signature] = good.access_token.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, user_id: '1' })).toString('base64url')}.${signature}`;
    for (const [name, token] of Object.entries({ garbage: 'garbage', expired, forged, unsigned, tampered })) {
      const r = await t.call(token, { method: 'GET', url: '/api/blade-system/param/list' });
      expect(r, name).toMatchObject({ status: 401, body: { code: 401, success: false, data: null, msg: '请求未授权' } });
    }
    expect((await t.call(good.access_token, { method: 'GET', url: '/api/blade-system/param/list' })).status).toBe(200);
  });

  it('accepts the token as ?blade-auth= on downloads only, never on other reads or on writes', async () => {
    const { body } = await passwordGrant('admin', 'admin');
    const query = { 'blade-auth': `bearer ${body.access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/blade-user/export-template', query })).statusCode).toBe(200);
    const info = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/user-info', query });
    expect(info.statusCode).toBe(401);
    expect(info.json().msg).toBe('缺失令牌,鉴权失败');
    const write = await t.app.inject({ method: 'POST', url: '/api/blade-system/param/remove', query: { ...query, ids: '1' } });
    expect(write.statusCode).toBe(401);
  });

  it('a Tenant-Id header never overrides the tenant of the token', async () => {
    const { body } = await passwordGrant('admin', 'admin');
    const r = await t.call(body.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: { 'tenant-id': '100002' } });
    expect(r.body.data.tenantId).toBe('000000');
  });
});

describe('user-info, clear-cache, logout', () => {
  it('user-info answers the caller without password or lock state', async () => {
    const { body } = await passwordGrant('wangjianguo', '123456');
    const r = await t.call(body.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(r.body.data).toMatchObject({
      account: 'wangjianguo',
      userName: 'wangjianguo',
      realName: '王建国',
      tenantId: '000000',
      userId: body.user_id,
      roleName: 'manager',
    });
    for (const secret of ['password', 'failCount', 'lockUntil']) expect(r.body.data).not.toHaveProperty(secret);
    expect(JSON.stringify(r.body)).not.toContain('$2');
  });

  it('clear-cache answers success', async () => {
    const { body } = await passwordGrant('admin', 'admin');
    const r = await t.call(body.access_token, { method: 'GET', url: '/api/blade-auth/oauth/clear-cache' });
    expect(r).toMatchObject({ status: 200, body: { code: 200, success: true, data: {}, msg: '操作成功' } });
  });

  it('logout revokes the token server side', async () => {
    const { body } = await passwordGrant('admin', 'admin');
    const out = await t.call(body.access_token, { method: 'GET', url: '/api/blade-auth/oauth/logout' });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: 'true', msg: 'success' });
    const after = await t.call(body.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(after).toMatchObject({ status: 401, body: { code: 401, msg: '请求未授权' } });
    // the refresh token issued with it is revoked as well
    const refreshed = await tokenCall({ grant_type: 'refresh_token', refresh_token: body.refresh_token, tenantId: '000000' }, { 'tenant-id': '000000' });
    expect(refreshed).toMatchObject(grantError('刷新令牌无效或已过期'));
    // logout without a token is harmless
    expect(await t.call(undefined, { method: 'GET', url: '/api/blade-auth/oauth/logout' })).toMatchObject({
      status: 200,
      body: { success: 'true', msg: 'success' },
    });
  });
});

describe('switch mode (Dept-Id / Role-Id headers)', () => {
  let costDept: string, gmDept: string, financeDept: string, managerRole: string, projectRole: string, adminRole: string;
  beforeAll(async () => {
    gmDept = await idOf(depts, sql`dept_name = '总经办' AND tenant_id = '000000'`);
    costDept = await idOf(depts, sql`dept_name = '造价部' AND tenant_id = '000000'`);
    financeDept = await idOf(depts, sql`dept_name = '财务部' AND tenant_id = '000000'`);
    managerRole = await idOf(roles, sql`role_alias = 'manager' AND tenant_id = '000000'`);
    projectRole = await idOf(roles, sql`role_alias = 'project' AND tenant_id = '000000'`);
    adminRole = await idOf(roles, sql`role_alias = 'administrator' AND tenant_id = '000000'`);
    // 王建国 heads two departments and holds two roles
    await t.database.db
      .update(users)
      .set({ deptId: `${gmDept},${costDept}`, roleId: `${managerRole},${projectRole}` })
      .where(eq(users.account, 'wangjianguo'));
  });

  it('without headers the token carries all of the user’s depts and roles', async () => {
    const { body } = await passwordGrant('wangjianguo', '123456');
    expect(body.dept_id).toBe(`${gmDept},${costDept}`);
    expect(body.role_id.split(',').sort()).toEqual([managerRole, projectRole].sort());
    expect(body.role_name.split(',').sort()).toEqual(['manager', 'project']);
  });

  it('narrows the token to one of the user’s own depts / roles', async () => {
    const { status, body } = await passwordGrant('wangjianguo', '123456', '000000', { 'dept-id': costDept, 'role-id': projectRole });
    expect(status).toBe(200);
    expect(body).toMatchObject({ dept_id: costDept, role_id: projectRole, role_name: 'project' });
    // the narrowed role is what counts: 项目人员 may not see the parameters 公司领导 may
    expect((await t.call(body.access_token, { method: 'GET', url: '/api/blade-system/param/list' })).status).toBe(403);
    const asManager = (await passwordGrant('wangjianguo', '123456', '000000', { 'role-id': managerRole })).body;
    expect(asManager).toMatchObject({ role_id: managerRole, role_name: 'manager', dept_id: `${gmDept},${costDept}` });
    expect((await t.call(asManager.access_token, { method: 'GET', url: '/api/blade-system/param/list' })).status).toBe(200);
  });

  it('keeps the narrowing across a refresh', async () => {
    const { body } = await passwordGrant('wangjianguo', '123456', '000000', { 'dept-id': costDept, 'role-id': projectRole });
    const r = await tokenCall({ grant_type: 'refresh_token', refresh_token: body.refresh_token, tenantId: '000000' }, { 'tenant-id': '000000' });
    expect(r.body).toMatchObject({ dept_id: costDept, role_id: projectRole });
  });

  it('refuses a dept or role that is not the user’s own', async () => {
    expect(await passwordGrant('wangjianguo', '123456', '000000', { 'dept-id': financeDept })).toMatchObject(grantError('所选部门不属于当前用户'));
    expect(await passwordGrant('wangjianguo', '123456', '000000', { 'role-id': adminRole })).toMatchObject(grantError('所选角色不属于当前用户'));
    expect(await passwordGrant('wangjianguo', '123456', '000000', { 'dept-id': `${gmDept},${financeDept}` })).toMatchObject(
      grantError('所选部门不属于当前用户'),
    );
  });
});
