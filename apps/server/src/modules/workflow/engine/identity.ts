/**
 * Who people are, as the engine needs it: users named by id or account, a user's groups (role ids and
 * aliases, dept ids, post ids and codes), members of roles/depts/posts, the starter's department leader,
 * and out-of-office proxies. The engine only sees these interfaces; `TableIdentityResolver` reads the
 * user and organisation tables of this product. Every call receives the command's transaction and reads
 * through it (PGlite has one connection: a read outside the open transaction would wait for it forever).
 */
import { isIdText } from '@hjl/core';
import { sql, type SQL } from 'drizzle-orm';
import { userDisplayNameSql } from '../../user/api.ts';
import { FixedStatement } from './prepared.ts';
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
}

export const noProxies: ProxyLookup = { proxyOf: async () => null };

const split = (s: unknown) =>
  String(s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

const rows = async (tx: Tx, q: SQL) => ((await tx.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * The user named by account (or by id too, when the name is an id's text; the id first): prepared, it runs in most
 * commands. Two branches, so that a generic plan still looks the id up by its key.
 */
const findUserStatement = (byId: boolean) =>
  new FixedStatement(() => {
    const name = sql.placeholder('name');
    const tenant = sql.placeholder('tenantId');
    const cols = sql`id::text AS id, ${sql.raw(userDisplayNameSql('blade_user'))} AS name`;
    const byAccount = sql`SELECT ${cols} FROM blade_user WHERE tenant_id = ${tenant} AND is_deleted = 0 AND account = ${name}`;
    return byId
      ? sql`(SELECT ${cols} FROM blade_user WHERE id = ${name}::bigint AND tenant_id = ${tenant} AND is_deleted = 0) UNION ALL (${byAccount}) LIMIT 1`
      : sql`${byAccount} LIMIT 1`;
  });
const FIND_USER_BY_ID_OR_ACCOUNT = findUserStatement(true);
const FIND_USER_BY_ACCOUNT = findUserStatement(false);

/** Reads blade_user, blade_role and blade_post (a later step may swap in the user module's service). */
export class TableIdentityResolver implements IdentityResolver {
  async findUser(tx: Tx, tenantId: string, idOrAccount: string): Promise<WfUser | null> {
    const [r] = await (isIdText(idOrAccount) ? FIND_USER_BY_ID_OR_ACCOUNT : FIND_USER_BY_ACCOUNT).run(tx, { tenantId, name: idOrAccount });
    return r ? { id: String(r.id), name: String(r.name) } : null;
  }

  async groupsOf(tx: Tx, tenantId: string, userId: string): Promise<string[]> {
    if (!isIdText(userId)) return [];
    const [u] = await rows(
      tx,
      sql`SELECT role_id, dept_id, post_id FROM blade_user WHERE tenant_id = ${tenantId} AND id = ${userId}::bigint AND is_deleted = 0`,
    );
    if (!u) return [];
    const roleIds = split(u.role_id).filter(isIdText);
    const postIds = split(u.post_id).filter(isIdText);
    const roles = roleIds.length
      ? await rows(
          tx,
          sql`SELECT role_alias FROM blade_role WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND id::text IN (${sql.join(
            roleIds.map((r) => sql`${r}`),
            sql`, `,
          )})`,
        )
      : [];
    const posts = postIds.length
      ? await rows(
          tx,
          sql`SELECT post_code FROM blade_post WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND id::text IN (${sql.join(
            postIds.map((r) => sql`${r}`),
            sql`, `,
          )})`,
        )
      : [];
    return [...new Set([...roleIds, ...roles.map((r) => String(r.role_alias)), ...split(u.dept_id), ...postIds, ...posts.map((p) => String(p.post_code))])];
  }

  async membersOf(tx: Tx, tenantId: string, kind: 'role' | 'dept' | 'post', ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const col = sql.raw(kind === 'role' ? 'role_id' : kind === 'dept' ? 'dept_id' : 'post_id');
    const found = await rows(
      tx,
      sql`SELECT id::text AS id FROM blade_user
        WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND status = 1
          AND string_to_array(${col}, ',') && ARRAY[${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}]::text[] ORDER BY id`,
    );
    return found.map((r) => String(r.id));
  }

  async leaderOf(tx: Tx, tenantId: string, userId: string): Promise<string | null> {
    if (!isIdText(userId)) return null;
    const [r] = await rows(tx, sql`SELECT director_id::text AS d FROM blade_user WHERE tenant_id = ${tenantId} AND id = ${userId}::bigint AND is_deleted = 0`);
    return r?.d ? String(r.d) : null;
  }
}
