/**
 * The contract and project reports (spec 2 L462 "report … contract and project page": GET
 * /api/business/report/contract and /report/project) and the workbench statistics of WP2 (项目状态, 任务数量,
 * 合同数量, 到期提醒) on the statistics registry. Every figure is read within the caller's tenant and data scope
 * (project staff: the projects they work on and those projects' contracts and tasks). Amounts are summed in
 * SQL `numeric` (exact) and answered as decimal strings in the totals; charts carry them in 万元 (display only).
 */
import { APPROVAL_STATUS, TASK_STATUS, type ChartData } from '@hjl/core';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import { lastMonths } from '../../platform/time/index.ts';
import type { Shared } from './context.ts';
import { mainContracts } from './contract.ts';
import { contracts, expireNotices, projectTasks, projects } from './schema.ts';

const UNSET = '未填写';
const sumOf = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
/** An amount in 万元 with two decimals, for a chart (never stored or summed again). */
const wan = (v: unknown) => Math.round(Number(v ?? 0) / 100) / 100;

export interface ReportDeps {
  contracts: EntityRepo;
  projects: EntityRepo;
  tasks: EntityRepo;
}

/** What the figures share: the module, the repos whose scope they read, and the two helpers below. */
function reportContext(s: Shared, deps: ReportDeps) {
  const { ctx } = s;
  const db = ctx.database.db;
  const labels = (user: AuthUser, code: string) => ctx.dicts.biz.labels(user.tenantId, code);

  /** Counts (and amounts) of the caller's rows grouped by a column, with the group's label. */
  const grouped = async (
    user: AuthUser,
    repo: EntityRepo,
    table: typeof contracts | typeof projects,
    key: AnyPgColumn | SQL,
    amount: AnyPgColumn | undefined,
    extra: SQL[] = [],
  ) =>
    db
      .select({ key: sql<string | null>`${key}::text`, n: count(), amount: amount ? sql<string>`coalesce(sum(${amount}), 0)::text` : sql<string>`'0'` })
      .from(table)
      .where(and(...(await repo.scope(user)), ...extra))
      .groupBy(key)
      .orderBy(desc(count()), key);

  return { s, deps, db, labels, grouped };
}

type ReportContext = ReturnType<typeof reportContext>;

/** The contract figures (main contracts only): by type, per month, by status, totals. */
function contractFigures({ s, deps, db, labels, grouped }: ReportContext) {
  const contractByType = async (user: AuthUser): Promise<ChartData & { amounts: string[] }> => {
    const rows = await grouped(user, deps.contracts, contracts, contracts.businessType, contracts.contractAmount, [mainContracts()]);
    const names = await labels(user, 'contract_business_type');
    return {
      kind: 'bar',
      title: '各业务类型合同',
      categories: rows.map((r) => (r.key == null ? UNSET : (names.get(r.key) ?? r.key))),
      series: [
        { name: '合同数', data: rows.map((r) => Number(r.n)) },
        { name: '合同金额(万元)', data: rows.map((r) => wan(r.amount)) },
      ],
      amounts: rows.map((r) => r.amount),
    };
  };

  const contractPerMonth = async (user: AuthUser, months = 12): Promise<ChartData & { amounts: string[] }> => {
    const keys = lastMonths(s.clock.month(), months);
    const month = sql<string>`to_char(${contracts.signDate}, 'YYYY-MM')`;
    const rows = await db
      .select({ month, n: count(), amount: sql<string>`coalesce(sum(${contracts.contractAmount}), 0)::text` })
      .from(contracts)
      .where(and(...(await deps.contracts.scope(user)), mainContracts(), sql`${contracts.signDate} >= ${`${keys[0]}-01`}::date`))
      .groupBy(month);
    const by = new Map(rows.map((r) => [r.month, r]));
    return {
      kind: 'bar',
      title: '每月签订合同',
      categories: keys,
      series: [
        { name: '合同数', data: keys.map((k) => Number(by.get(k)?.n ?? 0)) },
        { name: '合同金额(万元)', data: keys.map((k) => wan(by.get(k)?.amount)) },
      ],
      amounts: keys.map((k) => by.get(k)?.amount ?? '0'),
    };
  };

  const STATUS_NAMES: Record<string, string> = { '0': '未发起', '1': '审批中', '2': '审批通过', '3': '审批驳回', '6': '已撤回' };
  const contractByStatus = async (user: AuthUser): Promise<ChartData> => {
    const rows = await grouped(user, deps.contracts, contracts, contracts.status, undefined, [mainContracts()]);
    return {
      kind: 'pie',
      title: '合同审批状态',
      categories: rows.map((r) => STATUS_NAMES[String(r.key)] ?? String(r.key)),
      series: [{ name: '合同数', data: rows.map((r) => Number(r.n)) }],
    };
  };

  const contractTotals = async (user: AuthUser) => {
    const [t] = await db
      .select({
        count: count(),
        amount: sql<string>`coalesce(sum(${contracts.contractAmount}), 0)::text`,
        effective: sql<string>`coalesce(sum(${contracts.effectiveAmount}), 0)::text`,
        approved: sql<number>`count(*) FILTER (WHERE ${contracts.status} = ${APPROVAL_STATUS.approved})::int`,
        linked: sql<number>`count(*) FILTER (WHERE ${contracts.linkStatus} = 1)::int`,
      })
      .from(contracts)
      .where(and(...(await deps.contracts.scope(user)), mainContracts()));
    return { count: Number(t?.count ?? 0), amount: t?.amount ?? '0', effectiveAmount: t?.effective ?? '0', approved: t?.approved ?? 0, linked: t?.linked ?? 0 };
  };

  return { contractByType, contractPerMonth, contractByStatus, contractTotals };
}

