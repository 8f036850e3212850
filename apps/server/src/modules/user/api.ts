/**
 * What other modules may use of the user module (the only file of it they import): the one rule of a
 * user's display name, the `user` reference kind, and the account services.
 */
import { isIdText } from '@hjl/core';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/crud/repo.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Db } from '../../platform/db/index.ts';
import { FixedStatement } from '../../platform/db/prepared.ts';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import { postIdsWithCodeSql } from '../org/api.ts';
import { roleIdsWithAliasSql } from '../system/api.ts';
import { userOauth, users } from './schema.ts';

export {
  checkPassword,
  clearLoginFailures,
  countUsers,
  findUser,
  findUserByAccount,
  hashPassword,
  isLocked,
  publicUser,
  recordLoginFailure,
  usersInDepts,
  type UserRow,
} from './service.ts';

/**
 * The tenant's live, enabled users holding any of the roles, depts or posts (ids; a user's lists are
 * comma-separated), in the order of their ids' text. One statement; `db` may be a transaction (the workflow engine
 * names a role's members inside its command).
 */
export async function usersHoldingAny(
  db: Executor,
  tenantId: string,
  held: { roleIds?: readonly string[]; deptIds?: readonly string[]; postIds?: readonly string[] },
): Promise<string[]> {
  const any = (column: typeof users.roleId | typeof users.deptId | typeof users.postId, ids: readonly string[] | undefined) =>
    ids?.length
      ? [
          sql`string_to_array(${column}, ',') && ARRAY[${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}]::text[]`,
        ]
      : [];
  const conditions = [...any(users.roleId, held.roleIds), ...any(users.deptId, held.deptIds), ...any(users.postId, held.postIds)];
  if (!conditions.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0), eq(users.status, 1), or(...conditions)))
    .orderBy(sql`${users.id}::text`);
  return rows.map((r) => String(r.id));
}

/** The name a user is shown by everywhere: the real name, else the nickname, else the account. */
export function userDisplayName(u: { realName?: string | null; name?: string | null; account?: string | null }): string {
  return u.realName || u.name || u.account || '';
}

/**
 * The same rule in SQL text, over the user table under `alias` (`blade_user u` → userDisplayNameSql('u')),
 * for queries written as text.
 */
export function userDisplayNameSql(alias: string): string {
  return `coalesce(nullif(${alias}.real_name, ''), nullif(${alias}.name, ''), ${alias}.account)`;
}

/**
 * SQL naming, by the same rule, the user whose id is the text `idCol`, within the tenant `tenant` (NULL when
 * it names no user): for list queries that show a person per row
 * (`${userNameOf(sql.raw('t.assignee'), sql.raw('t.tenant_id'))} AS "assigneeName"`). Only the user module
 * spells its table.
 */
export function userNameOf(idCol: SQL, tenant: SQL): SQL<string | null> {
  return sql<string | null>`(SELECT ${sql.raw(userDisplayNameSql('u'))} FROM ${users} u
     WHERE u.id = CASE WHEN ${idCol} ~ '^[0-9]{1,18}$' THEN (${idCol})::bigint END AND u.tenant_id = ${tenant})`;
}

/**
 * Display names of the users among `ids` in the tenant, deleted users included (a history keeps naming who
 * acted); whatever is not an id (a group, an empty value) is skipped. One query.
 */
export async function userNames(db: Db, tenantId: string, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x && isIdText(x)))];
  if (!wanted.length) return new Map();
  return userRefResolver(db).names(tenantId, wanted);
}

/** The same rule as a drizzle expression over the users table. */
export const userDisplayNameExpr: SQL<string> = sql<string>`coalesce(nullif(${users.realName}, ''), nullif(${users.name}, ''), ${users.account})`;

/** The `user` reference kind (FieldDef.ref): a user of the tenant, named by userDisplayName. */
export function userRefResolver(db: Db): RefResolver {
  return tableResolver(db, { table: users, key: users.id, name: userDisplayNameExpr, tenant: users.tenantId, live: eq(users.isDeleted, 0) });
}

/** A user of the tenant as an import names them: by account or real name (live users only, one query). */
export interface UserMatch {
  id: string;
  account: string;
  realName: string | null;
}

/** The live users of the tenant whose account or real name is one of `keys`. */
export async function usersByAccountOrName(db: Db, tenantId: string, keys: readonly string[]): Promise<UserMatch[]> {
  if (!keys.length) return [];
  return db
    .select({ id: users.id, account: users.account, realName: users.realName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0), or(inArray(users.account, [...keys]), inArray(users.realName, [...keys]))));
}

