/**
 * The business calendar (工作日历, /api/blade-workflow/calendar; docs/workflow.md "Approval durations"): the
 * tenant's official holidays and make-up working days (调休上班), one record per day, and the working hours of a
 * day (system parameter `wf.workingHours`). `calendarOf` answers the calendar the durations and the overdue
 * reminders count working hours on (packages/core/src/working-hours.ts).
 */
import { DEFAULT_WORKING_HOURS, parseWorkingHours, WF_CALENDAR_KIND, wfCalendarEntity, type BusinessCalendar } from '@hjl/core';
import { and, eq } from 'drizzle-orm';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { wfCalendarDays } from './schema.ts';

export const WORKING_HOURS_PARAM = 'wf.workingHours';

export type CalendarReader = (tenantId: string) => Promise<BusinessCalendar>;

const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/** The tenant's calendar: its live days and its working hours (the default when the parameter is unreadable). */
export function calendarReader(ctx: Pick<ModuleContext, 'database' | 'params'>): CalendarReader {
  return async (tenantId) => {
    const rows = await ctx.database.db
      .select({ day: wfCalendarDays.day, kind: wfCalendarDays.kind })
      .from(wfCalendarDays)
      .where(and(eq(wfCalendarDays.tenantId, tenantId), eq(wfCalendarDays.isDeleted, 0)));
    const periods = parseWorkingHours(await ctx.params.get(tenantId, WORKING_HOURS_PARAM, DEFAULT_WORKING_HOURS));
    const days = (kind: number) => new Set(rows.filter((r) => Number(r.kind) === kind).map((r) => String(r.day)));
    return {
      periods: typeof periods === 'string' ? (parseWorkingHours(DEFAULT_WORKING_HOURS) as Exclude<typeof periods, string>) : periods,
      holidays: days(WF_CALENDAR_KIND.holiday),
      makeUpDays: days(WF_CALENDAR_KIND.makeUpDay),
    };
  };
}

export function registerCalendar(ctx: ModuleContext): CalendarReader {
  const repo = ctx.repo(wfCalendarEntity, wfCalendarDays);
  registerEntityRoutes(ctx.route, repo, ctx.access, {
    async beforeWrite(user, data, id) {
      const current = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      if (id && !current) throw fail('数据不存在或已被删除');
      const day = String(data.day ?? current?.day ?? '');
      const kind = Number(data.kind ?? current?.kind ?? WF_CALENDAR_KIND.holiday);
      // A make-up working day makes a weekend day a working one; on a weekday it would say nothing.
      if (kind === WF_CALENDAR_KIND.makeUpDay && day && !isWeekend(day)) throw fail('调休上班日应为周六或周日');
    },
  });
  return calendarReader(ctx);
}
