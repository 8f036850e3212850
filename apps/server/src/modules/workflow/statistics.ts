/**
 * 待审批停留时长 on the workbench and the data cockpit: the open approval tasks by how long they have waited.
 * The operations console's users (OPS_CODE) see every open task of the tenant — the general manager's "where do
 * approvals wait" —, everyone else the tasks waiting for them (assigned, or offered to them as a candidate).
 * Task times are kept in the database session's zone (engine/clock.ts), so the age is `localtimestamp - create_time`.
 */
import type { ChartData } from '@hjl/core';
import { sql } from 'drizzle-orm';
import type { AccessProvider } from '../../platform/access/index.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Database } from '../../platform/db/index.ts';
import type { StatisticsRegistry } from '../statistics/api.ts';
import { OPS_CODE } from './access.ts';
import { wfTasks } from './engine/schema.ts';
import { approvalNodeWaitsChart, waitingForUser, WAITS_CODE, type WaitsDeps } from './waits.ts';

/** The age bands of the CASE below: under 1, 3 and 7 days waited, and longer. */
export const WAIT_BANDS = ['1天内', '1-3天', '3-7天', '7天以上'] as const;

export async function approvalsWaiting(database: Database, access: AccessProvider, user: AuthUser): Promise<ChartData> {
  const firmWide = (await access.permissions(user)).has(OPS_CODE);
  const mine = waitingForUser(user.userId);
  const rows = await database.rows<{ band: number; n: number }>(sql`
      SELECT CASE WHEN age < interval '1 day' THEN 0 WHEN age < interval '3 days' THEN 1 WHEN age < interval '7 days' THEN 2 ELSE 3 END AS band,
             count(*)::int AS n
      FROM (SELECT localtimestamp - t.create_time AS age FROM ${wfTasks} t
            WHERE t.tenant_id = ${user.tenantId} AND t.suspension_state = 1 ${firmWide ? sql`` : mine}) waiting
      GROUP BY 1`);
  const counts = new Map(rows.map((r) => [Number(r.band), r.n]));
  return {
    kind: 'bar',
    title: firmWide ? '全公司待审批停留时长' : '我的待审批停留时长',
    categories: [...WAIT_BANDS],
    series: [{ name: '待审批数', data: WAIT_BANDS.map((_b, i) => counts.get(i) ?? 0) }],
  };
}

/** `waits` (the workflow module's `waits`): also the cockpit's block of node durations (waits.ts). */
export function registerWorkflowStatistics(database: Database, access: AccessProvider, statistics: StatisticsRegistry, waits?: WaitsDeps): void {
  statistics.register({ key: 'approvalsWaiting', sort: 90, code: 'wf_todo', query: (db, user) => approvalsWaiting(db, access, user) });
  if (waits)
    statistics.register({
      key: 'approvalNodeWaits',
      sort: 91,
      code: WAITS_CODE,
      boards: ['cockpit'],
      query: (_db, user) => approvalNodeWaitsChart(waits, user, waits.wf.zone.format(waits.wf.clock.now()).slice(0, 10)),
    });
}
