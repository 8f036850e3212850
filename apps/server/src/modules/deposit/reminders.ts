/**
 * Deposits due (BUSINESS.md WP5): a daily job (platform/jobs, 08:00 in the firm's zone) reminds the applicant and
 * finance of every approved deposit, not fully refunded and not replaced, whose expected refund date falls within the
 * tenant's window — the tenant parameter `deposit.dueNoticeDays` (default 30, at most 366 days) from today —, through
 * the expiry reminders of contracts (hjlExpireNotice, `ProjectModule.addExpireNotices`): once per person, deposit and
 * date, so a deposit whose expected date is moved later is reminded again when that one comes near. Finance are the
 * tenant's holders of the role 财务 (alias `finance`, the approvers of APPROVERS.finance).
 */
import { APPROVAL_STATUS, EXPIRE_BIZ_TYPE } from '@hjl/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { executeRows } from '../../platform/db/rows.ts';
import { roleIdsOfAlias } from '../system/api.ts';
import { usersHoldingAny } from '../user/api.ts';
import type { ExpireNoticeInput } from '../project/api.ts';
import type { DepositShared } from './context.ts';
import { deposits } from './schema.ts';

export const DEPOSIT_DUE_JOB = 'deposit-due-notice';
/** Days ahead, when the tenant sets no `deposit.dueNoticeDays`. */
export const DEFAULT_DEPOSIT_DUE_DAYS = 30;
const FINANCE_ROLE = 'finance';

export interface DepositReminders {
  /** One run as the job does at `now`: answers how many reminders were added. */
  run(now: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deposit due reminders (tests run them at a fixed time). */
    depositReminders: DepositReminders;
  }
}

export function registerDepositReminders(s: DepositShared): DepositReminders {
  const { ctx } = s;
  const db = ctx.database.db;
  const outstanding = and(
    eq(deposits.isDeleted, 0),
    eq(deposits.status, APPROVAL_STATUS.approved),
    isNull(deposits.replacedById),
    sql`${deposits.amount} > coalesce(${deposits.refundedAmount}, 0)`,
  );

  const run = async (now: Date): Promise<number> => {
    const day = s.clock.today(now);
    // Tenants with a deposit due within the longest window (one pass per such tenant).
    const tenants = await executeRows<{ tenantId: string }>(
      db,
      sql`SELECT DISTINCT tenant_id AS "tenantId" FROM ${deposits}
          WHERE ${outstanding} AND ${deposits.expectedRefundDate} >= ${day}::date AND ${deposits.expectedRefundDate} <= ${day}::date + 366`,
    );
    let added = 0;
    for (const { tenantId } of tenants) {
      const days = Math.min(Math.max(await ctx.params.getInt(tenantId, 'deposit.dueNoticeDays', DEFAULT_DEPOSIT_DUE_DAYS), 0), 366);
      const due = await db
        .select({
          id: deposits.id,
          createUser: deposits.createUser,
          projectName: deposits.projectName,
          payeeName: deposits.payeeName,
          amount: deposits.amount,
          refundedAmount: deposits.refundedAmount,
          expected: deposits.expectedRefundDate,
        })
        .from(deposits)
        .where(
          and(
            eq(deposits.tenantId, tenantId),
            outstanding,
            sql`${deposits.expectedRefundDate} >= ${day}::date AND ${deposits.expectedRefundDate} <= ${day}::date + ${days}::int`,
          ),
        );
      if (!due.length) continue;
      const finance = await usersHoldingAny(db, tenantId, { roleIds: await roleIdsOfAlias(db, tenantId, FINANCE_ROLE) });
      const notices: ExpireNoticeInput[] = [];
      for (const d of due) {
        const what = `保证金(${String(d.projectName ?? '')},${String(d.payeeName ?? '')},${String(d.amount)}元)预计于${String(d.expected)}退还`;
        const applicant = d.createUser ? String(d.createUser) : undefined;
        for (const userId of new Set([...(applicant ? [applicant] : []), ...finance]))
          notices.push({
            tenantId,
            userId,
            bizType: EXPIRE_BIZ_TYPE.deposit,
            bizId: String(d.id),
            expireDate: String(d.expected),
            title: userId === applicant ? `您申请的${what}` : what,
          });
      }
      added += await s.projects.addExpireNotices(notices);
    }
    return added;
  };

  ctx.jobs.register({ name: DEPOSIT_DUE_JOB, dailyAt: '08:00', run: async (job) => void (await run(job.now)) });
  const reminders = { run };
  ctx.app.decorate('depositReminders', reminders);
  return reminders;
}
