/**
 * 财务报表 (BUSINESS.md WP4): the month-by-month income and expense of a year by cost type and by internal account,
 * the use of each department's budgets, and the loans not yet repaid — under `GET /api/business/report/finance`
 * (all at once, for the report page) and one call each (`/monthly`, `/budget`, `/loans`). Permission
 * `finance_report`. Every figure is read in the caller's tenant and within what their lists show: the ledger rows
 * of the 收支明细 menu's data scope (rows in effect, status 2), the budgets of the 预算管理 menu's data scope (a caller
 * who does not see all applications: their own departments' budgets), the loans of the application scope (own /
 * department manager's departments / finance all). Amounts are summed in SQL numeric and answered as decimal strings;
 * the charts carry yuan as numbers (display only, never summed again).
 */
import { APPROVAL_STATUS, PAY_STATUS, compareMoney, fenToMoney, subtractMoney, sumMoney, toFen, type ChartData } from '@hjl/core';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { firmClock, type FirmClock } from '../../platform/time/index.ts';
import type { DictStores } from '../dict/api.ts';
import { deptTreeIdsSql, liveDeptNames } from '../org/api.ts';
import { accountInfos, applyExpenseInfos, applyExpenses, budgetExpends, incomeExpends, lendMoneys, returnMoneys } from './schema.ts';
import type { ApplicantScope } from '../approval/api.ts';

/** The permission code of the reports (menu 财务报表). */
export const REPORT_CODE = 'finance_report';
const API = '/api/business/report/finance';
const UNSET = '未分类';

const money = (v: unknown) => fenToMoney(toFen(String(v ?? '0')));
/** Yuan as a number for a chart (display only). */
const yuan = (v: string) => Number(v);

const yearQuery = z.looseObject({ year: z.string().optional() });
/** The year asked for (default: this year of the firm's calendar), or 400. */
function yearOf(raw: string | undefined, clock: FirmClock): number {
  if (raw === undefined || raw === '') return Number(clock.today().slice(0, 4));
  if (!/^\d{4}$/.test(raw) || Number(raw) < 2000 || Number(raw) > 2100) throw fail('年份格式应为yyyy(2000-2100)');
  return Number(raw);
}

export interface ReportDeps {
  dicts: DictStores;
  scope: ApplicantScope;
  ledger: EntityRepo;
  budgets: EntityRepo;
  lends: EntityRepo;
}

export function registerReports(ctx: ModuleContext, deps: ReportDeps) {
  const clock = firmClock(ctx.config.timeZone);
  const monthly = monthlyReport(ctx, deps);
  const budget = budgetReport(ctx, deps);
  const loans = loanReport(ctx, deps, clock);

  const tags = ['财务报表'];
  ctx.route({
    method: 'GET',
    url: API,
    summary: '财务报表(每月收支按成本类型与账户、各部门预算使用、未还借款)',
    tags,
    requires: { code: REPORT_CODE },
    query: yearQuery,
    handler: async ({ user, query }) => {
      const year = yearOf(query.year, clock);
      const [m, b, l] = await Promise.all([monthly(user, year), budget(user, year), loans(user)]);
      return { year, monthly: m, budget: b, loans: l };
    },
  });
  ctx.route({
    method: 'GET',
    url: `${API}/monthly`,
    summary: '每月收支(按成本类型、按账户;生效的收支记录)',
    tags,
    requires: { code: REPORT_CODE },
    query: yearQuery,
    handler: async ({ user, query }) => monthly(user, yearOf(query.year, clock)),
  });
  ctx.route({
    method: 'GET',
    url: `${API}/budget`,
    summary: '各部门预算使用(预算、已用、审批中、剩余)',
    tags,
    requires: { code: REPORT_CODE },
    query: yearQuery,
    handler: async ({ user, query }) => budget(user, yearOf(query.year, clock)),
  });
  ctx.route({
    method: 'GET',
    url: `${API}/loans`,
    summary: '未还借款(已付款、余额大于0)',
    tags,
    requires: { code: REPORT_CODE },
    handler: async ({ user }) => loans(user),
  });
}

