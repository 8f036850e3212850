/**
 * Who sees the applications of an area (data scope of approvable requests, BUSINESS.md §2 and WP4/WP6): the holders
 * of the area's "see all" permission (a button code such as 财务 `finance_all`, 行政 `office_audit_all`) and
 * administrators see every application of the tenant; a department manager (post `manager`, the 部门经理 of the
 * approval chains) those of their departments and the departments below; everyone else their own. One rule for
 * lists, `my`, details, statistics and exports alike, on top of the menu's data scope (which an administrator may
 * still configure in 数据权限).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AccessProvider } from '../../platform/access/index.ts';
import { isAdministrator, type AuthUser } from '../../platform/auth/user.ts';
import type { Database } from '../../platform/db/index.ts';
import { deptTreeIdsSql, holdsPost } from '../org/api.ts';

/** The post of a department manager (the 部门经理 of the approval chains). */
export const MANAGER_POST = 'manager';

/** The applicant columns of an application table. */
export interface ApplicantColumns {
  applyUser: PgColumn;
  applyDept: PgColumn;
}

export class ApplicantScope {
  constructor(
    private readonly ctx: { database: Database; access: AccessProvider },
    /** The permission code of seeing every application of the area. */
    readonly allCode: string,
  ) {}

  /** Sees every application of the tenant. */
  async seesAll(user: AuthUser): Promise<boolean> {
    return isAdministrator(user) || (await this.ctx.access.permissions(user)).has(this.allCode);
  }

  /** Holds the post of a department manager. */
  isManager(user: AuthUser): Promise<boolean> {
    return holdsPost(this.ctx.database.db, user.tenantId, user.postIds, MANAGER_POST);
  }

  /** The conditions on an application table: none (all), own or the departments managed, or own. */
  async conditions(user: AuthUser, cols: ApplicantColumns): Promise<SQL[]> {
    if (await this.seesAll(user)) return [];
    const own = sql`${cols.applyUser} = ${user.userId}`;
    if (user.deptIds.length && (await this.isManager(user))) return [sql`(${own} or ${cols.applyDept} IN (${deptTreeIdsSql(user.tenantId, user.deptIds)}))`];
    return [own];
  }
}
