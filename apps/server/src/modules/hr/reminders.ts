/**
 * HR expiry reminders (BUSINESS.md WP6): a daily job (platform/jobs, 08:00 in the server's zone) reminds the
 * holder and HR of
 * - a certificate whose `expireDate` falls within the tenant's window,
 * - a labour contract (the person's latest) whose `endDate` falls within it,
 * - and of its probation ending (`probationEnd`) within it,
 * through the expiry reminders of contracts (hjlExpireNotice, `ProjectModule.addExpireNotices`): once per person,
 * record and date — a certificate renewed to a later date is reminded again when that one comes near.
 * The window is the tenant parameter `hr.expireNoticeDays` (default 30, at most 366 days). HR are the tenant's users
 * holding the role 人事专员 (alias `hr`) or the post 人事 (code `hr`, the approver of APPROVERS.hr).
 */
import { EXPIRE_BIZ_TYPE } from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { executeRows } from '../../platform/db/rows.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { firmClock } from '../../platform/time/index.ts';
import type { ExpireNoticeInput } from '../project/api.ts';
import { postIdsOfCode } from '../org/api.ts';
import { roleIdsOfAlias } from '../system/api.ts';
import { userNames, usersHoldingAny } from '../user/api.ts';
import { certificates, workContracts } from './schema.ts';

export const HR_EXPIRE_JOB = 'hr-expire-notice';
/** Days ahead, when the tenant sets no `hr.expireNoticeDays`. */
export const DEFAULT_HR_EXPIRE_DAYS = 30;
/** Role alias and post code of HR. */
const HR_ROLE = 'hr';
const HR_POST = 'hr';

export interface HrRemindersContext extends ModuleContext {
  /** Adds reminders, once per person, kind, record and date (project/notices.ts). */
  addExpireNotices(notices: ExpireNoticeInput[]): Promise<number>;
}

export interface HrReminders {
  /** One run as the job does at `now`: answers how many reminders were added. */
  run(now: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** HR expiry reminders (tests run them at a fixed time). */
    hrReminders: HrReminders;
  }
}

const rowsOf = <T>(db: Db, q: ReturnType<typeof sql>) => executeRows<T>(db, q);

/** The tenant's HR people: live, enabled holders of the role `hr` or the post `hr`. */
async function hrPeople(db: Db, tenantId: string): Promise<string[]> {
  return usersHoldingAny(db, tenantId, { roleIds: await roleIdsOfAlias(db, tenantId, HR_ROLE), postIds: await postIdsOfCode(db, tenantId, HR_POST) });
}

export function registerHrReminders(ctx: HrRemindersContext): HrReminders {
  const db = ctx.database.db;
  const clock = firmClock(ctx.config.timeZone);

  const run = async (now: Date): Promise<number> => {
    const day = clock.today(now);
    // Tenants with anything ending within the longest window (set-based; one pass per such tenant).
    const horizon = sql`${day}::date + 366`;
    const tenants = await rowsOf<{ tenantId: string }>(
      db,
      sql`SELECT tenant_id AS "tenantId" FROM hjl_user_certificate WHERE is_deleted = 0 AND expire_date >= ${day}::date AND expire_date <= ${horizon}
          UNION SELECT tenant_id FROM hjl_work_contract WHERE is_deleted = 0
            AND ((end_date >= ${day}::date AND end_date <= ${horizon}) OR (probation_end >= ${day}::date AND probation_end <= ${horizon}))`,
    );
    let added = 0;
    for (const { tenantId } of tenants) {
      const days = Math.min(Math.max(await ctx.params.getInt(tenantId, 'hr.expireNoticeDays', DEFAULT_HR_EXPIRE_DAYS), 0), 366);
      const within = (col: ReturnType<typeof sql> | typeof certificates.expireDate) => sql`${col} >= ${day}::date AND ${col} <= ${day}::date + ${days}::int`;
      const certs = await db
        .select({ id: certificates.id, userId: certificates.userId, name: certificates.certName, num: certificates.certNum, end: certificates.expireDate })
        .from(certificates)
        .where(and(eq(certificates.tenantId, tenantId), eq(certificates.isDeleted, 0), within(certificates.expireDate)));
      // The person's latest contract only (an earlier one ends as the next begins).
      const latest = sql`NOT EXISTS (SELECT 1 FROM hjl_work_contract l WHERE l.tenant_id = ${workContracts.tenantId} AND l.user_id = ${workContracts.userId}
                           AND l.is_deleted = 0 AND (l.start_date > ${workContracts.startDate} OR (l.start_date = ${workContracts.startDate} AND l.id > ${workContracts.id})))`;
      const contracts = await db
        .select({
          id: workContracts.id,
          userId: workContracts.userId,
          num: workContracts.contractNum,
          end: workContracts.endDate,
          probation: workContracts.probationEnd,
          endSoon: sql<boolean>`coalesce(${within(workContracts.endDate)}, false)`,
          probationSoon: sql<boolean>`coalesce(${within(workContracts.probationEnd)}, false)`,
        })
        .from(workContracts)
        .where(
          and(
            eq(workContracts.tenantId, tenantId),
            eq(workContracts.isDeleted, 0),
            sql`(${within(workContracts.endDate)} OR ${within(workContracts.probationEnd)})`,
            latest,
          ),
        );
      if (!certs.length && !contracts.length) continue;
      const hr = await hrPeople(db, tenantId);
      const names = await userNames(db, tenantId, [...certs.map((c) => String(c.userId)), ...contracts.map((c) => String(c.userId))]);
      const notices: ExpireNoticeInput[] = [];
      /** The holder's reminder and HR's (naming the holder), once each. */
      const remind = (holder: string, bizType: number, bizId: string, expireDate: string, what: string) => {
        const name = names.get(holder) ?? '';
        for (const userId of new Set([holder, ...hr]))
          notices.push({ tenantId, userId, bizType, bizId, expireDate, title: userId === holder ? `您的${what}` : `${name}的${what}` });
      };
      for (const c of certs)
        remind(
          String(c.userId),
          EXPIRE_BIZ_TYPE.certificate,
          String(c.id),
          String(c.end),
          `证书【${String(c.name)}】(${String(c.num ?? '')})将于${String(c.end)}到期`,
        );
      for (const c of contracts) {
        if (c.endSoon)
          remind(String(c.userId), EXPIRE_BIZ_TYPE.workContract, String(c.id), String(c.end), `劳动合同(${String(c.num ?? '')})将于${String(c.end)}到期`);
        if (c.probationSoon)
          remind(
            String(c.userId),
            EXPIRE_BIZ_TYPE.probation,
            String(c.id),
            String(c.probation),
            `试用期将于${String(c.probation)}截止(劳动合同${String(c.num ?? '')})`,
          );
      }
      added += await ctx.addExpireNotices(notices);
    }
    return added;
  };

  ctx.jobs.register({ name: HR_EXPIRE_JOB, dailyAt: '08:00', run: async (job) => void (await run(job.now)) });
  const reminders = { run };
  ctx.app.decorate('hrReminders', reminders);
  return reminders;
}
