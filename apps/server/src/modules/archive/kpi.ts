/**
 * KPI (绩效考核, S1 L137-138; BUSINESS.md WP7): the month's assessment task (kpiTask, one per month) with its weighted
 * items gives every person of the tenant a record (administrators aside); `getKpiTaskTopList` lists the tasks,
 * `getKpiTaskNextList` a task's records (paged); `getMyTaskDetail` / `submitMyTaskDetail` are one's own record and
 * its self scores, submitted once (本月已提交); `submitLeaderScore` is the department manager's scores, which make the
 * final score (core kpi.ts, docs/decisions.md "KPI final score"); `getRanking?month=` orders the month's scored
 * records and `exportKpiOrder?month=` answers the same rows as an .xlsx. Who sees records: the person their own, a
 * department manager their departments', holders of `kpi_task_all` (leaders) every record; the ranking is the firm's
 * published board (every holder of its menu sees the whole month).
 */
import {
  KPI_MONTH_RE,
  KPI_MSG as MSG,
  KPI_RECORD_STATUS as ST,
  finalKpiScore,
  kpiRecordEntity,
  kpiTaskEntity,
  parseKpiItems,
  scoreText,
  weightedKpiScore,
  type KpiRankingRow,
  type KpiScoredItem,
} from '@hjl/core';
import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { nextId } from '../../platform/db/ids.ts';
import { executeRows } from '../../platform/db/rows.ts';
import { sendWorkbook, writeWorkbook, type ExcelColumn } from '../../platform/excel/index.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField, optionalId } from '../../platform/http/params.ts';
import { ApplicantScope } from '../approval/api.ts';
import { roleIdsWithAliasSql } from '../system/api.ts';
import { liveUsersBrief, usersHoldingAny } from '../user/api.ts';
import type { ArchiveShared } from './context.ts';
import { kpiRecords, kpiTasks } from './schema.ts';

const K = kpiRecordEntity.api;
const tags = [kpiRecordEntity.label.zh];
export const KPI_ALL = 'kpi_task_all';
const monthQuery = z.object({
  month: z
    .string({ message: MSG.monthMissing })
    .min(1, { message: MSG.monthMissing })
    .refine((v) => KPI_MONTH_RE.test(v), { message: MSG.month }),
});
const scoresOf = (key: 'selfScore' | 'leaderScore') =>
  z
    .array(z.object({ item: z.string({ message: MSG.scoreItems }), [key]: z.union([z.string(), z.number()], { message: MSG.scoreRange }) }), {
      message: MSG.scoreItems,
    })
    .min(1, { message: MSG.scoreItems })
    .max(30, { message: MSG.scoreItems });
const selfBody = z.object({ taskId: idField({ message: '考核任务格式不正确' }), items: scoresOf('selfScore') });
const leaderBody = z.object({ id: idField({ message: '考核记录格式不正确' }), items: scoresOf('leaderScore') });

