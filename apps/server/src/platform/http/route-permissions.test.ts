/**
 * Permission codes, proved over the whole route table: every route that declares a code refuses a user
 * without it (403 请求被拒绝) and lets through a user whose only grant is that code. The routes come from
 * `app.routeTable`, so a route added later is walked automatically.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../db/ids.ts';
import type { RouteInfo } from './route.ts';
import { createTestApp, md5, type TestApp } from '../../testing/app.ts';
import { roleMenus, roles } from '../../modules/system/schema.ts';
import { users } from '../../modules/user/schema.ts';
import { hashPassword } from '../../modules/user/service.ts';

/** Routes that change platform-wide data (API.md): a tenant user holding the code is still refused. */
const platformOnly = (r: RouteInfo) => typeof r.requires === 'object' && r.requires.platform === true;

const codesOf = (r: RouteInfo): string[] => (typeof r.requires === 'object' ? ('code' in r.requires ? [r.requires.code] : r.requires.anyOf) : []);
const urlOf = (r: RouteInfo) => r.url.replace(/:[A-Za-z]+/g, '1');

let t: TestApp;
let admin: string;
let coded: RouteInfo[];
const TENANT = '000000';

/** Users of the demo tenant holding one role per code (each role granted exactly that menu or button). */
const roleOfCode = new Map<string, string>();
/** Account holding each role (a user's role list has room for about forty). */
const accountOfRole = new Map<string, string>();
let noneRole = '';

/** Logs in narrowed to one role (the Role-Id header of switch mode). */
async function loginAs(roleId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { tenantId: TENANT, username: accountOfRole.get(roleId)!, password: md5('walk-123'), grant_type: 'password', scope: 'all' },
    headers: { authorization: `Basic ${t.basic}`, 'tenant-id': TENANT, 'role-id': roleId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

beforeAll(async () => {
  t = await createTestApp({ TOKEN_RATE_LIMIT: '100000' });
  admin = (await t.login()).access_token!;
  coded = t.app.routeTable.filter((r) => typeof r.requires === 'object');
  const db = t.database.db;
  const [dept] = await t.database.raw(`SELECT id::text AS id FROM blade_dept WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [TENANT]);

  noneRole = nextId();
  await db.insert(roles).values({ id: noneRole, tenantId: TENANT, roleName: '无任何权限', roleAlias: 'walker_none' });
  const codes = [...new Set(coded.flatMap(codesOf))];
  const menuRows = await t.database.raw(`SELECT id::text AS id, code FROM blade_menu WHERE is_deleted = 0`);
  const menuOf = new Map(menuRows.map((m) => [String(m.code), String(m.id)]));
  for (const code of codes) {
    const menuId = menuOf.get(code);
    if (!menuId) continue; // reported by the test below
    const roleId = nextId();
    await db.insert(roles).values({ id: roleId, tenantId: TENANT, roleName: `仅${code}`, roleAlias: `walker_${code}` });
    await db.insert(roleMenus).values({ id: nextId(), roleId, menuId });
    roleOfCode.set(code, roleId);
  }
  const all = [noneRole, ...roleOfCode.values()];
  const password = await hashPassword('walk-123');
  for (let i = 0; i * 40 < all.length; i++) {
    const held = all.slice(i * 40, (i + 1) * 40);
    const account = `walker${i}`;
    await db
      .insert(users)
      .values({ id: nextId(), tenantId: TENANT, account, password, name: '巡检', realName: `巡检员${i}`, deptId: String(dept!.id), roleId: held.join(',') });
    for (const r of held) accountOfRole.set(r, account);
  }
}, 120_000);
afterAll(() => t.close());

describe('permission codes on every route', () => {
  it('every code a route requires is a menu or button that can be granted', () => {
    expect(coded.length).toBeGreaterThan(100);
    const missing = [...new Set(coded.flatMap(codesOf))].filter((c) => !roleOfCode.has(c));
    expect(missing).toEqual([]);
  });

  it('a user without the code is refused with 403 请求被拒绝 before anything runs', async () => {
    const token = await loginAs(noneRole);
    const wrong: string[] = [];
    for (const r of coded) {
      const res = await t.call(token, { method: r.method, url: urlOf(r) });
      if (res.status !== 403 || res.body?.msg !== '请求被拒绝') wrong.push(`${r.method} ${r.url}: ${res.status} ${res.body?.msg}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('a user whose only grant is the code gets past the check (platform-wide changes: the platform administrator only)', async () => {
    const tokens = new Map<string, string>();
    const wrong: string[] = [];
    for (const r of coded) {
      // Each code alone; of `anyOf` codes one suffices (submit: _add inserts, _edit updates, and an empty body is an insert).
      const passed: string[] = [];
      const refused: string[] = [];
      for (const code of codesOf(r)) {
        const roleId = roleOfCode.get(code);
        if (!roleId) continue;
        if (!tokens.has(code)) tokens.set(code, await loginAs(roleId));
        const res = await t.call(tokens.get(code), { method: r.method, url: urlOf(r) });
        (res.status === 403 || res.status === 401 ? refused : passed).push(`${code}: ${res.status} ${res.body?.msg}`);
      }
      if (platformOnly(r) && passed.length)
        wrong.push(`${r.method} ${r.url}: a tenant user passed (${passed.join('; ')}), expected the platform administrator only`);
      if (!platformOnly(r) && (!passed.length || ('code' in (r.requires as object) && refused.length)))
        wrong.push(`${r.method} ${r.url}: refused (${refused.join('; ')})`);
      if (platformOnly(r)) {
        const res = await t.call(admin, { method: r.method, url: urlOf(r) });
        if (res.status === 403 || res.status === 401) wrong.push(`${r.method} ${r.url}: the platform administrator is refused`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
