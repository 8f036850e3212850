/**
 * Tenant isolation, proved over the whole route table: as the administrator of tenant B, call every read
 * route (lists, details, trees, selects, exports …) and every write route whose name says it removes or
 * changes records, with ids and filters that belong to tenant A, and prove that nothing of A is returned,
 * counted or changed. The routes come from `app.routeTable`, so a route added later is walked automatically.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../http/route.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { createTenant } from '../../testing/db.ts';

const A = '000000';
const B = '100001';

let t: TestApp;
let b: string;
/** Every tenant table (has tenant_id and id). */
let tenantTables: string[] = [];
/** All ids of A's rows, for finding them in answers. */
const aIds = new Set<string>();
/** A few ids of A per table, to send. */
let probeIds: string[] = [];
/** Distinctive texts of A (names, titles, keys) that occur nowhere in B's or platform data. */
let aMarkers: string[] = [];
/** A business dictionary code A has filled (B has none). */
let aDictCode = '';

const SAMPLE_TABLES_TEXT: Record<string, string> = {
  blade_user: 'real_name',
  blade_dept: 'dept_name',
  blade_notice: 'title',
  blade_param: 'param_key',
  blade_role: 'role_name',
  blade_post: 'post_name',
};

async function fingerprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of tenantTables) {
    const [r] = await t.database.raw(
      `SELECT count(*)::int AS n, coalesce(md5(string_agg(x::text, '|' ORDER BY x.id)), '') AS h FROM ${table} x WHERE tenant_id = $1`,
      [A],
    );
    out[table] = `${r!.n}:${r!.h}`;
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, B);
  b = (await t.login('admin', 'admin', B)).access_token!;

  const cols = await t.database.raw(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'tenant_id'
     AND table_name IN (SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'id')
     ORDER BY table_name`,
  );
  tenantTables = cols.map((c) => String(c.table_name));
  expect(tenantTables.length).toBeGreaterThan(10);

  for (const table of tenantTables) {
    const rows = await t.database.raw(`SELECT id::text AS id FROM ${table} WHERE tenant_id = $1 ORDER BY id`, [A]);
    for (const r of rows) aIds.add(String(r.id));
    // One id of each of A's tables: every route meets a record of its own table (a second id of the same table
    // takes the same path; the walk is routes × tables, and grows with both).
    probeIds.push(...rows.slice(0, 1).map((r) => String(r.id)));
  }
  probeIds = [...new Set(probeIds)];
  expect(probeIds.length).toBeGreaterThan(50);

  // Texts that B legitimately sees (its own rows, platform-wide tables) cannot tell a leak.
  const allTables = await t.database.raw(
    `SELECT table_name, bool_or(column_name = 'tenant_id') AS tenant FROM information_schema.columns WHERE table_schema = current_schema() GROUP BY table_name`,
  );
  let visible = '';
  for (const { table_name: table, tenant } of allTables) {
    const [r] = await t.database.raw(
      `SELECT coalesce(string_agg(x::text, '|'), '') AS s FROM ${String(table)} x WHERE ${tenant ? 'tenant_id = $1' : '$1::text IS NOT NULL'}`,
      [B],
    );
    visible += String(r!.s);
  }
  const markers: string[] = [];
  for (const [table, column] of Object.entries(SAMPLE_TABLES_TEXT)) {
    const rows = await t.database.raw(`SELECT DISTINCT ${column} AS v FROM ${table} WHERE tenant_id = $1 AND ${column} IS NOT NULL`, [A]);
    markers.push(...rows.map((r) => String(r.v)).filter((v) => v.length >= 2 && !visible.includes(v)));
  }
  aMarkers = markers;
  const [dict] = await t.database.raw(`SELECT code FROM blade_dict_biz WHERE tenant_id = $1 AND parent_id <> 0 LIMIT 1`, [A]);
  aDictCode = String(dict!.code);
  expect(aMarkers.length).toBeGreaterThan(10);
}, 120_000);
afterAll(() => t.close());

/** Calls B must not make: its own session (logout, token), and the API documentation. */
const skipped = (r: RouteInfo) => r.url.startsWith('/api/blade-auth/') || r.url.startsWith('/api/docs');

/** Query keys that name records: they get A's ids. */
const idKey = (k: string) => k !== 'tenantId' && /(^id$|Id$|^ids$|Ids$)/.test(k);
const plural = (k: string) => /ids$/i.test(k);

const withParams = (url: string, id: string) => url.replace(/:[A-Za-z]+/g, id);

/** Filters naming A's tenant and records, sent with every read. */
function filterQuery(r: RouteInfo, id: string, naming: 'tenant' | 'records'): Record<string, string> {
  // Naming A's tenant is refused by most routes, so the record filters are also sent without it.
  const q: Record<string, string> = { ...(naming === 'tenant' ? { tenantId: A } : {}), size: '1000', current: '1' };
  for (const k of r.queryKeys) {
    if (idKey(k)) q[k] = plural(k) ? probeIds.join(',') : id;
    else if (k === 'code' || k === 'type') q[k] = aDictCode;
  }
  return q;
}

async function textOf(res: { res: { headers: Record<string, unknown>; rawPayload: Buffer }; body: unknown }): Promise<string> {
  const type = String(res.res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => cells.push(String(c.value ?? '')))));
    return cells.join('|');
  }
  return typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
}

const problems: string[] = [];
let calls = 0;

async function check(r: RouteInfo, opts: { url: string; query?: Record<string, string>; payload?: unknown }, token = b) {
  calls++;
  const res = await t.call(token, { method: r.method, url: opts.url, query: opts.query, ...(opts.payload ? { payload: opts.payload as object } : {}) });
  const where = `${r.method} ${opts.url} ${JSON.stringify(opts.query ?? {})}`;
  if (res.status >= 500) problems.push(`${where}: answered ${res.status}`);
  const text = await textOf(res);
  for (const m of text.match(/\d{15,20}/g) ?? []) if (aIds.has(m)) problems.push(`${where}: returned A's id ${m}`);
  for (const m of aMarkers) if (text.includes(m)) problems.push(`${where}: returned A's text ${m}`);
  const data = (res.body as { data?: { records?: unknown[]; total?: number; size?: number } })?.data;
  if (
    data &&
    Array.isArray(data.records) &&
    typeof data.total === 'number' &&
    typeof data.size === 'number' &&
    data.records.length < data.size &&
    data.total !== data.records.length
  ) {
    problems.push(`${where}: counted ${data.total} rows but shows ${data.records.length}`);
  }
}