/** The items of a record with the scores given, as stored (JSON text). */
const itemsOf = (row: { items?: unknown }): KpiScoredItem[] => {
  try {
    const v = JSON.parse(typeof row.items === 'string' ? row.items : '[]') as KpiScoredItem[];
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

/** The scores sent for every item of a record (each 0–100, two decimals), or the mistake. */
function scoresFor(items: KpiScoredItem[], sent: Record<string, unknown>[], key: 'selfScore' | 'leaderScore'): KpiScoredItem[] {
  const byItem = new Map(sent.map((x) => [String(x.item).trim(), x[key]]));
  return items.map((x) => {
    if (!byItem.has(x.item)) throw fail(MSG.scoreItems);
    const score = scoreText(byItem.get(x.item));
    if (score === undefined) throw fail(MSG.scoreRange);
    return { ...x, [key]: score };
  });
}

export const RANKING_COLUMNS: ExcelColumn[] = [
  { key: 'rank', header: '排名', width: 8 },
  { key: 'userName', header: '姓名', width: 14 },
  { key: 'deptName', header: '部门', width: 16 },
  { key: 'selfScore', header: '自评得分', width: 12 },
  { key: 'leaderScore', header: '领导评分', width: 12 },
  { key: 'finalScore', header: '最终得分', width: 12 },
];

export function registerKpi(s: ArchiveShared) {
  const { ctx, db } = s;
  const scope = new ApplicantScope(ctx, KPI_ALL);
  const taskRepo = ctx.repo(kpiTaskEntity, kpiTasks);
  const recordRepo = ctx
    .repo(kpiRecordEntity, kpiRecords)
    .narrowed((user) => scope.conditions(user, { applyUser: kpiRecords.userId, applyDept: kpiRecords.deptId }));

  registerEntityRoutes(ctx.route, taskRepo, ctx.access, {
    dictionary: s.dictionary,
    // A new month's task gives every person of the tenant (administrators aside) a record to fill in.
    async inTransaction(tx, user, change) {
      const [task] = await tx.select({ month: kpiTasks.month, items: kpiTasks.items }).from(kpiTasks).where(eq(kpiTasks.id, change.id));
      if (!task) return;
      const items = (parseKpiItems(String(task.items ?? '')).items ?? []).map((x) => ({ ...x, selfScore: null, leaderScore: null }));
      if (change.op === 'update') {
        await tx
          .update(kpiRecords)
          .set({ month: task.month, items: JSON.stringify(items) })
          .where(and(eq(kpiRecords.taskId, change.id), eq(kpiRecords.recordStatus, ST.waitingSelf)));
        return;
      }
      await createRecords(tx, user.tenantId, user.userId, change.id, String(task.month), JSON.stringify(items));
    },
    async beforeRemove(user, ids) {
      const [started] = await db
        .select({ id: kpiRecords.id })
        .from(kpiRecords)
        .where(
          and(
            eq(kpiRecords.tenantId, user.tenantId),
            sql`${kpiRecords.taskId} IN (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`,
            isNotNull(kpiRecords.selfSubmitTime),
          ),
        )
        .limit(1);
      if (started) throw fail('已有人员提交自评的考核任务不能删除');
    },
  });

  ctx.route({
    method: 'GET',
    url: `${K}/getKpiTaskTopList`,
    summary: '考核任务列表(按月份,新的在前),含本人记录的状态',
    tags,
    requires: { code: kpiTaskEntity.name },
    handler: async ({ user }) => {
      const page = await taskRepo.page(user, { size: '120', descs: 'month' }, [], 120);
      const mine = await db
        .select({ taskId: kpiRecords.taskId, id: kpiRecords.id, recordStatus: kpiRecords.recordStatus, finalScore: kpiRecords.finalScore })
        .from(kpiRecords)
        .where(and(eq(kpiRecords.tenantId, user.tenantId), eq(kpiRecords.userId, user.userId), eq(kpiRecords.isDeleted, 0)));
      const byTask = new Map(mine.map((m) => [String(m.taskId), m]));
      return page.records.map((t) => {
        const m = byTask.get(String(t.id));
        return { ...t, myRecordId: m?.id ?? null, myStatus: m?.recordStatus ?? null, myFinalScore: m?.finalScore ?? null };
      });
    },
  });

  ctx.route({
    method: 'GET',
    url: `${K}/getKpiTaskNextList`,
    summary: '考核任务下的人员记录(分页;本人/本部门/全部按权限)',
    tags,
    requires: { code: kpiTaskEntity.name },
    query: z.looseObject({ taskId: idField({ message: '考核任务格式不正确' }), current: z.string().optional(), size: z.string().optional() }),
    handler: async ({ user, query }) => {
      const { taskId, ...rest } = query;
      const p = await recordRepo.page(user, { ...rest, ascs: 'deptId,userId' }, [eq(kpiRecords.taskId, taskId)]);
      return { ...p, records: (await recordRepo.withNames(user, p.records)).map(({ items, ...r }) => ({ ...r, items: itemsOf({ items }) })) };
    },
  });

  registerRecordRoutes(s, recordRepo, scope);
  registerRanking(s);
  return { taskRepo, recordRepo };
}

/** Records of a new task for every live person of the tenant but administrators. */
async function createRecords(tx: Executor, tenantId: string, by: string, taskId: string, month: string, items: string) {
  const people = await liveUsersBrief(tx, tenantId);
  const adminRoles = await executeRows<{ id: string }>(tx, sql`SELECT id::text AS id FROM (${roleIdsWithAliasSql(tenantId, ['administrator'])}) r`);
  const admins = new Set(await usersHoldingAny(tx, tenantId, { roleIds: adminRoles.map((r) => r.id) }));
  const rows = [...people.entries()]
    .filter(([id]) => !admins.has(id))
    .map(([userId, u]) => ({
      id: nextId(),
      tenantId,
      taskId,
      month,
      userId,
      deptId: u.deptId,
      items,
      recordStatus: ST.waitingSelf,
      createUser: by,
      updateUser: by,
    }));
  if (rows.length) await tx.insert(kpiRecords).values(rows);
}

/** One's own record (or, for a manager, a record of their departments), the self scores and the leader scores. */
function registerRecordRoutes(s: ArchiveShared, recordRepo: EntityRepo<typeof kpiRecordEntity>, scope: ApplicantScope) {
  const { ctx, db } = s;
  const detail = async (user: AuthUser, where: SQL[]) => {
    const row = await recordRepo.find(user, where);
    if (!row) throw fail(MSG.recordMissing);
    const [named] = await recordRepo.withNames(user, [row]);
    return { ...(named ?? row), items: itemsOf(row) };
  };

  ctx.route({
    method: 'GET',
    url: `${K}/getMyTaskDetail`,
    summary: '本人(或部门负责人查看本部门人员)在一个考核任务中的考核明细',
    tags,
    requires: { code: kpiRecordEntity.name },
    query: z.looseObject({ taskId: idField({ message: '考核任务格式不正确' }), userId: optionalId }),
    handler: ({ user, query }) => detail(user, [eq(kpiRecords.taskId, query.taskId), eq(kpiRecords.userId, query.userId ?? user.userId)]),
  });

  ctx.route({
    method: 'POST',
    url: `${K}/submitMyTaskDetail`,
    summary: '提交本人的自评分(每月一次,再次提交答复 本月已提交)',
    tags,
    requires: { code: kpiRecordEntity.name },
    body: selfBody,
    handler: async ({ user, body }) => {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(kpiRecords)
          .where(
            and(eq(kpiRecords.tenantId, user.tenantId), eq(kpiRecords.taskId, body.taskId), eq(kpiRecords.userId, user.userId), eq(kpiRecords.isDeleted, 0)),
          )
          .for('update');
        if (!row) throw fail(MSG.recordMissing);
        if (row.selfSubmitTime) throw fail(MSG.submitted);
        const items = scoresFor(itemsOf(row), body.items, 'selfScore');
        await tx
          .update(kpiRecords)
          .set({
            items: JSON.stringify(items),
            selfScore: weightedKpiScore(items, 'selfScore'),
            selfSubmitTime: s.clock.now(),
            recordStatus: ST.waitingLeader,
            updateUser: user.userId,
            updateTime: sql`now()`,
          })
          .where(eq(kpiRecords.id, row.id));
      });
      return detail(user, [eq(kpiRecords.taskId, body.taskId), eq(kpiRecords.userId, user.userId)]);
    },
  });

  ctx.route({
    method: 'POST',
    url: `${K}/submitLeaderScore`,
    summary: '部门负责人为本部门人员评分(自评提交后;最终得分 = 自评×30% + 领导评分×70%)',
    tags,
    requires: { code: 'kpi_task_leader' },
    body: leaderBody,
    handler: async ({ user, body }) => {
      const seen = await recordRepo.find(user, [eq(kpiRecords.id, body.id)]);
      if (!seen) throw fail(MSG.recordMissing);
      if (seen.userId === user.userId) throw fail(MSG.selfScoreOwn);
      if (!(await scope.seesAll(user)) && !(await scope.isManager(user))) throw fail(MSG.notLeader);
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(kpiRecords).where(eq(kpiRecords.id, seen.id)).for('update');
        if (!row?.selfSubmitTime) throw fail(MSG.notSubmitted);
        const items = scoresFor(itemsOf(row), body.items, 'leaderScore');
        const leaderScore = weightedKpiScore(items, 'leaderScore');
        await tx
          .update(kpiRecords)
          .set({
            items: JSON.stringify(items),
            leaderScore,
            finalScore: finalKpiScore(row.selfScore == null ? null : String(row.selfScore), leaderScore),
            leaderUser: user.userId,
            leaderSubmitTime: s.clock.now(),
            recordStatus: ST.scored,
            updateUser: user.userId,
            updateTime: sql`now()`,
          })
          .where(eq(kpiRecords.id, row.id));
      });
      return detail(user, [eq(kpiRecords.id, seen.id)]);
    },
  });
}

