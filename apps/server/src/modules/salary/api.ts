/**
 * What other modules may use of the salary module (the only file of it they import): where an employee's labour fee
 * joins the payroll (BUSINESS.md §1 "Labour fee": wages of the month it is paid, or of the first month after it
 * whose salary is still open) and the marking of the months it changes, to be computed again (§1 "Salary").
 */
import { APPROVAL_STATUS } from '@hjl/core';
import { and, eq, gt, gte, inArray, like, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/crud/repo.ts';
import { salaryRecords } from './schema.ts';

const r = salaryRecords;
const LOCKED = [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved];

/** The month after a yyyy-MM. */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Marks the records of `userIds` in `month`'s year from it on (`inclusive`) or after it as to be computed again: an
 * earlier month changed, so their cumulative figures are stale. Locked ones are marked too (an approval of a
 * marked record is refused: records.ts).
 */
export async function markLaterMonthsStale(tx: Executor, tenantId: string, userIds: readonly string[], month: string, inclusive = false) {
  if (!userIds.length) return;
  await tx
    .update(r)
    .set({ needsRecompute: 1 })
    .where(
      and(
        eq(r.tenantId, tenantId),
        eq(r.isDeleted, 0),
        inArray(r.userId, [...userIds]),
        like(r.importMonth, `${month.slice(0, 4)}-%`),
        inclusive ? gte(r.importMonth, month) : gt(r.importMonth, month),
      ),
    );
}

/**
 * The payroll month an employee's labour fee paid in `paidMonth` joins: that month, or the first after it whose record
 * of the person is not under approval or approved (a locked month is not changed afterwards). Marks the month it
 * joins and the later ones of its year to be computed again. Answers the month per person.
 */
export async function joinLabourToPayroll(tx: Executor, tenantId: string, userIds: readonly string[], paidMonth: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!userIds.length) return out;
  const locked = await tx
    .select({ userId: r.userId, month: r.importMonth })
    .from(r)
    .where(and(eq(r.tenantId, tenantId), eq(r.isDeleted, 0), inArray(r.userId, [...userIds]), gte(r.importMonth, paidMonth), inArray(r.status, LOCKED)))
    .orderBy(sql`${r.importMonth}`);
  for (const userId of new Set(userIds)) {
    const lockedMonths = new Set(locked.filter((x) => String(x.userId) === userId).map((x) => String(x.month)));
    let month = paidMonth;
    while (lockedMonths.has(month)) month = nextMonth(month);
    out.set(userId, month);
    await markLaterMonthsStale(tx, tenantId, [userId], month, true);
  }
  return out;
}