/** A new tenant's administrator (tenant provisioning, in its transaction). */
export async function createTenantAdmin(tx: Executor, values: typeof users.$inferInsert) {
  await tx.insert(users).values(values);
}

/** The user bound to a social login (`<source>:<uuid>`) in the tenant, if any. */
export async function userIdOfOauth(db: Db, tenantId: string, uuid: string): Promise<string | undefined> {
  const [bound] = await db
    .select({ userId: userOauth.userId })
    .from(userOauth)
    .where(and(eq(userOauth.tenantId, tenantId), eq(userOauth.uuid, uuid)))
    .limit(1);
  return bound?.userId;
}
/**
 * Adds fields to the rows of `/api/blade-user/search/user` (the user picker's list): a module registers one with
 * `UserModule.extendSearchRows` (finance adds `accountList`, S1 L61). Answers the rows, set-based.
 */
export type SearchRowExtension = (user: AuthUser, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;

export type { UserModule } from './index.ts';
/** People per department and by age band, of the tenant or of one person (the people area's statistics). */
export { staffAgeBands, staffPerDept } from './statistics.ts';

/** The tenant's live users among `ids` (every live user when absent): account, display name and first dept. One query. */
export async function liveUsersBrief(
  db: Executor,
  tenantId: string,
  ids?: readonly string[],
): Promise<Map<string, { account: string; name: string; deptId: string | null }>> {
  if (ids && !ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, account: users.account, name: userDisplayNameExpr, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0), ids ? inArray(users.id, [...ids]) : undefined));
  return new Map(rows.map((r) => [String(r.id), { account: r.account, name: r.name, deptId: r.deptId ? (r.deptId.split(',').find(Boolean) ?? null) : null }]));
}

/** SQL `SELECT id …` of the tenant's live users whose display name or account contains `text`. */
export function userIdsNamedLikeSql(tenantId: string, text: string): SQL {
  return sql`SELECT u.id FROM ${users} u WHERE u.tenant_id = ${tenantId} AND u.is_deleted = 0
    AND (${sql.raw(userDisplayNameSql('u'))} LIKE ${`%${text}%`} OR u.account LIKE ${`%${text}%`})`;
}

/** SQL `SELECT id …` of the tenant's live users in any of the depts a subquery `SELECT d.id …` names (org/api.ts deptTreeIdsSql). */
export function userIdsInDeptsSql(tenantId: string, deptIds: SQL): SQL {
  return sql`SELECT u.id FROM ${users} u WHERE u.tenant_id = ${tenantId} AND u.is_deleted = 0
    AND string_to_array(u.dept_id, ',') && ARRAY(SELECT x.id::text FROM (${deptIds}) x)`;
}

// What the workflow engine asks about people (engine/identity.ts, history.ts). Each look-up is one statement and
// takes the executor it runs on: the engine reads inside its command's transaction (PGlite has one connection: a
// read outside the open transaction would wait for it forever). The fixed-shape ones are prepared (platform/db/prepared.ts).

/** A user as the workflow engine names one: the id and the display name. */
export interface UserBrief {
  id: string;
  name: string;
}

/**
 * The user named by account (or by id too, when the name is an id's text; the id first). Two branches, so that a
 * generic plan still looks the id up by its key.
 */
const userByNameStatement = (byId: boolean) =>
  new FixedStatement(() => {
    const name = sql.placeholder('name');
    const tenant = sql.placeholder('tenantId');
    const cols = sql`u.id::text AS id, ${sql.raw(userDisplayNameSql('u'))} AS name`;
    const byAccount = sql`SELECT ${cols} FROM ${users} u WHERE u.tenant_id = ${tenant} AND u.is_deleted = 0 AND u.account = ${name}`;
    return byId
      ? sql`(SELECT ${cols} FROM ${users} u WHERE u.id = ${name}::bigint AND u.tenant_id = ${tenant} AND u.is_deleted = 0) UNION ALL (${byAccount}) LIMIT 1`
      : sql`${byAccount} LIMIT 1`;
  });
const USER_BY_ID_OR_ACCOUNT = userByNameStatement(true);
const USER_BY_ACCOUNT = userByNameStatement(false);

