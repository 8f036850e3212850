import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, type TestApp } from '../../testing/app.ts';
import { refusal } from '../../testing/http.ts';
import { createTenant } from '../../testing/db.ts';

let t: TestApp;
let zw: string;
const row = async (account: string, tenant = '000000') =>
  (
    await t.database.raw(`SELECT account, name, real_name, phone, email, avatar, password FROM blade_user WHERE account = $1 AND tenant_id = $2`, [
      account,
      tenant,
    ])
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  zw = (await t.login('zhangwei', '123456')).access_token!;
});
afterAll(() => t.close());

describe('POST /api/blade-user/update-info', () => {
  it('changes the caller’s own profile; the account stays', async () => {
    const r = await t.call(zw, {
      method: 'POST',
      url: '/api/blade-user/update-info',
      payload: {
        avatar: '/oss/avatar/zw.png',
        name: '伟哥',
        realName: '张伟',
        phone: '13655556666',
        email: 'zw@huajian.example',
        account: 'hacked',
        id: '1',
        roleId: '1',
      },
    });
    expect(r.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    expect(await row('zhangwei')).toMatchObject({
      account: 'zhangwei',
      name: '伟哥',
      phone: '13655556666',
      email: 'zw@huajian.example',
      avatar: '/oss/avatar/zw.png',
    });
    const info = await t.call(zw, { method: 'GET', url: '/api/blade-user/info' });
    expect(info.body.data).toMatchObject({ account: 'zhangwei', name: '伟哥', avatar: '/oss/avatar/zw.png' });
    // the same account in another tenant is untouched
    expect((await row('admin', '100001')).name).toBe('租户管理员');
  });

  it('refuses bad phone, e-mail and names with the specs’ messages', async () => {
    const before = await row('zhangwei');
    for (const [payload, msg] of [
      [{ phone: '' }, '手机号码不能为空'],
      [{ phone: '1365555666' }, '手机号码长度不为11位'],
      [{ phone: '10655556666' }, '请输入正确的手机号或座机号'],
      [{ email: 'x@' }, '请输入正确的邮箱地址'],
      [{ realName: '' }, '请输入用户姓名'],
      [{ name: 'x'.repeat(21) }, '用户昵称最多20个字符'],
    ] as const) {
      expect(await t.call(zw, { method: 'POST', url: '/api/blade-user/update-info', payload }), msg).toMatchObject(refusal(msg));
    }
    expect(await row('zhangwei')).toEqual(before);
  });

  it('needs a login', async () => {
    expect((await t.call(undefined, { method: 'POST', url: '/api/blade-user/update-info', payload: { name: 'x' } })).status).toBe(401);
  });
});

describe('POST /api/blade-user/update-password', () => {
  const change = (payload: Record<string, unknown>) => t.call(zw, { method: 'POST', url: '/api/blade-user/update-password', payload });

  it('refuses with the specs’ messages and keeps the password', async () => {
    const before = (await row('zhangwei')).password;
    for (const [payload, msg] of [
      [{ newPassword: 'abc123', newPassword1: 'abc123' }, '请输入原密码'],
      [{ oldPassword: md5('123456'), newPassword1: 'abc123' }, '请输入新密码'],
      [{ oldPassword: md5('123456'), newPassword: 'abc123' }, '请确认密码'],
      [{ oldPassword: md5('123456'), newPassword: 'abc12', newPassword1: 'abc12' }, '密码最少6位,最长16位,包括至少1个小写字母!'],
      [{ oldPassword: md5('123456'), newPassword: 'abcdefg', newPassword1: 'abcdefg' }, '密码最少6位,最长16位,包括至少1个小写字母!'],
      [{ oldPassword: md5('123456'), newPassword: 'ABC12345', newPassword1: 'ABC12345' }, '密码最少6位,最长16位,包括至少1个小写字母!'],
      [{ oldPassword: md5('123456'), newPassword: 'abc1234567890abcd', newPassword1: 'abc1234567890abcd' }, '密码最少6位,最长16位,包括至少1个小写字母!'],
      [{ oldPassword: md5('123456'), newPassword: 'abc123', newPassword1: 'abc124' }, '两次密码输入不一致'],
      [{ oldPassword: md5('wrong'), newPassword: 'abc123', newPassword1: 'abc123' }, '原密码不正确!'],
    ] as const) {
      expect(await change(payload), msg).toMatchObject(refusal(msg));
    }
    expect((await row('zhangwei')).password).toBe(before);
  });

  it('changes the password: the new one logs in, the old one no longer', async () => {
    expect((await change({ oldPassword: md5('123456'), newPassword: 'huajian2024', newPassword1: 'huajian2024' })).status).toBe(200);
    expect(await t.login('zhangwei', 'huajian2024')).toHaveProperty('access_token');
    await expect(t.login('zhangwei', '123456')).rejects.toThrow(/用户名或密码错误/);
    // the old password may also be sent as typed
    expect((await change({ oldPassword: 'huajian2024', newPassword: 'zw123456', newPassword1: 'zw123456' })).status).toBe(200);
    expect(await t.login('zhangwei', 'zw123456')).toHaveProperty('access_token');
  });
});
