import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, type TestApp } from '../../testing/app.ts';
import { countRows } from '../../testing/db.ts';
import { userOauth, users } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/api/blade-user/register-guest';
const register = (query: Record<string, string>) => t.call(undefined, { method: 'POST', url: URL, query });
const refused = (msg: string) => ({ status: 400, body: { code: 400, success: false, data: null, msg } });

describe('POST /api/blade-user/register-guest', () => {
  it('creates a user awaiting approval, with the oauth id bound', async () => {
    const r = await register({ tenantId: '000000', name: '访客甲', account: 'guest1', password: md5('guest-pass'), oauthId: 'wx-openid-1' });
    expect(r).toMatchObject({ status: 200, body: { code: 200, success: true, data: {}, msg: '注册成功,请等待管理员审核' } });
    const [u] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.account, 'guest1'), eq(users.tenantId, '000000')));
    expect(u).toMatchObject({ tenantId: '000000', account: 'guest1', name: '访客甲', approvalStatus: 0, roleId: '', deptId: '', userType: 3, isDeleted: 0 });
    expect(u!.id).toMatch(/^\d+$/);
    expect(u!.password).toMatch(/^\$2[aby]\$/);
    const [o] = await t.database.db.select().from(userOauth).where(eq(userOauth.userId, u!.id));
    expect(o).toMatchObject({ uuid: 'wx-openid-1', tenantId: '000000' });
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
    expect(await register({ tenantId: '000000', name: 'x', account: 'admin', password: md5('x') })).toMatchObject(refused('当前用户 [admin] 已存在!'));
    expect(await register({ tenantId: '000000', name: 'x', account: 'guest1', password: md5('x') })).toMatchObject(refused('当前用户 [guest1] 已存在!'));
    expect(await countRows(t.database, 'blade_user')).toBe(before);
  });

  it('answers the spec messages for missing fields and writes nothing', async () => {
    const before = await countRows(t.database, 'blade_user');
    expect(await register({ name: 'x', account: 'g2', password: md5('x') })).toMatchObject(refused('请先输入租户编号'));
    expect(await register({ tenantId: '', name: 'x', account: 'g2', password: md5('x') })).toMatchObject(refused('请先输入租户编号'));
    expect(await register({ tenantId: '000000', name: 'x', password: md5('x') })).toMatchObject(refused('请先输入账号名称'));
    expect(await register({ tenantId: '000000', name: 'x', account: '  ', password: md5('x') })).toMatchObject(refused('请先输入账号名称'));
    expect(await register({ tenantId: '000000', name: 'x', account: 'g2' })).toMatchObject(refused('请先输入密码'));
    expect(await register({ tenantId: '000000', name: 'x', account: 'g2', password: '' })).toMatchObject(refused('请先输入密码'));
    expect(await register({ tenantId: '999999', name: 'x', account: 'g2', password: md5('x') })).toMatchObject(refused('租户ID未找到'));
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
    expect(await register({ tenantId: '000000', name: 'x', account: 'g9', password: md5('x') })).toMatchObject(refused('当前系统未开启注册功能'));
    expect((await setRegister('true')).status).toBe(200);

    await t.database.raw(`UPDATE blade_tenant SET account_number = $1 WHERE tenant_id = '000000'`, [before]);
    expect(await register({ tenantId: '000000', name: 'x', account: 'g9', password: md5('x') })).toMatchObject(refused('当前租户已到最大账号额度!'));
    await t.database.raw(`UPDATE blade_tenant SET account_number = -1 WHERE tenant_id = '000000'`);
    expect(await countRows(t.database, 'blade_user')).toBe(before);
  });

  it('accepts the form as a JSON body as well', async () => {
    const r = await t.call(undefined, { method: 'POST', url: URL, payload: { tenantId: '000000', name: '访客乙', account: 'guest2', password: md5('p') } });
    expect(r.status).toBe(200);
    expect(await countRows(t.database, 'blade_user', `account = 'guest2' AND approval_status = 0`)).toBe(1);
  });
});