/** The project figures: by status, by type, by a referenced record (department, leader), totals. */
function projectFigures({ s, deps, db, labels, grouped }: ReportContext) {
  const { ctx } = s;

  const projectByStatus = async (user: AuthUser): Promise<ChartData> => {
    const rows = await grouped(user, deps.projects, projects, projects.projectStatus, projects.projectAmount);
    const names = await labels(user, 'project_status');
    return {
      kind: 'pie',
      title: '项目状态',
      categories: rows.map((r) => (r.key == null ? UNSET : (names.get(r.key) ?? r.key))),
      series: [{ name: '项目数', data: rows.map((r) => Number(r.n)) }],
    };
  };

  const projectByType = async (user: AuthUser): Promise<ChartData> => {
    const rows = await grouped(user, deps.projects, projects, projects.projectType, projects.projectAmount);
    const names = await labels(user, 'project_type');
    return {
      kind: 'bar',
      title: '各类型项目',
      categories: rows.map((r) => (r.key == null ? UNSET : (names.get(r.key) ?? r.key))),
      series: [
        { name: '项目数', data: rows.map((r) => Number(r.n)) },
        { name: '咨询费(万元)', data: rows.map((r) => wan(r.amount)) },
      ],
    };
  };

  /** Projects by a referenced record (department, leader), the `top` largest, named by the reference kind. */
  const projectByRef = async (user: AuthUser, column: AnyPgColumn, kind: 'dept' | 'user', title: string, top = 20): Promise<ChartData> => {
    const rows = (await grouped(user, deps.projects, projects, column, projects.projectAmount)).slice(0, top);
    const names = await ctx.refs.resolver(kind).names(
      user.tenantId,
      rows.flatMap((r) => (r.key ? [r.key] : [])),
    );
    return {
      kind: 'bar',
      title,
      categories: rows.map((r) => (r.key ? names.get(r.key) || r.key : UNSET)),
      series: [
        { name: '项目数', data: rows.map((r) => Number(r.n)) },
        { name: '咨询费(万元)', data: rows.map((r) => wan(r.amount)) },
      ],
    };
  };

  /**
   * Projects by city: the second part of the stored region name (江苏省/南京市/建邺区 → 南京市), the largest first;
   * past the `top` cities the rest are summed as 其他, so the bars add up to every project.
   */
  const projectByCity = async (user: AuthUser, top = 10): Promise<ChartData> => {
    const city = sql`nullif(split_part(${projects.regionName}, '/', 2), '')`;
    const all = await grouped(user, deps.projects, projects, city, undefined);
    const rest = all.slice(top);
    const rows = rest.length ? [...all.slice(0, top), { key: '其他', n: sumOf(rest.map((r) => Number(r.n))) }] : all;
    return {
      kind: 'bar',
      title: '各地区项目',
      categories: rows.map((r) => r.key ?? UNSET),
      series: [{ name: '项目数', data: rows.map((r) => Number(r.n)) }],
    };
  };

  const projectTotals = async (user: AuthUser) => {
    const [t] = await db
      .select({
        count: count(),
        amount: sql<string>`coalesce(sum(${projects.projectAmount}), 0)::text`,
        running: sql<number>`count(*) FILTER (WHERE ${projects.projectStatus} IN (2, 3, 4))::int`,
        done: sql<number>`count(*) FILTER (WHERE ${projects.projectStatus} IN (5, 6))::int`,
      })
      .from(projects)
      .where(and(...(await deps.projects.scope(user))));
    return { count: Number(t?.count ?? 0), amount: t?.amount ?? '0', running: t?.running ?? 0, done: t?.done ?? 0 };
  };

  return { projectByStatus, projectByType, projectByRef, projectByCity, projectTotals };
}

