/**
 * Where approvals wait (审批时效分析, GET /api/blade-workflow/waits/summary; docs/workflow.md "Approval durations"):
 * the open tasks by age, the median and 90th-percentile time per process node of the tasks finished in a period,
 * the slowest approvers and the overdue open tasks against the node's time limit (`hjl:timeLimit`, model.ts) — all
 * in working hours on the tenant's business calendar (calendar.ts, packages/core/src/working-hours.ts). Who sees
 * what follows 待审批停留时长 (statistics.ts): the operations console's users (OPS_CODE) the whole tenant, anyone
 * else the tasks waiting for them and those they finished. The cockpit block is `approvalNodeWaits`.
 */
import {
  addWorkingMinutes,
  minutesPerWorkingDay,
  percentile,
  workingMinutesBetween,
  type ApproverWaits,
  type BusinessCalendar,
  type ChartData,
  type NodeWaits,
  type OverdueTask,
  type WaitsSummary,
} from '@hjl/core';
import { sql } from 'drizzle-orm';
import type { AccessProvider } from '../../platform/access/index.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Database } from '../../platform/db/index.ts';
import { OPS_CODE } from './access.ts';
import type { CalendarReader } from './calendar.ts';
import type { Clock, ProcessModel, ZoneTime } from './engine/index.ts';
import { wfHiTaskInsts, wfIdentityLinks, wfProcDefs, wfTasks } from './engine/schema.ts';

/** The menu and permission code of the page. */
export const WAITS_CODE = 'wf_waits';

/** The age bands of open tasks, in working days of the calendar's working hours. */
export const WORKING_AGE_BANDS = ['半个工作日内', '半天至1个工作日', '1-3个工作日', '3-5个工作日', '5个工作日以上'] as const;
const BAND_DAYS = [0.5, 1, 3, 5];

/** What the durations read of the workflow module: compiled definitions, its zone and clock. */
export interface WaitsEngine {
  engine: { model(procDefId: string): Promise<ProcessModel> };
  zone: ZoneTime;
  clock: Clock;
}

export interface WaitsDeps {
  database: Database;
  wf: WaitsEngine;
  access: AccessProvider;
  calendarOf: CalendarReader;
  userNames(tenantId: string, ids: string[]): Promise<Map<string, string>>;
}

interface TaskRow {
  taskId: string;
  procInstId: string;
  procDefId: string;
  processKey: string;
  processName: string | null;
  nodeKey: string;
  nodeName: string | null;
  assignee: string | null;
  startTime: string;
  endTime: string | null;
}

/** Working hours to one decimal. */
const hoursOf = (minutes: number | undefined) => (minutes === undefined ? null : Math.round(minutes / 6) / 10);

const TASK_COLUMNS = (t: typeof wfTasks | typeof wfHiTaskInsts, start: 'create_time' | 'start_time') => sql`
  t.id::text AS "taskId", t.proc_inst_id::text AS "procInstId", t.proc_def_id::text AS "procDefId", t.proc_def_key AS "processKey",
  d.name AS "processName", t.task_def_key AS "nodeKey", t.name AS "nodeName", t.assignee,
  to_char(t.${sql.raw(start)}, 'YYYY-MM-DD HH24:MI:SS') AS "startTime"`;

/** The open tasks (alias `t`) waiting for the user: assigned, or offered to them as a candidate (an `AND …` to append). */
export function waitingForUser(userId: string) {
  return sql`AND (t.assignee = ${userId} OR (t.assignee IS NULL AND EXISTS (
      SELECT 1 FROM ${wfIdentityLinks} l WHERE l.task_id = t.id AND l.user_id = ${userId})))`;
}

/** The open (active) tasks the caller sees. */
export async function openTasksOf(database: Database, tenantId: string, onlyFor?: string): Promise<TaskRow[]> {
  return database.rows<TaskRow>(sql`
    SELECT ${TASK_COLUMNS(wfTasks, 'create_time')}, NULL AS "endTime"
    FROM ${wfTasks} t LEFT JOIN ${wfProcDefs} d ON d.id = t.proc_def_id
    WHERE t.tenant_id = ${tenantId} AND t.suspension_state = 1 ${onlyFor ? waitingForUser(onlyFor) : sql``}`);
}

