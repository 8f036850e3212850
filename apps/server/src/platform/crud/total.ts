/**
 * The total of a list page without counting a large table on every call (issue 20 item 3: `count(*)` of a
 * million rows was all of a page's time).
 *
 * - A page that is not full ends the list: its total is known from the page itself, nothing is counted.
 * - Otherwise the matching rows are counted up to `exactMax + 1` (`SELECT count(*) FROM (SELECT 1 … LIMIT n)`):
 *   at most `exactMax` rows is the exact total.
 * - Beyond that the total is the planner's estimate of the same statement (EXPLAIN, the table's statistics),
 *   never less than what is known to exist, and the page says so (`totalEstimated: true`). A BladeX client
 *   still reads a number in `total`.
 *
 * Every statement carries the same conditions as the rows (tenant, live rows, data scope, filters).
 */
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/index.ts';

/** Default of LIST_EXACT_TOTAL: lists count their total exactly up to this many rows. */
export const DEFAULT_EXACT_TOTAL = 1000;

export interface PageTotal {
  total: number;
  /** The total is an estimate (more than `exactMax` rows match). */
  estimated: boolean;
}

/** The statements of a page's total (also sent by the benchmark's bare handler). */
export function totalQueries(database: Database, table: PgTable, where: SQL | undefined, exactMax: number) {
  const db = database.db;
  // A builder is changed by .limit(): one per statement.
  const matching = () =>
    db
      .select({ one: sql`1`.as('one') })
      .from(table)
      .where(where);
  return {
    /** The matching rows (`SELECT 1 …`): what the estimate explains. */
    matching: matching(),
    /** Counts at most exactMax + 1 rows. */
    capped: db.select({ n: count() }).from(
      matching()
        .limit(exactMax + 1)
        .as('capped'),
    ),
    /** The planner's estimate of the matching rows. */
    estimate: sql`EXPLAIN (FORMAT JSON) ${matching()}`,
  };
}

/** The planner's row estimate out of an `EXPLAIN (FORMAT JSON)` answer (drivers answer the JSON parsed or as text). */
export function plannedRows(explainRows: Record<string, unknown>[]): number {
  let plan = explainRows[0]?.['QUERY PLAN'];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = Number((plan as { Plan?: { 'Plan Rows'?: unknown } }[] | undefined)?.[0]?.Plan?.['Plan Rows']);
  return Number.isFinite(rows) ? Math.round(rows) : 0;
}

/**
 * The total of a page whose rows are already read: `onPage` rows at `offset` (0-based) with `size` asked.
 * `exactMax` of 0 or less: always counted exactly.
 */
export async function pageTotal(
  database: Database,
  table: PgTable,
  where: SQL | undefined,
  page: { offset: number; size: number; onPage: number },
  exactMax: number,
): Promise<PageTotal> {
  const { offset, size, onPage } = page;
  // A page that is not full is the last one: the total is what came before it plus its rows.
  if (onPage < size && (onPage > 0 || offset === 0)) return { total: offset + onPage, estimated: false };
  if (exactMax <= 0) {
    const [row] = await database.db.select({ n: count() }).from(table).where(where);
    return { total: Number(row?.n ?? 0), estimated: false };
  }
  const q = totalQueries(database, table, where, exactMax);
  const [capped] = await q.capped;
  const n = Number(capped?.n ?? 0);
  if (n <= exactMax) return { total: n, estimated: false };
  const planned = plannedRows(await database.rows<Record<string, unknown>>(q.estimate));
  // Never less than the rows known to exist: more than exactMax, and every row up to the end of a full page.
  return { total: Math.max(planned, exactMax + 1, offset + onPage), estimated: true };
}

/**
 * The total of a page of a list written in SQL (the workflow and notification lists): the same rule as
 * `pageTotal`, over `matching`, a `SELECT 1 …` carrying the page's conditions.
 */
export async function sqlPageTotal(
  database: Database,
  matching: SQL,
  page: { offset: number; size: number; onPage: number },
  exactMax: number,
): Promise<PageTotal> {
  const { offset, size, onPage } = page;
  if (onPage < size && (onPage > 0 || offset === 0)) return { total: offset + onPage, estimated: false };
  const limit = exactMax > 0 ? sql` LIMIT ${exactMax + 1}` : sql``;
  const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${matching}${limit}) m`);
  const n = Number(row?.n ?? 0);
  if (exactMax <= 0 || n <= exactMax) return { total: n, estimated: false };
  const planned = plannedRows(await database.rows<Record<string, unknown>>(sql`EXPLAIN (FORMAT JSON) ${matching}`));
  return { total: Math.max(planned, exactMax + 1, offset + onPage), estimated: true };
}
