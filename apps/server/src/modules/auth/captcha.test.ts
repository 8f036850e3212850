import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { createTestApp, md5, type TestApp } from '../../testing/app.ts';
import { countRows } from '../../testing/db.ts';
import { users } from '../user/schema.ts';
import { captchas } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function captcha() {
  const res = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
  expect(res.statusCode).toBe(200);
  return { ...(res.json() as { key: string; image: string; testCode: string }), res };
}

async function captchaLogin(key: string | undefined, code: string | undefined, password = 'admin', account = 'admin') {
  const headers: Record<string, string> = { authorization: `Basic ${t.basic}`, 'tenant-id': '000000' };
  if (key !== undefined) headers['captcha-key'] = key;
  if (code !== undefined) headers['captcha-code'] = code;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { tenantId: '000000', username: account, password: md5(password), grant_type: 'captcha', scope: 'all' },
    headers,
  });
  return { status: res.statusCode, body: res.json() };
}

const WRONG = { status: 400, body: { error_code: 400, error: 'invalid_grant', error_description: '验证码不正确' } };

describe('GET /api/blade-auth/oauth/captcha', () => {
  it('answers a key and an image (data URL); in tests also the expected code', async () => {
    const c = await captcha();
    expect(Object.keys(c.res.json()).sort()).toEqual(['image', 'key', 'testCode']);
    expect(c.key).toMatch(/^[0-9a-f]{32}$/);
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(c.image.split(',')[1]!, 'base64').toString('utf8')).toContain('<svg');
    expect(c.testCode).toMatch(/^[0-9a-zA-Z]{4}$/);
    expect(c.res.headers['cache-control']).toBe('no-store');
    const other = await captcha();
    expect(other.key).not.toBe(c.key);
  });

  it('stores only the expected answer in the database, for 30 minutes', async () => {
    const c = await captcha();
    const [row] = await t.database.db
      .select({ code: captchas.code, minutes: sql<number>`round(extract(epoch FROM (${captchas.expiresAt} - now()::timestamp)) / 60)::int` })
      .from(captchas)
      .where(eq(captchas.key, c.key));
    expect(row).toEqual({ code: c.testCode.toLowerCase(), minutes: 30 });
  });

  it('never reveals the code without the exact test switch', async () => {
    expect(loadConfig({ CAPTCHA_TEST_MODE: 'true' }).captchaTestMode).toBe(false);
    expect(loadConfig({ CAPTCHA_TEST_MODE: '1' }).captchaTestMode).toBe(false);
    expect(loadConfig({}).captchaTestMode).toBe(false);
    const prod = await createTestApp({ CAPTCHA_TEST_MODE: '' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['image', 'key']);
    } finally {
      await prod.close();
    }
  });
});

describe('captcha grant', () => {
  it('logs in with the right code', async () => {
    const c = await captcha();
    const r = await captchaLogin(c.key, c.testCode);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ account: 'admin', token_type: 'bearer' });
  });

  it('compares the code case-insensitively', async () => {
    const upper = await captcha();
    expect((await captchaLogin(upper.key, upper.testCode.toUpperCase())).status).toBe(200);
    const lower = await captcha();
    expect((await captchaLogin(lower.key, ` ${lower.testCode.toLowerCase()} `)).status).toBe(200);
  });

  it('refuses a wrong, missing or unknown code with 验证码不正确', async () => {
    const c = await captcha();
    expect(await captchaLogin(c.key, c.testCode === 'abcd' ? 'abce' : 'abcd')).toMatchObject(WRONG);
    expect(await captchaLogin(undefined, undefined)).toMatchObject(WRONG);
    expect(await captchaLogin((await captcha()).key, undefined)).toMatchObject(WRONG);
    expect(await captchaLogin('0123456789abcdef0123456789abcdef', 'abcd')).toMatchObject(WRONG);
  });

  it('is single use: neither a used nor a wrongly answered captcha can be tried again', async () => {
    const used = await captcha();
    expect((await captchaLogin(used.key, used.testCode)).status).toBe(200);
    expect(await captchaLogin(used.key, used.testCode)).toMatchObject(WRONG);

    const missed = await captcha();
    expect(await captchaLogin(missed.key, 'zzzz')).toMatchObject(WRONG);
    expect(await captchaLogin(missed.key, missed.testCode)).toMatchObject(WRONG);
    expect(await countRows(t.database, 'blade_captcha', 'key = $1', [missed.key])).toBe(0);
  });

  it('refuses an expired captcha', async () => {
    const c = await captcha();
    await t.database.db.update(captchas).set({ expiresAt: '2020-01-01 00:00:00' }).where(eq(captchas.key, c.key));
    expect(await captchaLogin(c.key, c.testCode)).toMatchObject(WRONG);
  });

  it('checks the captcha before the password: a wrong code does not count as a failed login', async () => {
    const before = (await t.database.db.select({ n: users.failCount }).from(users).where(eq(users.account, 'admin')))[0]!.n;
    expect(await captchaLogin('0123456789abcdef0123456789abcdef', 'abcd', 'wrong')).toMatchObject(WRONG);
    const after = (await t.database.db.select({ n: users.failCount }).from(users).where(eq(users.account, 'admin')))[0]!.n;
    expect(after).toBe(before);
    // with the right code the password is still checked
    const c = await captcha();
    expect(await captchaLogin(c.key, c.testCode, 'wrong')).toMatchObject({ status: 400, body: { error_description: '用户名或密码错误' } });
  });
});