/** Runs the calls `width` at a time (reads: they change nothing, so their order does not matter). */
async function inParallel(calls: (() => Promise<void>)[], width: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < calls.length) await calls[next++]?.();
    }),
  );
}

describe('every route, called by tenant B with tenant A’s ids and filters', () => {
  it('walks the route table', () => {
    // Sanity: the walk covers the routes of every module, not a handful.
    expect(t.app.routeTable.length).toBeGreaterThan(150);
    expect(t.app.routeTable.filter((r) => r.method === 'GET' && /\/(list|page|detail)$/.test(r.url)).length).toBeGreaterThan(30);
  });

  it('the check finds A’s rows when they are there (control: the same calls as A)', async () => {
    const a = (await t.login()).access_token!;
    for (const url of ['/api/blade-system/param/list', '/api/blade-user/page', '/api/blade-system/dept/list']) {
      const r = t.app.routeTable.find((x) => x.url === url)!;
      await check(r, { url, query: { size: '1000' } }, a);
      await check(r, { url, query: { size: '2' } }, a);
    }
    expect(problems.filter((p) => p.includes("returned A's id")).length).toBeGreaterThanOrEqual(3);
    expect(problems.some((p) => p.includes("returned A's text"))).toBe(true);
    problems.length = 0;
  });

  it('reads return and count nothing of A', async () => {
    const reads = t.app.routeTable.filter((r) => r.method === 'GET' && !skipped(r));
    const jobs: (() => Promise<void>)[] = [];
    for (const r of reads) {
      const takesId = r.url.includes(':') || r.queryKeys.some((k) => idKey(k) && !plural(k));
      for (const naming of ['tenant', 'records'] as const) {
        for (const id of takesId ? probeIds : probeIds.slice(0, 1))
          jobs.push(() => check(r, { url: withParams(r.url, id), query: filterQuery(r, id, naming) }));
      }
    }
    await inParallel(jobs, 4);
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(reads.length * 3);
  }, 600_000);

  it('removes and changes touch nothing of A', async () => {
    const before = await fingerprint();
    const writes = t.app.routeTable.filter(
      (r) => r.method !== 'GET' && !skipped(r) && /(remove|delete|submit|save|update|grant|enable|reset|unlock|dimission|audit|setting|change)/i.test(r.url),
    );
    expect(writes.length).toBeGreaterThan(30);
    // One after the other: a write of B may create B's own rows, and two at once could collide where one after
    // the other would not.
    for (const r of writes) {
      for (const id of probeIds) {
        await check(r, {
          url: withParams(r.url, id),
          query: Object.fromEntries(r.queryKeys.map((k) => [k, plural(k) ? probeIds.join(',') : id])),
          payload: r.method === 'DELETE' && !r.queryKeys.length ? { ids: probeIds.join(',') } : { id, ids: probeIds.join(','), parentId: id },
        });
      }
    }
    expect(problems).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  }, 600_000);
});
