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

async function login(account: string, password: string, tenantId = '000000') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { tenantId, username: account, password: md5(password), grant_type: 'password', scope: 'all' },
    headers: { authorization: `Basic ${t.basic}`, 'tenant-id': tenantId },
  });
  const body = res.json();
  return res.statusCode === 200 ? 'ok' : (expect(res.statusCode).toBe(400), expect(body.error).toBe('invalid_grant'), body.error_description as string);
}

async function lockState(account: string) {
  const [u] = await t.database.db.select({ failCount: users.failCount, lockUntil: users.lockUntil }).from(users).where(eq(users.account, account));
  return u!;
}

describe('lock-out after account.failCount wrong passwords', () => {
  it('locks after 5 failures by default: the 5th still answers 用户名或密码错误, the next the lock-out, even with the right password', async () => {
    for (let i = 1; i <= 5; i++) expect(await login('lihong', 'wrong'), `failure ${i}`).toBe(BAD);
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

    for (let i = 1; i <= 3; i++) expect(await login('zhangwei', 'wrong'), `failure ${i}`).toBe(BAD);
    expect(await login('zhangwei', '123456')).toBe(LOCKED);
    expect((await lockState('zhangwei')).failCount).toBe(3);
    // unknown accounts of the tenant count to the same parameter
    for (let i = 1; i <= 3; i++) expect(await login('nobody-3', 'wrong'), `failure ${i}`).toBe(BAD);
    expect(await login('nobody-3', 'wrong')).toBe(LOCKED);
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id: param.id, paramValue: '5' } })).status).toBe(200);
  });

  it('answers an unknown account exactly as a known one, lock-out included; accounts are one whatever their case', async () => {
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 1; i <= 7; i++) {
      known.push(await login('liuyang', 'wrong'));
      unknown.push(await login('no-such-user', 'wrong'));
    }
    expect(unknown).toEqual(known);
    expect(known).toEqual([BAD, BAD, BAD, BAD, BAD, LOCKED, LOCKED]);
    // another spelling of the account is the same account (and the same lock)
    expect(await login('LiuYang', '123456')).toBe(LOCKED);
    expect(await login('NO-SUCH-USER', 'wrong')).toBe(LOCKED);
    // unlock clears a known account; an unknown one runs out like a known one
    const [u] = await t.database.raw(`SELECT id::text FROM blade_user WHERE account = 'liuyang'`);
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-user/unlock', query: { userIds: String(u!.id) } })).status).toBe(200);
    expect(await login('LIUYANG', '123456')).toBe('ok');
    await t.database.raw(`UPDATE blade_login_failure SET lock_until = now() - interval '1 minute' WHERE account = 'no-such-user'`);
    expect(await login('no-such-user', 'wrong')).toBe(BAD);
  });

  it('a tenant that does not exist locks like one that does (after 租户ID未找到, the same lock-out text)', async () => {
    const answers: string[] = [];
    for (let i = 1; i <= 6; i++) answers.push(await login('admin', 'wrong', '999999'));
    expect(answers).toEqual([...Array(5).fill('租户ID未找到'), LOCKED]);
  });

  it('an unknown account costs a password comparison like a known one', async () => {
    const time = async (account: string) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < 3; i++) await login(account, `wrong${i}`, '000000');
      return Number(process.hrtime.bigint() - start) / 3e6;
    };
    await t.database.raw(`DELETE FROM blade_login_failure`);
    await t.database.raw(`UPDATE blade_user SET fail_count = 0, lock_until = NULL WHERE account = 'zhaomin'`);
    const knownMs = await time('zhaomin');
    const unknownMs = await time('timing-probe');
    // both include one bcrypt (cost 10) comparison: the unknown account is not answered markedly faster
    expect(unknownMs).toBeGreaterThan(knownMs * 0.5);
  });
});
