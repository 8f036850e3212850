/**
 * What other modules may use of project money (the only file of this module they import): the labour fees paid to
 * the firm's own employees, which are wages (BUSINESS.md §1 "Labour fee") and join the payroll of the month each
 * was assigned to when paid (`hjl_project_labour_person.salary_month`, labour.ts).
 */
import { MONEY_PAY_STATUS, sumMoney } from '@hjl/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/crud/repo.ts';
import { labourFees, labourPersons } from './schema.ts';

/** One employee's labour fees of a payroll month: their total and each fee (project, amount). */
export interface EmployeeLabourPay {
  amount: string;
  fees: { labourId: string; projectName: string | null; amount: string }[];
}

/** The labour fees paid to `userIds` as employees that joined the payroll month `month`, by person. */
export async function employeeLabourPayOf(db: Executor, tenantId: string, userIds: readonly string[], month: string): Promise<Map<string, EmployeeLabourPay>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: labourPersons.userId, labourId: labourPersons.labourId, amount: labourPersons.amount, projectName: labourFees.projectName })
    .from(labourPersons)
    .innerJoin(labourFees, and(eq(labourFees.id, labourPersons.labourId), eq(labourFees.tenantId, labourPersons.tenantId)))
    .where(
      and(
        eq(labourPersons.tenantId, tenantId),
        eq(labourPersons.isDeleted, 0),
        eq(labourFees.isDeleted, 0),
        eq(labourFees.payStatus, MONEY_PAY_STATUS.paid),
        eq(labourPersons.salaryMonth, month),
        inArray(labourPersons.userId, [...userIds]),
      ),
    )
    .orderBy(labourPersons.labourId);
  const out = new Map<string, EmployeeLabourPay>();
  for (const r of rows) {
    const key = String(r.userId);
    const pay = out.get(key) ?? { amount: '0.00', fees: [] };
    pay.fees.push({ labourId: String(r.labourId), projectName: r.projectName == null ? null : String(r.projectName), amount: String(r.amount ?? '0') });
    pay.amount = sumMoney(pay.fees.map((f) => f.amount));
    out.set(key, pay);
  }
  return out;
}
