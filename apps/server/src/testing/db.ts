/** Database helpers for API tests: counting rows, waiting for asynchronous writes, building a second tenant. */
import pg from 'pg';
import type { Database } from '../platform/db/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { depts, posts } from '../modules/org/schema.ts';
import { params, roles } from '../modules/system/schema.ts';
import { tenants } from '../modules/tenant/schema.ts';
import { users } from '../modules/user/schema.ts';
import { hashPassword } from '../modules/user/service.ts';

/** Rows of a table (optionally under a condition written in SQL with $1.. parameters). */
export async function countRows(database: Database, table: string, where = 'true', values: unknown[] = []): Promise<number> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table name ${table}`);
  const [r] = await database.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, values);
  return Number(r?.n ?? 0);
}

/** The users' ids of a tenant by account (the `ids` most API tests set up). */
export async function userIds(database: Database, tenantId = '000000'): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const r of await database.raw(`SELECT id::text AS id, account FROM blade_user WHERE tenant_id = $1`, [tenantId])) ids[String(r.account)] = String(r.id);
  return ids;
}

/**
 * What node-postgres sends while `fn` runs, one entry a round trip (PostgreSQL only: PGlite sends none this way):
 * the statement's text, whitespace collapsed, with `BEGIN; ` in front and `; COMMIT` behind when its transaction's
 * BEGIN or COMMIT went with it (platform/db/pg-client.ts). Those matching `leaveOut` are not listed (the API log's
 * batched insert, for one).
 */
export async function statementsOf(fn: () => Promise<unknown>, leaveOut?: RegExp): Promise<string[]> {
  const texts: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as { text?: string; begin?: boolean; commit?: boolean } | string | undefined;
    const text = typeof q === 'string' ? q : String(q?.text ?? '');
    const carried = typeof q === 'object' ? q : undefined;
    if (!leaveOut?.test(text)) texts.push(`${carried?.begin ? 'BEGIN; ' : ''}${text.replace(/\s+/g, ' ').trim()}${carried?.commit ? '; COMMIT' : ''}`);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = query;
  }
  return texts;
}

/**
 * Polls until `probe` answers something (not undefined, null, false or an empty array): log rows are written
 * after the answer is sent.
 */
export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== null && v !== false && !(Array.isArray(v) && v.length === 0)) return v;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface TestTenant {
  tenantId: string;
  deptId: string;
  postId: string;
  adminRoleId: string;
  adminUserId: string;
  paramId: string;
}

/**
 * A second company: tenant row, one dept, one post, an `administrator` role, user admin/<password> and one
 * system parameter, written directly into the database.
 */
export async function createTenant(database: Database, tenantId: string, password = 'admin'): Promise<TestTenant> {
  const db = database.db;
  const t: TestTenant = { tenantId, deptId: nextId(), postId: nextId(), adminRoleId: nextId(), adminUserId: nextId(), paramId: nextId() };
  await db.insert(tenants).values({ id: nextId(), tenantId, tenantName: `测试租户${tenantId}`, accountNumber: -1 });
  await db.insert(depts).values({ id: t.deptId, tenantId, deptName: '测试公司', fullName: '测试公司', parentId: '0', ancestors: '0' });
  await db.insert(posts).values({ id: t.postId, tenantId, postCode: 'ceo', postName: '总经理' });
  await db.insert(roles).values({ id: t.adminRoleId, tenantId, roleName: '管理员', roleAlias: 'administrator' });
  await db.insert(users).values({
    id: t.adminUserId,
    tenantId,
    account: 'admin',
    password: await hashPassword(password),
    name: '租户管理员',
    realName: '租户管理员',
    deptId: t.deptId,
    postId: t.postId,
    roleId: t.adminRoleId,
  });
  await db.insert(params).values({
    id: t.paramId,
    tenantId,
    createUser: t.adminUserId,
    createDept: t.deptId,
    updateUser: t.adminUserId,
    paramName: '租户参数',
    paramKey: `tenant.${tenantId}.only`,
    paramValue: 'mine',
  });
  return t;
}

/**
 * The API scope rule 参数删除接口 (`POST /api/blade-system/param/remove` on the 参数管理 menu), written as an
 * administrator would in 接口权限; none is seeded. Answers its id.
 */
export async function createParamRemoveApiScope(database: Database): Promise<string> {
  const id = nextId();
  await database.raw(
    `INSERT INTO blade_scope_api (id, menu_id, resource_code, scope_name, scope_path, scope_type, remark)
     SELECT $1, id, 'param', '参数删除接口', '/api/blade-system/param/remove', 'POST', '删除系统参数需授予此接口权限' FROM blade_menu WHERE code = 'param' AND is_deleted = 0`,
    [id],
  );
  return id;
}

/**
 * The demo company's basic bank account (基本户, the first of account nature 1): the account a test's collection
 * is received on or its payment paid from, as every ledger row names one (BUSINESS.md §1 Accounts and the ledger).
 */
export async function basicAccountId(database: Database, tenantId = '000000'): Promise<string> {
  const [row] = await database.raw(
    `SELECT id::text AS id FROM hjl_account_info WHERE tenant_id = $1 AND is_deleted = 0 AND account_nature = 1 ORDER BY id LIMIT 1`,
    [tenantId],
  );
  if (!row) throw new Error(`tenant ${tenantId} has no basic account`);
  return String(row.id);
}
