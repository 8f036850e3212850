/**
 * Sums of ledger rows in effect (status 2, live) under a filter: an area's statement over the ledger (a branch's
 * collections, costs, management fees, dividends …), so that each figure it shows is the sum of the rows posted.
 * Read-only; exported through api.ts.
 */
import { APPROVAL_STATUS, INCOME_OR_EXPEND, fenToMoney, toFen, type ProjectFigureKey } from '@hjl/core';
import { and, eq, gte, inArray, lte, not, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/crud/repo.ts';
import { figureCondition } from './project-ledger.ts';
import { incomeExpends as t } from './schema.ts';

/** A list of ids or a subquery answering them (not run: `IN` it). */
export type IdsIn = Parameters<typeof inArray>[1];

export interface LedgerFilter {
  tenantId: string;
  direction?: 'income' | 'expense';
  /** Rows linked to these projects. */
  projects?: IdsIn;
  /** Rows of a figure of the project statement (core project-statement.ts), and not of `except`. */
  figure?: ProjectFigureKey;
  except?: ProjectFigureKey;
  /** Rows produced by records of this kind (their table) among `bizIds`. */
  bizType?: string;
  bizIds?: IdsIn;
  /** Transaction dates from and to, both included (yyyy-MM-dd). */
  from?: string;
  to?: string;
}

/** The conditions of a filter. */
function conditionsOf(f: LedgerFilter): SQL[] {
  const c: SQL[] = [eq(t.tenantId, f.tenantId), eq(t.isDeleted, 0), eq(t.status, APPROVAL_STATUS.approved)];
  if (f.direction) c.push(eq(t.incomeOrExpend, f.direction === 'income' ? INCOME_OR_EXPEND.income : INCOME_OR_EXPEND.expend));
  if (f.projects !== undefined) c.push(inArray(t.projectId, f.projects));
  if (f.figure) c.push(figureCondition(f.figure));
  if (f.except) c.push(not(figureCondition(f.except)));
  if (f.bizType) c.push(eq(t.bizType, f.bizType));
  if (f.bizIds !== undefined) c.push(inArray(t.bizId, f.bizIds));
  if (f.from) c.push(gte(t.transactionDate, f.from));
  if (f.to) c.push(lte(t.transactionDate, f.to));
  return c;
}

/** The sum and count of the rows a filter names. */
export async function ledgerSum(db: Executor, f: LedgerFilter): Promise<{ amount: string; count: number }> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${t.tradeAmount}), 0)::text`, n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(...conditionsOf(f)));
  return { amount: fenToMoney(toFen(String(row?.sum ?? '0'))), count: Number(row?.n ?? 0) };
}
