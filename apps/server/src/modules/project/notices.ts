/**
 * Expiry reminders (到期提醒, spec 1 L131: GET hjlExpireNotice/my): a daily job (platform/jobs, 08:00 in the
 * server's zone) reminds each approved contract's handler (its creator when it has none) of a contract ending
 * within the tenant's window (parameter `contract.expireNoticeDays`, default 30 days), once per person and contract.
 * Other areas add theirs (certificates, deposits, work contracts) with `ProjectModule.addExpireNotices`.
 */
import { APPROVAL_STATUS, EXPIRE_BIZ_TYPE, expireNoticeEntity } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor } from '../../platform/crud/repo.ts';
import { nextId } from '../../platform/db/ids.ts';
import { idsField } from '../../platform/http/params.ts';
import type { ExpireNoticeInput } from './api.ts';
import type { Shared } from './context.ts';
import { contracts, expireNotices } from './schema.ts';

export const EXPIRE_JOB = 'contract-expire-notice';
/** Days ahead a contract's end is reminded of, when the tenant sets no `contract.expireNoticeDays`. */
export const DEFAULT_EXPIRE_DAYS = 30;

export function registerNotices(s: Shared): { repo: EntityRepo<typeof expireNoticeEntity>; add(notices: ExpireNoticeInput[], tx?: Executor): Promise<number> } {
  const { ctx } = s;
  const db = ctx.database.db;
  const repo = ctx.repo(expireNoticeEntity, expireNotices);

  const add = async (notices: ExpireNoticeInput[], tx: Executor = db): Promise<number> => {
    if (!notices.length) return 0;
    const rows = await tx
      .insert(expireNotices)
      .values(
        notices.map((n) => ({
          id: nextId(),
          tenantId: n.tenantId,
          userId: n.userId,
          bizType: n.bizType,
          bizId: n.bizId,
          title: n.title.slice(0, 200),
          expireDate: n.expireDate,
          isRead: 0,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: expireNotices.id });
    return rows.length;
  };

  /** Contracts of every tenant ending within their tenant's window from `today`: one reminder each for their handler. */
  const remindContracts = async (now: Date): Promise<number> => {
    const today = s.clock.today(now);
    const candidates = await db
      .select({ tenantId: contracts.tenantId })
      .from(contracts)
      .where(
        and(
          eq(contracts.isDeleted, 0),
          eq(contracts.status, APPROVAL_STATUS.approved),
          sql`${contracts.endDate} >= ${today}::date AND ${contracts.endDate} <= ${today}::date + 366`,
        ),
      )
      .groupBy(contracts.tenantId);
    let added = 0;
    for (const { tenantId: t } of candidates) {
      const tenantId = String(t);
      const days = Math.min(Math.max(await ctx.params.getInt(tenantId, 'contract.expireNoticeDays', DEFAULT_EXPIRE_DAYS), 0), 366);
      const ending = await db
        .select({
          id: contracts.id,
          name: contracts.contractName,
          num: contracts.contractNum,
          end: contracts.endDate,
          handler: contracts.handlerUser,
          creator: contracts.createUser,
        })
        .from(contracts)
        .where(
          and(
            eq(contracts.tenantId, tenantId),
            eq(contracts.isDeleted, 0),
            eq(contracts.status, APPROVAL_STATUS.approved),
            sql`${contracts.endDate} >= ${today}::date AND ${contracts.endDate} <= ${today}::date + ${days}::int`,
          ),
        );
      added += await add(
        ending.flatMap((c) => {
          const userId = c.handler ?? c.creator;
          return userId
            ? [
                {
                  tenantId,
                  userId: String(userId),
                  bizType: EXPIRE_BIZ_TYPE.contract,
                  bizId: String(c.id),
                  title: `合同【${String(c.name)}】(${String(c.num ?? '')})将于${String(c.end)}到期`,
                  expireDate: String(c.end),
                },
              ]
            : [];
        }),
      );
    }
    return added;
  };

  ctx.jobs.register({ name: EXPIRE_JOB, dailyAt: '08:00', run: async (job) => void (await remindContracts(job.now)) });

  /** The caller's reminders (newest due first among the unread). */
  const mine = (user: AuthUser) => [eq(expireNotices.userId, user.userId)];

  ctx.route({
    method: 'GET',
    url: `${expireNoticeEntity.api}/my`,
    summary: '我的到期提醒(分页,未读在前,按到期日期)',
    tags: [expireNoticeEntity.label.zh],
    requires: 'user',
    query: z.looseObject({ current: z.string().optional(), size: z.string().optional(), isRead: z.string().optional(), bizType: z.string().optional() }),
    handler: async ({ user, req }) => {
      const q = { ascs: 'isRead,expireDate', ...(req.query as Record<string, unknown>) };
      const p = await repo.page(user, q, mine(user));
      return { ...p, records: await repo.withNames(user, p.records) };
    },
  });

  ctx.route({
    method: 'POST',
    url: `${expireNoticeEntity.api}/read`,
    summary: '标记到期提醒为已读',
    tags: [expireNoticeEntity.label.zh],
    requires: 'user',
    query: z.object({ ids: idsField() }),
    handler: async ({ user, query }) => {
      await db
        .update(expireNotices)
        .set({ isRead: 1, updateUser: user.userId, updateTime: sql`now()` })
        .where(and(inArray(expireNotices.id, query.ids), eq(expireNotices.userId, user.userId), eq(expireNotices.tenantId, user.tenantId)));
    },
  });

  return { repo, add };
}
