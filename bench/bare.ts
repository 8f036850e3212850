/**
 * The baseline: a plain node:http server that answers fixed list URLs by sending the product's own SQL
 * (captured with drizzle's toSQL(), and the names statement as the product sent it) through the raw driver,
 * and writing the same page envelope as JSON. No framework, no auth, no validation, no ORM mapping. The total follows the product's rule
 * (apps/server/src/platform/crud/total.ts): none counted for a page that is not full, the planner's estimate when
 * it is far past the threshold, else a count capped at exactMax + 1 and the estimate beyond.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EntityDef } from '@hjl/core';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { refFields } from '../apps/server/src/platform/crud/refs.ts';
import type { Database } from '../apps/server/src/platform/db/index.ts';
import { estimateSuffices, plannedRows } from '../apps/server/src/platform/crud/total.ts';

export interface Statement {
  sql: string;
  params: unknown[];
}

/** Where a page's names go: the row's column holding the key, the kind, and the display field written. */
export interface RefSlot {
  column: string;
  kind: string;
  display: string;
}

/** The references of `def` named on reads, with their columns in `table` (what the bare handler fills in). */
export function refSlots(def: EntityDef, table: PgTable): RefSlot[] {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return refFields(def)
    .filter(([, f]) => !(f.display in def.fields))
    .map(([name, f]) => ({ column: columns[name]!.name, kind: f.ref, display: f.display }));
}

/**
 * The statement naming the page's references that the product sends for one request (`init`: method, headers,
 * body), read off the driver's pool after a first request has filled the caches of the token, permissions,
 * data scope and parameters. One statement whatever the number of kinds (RefResolver.namesQuery); none for a
 * page with nothing to name (an empty page).
 */
export async function namesStatementOf(url: string, init: RequestInit): Promise<Statement | undefined> {
  await fetch(url, init);
  const seen: Statement[] = [];
  const query = pg.Pool.prototype.query;
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    seen.push(typeof config === 'string' ? { sql: config, params: values ?? [] } : { sql: config.text, params: config.values ?? values ?? [] });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    const res = await fetch(url, init);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  } finally {
    pg.Pool.prototype.query = query;
  }
  const names = seen.filter((s) => s.sql.includes('as "kind"'));
  if (names.length > 1) throw new Error(`${url}: expected one names statement, got ${names.length}: ${names.map((s) => s.sql.slice(0, 80)).join(' ; ')}`);
  return names[0];
}

/** Runs the names statement and writes each name into the records, as the product's withNames does. */
export async function nameRecords(database: Database, records: Record<string, unknown>[], names: Statement | undefined, slots: readonly RefSlot[]) {
  if (!names) return;
  const named = await database.raw(names.sql, names.params);
  const byKey = new Map(named.map((r) => [`${r.kind}|${r.key}`, r.name]));
  for (const rec of records) for (const s of slots) rec[s.display] = rec[s.column] == null ? '' : (byKey.get(`${s.kind}|${rec[s.column]}`) ?? '');
}

export interface PageSql {
  rows: Statement;
  /** SELECT count(*) FROM (SELECT 1 … LIMIT exactMax + 1). */
  capped: Statement;
  /** EXPLAIN (FORMAT JSON) SELECT 1 …. */
  estimate: Statement;
  exactMax: number;
  current: number;
  size: number;
  /**
   * The statement naming the page's references (customers, departments, people: kind, key, name rows) exactly
   * as the product sent it for this page, and where each name goes: the row's column holding the key and the
   * display field the name is written to.
   */
  names?: Statement;
  refs?: RefSlot[];
}

// PGlite hands int8 values beyond 2^53 back as BigInt, which JSON.stringify refuses.
const bigintAsString = (_key: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

async function totalOf(database: Database, page: PageSql, onPage: number): Promise<{ total: number; estimated: boolean }> {
  const offset = (page.current - 1) * page.size;
  if (onPage < page.size && (onPage > 0 || offset === 0)) return { total: offset + onPage, estimated: false };
  const planned = plannedRows(await database.raw(page.estimate.sql, page.estimate.params));
  if (estimateSuffices(planned, page.exactMax)) return { total: Math.max(planned, offset + onPage), estimated: true };
  const [c] = await database.raw(page.capped.sql, page.capped.params);
  const n = Number(Object.values(c ?? {})[0] ?? 0);
  if (n <= page.exactMax) return { total: n, estimated: false };
  return { total: Math.max(planned, page.exactMax + 1, offset + onPage), estimated: true };
}

/** Starts the bare server on a loopback port; `pages` maps a request URL (path + query) to its statements. */
export async function startBare(database: Database, pages: Map<string, PageSql>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    try {
      const records = await database.raw(page.rows.sql, page.rows.params);
      const { total, estimated } = await totalOf(database, page, records.length);
      await nameRecords(database, records, page.names, page.refs ?? []);
      const data = {
        records,
        total,
        size: page.size,
        current: page.current,
        pages: Math.ceil(total / page.size),
        ...(estimated ? { totalEstimated: true } : {}),
      };
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }, bigintAsString));
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
