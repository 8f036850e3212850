/**
 * The baseline: a plain node:http server that answers fixed list URLs by sending the product's own SQL
 * (captured with drizzle's toSQL()) through the raw driver, and writing the same page envelope as JSON.
 * No framework, no auth, no validation, no ORM mapping.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../apps/server/src/platform/db/index.ts';

export interface PageSql {
  rows: { sql: string; params: unknown[] };
  total: { sql: string; params: unknown[] };
  current: number;
  size: number;
}

// PGlite hands int8 values beyond 2^53 back as BigInt, which JSON.stringify refuses.
const bigintAsString = (_key: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** Starts the bare server on a loopback port; `pages` maps a request URL (path + query) to its statements. */
export async function startBare(database: Database, pages: Map<string, PageSql>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    try {
      const [records, [t]] = await Promise.all([database.raw(page.rows.sql, page.rows.params), database.raw(page.total.sql, page.total.params)]);
      const total = Number(Object.values(t ?? {})[0] ?? 0); // drizzle's count() has no alias: the only column
      const data = { records, total, size: page.size, current: page.current, pages: Math.ceil(total / page.size) };
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