/** The tasks finished from `from` to `to` (dates, both included) the caller sees (their own when `onlyBy`). */
async function doneTasksOf(database: Database, tenantId: string, from: string, to: string, onlyBy?: string): Promise<TaskRow[]> {
  return database.rows<TaskRow>(sql`
    SELECT ${TASK_COLUMNS(wfHiTaskInsts, 'start_time')}, to_char(t.end_time, 'YYYY-MM-DD HH24:MI:SS') AS "endTime"
    FROM ${wfHiTaskInsts} t LEFT JOIN ${wfProcDefs} d ON d.id = t.proc_def_id
    WHERE t.tenant_id = ${tenantId} AND t.end_time >= ${from}::date AND t.end_time < ${to}::date + 1
      ${onlyBy ? sql`AND t.assignee = ${onlyBy}` : sql``}`);
}

/** The time limits (working hours) of the user tasks of these definitions, by `procDefId:nodeKey`. */
export async function timeLimitsOf(wf: WaitsEngine, procDefIds: Iterable<string>): Promise<Map<string, number>> {
  const limits = new Map<string, number>();
  for (const id of new Set(procDefIds)) {
    const model = await wf.engine.model(id).catch(() => undefined);
    for (const node of model?.nodes.values() ?? []) if (node.userTask?.timeLimitHours) limits.set(`${id}:${node.id}`, node.userTask.timeLimitHours);
  }
  return limits;
}

/** An open task's overdue facts, or undefined when its node has no limit or it is within it. */
export function overdueOf(calendar: BusinessCalendar, task: TaskRow, limitHours: number | undefined, now: string) {
  if (!limitHours) return undefined;
  const waited = workingMinutesBetween(calendar, task.startTime, now);
  if (waited <= limitHours * 60) return undefined;
  return { waitedMinutes: waited, dueTime: addWorkingMinutes(calendar, task.startTime, limitHours * 60) ?? null };
}

function bandOf(minutes: number, perDay: number): number {
  const i = BAND_DAYS.findIndex((days) => minutes < days * perDay);
  return i === -1 ? BAND_DAYS.length : i;
}

/** Groups rows by a key, keeping the first row of each group as its sample. */
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

const durations = (calendar: BusinessCalendar, rows: TaskRow[]) => rows.map((r) => workingMinutesBetween(calendar, r.startTime, r.endTime ?? r.startTime));

/** The summary of a period for the caller (firm-wide with OPS_CODE, else their own tasks). */
export async function approvalWaits(deps: WaitsDeps, user: AuthUser, period: { from: string; to: string }): Promise<WaitsSummary> {
  const firmWide = (await deps.access.permissions(user)).has(OPS_CODE);
  const own = firmWide ? undefined : user.userId;
  const calendar = await deps.calendarOf(user.tenantId);
  const now = deps.wf.zone.format(deps.wf.clock.now());
  const open = await openTasksOf(deps.database, user.tenantId, own);
  const done = await doneTasksOf(deps.database, user.tenantId, period.from, period.to, own);
  const limits = await timeLimitsOf(
    deps.wf,
    [...open, ...done].map((t) => t.procDefId),
  );
  const perDay = minutesPerWorkingDay(calendar.periods) || 480;

  const counts = WORKING_AGE_BANDS.map(() => 0);
  const overdue: (OverdueTask & { key: string })[] = [];
  for (const t of open) {
    const band = bandOf(workingMinutesBetween(calendar, t.startTime, now), perDay);
    counts[band] = (counts[band] ?? 0) + 1;
    const limit = limits.get(`${t.procDefId}:${t.nodeKey}`);
    const late = overdueOf(calendar, t, limit, now);
    if (late && limit)
      overdue.push({
        key: `${t.processKey}:${t.nodeKey}`,
        taskId: t.taskId,
        processInstanceId: t.procInstId,
        processName: t.processName ?? t.processKey,
        nodeName: t.nodeName ?? t.nodeKey,
        assignee: t.assignee ?? '',
        assigneeName: '',
        startTime: t.startTime,
        dueTime: late.dueTime,
        waitedHours: hoursOf(late.waitedMinutes) ?? 0,
        timeLimitHours: limit,
      });
  }
  const names = await deps.userNames(user.tenantId, [...open, ...done].map((t) => t.assignee ?? '').filter(Boolean));
  for (const o of overdue) o.assigneeName = names.get(o.assignee) ?? '';
  overdue.sort((a, b) => b.waitedHours / b.timeLimitHours - a.waitedHours / a.timeLimitHours);

  return {
    ...period,
    firmWide,
    hoursPerDay: perDay / 60,
    openByAge: { categories: [...WORKING_AGE_BANDS], counts },
    nodes: nodeWaits(calendar, open, done, limits, overdue),
    approvers: approverWaits(calendar, open, done, names),
    overdue: overdue.map(({ key: _key, ...o }) => o),
  };
}

