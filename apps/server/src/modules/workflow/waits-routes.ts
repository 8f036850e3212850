/**
 * The routes and the job of approval durations (docs/workflow.md "Approval durations"): the business calendar's
 * CRUD (calendar.ts), GET /api/blade-workflow/waits/summary (waits.ts) and the overdue reminder — a job every 15
 * minutes (platform/jobs) that urges the assignee (or the candidates) of each open task past its node's time limit,
 * once per task (blade_wf_overdue_notice), as a 催办 without a sender: it reaches them as a 消息 of the top bar
 * (modules/notification).
 */
import { isDateText } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { nextId } from '../../platform/db/ids.ts';
import { executeRows } from '../../platform/db/rows.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { todayIn } from '../../platform/time/index.ts';
import { registerCalendar } from './calendar.ts';
import { wfIdentityLinks, wfTasks, wfUrges } from './engine/schema.ts';
import { wfOverdueNotices } from './schema.ts';
import { approvalWaits, openTasksOf, overdueOf, timeLimitsOf, WAITS_CODE, type WaitsDeps, type WaitsEngine } from './waits.ts';

export const OVERDUE_JOB = 'workflow.overdue-notice';
/** The longest period of one summary. */
const MAX_DAYS = 366;

export interface OverdueReminders {
  /** One run as the job does at `now`: answers how many tasks were urged. */
  run(now: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Overdue approval reminders (tests run them at a fixed time). */
    overdueReminders: OverdueReminders;
  }
}

const dateText = (what: string) =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || isDateText(v), `${what}格式不正确,应为yyyy-MM-dd`);

export function registerWaits(ctx: ModuleContext, wf: WaitsEngine): WaitsDeps {
  const deps: WaitsDeps = {
    database: ctx.database,
    wf,
    access: ctx.access,
    calendarOf: registerCalendar(ctx),
    userNames: (tenantId, ids) => ctx.refs.resolver('user').names(tenantId, [...new Set(ids)]),
  };

  ctx.route({
    method: 'GET',
    url: '/api/blade-workflow/waits/summary',
    summary: '审批时效分析',
    tags: ['工作流'],
    requires: { code: WAITS_CODE },
    query: z.object({ from: dateText('开始日期'), to: dateText('结束日期') }),
    handler: async ({ user, query }) => {
      const today = todayIn(ctx.config.timeZone, wf.clock.now());
      const to = query.to || today;
      const from = query.from || new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
      if (from > to) throw fail('开始日期不能晚于结束日期');
      if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_DAYS) throw fail(`统计区间不能超过${MAX_DAYS}天`);
      return approvalWaits(deps, user, { from, to });
    },
  });

  const reminders = { run: (now: Date) => remindOverdue(ctx, deps, now) };
  ctx.jobs.register({ name: OVERDUE_JOB, every: 900, run: async (job) => void (await reminders.run(job.now)) });
  ctx.app.decorate('overdueReminders', reminders);
  return deps;
}

/** Urges, once, every open task past its node's time limit; answers how many were urged. */
async function remindOverdue(ctx: ModuleContext, deps: WaitsDeps, at: Date): Promise<number> {
  const db = ctx.database.db;
  const now = deps.wf.zone.format(at);
  // Tenants with open tasks not urged yet, and the definitions they run on.
  const pending = await executeRows<{ tenantId: string; procDefId: string }>(
    db,
    sql`SELECT DISTINCT t.tenant_id AS "tenantId", t.proc_def_id::text AS "procDefId" FROM ${wfTasks} t
        WHERE t.suspension_state = 1 AND NOT EXISTS (SELECT 1 FROM ${wfOverdueNotices} n WHERE n.tenant_id = t.tenant_id AND n.task_id = t.id)`,
  );
  let urged = 0;
  const tenants = new Set(pending.map((p) => p.tenantId));
  for (const tenantId of tenants) {
    const limits = await timeLimitsOf(
      deps.wf,
      pending.filter((p) => p.tenantId === tenantId).map((p) => p.procDefId),
    );
    if (!limits.size) continue;
    const calendar = await deps.calendarOf(tenantId);
    const late = (await openTasksOf(deps.database, tenantId))
      .map((t) => ({ t, limit: limits.get(`${t.procDefId}:${t.nodeKey}`), over: overdueOf(calendar, t, limits.get(`${t.procDefId}:${t.nodeKey}`), now) }))
      .filter((x) => x.over);
    if (!late.length) continue;
    const fresh = new Set(
      (
        await db
          .insert(wfOverdueNotices)
          .values(late.map(({ t }) => ({ tenantId, taskId: t.taskId })))
          .onConflictDoNothing()
          .returning({ taskId: wfOverdueNotices.taskId })
      ).map((r) => String(r.taskId)),
    );
    const unassigned = late.filter(({ t }) => fresh.has(t.taskId) && !t.assignee).map(({ t }) => t.taskId);
    const candidates = unassigned.length
      ? await db
          .select({ taskId: wfIdentityLinks.taskId, userId: wfIdentityLinks.userId })
          .from(wfIdentityLinks)
          .where(and(eq(wfIdentityLinks.tenantId, tenantId), inArray(wfIdentityLinks.taskId, unassigned)))
      : [];
    const urges = late
      .filter(({ t }) => fresh.has(t.taskId))
      .map(({ t, limit, over }) => {
        const to = t.assignee ? [t.assignee] : candidates.filter((c) => String(c.taskId) === t.taskId && c.userId).map((c) => String(c.userId));
        const waited = Math.round((over?.waitedMinutes ?? 0) / 6) / 10;
        return {
          id: nextId(),
          tenantId,
          procInstId: t.procInstId,
          taskId: t.taskId,
          fromUserId: null,
          toUserIds: [...new Set(to)].join(','),
          message: `审批已超时:「${t.nodeName ?? t.nodeKey}」时限${limit ?? 0}个工作小时,已等待${waited}个工作小时,请尽快办理`,
          createTime: now,
        };
      })
      .filter((u) => u.toUserIds);
    if (urges.length) await db.insert(wfUrges).values(urges);
    urged += urges.length;
  }
  return urged;
}
