/**
 * Who people are, as the engine needs it: users named by id or account, a user's groups (role ids and
 * aliases, dept ids, post ids and codes), members of roles/depts/posts, the starter's department leader,
 * and out-of-office proxies. The engine only sees these interfaces; `TableIdentityResolver` reads the
 * user and organisation tables of this product.
 */
import type { Database } from '../../../platform/db/index.ts';

export interface WfUser {
  id: string;
  name: string;
}

export interface IdentityResolver {
  /** The user named by id or by account, or null when nobody is. */
  findUser(tenantId: string, idOrAccount: string): Promise<WfUser | null>;
  /** Every group name the user is a member of. */
  groupsOf(tenantId: string, userId: string): Promise<string[]>;
  /** Users holding any of the roles / depts / posts (by id). */
  membersOf(tenantId: string, kind: 'role' | 'dept' | 'post', ids: string[]): Promise<string[]>;
  /** The department leader of the user, or null. */
  leaderOf(tenantId: string, userId: string): Promise<string | null>;
}

/** Out-of-office proxies (blade_wf_proxy, built elsewhere): the proxy of `userId` for process `processKey` at `at`. */
export interface ProxyLookup {
  proxyOf(tenantId: string, userId: string, processKey: string, at: Date): Promise<string | null>;
}

export const noProxies: ProxyLookup = { proxyOf: async () => null };

const split = (s: unknown) => String(s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

/** Reads blade_user, blade_role and blade_post (a later step may swap in the user module's service). */
export class TableIdentityResolver implements IdentityResolver {
  constructor(private readonly database: Database) {}

  async findUser(tenantId: string, idOrAccount: string): Promise<WfUser | null> {
    const byId = /^\d{1,19}$/.test(idOrAccount);
    const [r] = await this.database.raw(
      `SELECT id::text AS id, coalesce(real_name, name, account) AS name FROM blade_user
        WHERE tenant_id = $1 AND is_deleted = 0 AND (account = $2 ${byId ? 'OR id = $2::bigint' : ''}) LIMIT 1`,
      [tenantId, idOrAccount],
    );
    return r ? { id: String(r.id), name: String(r.name) } : null;
  }

  async groupsOf(tenantId: string, userId: string): Promise<string[]> {
    if (!/^\d{1,19}$/.test(userId)) return [];
    const [u] = await this.database.raw(`SELECT role_id, dept_id, post_id FROM blade_user WHERE tenant_id = $1 AND id = $2::bigint AND is_deleted = 0`, [tenantId, userId]);
    if (!u) return [];
    const roleIds = split(u.role_id).filter((x) => /^\d+$/.test(x));
    const postIds = split(u.post_id).filter((x) => /^\d+$/.test(x));
    const roles = roleIds.length
      ? await this.database.raw(`SELECT role_alias FROM blade_role WHERE tenant_id = $1 AND id = ANY($2::bigint[]) AND is_deleted = 0`, [tenantId, roleIds])
      : [];
    const posts = postIds.length
      ? await this.database.raw(`SELECT post_code FROM blade_post WHERE tenant_id = $1 AND id = ANY($2::bigint[]) AND is_deleted = 0`, [tenantId, postIds])
      : [];
    return [...new Set([...roleIds, ...roles.map((r) => String(r.role_alias)), ...split(u.dept_id), ...postIds, ...posts.map((p) => String(p.post_code))])];
  }

  async membersOf(tenantId: string, kind: 'role' | 'dept' | 'post', ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const col = kind === 'role' ? 'role_id' : kind === 'dept' ? 'dept_id' : 'post_id';
    const rows = await this.database.raw(
      `SELECT id::text AS id FROM blade_user
        WHERE tenant_id = $1 AND is_deleted = 0 AND status = 1 AND string_to_array(${col}, ',') && $2::text[] ORDER BY id`,
      [tenantId, ids],
    );
    return rows.map((r) => String(r.id));
  }

  async leaderOf(tenantId: string, userId: string): Promise<string | null> {
    if (!/^\d{1,19}$/.test(userId)) return null;
    const [r] = await this.database.raw(`SELECT director_id::text AS d FROM blade_user WHERE tenant_id = $1 AND id = $2::bigint AND is_deleted = 0`, [tenantId, userId]);
    return r?.d ? String(r.d) : null;
  }
}
