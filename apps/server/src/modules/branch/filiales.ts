/**
 * 分公司 (hjlFiliale list, detail, save, update, remove; S1 L120): a branch is registered on a company-type dept of
 * the firm; a branch leader sees only theirs (the data scope on `dept_id`, menus.ts). A branch with business data —
 * records of any of its kinds or projects — is not removed (该分公司存在业务数据,不能删除).
 */
import { BRANCH_MSG, filialeEntity } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { EntityTable } from '../../platform/crud/table.ts';
import { fail } from '../../platform/http/errors.ts';
import { isCompanyDept } from '../org/api.ts';
import { branchProjectIds } from '../project/api.ts';
import { dividends, filialeAccounts, filialeContracts, filialeDeposits, filialeMgmts, investInfos, withdrawShares } from './schema.ts';
import { checkPercents, type BranchShared } from './shared.ts';

/** The tables of a branch's own records (each with `filialeId`). */
const BRANCH_TABLES: (EntityTable & { filialeId: PgColumn })[] = [
  filialeMgmts,
  filialeDeposits,
  filialeContracts,
  filialeAccounts,
  dividends,
  withdrawShares,
  investInfos,
];

/** Whether any of the branches has live records or projects. */
async function hasBusinessData(s: BranchShared, tenantId: string, ids: string[]): Promise<boolean> {
  for (const table of BRANCH_TABLES) {
    const [row] = await s.db
      .select({ one: sql`1` })
      .from(table)
      .where(and(eq(table.tenantId, tenantId), inArray(table.filialeId, ids), eq(table.isDeleted, 0)))
      .limit(1);
    if (row) return true;
  }
  for (const id of ids) {
    const [project] = await branchProjectIds(s.db, tenantId, id).limit(1);
    if (project) return true;
  }
  return false;
}

export function registerFiliales(s: BranchShared) {
  registerEntityRoutes(s.ctx.route, s.filiales, s.ctx.access, {
    dictionary: s.dictionary,
    async beforeWrite(user, data) {
      checkPercents(filialeEntity, data);
      if (data.deptId != null && !(await isCompanyDept(s.db, user.tenantId, String(data.deptId)))) throw fail('所属机构须为公司类型的机构');
    },
    async beforeRemove(user, ids) {
      if (await hasBusinessData(s, user.tenantId, ids)) throw fail(BRANCH_MSG.inUse);
    },
  });
}
