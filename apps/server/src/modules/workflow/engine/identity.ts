/**
 * Who people are, as the engine needs it: users named by id or account, a user's groups (role ids and
 * aliases, dept ids, post ids and codes), members of roles/depts/posts, the starter's department leader,
 * and out-of-office proxies. The engine only sees these interfaces; `TableIdentityResolver` asks the user,
 * organisation and system modules of this product through their api.ts (one statement per look-up, the fixed-shape
 * ones prepared). Every call receives the command's transaction and reads through it (PGlite has one connection:
 * a read outside the open transaction would wait for it forever).
 */
import { isIdText } from '@hjl/core';
import type { SQL } from 'drizzle-orm';
import { postCodesOf } from '../../org/api.ts';
import { rolesOf } from '../../system/api.ts';
import { userByIdOrAccount, userHoldings, usersHoldingAny } from '../../user/api.ts';
import type { Tx } from './state.ts';

export interface WfUser {
  id: string;
  name: string;
}

export interface IdentityResolver {
  /** The user named by id or by account, or null when nobody is. */
  findUser(tx: Tx, tenantId: string, idOrAccount: string): Promise<WfUser | null>;
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

/** Asks user/api.ts, org/api.ts and system/api.ts. */
export class TableIdentityResolver implements IdentityResolver {
  findUser(tx: Tx, tenantId: string, idOrAccount: string): Promise<WfUser | null> {
    return userByIdOrAccount(tx, tenantId, idOrAccount);
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
