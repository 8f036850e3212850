/**
 * The total of a list page without counting a large table on every call (docs/performance.md: `count(*)` of a
 * million rows was all of a page's time).
 *
 * - A page that is not full ends the list: its total is known from the page itself, nothing is counted.
 * - Otherwise the planner's estimate of the same statement is read first (EXPLAIN, the table's statistics: no row
 *   is read). When it expects more than `ESTIMATE_TRUSTED` (5) times `exactMax` rows, that is the total, nothing is
 *   counted: counting even `exactMax + 1` of the matches of a filter costs a heap visit per match (a 1 % filter of
 *   a million rows: a thousand blocks), and an estimate that large is far past the threshold even when it errs.
 * - Otherwise the matching rows are counted up to `exactMax + 1` (`SELECT count(*) FROM (SELECT 1 … LIMIT n)`):
 *   at most `exactMax` rows is the exact total; beyond it the estimate.
 * An estimated total never caps the list: an estimate that a full page reaches (its rows at or past it: the
 * statistics are stale or low) is replaced by the exact count (page 1: by one past its rows), and so is the total
 * of a page asked past the end (no row at an offset), so the pager's last page always answers and leads to the
 * true end. The page says so
 * (`totalEstimated: true`). A BladeX client still reads a number in `total`.
 *
 * Every statement carries the same conditions as the rows (tenant, live rows, data scope, filters).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Statement } from '../db/index.ts';

/** Default of LIST_EXACT_TOTAL: lists count their total exactly up to this many rows. */
export const DEFAULT_EXACT_TOTAL = 100_000;

/**
 * A list filtered by a substring (contains: LIKE '%…%') counts exactly up to this many rows only: each match costs a
 * heap visit (the trigram index finds candidates, not rows), and counting 10,000 of them took page 1 of a
 * million-row list to 425 ms where 1,001 took 26 ms (docs/performance.md "Totals").
 */
export const SUBSTRING_EXACT_TOTAL = 1000;

/** Whether a list filter matches a substring (the `like` forms, and a text field's default). */
export const isSubstringFilter = (f: { op: string; kind: string }) => f.op === 'like' || f.op === 'notlike' || (f.op === 'default' && f.kind === 'text');

/** The exact-count threshold of a page with `filters`: LIST_EXACT_TOTAL, or the substring one (0 stays 0: always exact). */
export function exactMaxOf(filters: readonly { op: string; kind: string }[], exactTotal: number): number {
  return exactTotal > 0 && filters.some(isSubstringFilter) ? Math.min(exactTotal, SUBSTRING_EXACT_TOTAL) : exactTotal;
}

/**
 * A planner's estimate above this many times the threshold is the total without a count. The searched text columns
 * of the large tables keep a 1000-value histogram (migration 0030), from which a substring filter's estimate comes:
 * five times 1000 rows of a million means five or more of the thousand sampled values matched, which a filter
 * matching at most 1000 rows (one value expected) does about four times in a thousand — and then shows 约 ….
 */
export const ESTIMATE_TRUSTED = 5;

/** Whether a full page's total is `planned` (estimated) without counting: see ESTIMATE_TRUSTED. */
export function estimateSuffices(planned: number, exactMax: number): boolean {
  return exactMax > 0 && planned > exactMax * ESTIMATE_TRUSTED;
}

export interface PageTotal {
  total: number;
  /** The total is an estimate (more than `exactMax` rows match). */
  estimated: boolean;
}

/**
 * The statements of a page's total over `from` — the page's `from "table" where …` (crud/statements.ts) — also
 * sent by the benchmark's bare handler.
 */
export function totalStatements(from: Statement, exactMax: number) {
  const next = `$${from.params.length + 1}`;
  return {
    /** Counts at most exactMax + 1 matching rows. */
    capped: { sql: `select count(*) as "n" from (select 1 as "one" ${from.sql} limit ${next}) "capped"`, params: [...from.params, exactMax + 1] },
    /** The planner's estimate of the matching rows. */
    estimate: { sql: `EXPLAIN (FORMAT JSON) select 1 as "one" ${from.sql}`, params: from.params },
    /** Counts every matching row (exactMax of 0 or less). */
    exact: { sql: `select count(*) as "n" ${from.sql}`, params: from.params },
  } satisfies Record<string, Statement>;
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
  from: Statement,
  page: { offset: number; size: number; onPage: number },
  exactMax: number,
): Promise<PageTotal> {
  const { offset, size, onPage } = page;
  // A page that is not full is the last one: the total is what came before it plus its rows.
  if (onPage < size && (onPage > 0 || offset === 0)) return { total: offset + onPage, estimated: false };
  const q = totalStatements(from, exactMax);
  const exact = async () => ({ total: await counted(database, q.exact), estimated: false });
  // Every total counted exactly, or a page past the end: the exact count tells the client where the list ends.
  if (exactMax <= 0 || onPage === 0) return exact();
  const planned = plannedRows(await database.raw(q.estimate.sql, q.estimate.params));
  const known = offset + onPage;
  if (estimateSuffices(planned, exactMax)) return estimatedOrExact(planned, offset, known, exact);
  const n = await counted(database, q.capped);
  if (n <= exactMax) return { total: n, estimated: false };
  return estimatedOrExact(Math.max(planned, exactMax + 1), offset, known, exact);
}

/**
 * An estimated total that the rows already read reach (a full page at or past it) is proven low — stale
 * statistics —: on the first page the total is one past its rows (the next page can be asked, nothing more is
 * counted for page 1); on a later page the rows are counted exactly. So the estimate never caps the list: the
 * pager's last page always answers and leads to the true end.
 */
function estimatedOrExact(estimate: number, offset: number, known: number, exact: () => Promise<PageTotal>): Promise<PageTotal> | PageTotal {
  if (estimate > known) return { total: estimate, estimated: true };
  return offset === 0 ? { total: known + 1, estimated: true } : exact();
}

async function counted(database: Database, statement: Statement): Promise<number> {
  const [row] = await database.arrays(statement);
  return Number(row?.[0] ?? 0);
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
  const count = async (limit: SQL) => {
    const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${matching}${limit}) m`);
    return Number(row?.n ?? 0);
  };
  const exact = async () => ({ total: await count(sql``), estimated: false });
  if (exactMax <= 0 || onPage === 0) return exact();
  const planned = plannedRows(await database.rows<Record<string, unknown>>(sql`EXPLAIN (FORMAT JSON) ${matching}`));
  const known = offset + onPage;
  if (estimateSuffices(planned, exactMax)) return estimatedOrExact(planned, offset, known, exact);
  const n = await count(sql` LIMIT ${exactMax + 1}`);
  if (n <= exactMax) return { total: n, estimated: false };
  return estimatedOrExact(Math.max(planned, exactMax + 1), offset, known, exact);
}