/** 每月收支: the ledger rows in effect of a year, per month, by cost type and by account. */
function monthlyReport(ctx: ModuleContext, deps: ReportDeps) {
  const db = ctx.database.db;
  const labels = (user: AuthUser, code: string) => deps.dicts.biz.labels(user.tenantId, code);

  /** Sums of the ledger rows in effect of a year, per month and a key (cost type or account). */
  const ledgerBy = async (user: AuthUser, year: number, key: SQL) => {
    const month = sql<string>`to_char(${incomeExpends.transactionDate}, 'YYYY-MM')`;
    return db
      .select({
        month,
        key: sql<string | null>`${key}::text`,
        income: sql<string>`coalesce(sum(${incomeExpends.tradeAmount}) FILTER (WHERE ${incomeExpends.incomeOrExpend} = 0), 0)::text`,
        expend: sql<string>`coalesce(sum(${incomeExpends.tradeAmount}) FILTER (WHERE ${incomeExpends.incomeOrExpend} = 1), 0)::text`,
        n: sql<number>`count(*)::int`,
      })
      .from(incomeExpends)
      .where(
        and(
          ...(await deps.ledger.scope(user)),
          eq(incomeExpends.status, APPROVAL_STATUS.approved),
          sql`${incomeExpends.transactionDate} >= ${`${year}-01-01`}::date`,
          sql`${incomeExpends.transactionDate} < ${`${year + 1}-01-01`}::date`,
        ),
      )
      .groupBy(month, key)
      .orderBy(month, key);
  };

  /** A grouped dimension: rows per month and key, the year's chart per key, totals per key. */
  const dimension = (rows: Awaited<ReturnType<typeof ledgerBy>>, names: Map<string, string>, title: string, keyName: string, nameName: string) => {
    const nameOf = (k: string | null) => (k === null ? UNSET : (names.get(k) ?? k));
    const keys = [...new Set(rows.map((r) => r.key))];
    const perKey = keys.map((k) => {
      const mine = rows.filter((r) => r.key === k);
      return { key: k, name: nameOf(k), income: sumMoney(mine.map((r) => r.income)), expend: sumMoney(mine.map((r) => r.expend)) };
    });
    perKey.sort((a, b) => compareMoney(sumMoney([b.income, b.expend]), sumMoney([a.income, a.expend])));
    const chart: ChartData = {
      kind: 'bar',
      title,
      categories: perKey.map((k) => k.name),
      series: [
        { name: '收入(元)', data: perKey.map((k) => yuan(k.income)) },
        { name: '支出(元)', data: perKey.map((k) => yuan(k.expend)) },
      ],
    };
    return {
      rows: rows.map((r) => ({ month: r.month, [keyName]: r.key, [nameName]: nameOf(r.key), income: money(r.income), expend: money(r.expend), count: r.n })),
      totals: perKey.map((k) => ({ [keyName]: k.key, [nameName]: k.name, income: k.income, expend: k.expend, net: subtractMoney(k.income, k.expend) })),
      chart,
    };
  };

  const monthly = async (user: AuthUser, year: number) => {
    const [byType, byAccountRows, costTypes] = await Promise.all([
      ledgerBy(user, year, sql`${incomeExpends.costType}`),
      ledgerBy(user, year, sql`${incomeExpends.accountInfoId}`),
      labels(user, 'cost_type'),
    ]);
    const accountIds = [...new Set(byAccountRows.flatMap((r) => (r.key ? [r.key] : [])))];
    const accountNames = new Map(
      accountIds.length
        ? (
            await db
              .select({ id: accountInfos.id, name: accountInfos.accountName })
              .from(accountInfos)
              .where(and(eq(accountInfos.tenantId, user.tenantId), inArray(accountInfos.id, accountIds)))
          ).map((a) => [String(a.id), String(a.name)])
        : [],
    );
    const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
    const inMonth = (m: string, kind: 'income' | 'expend') => sumMoney(byType.filter((r) => r.month === m).map((r) => r[kind]));
    const incomes = months.map((m) => inMonth(m, 'income'));
    const expends = months.map((m) => inMonth(m, 'expend'));
    const income = sumMoney(incomes);
    const expend = sumMoney(expends);
    return {
      year,
      months,
      perMonth: {
        kind: 'bar',
        title: `${year}年每月收支`,
        categories: months,
        series: [
          { name: '收入(元)', data: incomes.map(yuan) },
          { name: '支出(元)', data: expends.map(yuan) },
        ],
        incomes,
        expends,
      } satisfies ChartData & { incomes: string[]; expends: string[] },
      byCostType: dimension(byType, costTypes, `${year}年各成本类型收支`, 'costType', 'costTypeName'),
      byAccount: dimension(byAccountRows, accountNames, `${year}年各账户收支`, 'accountInfoId', 'accountName'),
      totals: { income, expend, net: subtractMoney(income, expend), count: byType.reduce((a, r) => a + r.n, 0) },
    };
  };
  return monthly;
}

