/**
 * The baseline: a plain node:http server that answers fixed list URLs by sending the product's own SQL
 * (captured with drizzle's toSQL(), and the names statement as the product sent it) through the raw driver,
 * and writing the same page envelope as JSON. No framework, no auth, no validation, no ORM mapping. The total follows the product's rule
 * (apps/server/src/platform/crud/total.ts): none counted for a page that is not full, a count capped at
 * exactMax + 1, the planner's estimate beyond.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../apps/server/src/platform/db/index.ts';
import { plannedRows } from '../apps/server/src/platform/crud/total.ts';

interface Statement {
  sql: string;
  params: unknown[];
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
  refs?: { column: string; kind: string; display: string }[];
}

// PGlite hands int8 values beyond 2^53 back as BigInt, which JSON.stringify refuses.
const bigintAsString = (_key: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

async function totalOf(database: Database, page: PageSql, onPage: number): Promise<{ total: number; estimated: boolean }> {
  const offset = (page.current - 1) * page.size;
  if (onPage < page.size && (onPage > 0 || offset === 0)) return { total: offset + onPage, estimated: false };
  const [c] = await database.raw(page.capped.sql, page.capped.params);
  const n = Number(Object.values(c ?? {})[0] ?? 0);
  if (n <= page.exactMax) return { total: n, estimated: false };
  const planned = plannedRows(await database.raw(page.estimate.sql, page.estimate.params));
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
      if (page.names) {
        const named = await database.raw(page.names.sql, page.names.params);
        const byKey = new Map(named.map((r) => [`${r.kind}|${r.key}`, r.name]));
        for (const rec of records) for (const ref of page.refs ?? []) rec[ref.display] = rec[ref.column] == null ? '' : (byKey.get(`${ref.kind}|${rec[ref.column]}`) ?? '');
      }
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