function nodeWaits(calendar: BusinessCalendar, open: TaskRow[], done: TaskRow[], limits: Map<string, number>, overdue: { key: string }[]): NodeWaits[] {
  const nodeKey = (t: TaskRow) => `${t.processKey}:${t.nodeKey}`;
  const doneBy = groupBy(done, nodeKey);
  const openBy = groupBy(open, nodeKey);
  const keys = new Set([...doneBy.keys(), ...openBy.keys()]);
  const rows: NodeWaits[] = [];
  for (const key of keys) {
    const finished = doneBy.get(key) ?? [];
    const waiting = openBy.get(key) ?? [];
    const all = [...waiting, ...finished];
    const sample = all[0];
    if (!sample) continue;
    // The newest definition's limit (open tasks run on it more often than finished ones do).
    const limit = all.map((t) => limits.get(`${t.procDefId}:${t.nodeKey}`)).find((l) => l !== undefined);
    const times = durations(calendar, finished);
    rows.push({
      processKey: sample.processKey,
      processName: sample.processName ?? sample.processKey,
      nodeKey: sample.nodeKey,
      nodeName: sample.nodeName ?? sample.nodeKey,
      timeLimitHours: limit ?? null,
      done: finished.length,
      medianHours: hoursOf(percentile(times, 50)),
      p90Hours: hoursOf(percentile(times, 90)),
      open: waiting.length,
      overdue: overdue.filter((o) => o.key === key).length,
    });
  }
  return rows.sort((a, b) => (b.p90Hours ?? -1) - (a.p90Hours ?? -1) || b.open - a.open);
}

/** The approvers by their median time (slowest first), at most 20. */
function approverWaits(calendar: BusinessCalendar, open: TaskRow[], done: TaskRow[], names: Map<string, string>): ApproverWaits[] {
  const doneBy = groupBy(
    done.filter((t) => t.assignee),
    (t) => t.assignee ?? '',
  );
  const openBy = groupBy(
    open.filter((t) => t.assignee),
    (t) => t.assignee ?? '',
  );
  return [...new Set([...doneBy.keys(), ...openBy.keys()])]
    .map((userId) => {
      const times = durations(calendar, doneBy.get(userId) ?? []);
      return {
        userId,
        userName: names.get(userId) ?? '',
        done: times.length,
        medianHours: hoursOf(percentile(times, 50)),
        p90Hours: hoursOf(percentile(times, 90)),
        open: openBy.get(userId)?.length ?? 0,
      };
    })
    .sort((a, b) => (b.medianHours ?? -1) - (a.medianHours ?? -1) || b.open - a.open)
    .slice(0, 20);
}

/** The cockpit block: the slowest nodes of the last 30 days by their 90th percentile, with their median. */
export async function approvalNodeWaitsChart(deps: WaitsDeps, user: AuthUser, today: string): Promise<ChartData> {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const summary = await approvalWaits(deps, user, { from, to: today });
  const nodes = summary.nodes.filter((n) => n.done > 0).slice(0, 8);
  return {
    kind: 'bar',
    title: summary.firmWide ? '近30天审批节点用时(工作小时)' : '近30天我的审批用时(工作小时)',
    categories: nodes.map((n) => `${n.processName}·${n.nodeName}`),
    series: [
      { name: '中位数', data: nodes.map((n) => n.medianHours ?? 0) },
      { name: '90分位', data: nodes.map((n) => n.p90Hours ?? 0) },
    ],
  };
}