/** 各部门预算使用: the budgets of a year per department, used, held by claims under approval, remaining. */
function budgetReport(ctx: ModuleContext, deps: ReportDeps) {
  const db = ctx.database.db;

  /** The departments whose budgets a caller sees: all, or their own (and below, for a department manager). */
  const budgetDepts = async (user: AuthUser): Promise<SQL[]> => {
    if (await deps.scope.seesAll(user)) return [];
    if (!user.deptIds.length) return [sql`false`];
    if (await deps.scope.isManager(user)) return [sql`${budgetExpends.deptId} IN (${deptTreeIdsSql(user.tenantId, user.deptIds)})`];
    return [inArray(budgetExpends.deptId, [...user.deptIds])];
  };

  const budget = async (user: AuthUser, year: number) => {
    const where = and(...(await deps.budgets.scope(user)), ...(await budgetDepts(user)), eq(budgetExpends.budgetYear, year));
    // Lines of claims under approval hold their amounts against a budget (as `check/{id}` counts them).
    const pending = db
      .select({ budgetId: applyExpenseInfos.budgetId, amount: sql<string>`sum(${applyExpenseInfos.amount})`.as('amount') })
      .from(applyExpenseInfos)
      .innerJoin(applyExpenses, eq(applyExpenses.id, applyExpenseInfos.applyExpenseId))
      .where(
        and(
          eq(applyExpenseInfos.tenantId, user.tenantId),
          eq(applyExpenseInfos.isDeleted, 0),
          eq(applyExpenses.isDeleted, 0),
          eq(applyExpenses.status, APPROVAL_STATUS.approving),
        ),
      )
      .groupBy(applyExpenseInfos.budgetId)
      .as('pending');
    const rows = await db
      .select({
        deptId: sql<string>`${budgetExpends.deptId}::text`,
        n: sql<number>`count(*)::int`,
        budgetAmount: sql<string>`coalesce(sum(${budgetExpends.budgetAmount}), 0)::text`,
        usedAmount: sql<string>`coalesce(sum(${budgetExpends.usedAmount}), 0)::text`,
        pendingAmount: sql<string>`coalesce(sum(${pending.amount}), 0)::text`,
      })
      .from(budgetExpends)
      .leftJoin(pending, sql`${pending.budgetId} = ${budgetExpends.id}`)
      .where(where)
      .groupBy(budgetExpends.deptId);
    const names = await liveDeptNames(
      db,
      user.tenantId,
      rows.map((r) => r.deptId),
    );
    const out = rows
      .map((r) => {
        const budgetAmount = money(r.budgetAmount);
        const usedAmount = money(r.usedAmount);
        const pendingAmount = money(r.pendingAmount);
        const remaining = subtractMoney(subtractMoney(budgetAmount, usedAmount), pendingAmount);
        // Percent used with two decimals, from integer fen (no floating point in the figure itself).
        const fen = toFen(budgetAmount);
        const useRate = fen > 0n ? fenToMoney((toFen(usedAmount) * 10000n + fen / 2n) / fen) : '0.00';
        return { deptId: r.deptId, deptName: names.get(r.deptId) ?? r.deptId, budgets: r.n, budgetAmount, usedAmount, pendingAmount, remaining, useRate };
      })
      .sort((a, b) => compareMoney(b.budgetAmount, a.budgetAmount));
    const budgetAmount = sumMoney(out.map((r) => r.budgetAmount));
    const usedAmount = sumMoney(out.map((r) => r.usedAmount));
    const pendingAmount = sumMoney(out.map((r) => r.pendingAmount));
    return {
      year,
      rows: out,
      chart: {
        kind: 'bar',
        title: `${year}年各部门预算使用`,
        categories: out.map((r) => r.deptName),
        series: [
          { name: '预算(元)', data: out.map((r) => yuan(r.budgetAmount)) },
          { name: '已用(元)', data: out.map((r) => yuan(r.usedAmount)) },
          { name: '审批中(元)', data: out.map((r) => yuan(r.pendingAmount)) },
        ],
      } satisfies ChartData,
      totals: { budgetAmount, usedAmount, pendingAmount, remaining: subtractMoney(subtractMoney(budgetAmount, usedAmount), pendingAmount) },
    };
  };
  return budget;
}

