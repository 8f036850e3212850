/**
 * Who people are, as the engine needs it: users named by id or account, a user's groups (role ids and
 * aliases, dept ids, post ids and codes), members of roles/depts/posts, the starter's department leader,
 * and out-of-office proxies. The engine only sees these interfaces; `TableIdentityResolver` asks the user,
 * organisation and system modules of this product through their api.ts (one statement per look-up, the fixed-shape
 * ones prepared). Every call receives the command's transaction and reads through it (PGlite has one connection:
 * a read outside the open transaction would wait for it forever).
 */
import { isIdText } from '@hjl/core';
import { sql, type SQL } from 'drizzle-orm';
import { postCodesOf } from '../../org/api.ts';
import { rolesOf } from '../../system/api.ts';
import { userByIdOrAccount, userHoldings, userIdNamedSql, usersHoldingAny } from '../../user/api.ts';
import type { Tx } from './state.ts';

export interface WfUser {
  id: string;
  name: string;
}

export interface IdentityResolver {
  /** The user named by id or by account, or null when nobody is. */
  findUser(tx: Tx, tenantId: string, idOrAccount: string): Promise<WfUser | null>;
  /**
   * Optional: SQL of the id (text) `findUser` answers for the text expression `name`, or NULL when nobody is named —
   * with `tenantId` the tenant's SQL. The engine evaluates it inside statements it runs anyway (the instance load, a
   * start's read) for the names a command is likely to look up (`namedUsersSql`): each such name then costs no round
   * trip of its own; any other name is asked through `findUser` as before.
   */
  userIdSql?(tenantId: SQL, name: SQL): SQL;
  /** Every group name the user is a member of. */
  groupsOf(tx: Tx, tenantId: string, userId: string): Promise<string[]>;
  /** Users holding any of the roles / depts / posts (by id). */
  membersOf(tx: Tx, tenantId: string, kind: 'role' | 'dept' | 'post', ids: string[]): Promise<string[]>;
  /** The department leader of the user, or null. */
  leaderOf(tx: Tx, tenantId: string, userId: string): Promise<string | null>;
}

/** Out-of-office proxies (blade_wf_proxy, built elsewhere): the proxy of `userId` for process `processKey` at `at`. */
export interface ProxyLookup {
  proxyOf(tx: Tx, tenantId: string, userId: string, processKey: string, at: Date): Promise<string | null>;
  /**
   * Optional: a boolean SQL expression, false only when no proxy of the tenant can be in force at a time — with the
   * placeholders `tenantId` and `at` (the command's time as the server zone's date-time text, `ZoneTime.format`).
   * The engine evaluates it in the statement that loads an instance (no round trip of its own) and, when it is
   * false, asks `proxyOf` nothing in that command: most tenants have no proxy in force most of the time.
   */
  inForce?: SQL;
}

export const noProxies: ProxyLookup = { proxyOf: async () => null };

/**
 * Users named by texts, looked up ahead of the command that will ask (`IdentityResolver.userIdSql`): per text, the
 * user's id, or null when the text names nobody (an assignee kept as written). A text not in the map was not asked.
 */
export type KnownUsers = Map<string, string | null>;

/**
 * SQL: the users named by the texts of `names` (a subquery answering one text column; NULLs and texts no user name
 * can be — empty or longer than 64 characters — are dropped) as a JSON array of `[text, id or null]`, `knownUsersOf`
 * reads it. (`OFFSET 0` keeps each text computed once, not again in every use of it by the look-up.)
 */
export function namedUsersSql(userIdSql: (name: SQL) => SQL, names: SQL): SQL {
  const name = sql.raw('n.name');
  return sql`(SELECT coalesce(json_agg(json_build_array(n.name, ${userIdSql(name)})), '[]'::json)
    FROM (SELECT c.name FROM (${names}) c(name) WHERE length(c.name) BETWEEN 1 AND 64 OFFSET 0) n)`;
}

/** The users of a `namedUsersSql` cell (the driver's JSON, parsed or as text). */
export function knownUsersOf(cell: unknown): KnownUsers {
  const list = (typeof cell === 'string' ? JSON.parse(cell) : (cell ?? [])) as [string, string | null][];
  return new Map(list.map(([name, id]) => [name, id === null ? null : String(id)]));
}

/** Asks user/api.ts, org/api.ts and system/api.ts. */
export class TableIdentityResolver implements IdentityResolver {
  findUser(tx: Tx, tenantId: string, idOrAccount: string): Promise<WfUser | null> {
    return userByIdOrAccount(tx, tenantId, idOrAccount);
  }

  userIdSql(tenantId: SQL, name: SQL): SQL {
    return userIdNamedSql(tenantId, name);
  }

  async groupsOf(tx: Tx, tenantId: string, userId: string): Promise<string[]> {
    const u = await userHoldings(tx, tenantId, userId);
    if (!u) return [];
    const roleIds = u.roleIds.filter(isIdText);
    const postIds = u.postIds.filter(isIdText);
    const aliases = roleIds.length ? (await rolesOf(tx, tenantId, roleIds)).map((r) => r.roleAlias) : [];
    const codes = await postCodesOf(tx, tenantId, postIds);
    return [...new Set([...roleIds, ...aliases, ...u.deptIds, ...postIds, ...codes])];
  }

  membersOf(tx: Tx, tenantId: string, kind: 'role' | 'dept' | 'post', ids: string[]): Promise<string[]> {
    return usersHoldingAny(tx, tenantId, kind === 'role' ? { roleIds: ids } : kind === 'dept' ? { deptIds: ids } : { postIds: ids });
  }

  async leaderOf(tx: Tx, tenantId: string, userId: string): Promise<string | null> {
    return (await userHoldings(tx, tenantId, userId))?.directorId ?? null;
  }
}
