/**
 * 权限解释 and 以此身份查看: the explainer's answers for a code granted and one refused, a record let in and one kept
 * out by the data scope (本人可见 on the notice list), the same answers the user's own calls get; view-as sees the
 * user's menus and list totals, cannot write (POST, PUT, DELETE → 403, nothing written), is logged at start and end
 * and ends with one call; a user without the code is refused; another tenant's user is not found.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../platform/db/ids.ts';
import { VIEW_AS_READ_ONLY } from '../../platform/http/route.ts';
import { usualLog } from '../../platform/logs/schema.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, waitFor } from '../../testing/db.ts';
import { FORBIDDEN, refusal } from '../../testing/http.ts';
import { notices } from '../desk/schema.ts';
import { depts } from '../org/schema.ts';
import { users } from '../user/schema.ts';
import { EXPLAIN_API, EXPLAIN_MSG } from './explain.ts';
import { dataScopes, menus, roles } from './schema.ts';
import { VIEW_AS_MSG } from './view-as.ts';

let t: TestApp;
let admin: string;
let zhangwei: string; // project role: the notice list with its buttons, 本人可见
const ids: Record<string, string> = {};
const PREFIX = '权限解释测试';
const NOTICE_CODES = ['desk', 'notice', 'notice_view', 'notice_add', 'notice_edit', 'notice_delete'];
const OWN_SCOPE = '权限解释本人可见';

const explainMenu = (token: string, userId: string, code: string) => t.call(token, { method: 'GET', url: `${EXPLAIN_API}/menu`, query: { userId, code } });
const explainRecord = (token: string, userId: string, id: string, kind = 'notice') =>
  t.call(token, { method: 'GET', url: `${EXPLAIN_API}/record`, query: { userId, kind, id } });
const viewAs = (token: string, userId: string) => t.call(token, { method: 'POST', url: `${EXPLAIN_API}/view-as`, payload: { userId } });
const noticeTotal = async (token: string) => {
  const r = await t.call(token, { method: 'GET', url: '/api/blade-desk/notice/list', query: { title: PREFIX, size: '100' } });
  expect(r.status).toBe(200);
  return { total: r.body.data.total as number, titles: (r.body.data.records as { title: string }[]).map((n) => n.title).sort() };
};
const usualRows = (logId: string) => t.database.db.select().from(usualLog).where(eq(usualLog.logId, logId));

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token!;
  const db = t.database.db;
  for (const u of await db.select({ id: users.id, account: users.account }).from(users).where(eq(users.tenantId, '000000'))) ids[u.account] = u.id;
  for (const r of await db.select({ id: roles.id, alias: roles.roleAlias }).from(roles).where(eq(roles.tenantId, '000000'))) ids[`role:${r.alias}`] = r.id;
  const [dept] = await db.select({ id: depts.id }).from(depts).where(eq(depts.tenantId, '000000')).limit(1);
  // One notice written by zhangwei, one by chenjing.
  for (const [n, account] of [
    ['1', 'zhangwei'],
    ['2', 'chenjing'],
  ] as const) {
    const id = nextId();
    ids[`notice${n}`] = id;
    await db.insert(notices).values({
      id,
      tenantId: '000000',
      title: `${PREFIX}${n}`,
      category: 1,
      releaseTime: '2026-11-20',
      createUser: ids[account]!,
      createDept: dept!.id,
      updateUser: ids[account]!,
    });
  }
  // 本人可见 on the notice list, granted to the project role with the list and its buttons (权限设置).
  const [noticeMenu] = await db.select({ id: menus.id }).from(menus).where(eq(menus.code, 'notice'));
  const made = await t.call(admin, {
    method: 'POST',
    url: '/api/blade-system/data-scope/submit',
    payload: { menuId: noticeMenu!.id, scopeName: OWN_SCOPE, scopeType: 2, resourceCode: 'notice' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const [scope] = await db.select({ id: dataScopes.id }).from(dataScopes).where(eq(dataScopes.scopeName, OWN_SCOPE));
  const menuIds = (await db.select({ id: menus.id }).from(menus).where(inArray(menus.code, NOTICE_CODES))).map((m) => m.id);
  const granted = await t.call(admin, {
    method: 'POST',
    url: '/api/blade-system/role/grant',
    payload: { roleIds: [ids['role:project']], menuIds, dataScopeIds: [scope!.id], apiScopeIds: [] },
  });
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  zhangwei = (await t.login('zhangwei', '123456')).access_token!;
});
afterAll(() => t.close());

describe('the explainer: menus and button codes', () => {
  it('a code granted: the role that grants it, as the user’s own call finds it', async () => {
    const r = await explainMenu(admin, ids.zhangwei!, 'notice_add');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ granted: true, inPackage: true, user: { id: ids.zhangwei, account: 'zhangwei' }, tenant: { id: '000000' } });
    expect(d.menu).toMatchObject({ code: 'notice_add', category: 2 });
    expect(d.roles).toContainEqual(expect.objectContaining({ id: ids['role:project'], grants: true, how: 'direct' }));
    expect(d.reason).toContain('由角色');
    // The folder above a granted menu is implied by it.
    const folder = (await explainMenu(admin, ids.zhangwei!, 'desk')).body.data;
    expect(folder.granted).toBe(true);
    // zhangwei's own buttons carry the code.
    const buttons = JSON.stringify((await t.call(zhangwei, { method: 'GET', url: '/api/blade-system/menu/buttons' })).body.data);
    expect(buttons).toContain('"notice_add"');
  });

  it('a code refused: no role grants it, and the user’s own call is refused', async () => {
    const r = await explainMenu(admin, ids.zhangwei!, 'role_grant');
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.granted).toBe(false);
    expect(d.roles.length).toBeGreaterThan(0);
    for (const role of d.roles) expect(role).toMatchObject({ grants: false, how: null, reason: '未授予' });
    expect(d.reason).toContain('均未授予');
    expect(await t.call(zhangwei, { method: 'POST', url: '/api/blade-system/role/grant', payload: { roleIds: [], menuIds: [] } })).toMatchObject(FORBIDDEN);
  });

  it('the administrator holds every code through the administrator role', async () => {
    const d = (await explainMenu(admin, ids.admin!, 'role_grant')).body.data;
    expect(d.granted).toBe(true);
    expect(d.roles).toContainEqual(expect.objectContaining({ grants: true, how: 'admin' }));
  });

  it('bad input: an unknown code, a malformed user id (400)', async () => {
    expect(await explainMenu(admin, ids.zhangwei!, 'no_such_code')).toMatchObject(refusal(EXPLAIN_MSG.codeMissing));
    expect((await explainMenu(admin, 'abc', 'notice')).status).toBe(400);
  });
});

describe('the explainer: a record and the data scope', () => {
  it('a row let in: the granted rule 本人可见 matches it', async () => {
    const r = await explainRecord(admin, ids.zhangwei!, ids.notice1!);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ exists: true, visible: true, menuGranted: true, kind: { kind: 'notice' } });
    expect(d.scope.decision).toBe('rules');
    const rule = d.scope.rules.find((x: { name: string }) => x.name === OWN_SCOPE);
    expect(rule).toMatchObject({ granted: true, matches: true, typeLabel: '本人可见' });
    expect(d.scope.deciding).toEqual([rule.id]);
    expect(d.reason).toContain(`符合规则:${OWN_SCOPE}`);
    // What zhangwei's own detail call answers.
    const own = await t.call(zhangwei, { method: 'GET', url: '/api/blade-desk/notice/detail', query: { id: ids.notice1! } });
    expect(own.body.data).toMatchObject({ id: ids.notice1 });
  });

  it('a row kept out: no granted rule matches it', async () => {
    const d = (await explainRecord(admin, ids.zhangwei!, ids.notice2!)).body.data;
    expect(d).toMatchObject({ exists: true, visible: false });
    const rule = d.scope.rules.find((x: { name: string }) => x.name === OWN_SCOPE);
    expect(rule).toMatchObject({ granted: true, matches: false });
    expect(d.scope.deciding).toEqual([rule.id]);
    expect(d.reason).toContain('不符合任何被授予的规则');
    const own = await t.call(zhangwei, { method: 'GET', url: '/api/blade-desk/notice/detail', query: { id: ids.notice2! } });
    expect(own.body.data?.id).toBeUndefined();
  });

  it('the administrator is never narrowed; a record of no such kind or id', async () => {
    const d = (await explainRecord(admin, ids.admin!, ids.notice2!)).body.data;
    expect(d).toMatchObject({ visible: true, scope: { decision: 'admin' } });
    const rule = d.scope.rules.find((x: { name: string }) => x.name === OWN_SCOPE);
    expect(rule.granted).toBe(false);
    expect(await explainRecord(admin, ids.zhangwei!, ids.notice1!, 'no_such_kind')).toMatchObject(refusal(EXPLAIN_MSG.kindMissing));
    expect((await explainRecord(admin, ids.zhangwei!, nextId())).body.data).toMatchObject({ exists: false, visible: false });
  });

  it('the kinds offered include the notice list', async () => {
    const r = await t.call(admin, { method: 'GET', url: `${EXPLAIN_API}/kinds` });
    expect(r.body.data).toContainEqual({ kind: 'notice', label: '通知公告' });
  });
});

describe('view as another user', () => {
  it('sees exactly their menus and list totals, cannot write, is logged and ends with one call', async () => {
    const started = await viewAs(admin, ids.zhangwei!);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const token = started.body.data.access_token as string;
    expect(started.body.data).toMatchObject({ account: 'zhangwei', viewer: { account: 'admin' } });

    const routes = (tok: string) => t.call(tok, { method: 'GET', url: '/api/blade-system/menu/routes' }).then((r) => r.body.data);
    expect(await routes(token)).toEqual(await routes(zhangwei));
    expect(await routes(token)).not.toEqual(await routes(admin));
    expect(await noticeTotal(token)).toEqual({ total: 1, titles: [`${PREFIX}1`] });
    expect(await noticeTotal(admin)).toMatchObject({ total: 2 });
    const start = await waitFor(async () => (await usualRows('view-as-start'))[0]);
    expect(JSON.parse(start.logData!)).toMatchObject({
      viewer: { userId: ids.admin, account: 'admin' },
      viewed: { userId: ids.zhangwei, account: 'zhangwei' },
    });

    // Writes: refused whatever the method, nothing written — the same submit passes with zhangwei's own token.
    const before = await countRows(t.database, 'blade_notice');
    const submit = { method: 'POST' as const, url: '/api/blade-desk/notice/submit', payload: { title: `${PREFIX}新`, category: 1, releaseTime: '2026-11-21' } };
    expect(await t.call(token, submit)).toMatchObject(refusal(VIEW_AS_READ_ONLY, 403));
    expect(await t.call(token, { method: 'POST', url: '/api/blade-desk/notice/remove', query: { ids: ids.notice1! } })).toMatchObject(
      refusal(VIEW_AS_READ_ONLY, 403),
    );
    expect(await t.call(token, { method: 'PUT', url: '/api/system/dictType/update', payload: { id: nextId() } })).toMatchObject(
      refusal(VIEW_AS_READ_ONLY, 403),
    );
    expect(await t.call(token, { method: 'DELETE', url: '/api/business/hjlProject/del/person', query: { ids: nextId() } })).toMatchObject(
      refusal(VIEW_AS_READ_ONLY, 403),
    );
    expect(await viewAs(token, ids.chenjing!)).toMatchObject(refusal(VIEW_AS_READ_ONLY, 403));
    expect(await countRows(t.database, 'blade_notice')).toBe(before);
    expect(await countRows(t.database, 'blade_notice', 'is_deleted = 1 AND id = $1', [ids.notice1])).toBe(0);
    expect((await t.call(zhangwei, submit)).status).toBe(200);

    // One call ends it: the token is revoked, and the end is logged with who viewed as whom.
    const ended = await t.call(token, { method: 'POST', url: `${EXPLAIN_API}/view-as/end` });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((await t.call(token, { method: 'GET', url: '/api/blade-system/menu/routes' })).status).toBe(401);
    const end = await waitFor(async () => (await usualRows('view-as-end'))[0]);
    expect(JSON.parse(end.logData!)).toMatchObject({ viewer: { userId: ids.admin }, viewed: { userId: ids.zhangwei } });
    expect(end.createBy).toBe('zhangwei');
  });

  it('refused: viewing as oneself, ending a session that is not one', async () => {
    expect(await viewAs(admin, ids.admin!)).toMatchObject(refusal(VIEW_AS_MSG.self));
    expect(await t.call(admin, { method: 'POST', url: `${EXPLAIN_API}/view-as/end` })).toMatchObject(refusal(VIEW_AS_MSG.notViewing));
  });
});

describe('who may ask', () => {
  it('a user without the codes is refused (403)', async () => {
    expect(await explainMenu(zhangwei, ids.chenjing!, 'notice')).toMatchObject(FORBIDDEN);
    expect(await explainRecord(zhangwei, ids.chenjing!, ids.notice2!)).toMatchObject(FORBIDDEN);
    expect(await viewAs(zhangwei, ids.chenjing!)).toMatchObject(FORBIDDEN);
  });

  it('another tenant’s user is not found', async () => {
    const other = await createTenant(t.database, '271828');
    expect(await explainMenu(admin, other.adminUserId, 'notice')).toMatchObject(refusal(EXPLAIN_MSG.userMissing, 404));
    expect(await explainRecord(admin, other.adminUserId, ids.notice1!)).toMatchObject(refusal(EXPLAIN_MSG.userMissing, 404));
    expect(await viewAs(admin, other.adminUserId)).toMatchObject(refusal(EXPLAIN_MSG.userMissing, 404));
    // Its administrator cannot explain this tenant's users either.
    const theirs = (await t.login('admin', 'admin', '271828')).access_token!;
    expect(await explainMenu(theirs, ids.zhangwei!, 'notice')).toMatchObject(refusal(EXPLAIN_MSG.userMissing, 404));
  });
});