/** The workbench's own figures: the caller's tasks and expiry reminders. */
function workbenchFigures({ s, deps, db }: ReportContext) {
  const taskCount = async (user: AuthUser): Promise<ChartData> => {
    const today = s.clock.today();
    const [t] = await db
      .select({
        running: sql<number>`count(*) FILTER (WHERE ${projectTasks.taskStatus} = ${TASK_STATUS.running} AND (${projectTasks.planEnd} IS NULL OR ${projectTasks.planEnd} >= ${today}::date))::int`,
        late: sql<number>`count(*) FILTER (WHERE ${projectTasks.taskStatus} = ${TASK_STATUS.running} AND ${projectTasks.planEnd} < ${today}::date)::int`,
        done: sql<number>`count(*) FILTER (WHERE ${projectTasks.taskStatus} = ${TASK_STATUS.done})::int`,
        mine: sql<number>`count(*) FILTER (WHERE ${projectTasks.taskStatus} = ${TASK_STATUS.running} AND ${projectTasks.assigneeUser} = ${user.userId})::int`,
      })
      .from(projectTasks)
      .where(and(...(await deps.tasks.scope(user))));
    return {
      kind: 'bar',
      title: '任务数量',
      categories: ['进行中', '已逾期', '已完成', '我的待办任务'],
      series: [{ name: '任务数', data: [t?.running ?? 0, t?.late ?? 0, t?.done ?? 0, t?.mine ?? 0] }],
    };
  };

  const expireNotice = async (user: AuthUser): Promise<ChartData> => {
    const today = s.clock.today();
    const [t] = await db
      .select({
        past: sql<number>`count(*) FILTER (WHERE ${expireNotices.expireDate} < ${today}::date)::int`,
        week: sql<number>`count(*) FILTER (WHERE ${expireNotices.expireDate} BETWEEN ${today}::date AND ${today}::date + 7)::int`,
        month: sql<number>`count(*) FILTER (WHERE ${expireNotices.expireDate} > ${today}::date + 7 AND ${expireNotices.expireDate} <= ${today}::date + 30)::int`,
        later: sql<number>`count(*) FILTER (WHERE ${expireNotices.expireDate} > ${today}::date + 30)::int`,
      })
      .from(expireNotices)
      .where(
        and(eq(expireNotices.tenantId, user.tenantId), eq(expireNotices.isDeleted, 0), eq(expireNotices.userId, user.userId), eq(expireNotices.isRead, 0)),
      );
    return {
      kind: 'bar',
      title: '到期提醒',
      categories: ['已到期', '7天内到期', '30天内到期', '30天以上'],
      series: [{ name: '提醒数', data: [t?.past ?? 0, t?.week ?? 0, t?.month ?? 0, t?.later ?? 0] }],
    };
  };

  return { taskCount, expireNotice };
}

export function registerReports(s: Shared, deps: ReportDeps) {
  const { ctx } = s;
  const r = reportContext(s, deps);
  const { contractByType, contractPerMonth, contractByStatus, contractTotals } = contractFigures(r);
  const { projectByStatus, projectByType, projectByRef, projectByCity, projectTotals } = projectFigures(r);
  const { taskCount, expireNotice } = workbenchFigures(r);

  ctx.statistics.register({ key: 'projectStatus', sort: 50, code: 'project', query: (_d, user) => projectByStatus(user) });
  ctx.statistics.register({ key: 'taskCount', sort: 51, code: 'project_task_my', query: (_d, user) => taskCount(user) });
  ctx.statistics.register({
    key: 'contractCount',
    sort: 52,
    code: 'contract',
    query: async (_d, user) => {
      const c = await contractPerMonth(user);
      return { ...c, title: '合同数量', series: c.series.slice(0, 1) };
    },
  });
  ctx.statistics.register({ key: 'expireNotice', sort: 53, boards: ['workbench'], query: (_d, user) => expireNotice(user) });
  // The cockpit's firm-wide overviews (大数据中心), each within the caller's data scope.
  ctx.statistics.register({ key: 'projectByCity', sort: 54, code: 'project', boards: ['cockpit'], query: (_d, user) => projectByCity(user) });
  ctx.statistics.register({
    key: 'contractAmountPerMonth',
    sort: 55,
    code: 'contract',
    boards: ['cockpit'],
    query: async (_d, user) => {
      const c = await contractPerMonth(user);
      return { kind: 'line', title: '每月合同金额', categories: c.categories, series: c.series.slice(1) };
    },
  });

  ctx.route({
    method: 'GET',
    url: '/api/business/report/contract',
    summary: '合同统计(业务类型、每月签订、审批状态、合计)',
    tags: ['合同统计'],
    requires: { code: 'contract_report' },
    handler: async ({ user }) => {
      const [byType, perMonth, byStatus, totals] = await Promise.all([
        contractByType(user),
        contractPerMonth(user),
        contractByStatus(user),
        contractTotals(user),
      ]);
      return { byType, perMonth, byStatus, totals };
    },
  });

  ctx.route({
    method: 'GET',
    url: '/api/business/report/project',
    summary: '项目统计(状态、类型、部门、负责人、合计)',
    tags: ['项目统计'],
    requires: { code: 'project_report' },
    handler: async ({ user }) => {
      const [byStatus, byType, byDept, byLeader, totals] = await Promise.all([
        projectByStatus(user),
        projectByType(user),
        projectByRef(user, projects.deptId, 'dept', '各部门项目'),
        projectByRef(user, projects.leaderUser, 'user', '负责人项目'),
        projectTotals(user),
      ]);
      return { byStatus, byType, byDept, byLeader, totals };
    },
  });
}
