import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, type TestApp } from '../../testing/app.ts';
import { users } from '../user/schema.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token!;
});
afterAll(() => t.close());

const LOCKED = '登录错误次数过多,请稍后再试';
const BAD = '用户名或密码错误';

async function login(account: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { tenantId: '000000', username: account, password: md5(password), grant_type: 'password', scope: 'all' },
    headers: { authorization: `Basic ${t.basic}`, 'tenant-id': '000000' },
  });
  const body = res.json();
  return res.statusCode === 200 ? 'ok' : (expect(res.statusCode).toBe(400), expect(body.error).toBe('invalid_grant'), body.error_description as string);
}

async function lockState(account: string) {
  const [u] = await t.database.db.select({ failCount: users.failCount, lockUntil: users.lockUntil }).from(users).where(eq(users.account, account));
  return u!;
}

describe('lock-out after account.failCount wrong passwords', () => {
  it('locks after 5 failures by default, even against the right password', async () => {
    for (let i = 1; i <= 4; i++) expect(await login('lihong', 'wrong'), `failure ${i}`).toBe(BAD);
    expect(await login('lihong', 'wrong')).toBe(LOCKED);
    expect(await login('lihong', '123456')).toBe(LOCKED);
    const state = await lockState('lihong');
    expect(state.failCount).toBe(5);
    expect(state.lockUntil).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // other accounts are not affected
    expect(await login('zhaomin', '123456')).toBe('ok');
  });

  it('the lock runs out (30 minutes), and then the count starts afresh', async () => {
    await t.database.db.update(users).set({ lockUntil: '2020-01-01 00:00:00' }).where(eq(users.account, 'lihong'));
    expect(await login('lihong', 'wrong')).toBe(BAD);
    expect(await lockState('lihong')).toEqual({ failCount: 1, lockUntil: null });
    expect(await login('lihong', '123456')).toBe('ok');
    expect(await lockState('lihong')).toEqual({ failCount: 0, lockUntil: null });
  });

  it('a successful login resets the count', async () => {
    for (let i = 1; i <= 4; i++) expect(await login('chenjing', 'wrong')).toBe(BAD);
    expect((await lockState('chenjing')).failCount).toBe(4);
    expect(await login('chenjing', '123456')).toBe('ok');
    expect((await lockState('chenjing')).failCount).toBe(0);
    for (let i = 1; i <= 4; i++) expect(await login('chenjing', 'wrong'), `failure ${i} after the reset`).toBe(BAD);
    expect(await login('chenjing', '123456')).toBe('ok');
  });

  it('follows the tenant’s account.failCount parameter (changed to 3)', async () => {
    const list = await t.call(admin, { method: 'GET', url: '/api/blade-system/param/list', query: { paramKey: 'account.failCount' } });
    const param = list.body.data.records[0];
    expect(param.paramValue).toBe('5');
    const edit = await t.call(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id: param.id, paramValue: '3' } });
    expect(edit.status).toBe(200);

    expect(await login('zhangwei', 'wrong')).toBe(BAD);
    expect(await login('zhangwei', 'wrong')).toBe(BAD);
    expect(await login('zhangwei', 'wrong')).toBe(LOCKED);
    expect(await login('zhangwei', '123456')).toBe(LOCKED);
    expect((await lockState('zhangwei')).failCount).toBe(3);
  });
});