/** The scored records of a month in ranking order: final score, then leader score; equal final scores share a rank. */
export async function rankingOf(s: ArchiveShared, tenantId: string, month: string): Promise<KpiRankingRow[]> {
  const rows = await s.db
    .select({
      userId: kpiRecords.userId,
      deptId: kpiRecords.deptId,
      selfScore: kpiRecords.selfScore,
      leaderScore: kpiRecords.leaderScore,
      finalScore: kpiRecords.finalScore,
    })
    .from(kpiRecords)
    .where(and(eq(kpiRecords.tenantId, tenantId), eq(kpiRecords.month, month), eq(kpiRecords.isDeleted, 0), isNotNull(kpiRecords.finalScore)))
    .orderBy(desc(kpiRecords.finalScore), desc(kpiRecords.leaderScore), asc(kpiRecords.userId));
  const users = await s.ctx.refs.resolver('user').names(tenantId, [...new Set(rows.map((r) => String(r.userId)))]);
  const depts = await s.ctx.refs.resolver('dept').names(tenantId, [...new Set(rows.map((r) => String(r.deptId ?? '')).filter(Boolean))]);
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || rows[i - 1]?.finalScore !== r.finalScore) rank = i + 1;
    return {
      rank,
      userId: String(r.userId),
      userName: users.get(String(r.userId)) ?? '',
      deptName: depts.get(String(r.deptId ?? '')) ?? '',
      selfScore: String(r.selfScore ?? ''),
      leaderScore: String(r.leaderScore ?? ''),
      finalScore: String(r.finalScore ?? ''),
    };
  });
}

function registerRanking(s: ArchiveShared) {
  const { ctx } = s;
  ctx.route({
    method: 'GET',
    url: `${K}/getRanking`,
    summary: '一个月的绩效排行榜(已评分人员,按最终得分)',
    tags,
    requires: { code: 'kpi_ranking' },
    query: monthQuery,
    handler: ({ user, query }) => rankingOf(s, user.tenantId, query.month),
  });
  ctx.route({
    method: 'GET',
    url: `${K}/exportKpiOrder`,
    summary: '导出一个月的绩效排行榜(.xlsx,行与排行榜相同)',
    tags,
    requires: { code: 'kpi_ranking_export' },
    raw: true,
    query: monthQuery,
    handler: async ({ user, query, reply }) => {
      const rows: Row[] = (await rankingOf(s, user.tenantId, query.month)).map((r) => ({ ...r }));
      return sendWorkbook(reply, `绩效排行榜-${query.month}.xlsx`, await writeWorkbook(`${query.month}排行榜`, RANKING_COLUMNS, rows));
    },
  });
}
