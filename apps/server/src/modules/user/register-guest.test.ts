import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, type TestApp } from '../../testing/app.ts';
import { refusal } from '../../testing/http.ts';
import { countRows } from '../../testing/db.ts';
import { userOauth, users } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/api/blade-user/register-guest';
// Registration is throttled per address: the tests come from addresses of their own.
let address = 0;
const register = (query: Record<string, string>) => t.call(undefined, { method: 'POST', url: URL, query, remoteAddress: `10.0.0.${++address}` });

/** A social login of an account no user is bound to: answers the guest ticket (oauth_id) to register with. */
async function unboundSocialLogin(uuid: string) {
  t.app.loginAuth.providers.social = { resolve: async () => ({ kind: 'oauth', source: 'wechat', uuid, name: '访客甲' }) };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { tenantId: '000000', source: 'wechat', code: 'c0de', state: 's', grant_type: 'social', scope: 'all' },
    headers: { authorization: `Basic ${t.basic}`, 'tenant-id': '000000' },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('POST /api/blade-user/register-guest', () => {
  it('creates a user awaiting approval, with the third-party account of the social login bound', async () => {
    await t.database.raw(`UPDATE blade_client SET authorized_grant_types = authorized_grant_types || ',social' WHERE client_id = 'saber'`);
    const social = await unboundSocialLogin('wx-openid-1');
    expect(social).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: '第三方账号未绑定系统用户,请先注册', tenant_id: '000000' },
    });
    // a made-up oauth id binds nothing
    expect(await register({ tenantId: '000000', name: 'x', account: 'guest0', password: md5('x'), oauthId: 'wx-openid-1' })).toMatchObject(
      refusal('第三方登录信息无效或已过期,请重新登录'),
    );
    const r = await register({ tenantId: '000000', name: '访客甲', account: 'guest1', password: md5('guest-pass'), oauthId: social.body.oauth_id });
    expect(r).toMatchObject({ status: 200, body: { code: 200, success: true, data: {}, msg: '注册成功,请等待管理员审核' } });
    const [u] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.account, 'guest1'), eq(users.tenantId, '000000')));
    expect(u).toMatchObject({ tenantId: '000000', account: 'guest1', name: '访客甲', approvalStatus: 0, roleId: '', deptId: '', userType: 3, isDeleted: 0 });
    expect(u!.id).toMatch(/^\d+$/);
    expect(u!.password).toMatch(/^\$2[aby]\$/);
    const [o] = await t.database.db.select().from(userOauth).where(eq(userOauth.userId, u!.id));
    expect(o).toMatchObject({ uuid: 'wechat:wx-openid-1', source: 'wechat', tenantId: '000000' });
    // the social login now finds the account, and is refused like a password login until approval
    expect((await unboundSocialLogin('wx-openid-1')).body.error_description).toBe('未获得用户的角色信息');
  });

  it('the registered guest cannot log in before approval', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { tenantId: '000000', username: 'guest1', password: md5('guest-pass'), grant_type: 'password', scope: 'all' },
      headers: { authorization: `Basic ${t.basic}`, 'tenant-id': '000000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error_code: 400, error: 'invalid_grant', error_description: '未获得用户的角色信息' });
    // even if someone gave it a role, it is not approved yet
    const [role] = await t.database.raw(`SELECT id::text FROM blade_role WHERE role_alias = 'administrator' AND tenant_id = '000000'`);
    await t.database.db
      .update(users)
      .set({ roleId: String(role!.id) })
      .where(eq(users.account, 'guest1'));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { tenantId: '000000', username: 'guest1', password: md5('guest-pass'), grant_type: 'password', scope: 'all' },
      headers: { authorization: `Basic ${t.basic}`, 'tenant-id': '000000' },
    });
    expect(again.json().error_description).toBe('未获得用户的角色信息');
  });

  it('refuses a taken account, staff or guest', async () => {
    const before = await countRows(t.database, 'blade_user');
    expect(await register({ tenantId: '000000', name: 'x', account: 'admin', password: md5('x') })).toMatchObject(refusal('当前用户 [admin] 已存在!'));
    expect(await register({ tenantId: '000000', name: 'x', account: 'guest1', password: md5('x') })).toMatchObject(refusal('当前用户 [guest1] 已存在!'));
    // accounts are compared case-insensitively: ADMIN is admin
    expect(await register({ tenantId: '000000', name: 'x', account: 'ADMIN', password: md5('x') })).toMatchObject(refusal('当前用户 [ADMIN] 已存在!'));
    expect(await register({ tenantId: '000000', name: 'x', account: 'Guest1', password: md5('x') })).toMatchObject(refusal('当前用户 [Guest1] 已存在!'));
    expect(await countRows(t.database, 'blade_user')).toBe(before);
  });

  it('answers the spec messages for missing fields and writes nothing', async () => {
    const before = await countRows(t.database, 'blade_user');
    expect(await register({ name: 'x', account: 'g2', password: md5('x') })).toMatchObject(refusal('请先输入租户编号'));
    expect(await register({ tenantId: '', name: 'x', account: 'g2', password: md5('x') })).toMatchObject(refusal('请先输入租户编号'));
    expect(await register({ tenantId: '000000', name: 'x', password: md5('x') })).toMatchObject(refusal('请先输入账号名称'));
    expect(await register({ tenantId: '000000', name: 'x', account: '  ', password: md5('x') })).toMatchObject(refusal('请先输入账号名称'));
    expect(await register({ tenantId: '000000', name: 'x', account: 'g2' })).toMatchObject(refusal('请先输入密码'));
    expect(await register({ tenantId: '000000', name: 'x', account: 'g2', password: '' })).toMatchObject(refusal('请先输入密码'));
    expect(await register({ tenantId: '999999', name: 'x', account: 'g2', password: md5('x') })).toMatchObject(refusal('租户ID未找到'));
    expect(await countRows(t.database, 'blade_user')).toBe(before);
  });

  it('is refused when registration is switched off or the tenant is full', async () => {
    const admin = (await t.login()).access_token!;
    const [param] = await t.database.raw(`SELECT id::text AS id FROM blade_param WHERE param_key = 'account.registerUser' AND tenant_id = '000000'`);
    // changed through the API, as an administrator would, which also refreshes the parameter cache
    const setRegister = (value: string) =>
      t.call(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id: param!.id, paramValue: value } });
    const before = await countRows(t.database, 'blade_user');

    expect((await setRegister('false')).status).toBe(200);
    expect(await register({ tenantId: '000000', name: 'x', account: 'g9', password: md5('x') })).toMatchObject(refusal('当前系统未开启注册功能'));
    expect((await setRegister('true')).status).toBe(200);

    await t.database.raw(`UPDATE blade_tenant SET account_number = $1 WHERE tenant_id = '000000'`, [before]);
    expect(await register({ tenantId: '000000', name: 'x', account: 'g9', password: md5('x') })).toMatchObject(refusal('当前租户已到最大账号额度!'));
    await t.database.raw(`UPDATE blade_tenant SET account_number = -1 WHERE tenant_id = '000000'`);
    expect(await countRows(t.database, 'blade_user')).toBe(before);
  });

  it('accepts the form as a JSON body as well', async () => {
    const r = await t.call(undefined, {
      method: 'POST',
      url: URL,
      payload: { tenantId: '000000', name: '访客乙', account: 'guest2', password: md5('p') },
      remoteAddress: '10.1.0.1',
    });
    expect(r.status).toBe(200);
    expect(await countRows(t.database, 'blade_user', `account = 'guest2' AND approval_status = 0`)).toBe(1);
  });

  it('is throttled per address: 10 an hour, whatever they ask', async () => {
    const from = (i: number) =>
      t.call(undefined, {
        method: 'POST',
        url: URL,
        query: { tenantId: '000000', name: 'x', account: `flood${i}`, password: md5('x') },
        remoteAddress: '10.9.9.9',
      });
    for (let i = 1; i <= 10; i++) expect((await from(i)).status, `registration ${i}`).toBe(200);
    expect(await from(11)).toMatchObject({ status: 429, body: { code: 429, success: false, data: null, msg: '请求过于频繁,请稍后再试' } });
    expect(await countRows(t.database, 'blade_user', `account LIKE 'flood%'`)).toBe(10);
    // another address is not held up
    expect((await register({ tenantId: '000000', name: 'x', account: 'not-flood', password: md5('x') })).status).toBe(200);
  });
});
