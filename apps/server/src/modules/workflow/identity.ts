/**
 * Who people are, for the engine, read from this product's user/role/dept/post tables — inside the engine's
 * transaction when there is one. The engine's resolver interface carries no transaction, and PGlite has a
 * single connection: a lookup outside the open transaction would wait for it forever. So the engine gets a
 * database whose `transaction` records the open transaction in an AsyncLocalStorage, and these lookups use it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/index.ts';
import type { IdentityResolver, WfUser } from './engine/identity.ts';
import type { Tx } from './engine/state.ts';

const split = (s: unknown) => String(s ?? '').split(',').map((x) => x.trim()).filter(Boolean);
const isId = (s: string) => /^\d{1,18}$/.test(s);

export class TxScope {
  private readonly store = new AsyncLocalStorage<Tx>();

  /** The open engine transaction of this async context, else the database. */
  current(db: Db): Db {
    return (this.store.getStore() as Db | undefined) ?? db;
  }

  /** `database` whose `db.transaction` remembers its transaction for the lookups made inside it. */
  wrap(database: Database): Database {
    const store = this.store;
    const db = new Proxy(database.db, {
      get(target, prop) {
        if (prop === 'transaction') {
          return (fn: (tx: Tx) => Promise<unknown>, config?: unknown) =>
            (target.transaction as (f: (tx: Tx) => Promise<unknown>, c?: unknown) => Promise<unknown>)((tx) => store.run(tx, () => fn(tx)), config);
        }
        const v = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    return { ...database, db };
  }
}

/** The identity of the workflow: users by id or account, a user's groups, members of groups, leaders. */
export class WorkflowIdentity implements IdentityResolver {
  constructor(
    private readonly database: Database,
    private readonly scope: TxScope,
  ) {}

  private async rows(q: SQL): Promise<Record<string, unknown>[]> {
    const res = (await this.scope.current(this.database.db).execute(q)) as unknown as { rows: Record<string, unknown>[] };
    return res.rows;
  }

  async findUser(tenantId: string, idOrAccount: string): Promise<WfUser | null> {
    const key = String(idOrAccount ?? '').trim();
    if (!key || key.length > 64) return null;
    const [r] = await this.rows(sql`SELECT id::text AS id, coalesce(nullif(real_name, ''), name, account) AS name FROM blade_user
      WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND (account = ${key} ${isId(key) ? sql`OR id = ${key}::bigint` : sql``})
      ORDER BY (account = ${key}) LIMIT 1`);
    return r ? { id: String(r.id), name: String(r.name) } : null;
  }

  /** Role ids and aliases, dept ids, post ids and codes. */
  async groupsOf(tenantId: string, userId: string): Promise<string[]> {
    if (!isId(userId)) return [];
    const [u] = await this.rows(sql`SELECT role_id, dept_id, post_id FROM blade_user WHERE tenant_id = ${tenantId} AND id = ${userId}::bigint AND is_deleted = 0`);
    if (!u) return [];
    const roleIds = split(u.role_id).filter(isId);
    const postIds = split(u.post_id).filter(isId);
    const inList = (ids: string[]) => sql.join(ids.map((x) => sql`${x}::bigint`), sql`, `);
    const roles = roleIds.length ? await this.rows(sql`SELECT role_alias AS v FROM blade_role WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND id IN (${inList(roleIds)})`) : [];
    const posts = postIds.length ? await this.rows(sql`SELECT post_code AS v FROM blade_post WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND id IN (${inList(postIds)})`) : [];
    return [...new Set([...roleIds, ...roles.map((r) => String(r.v ?? '')), ...split(u.dept_id), ...postIds, ...posts.map((p) => String(p.v ?? ''))].filter(Boolean))];
  }

  async membersOf(tenantId: string, kind: 'role' | 'dept' | 'post', ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const col = sql.raw(kind === 'role' ? 'role_id' : kind === 'dept' ? 'dept_id' : 'post_id');
    const list = sql.join(ids.map((x) => sql`${x}`), sql`, `);
    const rows = await this.rows(sql`SELECT id::text AS id FROM blade_user
      WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND status = 1 AND string_to_array(${col}, ',') && ARRAY[${list}]::text[] ORDER BY id`);
    return rows.map((r) => String(r.id));
  }

  async leaderOf(tenantId: string, userId: string): Promise<string | null> {
    if (!isId(userId)) return null;
    const [r] = await this.rows(sql`SELECT director_id::text AS d FROM blade_user WHERE tenant_id = ${tenantId} AND id = ${userId}::bigint AND is_deleted = 0`);
    return r?.d ? String(r.d) : null;
  }
}
