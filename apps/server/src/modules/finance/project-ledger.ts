/**
 * The ledger as project money reads it (the project 360 view and the cross-project report, BUSINESS.md WP3): the
 * rows in effect (status 2, live) linked to a project, told apart by figure (core project-statement.ts: the
 * producing record's kind and the cost type). Read-only; exported through api.ts.
 */
import { APPROVAL_STATUS, DEPOSIT_LEDGER_BIZ, PROJECT_LEDGER_BIZ, fenToMoney, toFen, type ProjectFigureKey } from '@hjl/core';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/crud/repo.ts';
import { incomeExpends as t } from './schema.ts';

/** Rows in effect of the tenant. */
const inEffect = (tenantId: string): SQL[] => [eq(t.tenantId, tenantId), eq(t.isDeleted, 0), eq(t.status, APPROVAL_STATUS.approved)];

/** All of the conditions (as drizzle's `and` writes them; its answer is `undefined` only for none). */
const allOf = (...conditions: SQL[]): SQL => sql`(${sql.join(conditions, sql` and `)})`;

const notBiz = (...types: string[]) =>
  sql`(${isNull(t.bizType)} or ${t.bizType} NOT IN (${sql.join(
    types.map((x) => sql`${x}`),
    sql`, `,
  )}))`;

/** Rows that are not guarantee money (held, not earned or spent: outside income, expense and profit). */
const notDeposit = notBiz(...DEPOSIT_LEDGER_BIZ);
/** Expense rows that are no cost: labour fees, the settlement fee and guarantee money have figures of their own. */
const notCost = notBiz(PROJECT_LEDGER_BIZ.labour, PROJECT_LEDGER_BIZ.settlement, ...DEPOSIT_LEDGER_BIZ);

/** The condition of a figure's rows. */
export function figureCondition(figure: ProjectFigureKey): SQL {
  const income = eq(t.incomeOrExpend, 0);
  const expend = eq(t.incomeOrExpend, 1);
  switch (figure) {
    case 'income':
      return allOf(income, notDeposit);
    case 'expend':
      return allOf(expend, notDeposit);
    case 'collect':
      return allOf(income, eq(t.bizType, PROJECT_LEDGER_BIZ.collect));
    case 'otherIncome':
      return allOf(income, notBiz(PROJECT_LEDGER_BIZ.collect, ...DEPOSIT_LEDGER_BIZ));
    case 'depositOut':
      return allOf(expend, inArray(t.bizType, [...DEPOSIT_LEDGER_BIZ]));
    case 'depositIn':
      return allOf(income, inArray(t.bizType, [...DEPOSIT_LEDGER_BIZ]));
    case 'labour':
      return allOf(expend, eq(t.bizType, PROJECT_LEDGER_BIZ.labour));
    case 'settlement':
      return allOf(expend, eq(t.bizType, PROJECT_LEDGER_BIZ.settlement));
    case 'cost:none':
      return allOf(expend, notCost, isNull(t.costType));
    default: {
      const costType = Number(figure.slice('cost:'.length));
      return allOf(expend, notCost, eq(t.costType, costType));
    }
  }
}

/** A project's ledger in groups: income or expense, producing kind, cost type and month, with sums and counts. */
export interface ProjectLedgerGroup {
  incomeOrExpend: number;
  bizType: string | null;
  costType: number | null;
  /** yyyy-MM */
  month: string;
  amount: string;
  count: number;
}

export async function projectLedgerGroups(db: Executor, tenantId: string, projectId: string): Promise<ProjectLedgerGroup[]> {
  const month = sql<string>`to_char(${t.transactionDate}, 'YYYY-MM')`;
  const rows = await db
    .select({
      incomeOrExpend: t.incomeOrExpend,
      bizType: t.bizType,
      costType: t.costType,
      month,
      amount: sql<string>`sum(${t.tradeAmount})::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(t)
    .where(and(...inEffect(tenantId), eq(t.projectId, projectId)))
    .groupBy(t.incomeOrExpend, t.bizType, t.costType, month);
  return rows.map((r) => ({
    incomeOrExpend: Number(r.incomeOrExpend),
    bizType: r.bizType === null || r.bizType === undefined ? null : String(r.bizType),
    costType: r.costType === null || r.costType === undefined ? null : Number(r.costType),
    month: String(r.month),
    amount: fenToMoney(toFen(String(r.amount))),
    count: Number(r.count),
  }));
}

/** One page of a project's rows of a figure (newest first) with the figure's sum and count over all its rows. */
export async function projectLedgerPage(db: Executor, tenantId: string, projectId: string, figure: ProjectFigureKey, page: { current: number; size: number }) {
  const where = and(...inEffect(tenantId), eq(t.projectId, projectId), figureCondition(figure));
  const [records, [agg]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(desc(t.transactionDate), desc(t.id))
      .limit(page.size)
      .offset((page.current - 1) * page.size),
    db
      .select({ sum: sql<string>`coalesce(sum(${t.tradeAmount}), 0)::text`, n: sql<number>`count(*)::int` })
      .from(t)
      .where(where),
  ]);
  return { records, total: Number(agg?.n ?? 0), sum: fenToMoney(toFen(String(agg?.sum ?? '0'))) };
}

/**
 * Per project, the sums the cross-project report shows (a subquery to join on `projectId`): income, expense (both
 * without guarantee money, as in the 360 view), collected, labour fees, settlement; rows in effect of the tenant, of the projects `projects` names (a subquery
 * of ids, e.g. the caller's visible projects).
 */
export function projectLedgerTotals(db: Executor, tenantId: string, projects: SQL) {
  const sumIf = (cond: SQL) => sql<string>`coalesce(sum(${t.tradeAmount}) FILTER (WHERE ${cond}), 0)`;
  return db
    .select({
      projectId: sql<string>`${t.projectId}`.as('ledger_project_id'),
      income: sumIf(figureCondition('income')).as('ledger_income'),
      expend: sumIf(figureCondition('expend')).as('ledger_expend'),
      collect: sumIf(figureCondition('collect')).as('ledger_collect'),
      labour: sumIf(figureCondition('labour')).as('ledger_labour'),
      settlement: sumIf(figureCondition('settlement')).as('ledger_settlement'),
    })
    .from(t)
    .where(and(...inEffect(tenantId), sql`${t.projectId} IN ${projects}`))
    .groupBy(t.projectId)
    .as('ledger');
}
