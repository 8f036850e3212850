/** What the files of the salary module share: the module context, the month rule and the month's lock, a few helpers. */
import { APPROVAL_STATUS, MONTH_RE, SALARY_MSG } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { ApprovalKit } from '../approval/api.ts';
import { salaryRecords } from './schema.ts';

export interface SalaryModuleContext extends ModuleContext {
  approval: ApprovalKit;
}

/** A month text or the rule's 400. */
export function monthOf(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw fail(SALARY_MSG.monthMissing);
  if (!MONTH_RE.test(text)) throw fail(SALARY_MSG.monthFormat);
  return text;
}

/** Refuses a change of a month whose salary is under approval or approved. */
export async function assertMonthOpen(ctx: ModuleContext, tenantId: string, month: string, approvedMessage: string = SALARY_MSG.monthApproved) {
  const r = salaryRecords;
  const [locked] = await ctx.database.db
    .select({ status: r.status })
    .from(r)
    .where(
      and(eq(r.tenantId, tenantId), eq(r.isDeleted, 0), eq(r.importMonth, month), inArray(r.status, [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved])),
    )
    .orderBy(sql`${r.status} DESC`)
    .limit(1);
  if (locked?.status === APPROVAL_STATUS.approved) throw fail(approvedMessage);
  if (locked) throw fail('该月工资正在审批中,不能重新导入');
}

/** The area's fields name no dictionary: exports write their values as they are. */
export const noDictionary = async () => [];

/** A record's stored calculation as an object (the payslip's and the calculation detail's steps). */
export const calculationOf = (row: Row) => {
  try {
    return row.calcDetail ? (JSON.parse(String(row.calcDetail)) as unknown) : null;
  } catch {
    return null;
  }
};
