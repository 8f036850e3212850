/**
 * Who sees which applications (BUSINESS.md WP4, data scope): finance and the company's leaders see all (the
 * permission `finance_all`, granted to the finance and manager roles; administrators too); a department manager
 * (post `manager`) sees the applications of their departments and those below; everyone else their own. It narrows
 * lists, `my`, details, statistics and exports alike, on top of the menu's data scope (which an administrator may
 * still configure in 数据权限).
 */
import { or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isAdministrator, type AuthUser } from '../../platform/auth/user.ts';
import type { Database } from '../../platform/db/index.ts';
import type { AccessProvider } from '../../platform/access/index.ts';

/** The permission code of seeing every application (财务 and 公司领导). */
export const FINANCE_ALL = 'finance_all';
/** The post of a department manager (the 部门经理 of the approval chains). */
export const MANAGER_POST = 'manager';

const idArray = (ids: readonly string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;

export class FinanceScope {
  constructor(
    private readonly database: Database,
    private readonly access: AccessProvider,
  ) {}

  /** Sees every application of the tenant. */
  async seesAll(user: AuthUser): Promise<boolean> {
    return isAdministrator(user) || (await this.access.permissions(user)).has(FINANCE_ALL);
  }

  /** Holds the post of a department manager. */
  async isManager(user: AuthUser): Promise<boolean> {
    if (!user.postIds.length) return false;
    const rows = await this.database.raw(
      `SELECT 1 FROM blade_post WHERE tenant_id = $1 AND is_deleted = 0 AND post_code = $2 AND id::text = ANY($3::text[]) LIMIT 1`,
      [user.tenantId, MANAGER_POST, user.postIds],
    );
    return rows.length > 0;
  }

  /** The conditions on an application table: none (all), own or department, or own. */
  async conditions(user: AuthUser, cols: { applyUser: PgColumn; applyDept: PgColumn }): Promise<SQL[]> {
    if (await this.seesAll(user)) return [];
    const own = sql`${cols.applyUser} = ${user.userId}`;
    if (user.deptIds.length && (await this.isManager(user))) {
      const below = sql`SELECT d.id FROM blade_dept d WHERE d.tenant_id = ${user.tenantId} AND d.is_deleted = 0
        AND (d.id::text = ANY(${idArray(user.deptIds)}) OR string_to_array(d.ancestors, ',') && ${idArray(user.deptIds)})`;
      return [or(own, sql`${cols.applyDept} IN (${below})`)!];
    }
    return [own];
  }
}