/** 未还借款: the paid loans with a balance, per loan and per person, overdue ones counted. */
function loanReport(ctx: ModuleContext, deps: ReportDeps, clock: FirmClock) {
  const db = ctx.database.db;

  const loans = async (user: AuthUser) => {
    const today = clock.today();
    const held = db
      .select({ lendId: returnMoneys.lendId, amount: sql<string>`sum(${returnMoneys.returnAmount})`.as('held') })
      .from(returnMoneys)
      .where(and(eq(returnMoneys.tenantId, user.tenantId), eq(returnMoneys.isDeleted, 0), eq(returnMoneys.status, APPROVAL_STATUS.approving)))
      .groupBy(returnMoneys.lendId)
      .as('held');
    const rows = await db
      .select({
        id: sql<string>`${lendMoneys.id}::text`,
        applyUser: sql<string>`${lendMoneys.applyUser}::text`,
        applyDept: sql<string | null>`${lendMoneys.applyDept}::text`,
        purpose: lendMoneys.purpose,
        lendAmount: sql<string>`${lendMoneys.lendAmount}::text`,
        returnedAmount: sql<string>`coalesce(${lendMoneys.returnedAmount}, 0)::text`,
        balance: sql<string>`${lendMoneys.balance}::text`,
        heldAmount: sql<string>`coalesce(${held.amount}, 0)::text`,
        planReturnDate: sql<string | null>`${lendMoneys.planReturnDate}::text`,
        payTime: sql<string | null>`${lendMoneys.payTime}::text`,
      })
      .from(lendMoneys)
      .leftJoin(held, sql`${held.lendId} = ${lendMoneys.id}`)
      .where(
        and(
          ...(await deps.lends.scope(user)),
          ...(await deps.scope.conditions(user, { applyUser: lendMoneys.applyUser, applyDept: lendMoneys.applyDept })),
          eq(lendMoneys.status, APPROVAL_STATUS.approved),
          eq(lendMoneys.payStatus, PAY_STATUS.paid),
          gt(lendMoneys.balance, '0'),
        ),
      )
      .orderBy(lendMoneys.planReturnDate, lendMoneys.id);
    const [people, depts] = await Promise.all([
      userNames(
        user.tenantId,
        rows.map((r) => r.applyUser),
      ),
      liveDeptNames(
        db,
        user.tenantId,
        rows.flatMap((r) => (r.applyDept ? [r.applyDept] : [])),
      ),
    ]);
    const out = rows.map((r) => {
      const overdueDays = r.planReturnDate && r.planReturnDate < today ? Math.round((Date.parse(today) - Date.parse(r.planReturnDate)) / 86_400_000) : 0;
      return {
        id: r.id,
        applyUser: r.applyUser,
        applyUserName: people.get(r.applyUser) ?? '',
        applyDept: r.applyDept,
        applyDeptName: r.applyDept ? (depts.get(r.applyDept) ?? '') : '',
        purpose: r.purpose,
        lendAmount: money(r.lendAmount),
        returnedAmount: money(r.returnedAmount),
        balance: money(r.balance),
        heldAmount: money(r.heldAmount),
        planReturnDate: r.planReturnDate,
        payDate: r.payTime ? r.payTime.slice(0, 10) : null,
        overdue: overdueDays > 0,
        overdueDays,
      };
    });
    const byPerson = new Map<string, { name: string; balance: string[] }>();
    for (const r of out) byPerson.set(r.applyUser, { name: r.applyUserName, balance: [...(byPerson.get(r.applyUser)?.balance ?? []), r.balance] });
    const people2 = [...byPerson.values()].map((p) => ({ name: p.name, balance: sumMoney(p.balance) })).sort((a, b) => compareMoney(b.balance, a.balance));
    const overdue = out.filter((r) => r.overdue);
    return {
      rows: out,
      chart: {
        kind: 'bar',
        title: '未还借款(按借款人)',
        categories: people2.map((p) => p.name),
        series: [{ name: '借款余额(元)', data: people2.map((p) => yuan(p.balance)) }],
      } satisfies ChartData,
      totals: {
        count: out.length,
        lendAmount: sumMoney(out.map((r) => r.lendAmount)),
        balance: sumMoney(out.map((r) => r.balance)),
        heldAmount: sumMoney(out.map((r) => r.heldAmount)),
        overdueCount: overdue.length,
        overdueBalance: sumMoney(overdue.map((r) => r.balance)),
      },
    };
  };

  /** Names of users of the tenant. */
  const userNames = async (tenantId: string, ids: string[]) => {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return new Map<string, string>();
    return ctx.refs.resolver('user').names(tenantId, wanted);
  };
  return loans;
}