/** The tenant's live user named by id or by account (the id first), with the display name; null when nobody is. Prepared. */
export async function userByIdOrAccount(tx: Executor, tenantId: string, idOrAccount: string): Promise<UserBrief | null> {
  const [r] = await (isIdText(idOrAccount) ? USER_BY_ID_OR_ACCOUNT : USER_BY_ACCOUNT).run(tx, { tenantId, name: idOrAccount });
  return r ? { id: String(r.id), name: String(r.name) } : null;
}

/**
 * SQL: the id (text) of the tenant's live user named by the text `name` — by id when it is an id's text, else (or when
 * no user has that id) by account — or NULL: the id `userByIdOrAccount` answers, as an expression another statement
 * can evaluate for many names at once (the workflow engine's instance load names the users of its next tasks).
 * The CASE keeps the cast from ever seeing a text that is no id (`isIdText`); the id alone picks the row (tenant and
 * deletion are checked on it), so that even a generic plan made while the table is small looks it up by its key (with
 * the tenant in the WHERE clause it scanned the tenant's users by the account index: 0.099 against 0.065 ms per load
 * with the cell, pgbench); `lower(account)` lets the look-up use the account index without changing what matches
 * (the accounts equal to the name).
 */
export function userIdNamedSql(tenantId: SQL, name: SQL): SQL<string | null> {
  return sql<string | null>`coalesce(
    (SELECT CASE WHEN u.tenant_id = ${tenantId} AND u.is_deleted = 0 THEN u.id::text END FROM ${users} u
      WHERE u.id = (CASE WHEN ${name} !~ '^[0-9]{1,19}$' THEN NULL WHEN ${name}::numeric <= 9223372036854775807 THEN ${name}::bigint END)),
    (SELECT u.id::text FROM ${users} u WHERE u.tenant_id = ${tenantId} AND u.is_deleted = 0 AND lower(u.account) = lower(${name}) AND u.account = ${name} LIMIT 1))`;
}

const USER_HOLDINGS = new FixedStatement(
  () =>
    sql`SELECT u.role_id, u.dept_id, u.post_id, u.director_id::text AS director_id FROM ${users} u
      WHERE u.tenant_id = ${sql.placeholder('tenantId')} AND u.id = ${sql.placeholder('userId')}::bigint AND u.is_deleted = 0`,
);

/** What a live user of the tenant holds: role, dept and post ids (the comma lists as stored) and the department leader. */
export interface UserHoldings {
  roleIds: string[];
  deptIds: string[];
  postIds: string[];
  directorId: string | null;
}

const splitList = (s: unknown) =>
  String(s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The roles, depts and posts a live user of the tenant holds and their leader; null when the id names nobody. Prepared. */
export async function userHoldings(tx: Executor, tenantId: string, userId: string): Promise<UserHoldings | null> {
  if (!isIdText(userId)) return null;
  const [u] = await USER_HOLDINGS.run(tx, { tenantId, userId });
  if (!u) return null;
  return {
    roleIds: splitList(u.role_id),
    deptIds: splitList(u.dept_id),
    postIds: splitList(u.post_id),
    directorId: u.director_id ? String(u.director_id) : null,
  };
}

/**
 * The tenant's live, enabled users holding any of the group names as the workflow names groups (role ids or
 * aliases, dept ids, post ids or codes), with their display names, in id order. One statement.
 */
export async function usersInGroups(db: Executor, tenantId: string, groups: readonly string[]): Promise<UserBrief[]> {
  if (!groups.length) return [];
  const list = sql`ARRAY[${sql.join(
    groups.map((g) => sql`${g}`),
    sql`, `,
  )}]::text[]`;
  const holds = (column: typeof users.roleId | typeof users.deptId | typeof users.postId, ids: SQL) => sql`string_to_array(${column}, ',') && ${ids}`;
  const idsOf = (subquery: SQL) => sql`ARRAY(SELECT x.id::text FROM (${subquery}) x)`;
  return db
    .select({ id: sql<string>`${users.id}::text`, name: userDisplayNameExpr })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.isDeleted, 0),
        eq(users.status, 1),
        or(
          holds(users.roleId, list),
          holds(users.deptId, list),
          holds(users.postId, list),
          holds(users.roleId, idsOf(roleIdsWithAliasSql(tenantId, groups))),
          holds(users.postId, idsOf(postIdsWithCodeSql(tenantId, groups))),
        ),
      ),
    )
    .orderBy(users.id);
}
