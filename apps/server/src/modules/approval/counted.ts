/**
 * "Another record of this kind already counts": one under approval or approved (BUSINESS.md §2), live, of the
 * tenant, matching the caller's conditions (a settlement of the project, a payment of the expense, a voiding of the
 * invoice), other than the one being written. The once-only rules of the business areas ask it.
 */
import { APPROVAL_STATUS } from '@hjl/core';
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/crud/repo.ts';
import type { EntityTable } from '../../platform/crud/table.ts';

/** The statuses in which a record counts: under approval or approved. */
export const COUNTED_STATUSES: number[] = [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved];

/** Whether a live record of `table` in `statuses` (default: counted) matches `where`, but `except`. */
export async function anotherCounted(
  tx: Executor,
  table: EntityTable,
  tenantId: string,
  where: SQL[],
  opts: { except?: string | undefined; statuses?: number[] } = {},
): Promise<boolean> {
  const [other] = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.tenantId, tenantId),
        eq(table.isDeleted, 0),
        ...where,
        inArray(table.status, opts.statuses ?? COUNTED_STATUSES),
        ...(opts.except ? [ne(table.id, opts.except)] : []),
      ),
    )
    .limit(1);
  return other !== undefined;
}
