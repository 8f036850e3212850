/**
 * What other modules may use of guarantee money (the only file of it they import): the `guarantee_money` reference
 * kind (a refund's deposit, named by its project), the outstanding deposits of projects (a branch's statement
 * shows the deposits of its projects not yet back), and the ledger entries of a deposit's events
 * (`depositLedgerEntry`, `refundLedgerEntry`: the demo seed stores its bulk postings with them, ledgerRowOfEntry).
 */
import { APPROVAL_STATUS, DEPOSIT_DIRECTION, fenToMoney, toFen } from '@hjl/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import type { Executor } from '../../platform/crud/repo.ts';
import type { Db } from '../../platform/db/index.ts';
import { deposits } from './schema.ts';

export { depositLedgerEntry, refundLedgerEntry, type DepositPosting, type RefundPosting } from './ledger.ts';

/** The `guarantee_money` reference kind: a live deposit of the tenant, named by its project. */
export function depositRefResolver(db: Db): RefResolver {
  return tableResolver(db, { table: deposits, key: deposits.id, name: deposits.projectName, tenant: deposits.tenantId, live: eq(deposits.isDeleted, 0) });
}

/**
 * The deposits the firm paid (approved) and has not had back, of the projects `projects` names (a condition on
 * the project column, e.g. `ProjectModule.visibleProjects`): their count and the amount still out.
 */
export async function outstandingDepositsOf(db: Executor, tenantId: string, projects: (column: typeof deposits.projectId) => SQL | Promise<SQL>) {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${deposits.amount} - coalesce(${deposits.refundedAmount}, 0)), 0)::text`,
    })
    .from(deposits)
    .where(
      and(
        eq(deposits.tenantId, tenantId),
        eq(deposits.isDeleted, 0),
        eq(deposits.status, APPROVAL_STATUS.approved),
        eq(deposits.direction, DEPOSIT_DIRECTION.paid),
        sql`${deposits.amount} > coalesce(${deposits.refundedAmount}, 0)`,
        await projects(deposits.projectId),
      ),
    );
  return { count: Number(row?.n ?? 0), amount: fenToMoney(toFen(String(row?.amount ?? '0'))) };
}
