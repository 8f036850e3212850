/**
 * The demo approvals' times (docs/workflow.md "Approval durations"): the demo records are started when the demo
 * tenant is seeded (approvals.ts), so every task would have waited for minutes. Each instance started by that run is
 * moved back, whole (instance, executions, tasks, history, comments and the record's 提交时间 by the same amount), to
 * a working time of one of the last 20 working days on the tenant's business calendar: 待审批停留时长 and
 * 审批时效分析 then show approvals that have waited for hours and days. Each takes a serial number (流水号) of the
 * day it is moved to, so that the number's date and the 提交时间 agree.
 */
import {
  addWorkingMinutes,
  DEFAULT_WORKING_HOURS,
  isWorkingDay,
  minutesPerWorkingDay,
  parseWorkingHours,
  type BusinessCalendar,
  type WorkPeriod,
} from '@hjl/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../platform/db/index.ts';
import { executeRows } from '../platform/db/rows.ts';

const DAYS = 20;
const TABLE_RE = /^[a-z_][a-z0-9_]*$/;

/** The last `count` working days before `today` (`yyyy-MM-dd`), newest first. */
export function workingDaysBefore(calendar: BusinessCalendar, today: string, count: number): string[] {
  const out: string[] = [];
  for (let d = Date.parse(`${today}T00:00:00Z`) - 86_400_000, i = 0; out.length < count && i < 400; d -= 86_400_000, i++) {
    const day = new Date(d).toISOString().slice(0, 10);
    if (isWorkingDay(calendar, day)) out.push(day);
  }
  return out;
}

/** Moves the tenant's open instances started at or after `since` (wall clock) back into the last working weeks. */
export async function backdateDemoApprovals(app: FastifyInstance, database: Database, tenantId: string, since: string): Promise<number> {
  const wf = app.workflow;
  const calendar: BusinessCalendar = (await wf.waits?.calendarOf(tenantId)) ?? {
    periods: parseWorkingHours(DEFAULT_WORKING_HOURS) as WorkPeriod[],
    holidays: new Set(),
    makeUpDays: new Set(),
  };
  const today = wf.zone.format(wf.clock.now()).slice(0, 10);
  const days = workingDaysBefore(calendar, today, DAYS);
  const perDay = minutesPerWorkingDay(calendar.periods);
  if (!days.length || !perDay) return 0;
  const instances = await executeRows<{ id: string; key: string; businessKey: string | null }>(
    database.db,
    sql`SELECT id::text AS id, proc_def_key AS key, business_key AS "businessKey" FROM blade_wf_hi_procinst
        WHERE tenant_id = ${tenantId} AND end_time IS NULL AND start_time >= ${since}::timestamp ORDER BY id`,
  );
  let moved = 0;
  for (const [i, p] of instances.entries()) {
    // Spread over the days and over the hours of a day (seven days apart, 97 minutes apart: no two alike).
    const day = days[(i * 7) % days.length] ?? today;
    const at = addWorkingMinutes(calendar, `${day} 00:00:00`, 15 + ((i * 97) % (perDay - 15)));
    if (!at) continue;
    await database.db.transaction(async (tx) => {
      const [row] = await executeRows<{ shift: number }>(
        tx,
        sql`SELECT extract(epoch FROM start_time - ${at}::timestamp)::int AS shift FROM blade_wf_hi_procinst WHERE id = ${p.id}`,
      );
      const shift = sql`(${row?.shift ?? 0}::int * interval '1 second')`;
      const back = (table: string, ...columns: string[]) =>
        tx.execute(
          sql`UPDATE ${sql.identifier(table)} SET ${sql.join(
            columns.map((c) => sql`${sql.identifier(c)} = ${sql.identifier(c)} - ${shift}`),
            sql`, `,
          )} WHERE proc_inst_id = ${p.id}`,
        );
      const serial = await wf.engine.serialAt(tenantId, p.key, wf.zone.parse(at), tx);
      await tx.execute(sql`UPDATE blade_wf_hi_procinst SET start_time = start_time - ${shift}, serial_number = ${serial} WHERE id = ${p.id}`);
      for (const variables of ['blade_wf_variable', 'blade_wf_hi_variable'])
        await tx.execute(sql`UPDATE ${sql.identifier(variables)} SET value = ${JSON.stringify(serial)} WHERE proc_inst_id = ${p.id} AND name = 'serialNumber'`);
      await back('blade_wf_execution', 'start_time');
      await back('blade_wf_task', 'create_time');
      await back('blade_wf_hi_taskinst', 'start_time', 'claim_time', 'end_time');
      await back('blade_wf_hi_actinst', 'start_time', 'end_time');
      await back('blade_wf_comment', 'time');
      const [table, id] = (p.businessKey ?? '').split(':');
      if (table && id && TABLE_RE.test(table))
        await tx.execute(sql`UPDATE ${sql.identifier(table)} SET submit_time = submit_time - ${shift} WHERE id = ${id} AND submit_time IS NOT NULL`);
    });
    moved++;
  }
  return moved;
}
