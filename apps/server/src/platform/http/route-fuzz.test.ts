/**
 * Fuzz over the whole route table (`app.routeTable`, like route-isolation.test.ts): as the platform
 * administrator (every permission), call every route with hostile values — NUL bytes, over-long strings, wrong
 * types, injection strings, impossible dates and numbers — in every path parameter, every declared query key
 * and every declared body field (one at a time, then all at once), and bodies that are not objects at all.
 * No answer may be a 5xx or carry SQL or a stack trace, and no row that existed before may change or vanish.
 * A route added later is walked automatically. The counts are printed at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { RouteInfo } from './route.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';

let t: TestApp;
let token: string;

/** Tables whose rows legitimately appear or change on any call: logs, revoked tokens, captchas, read marks, jobs. */
const VOLATILE = /^(blade_log_|blade_token_revoked|blade_captcha|blade_login_failure|blade_notification_read|wf_job|blade_job)/;
let tables: { name: string; hasId: boolean }[] = [];

/** Per table: id → md5 of the whole row (or one md5 of the whole table when it has no id column). */
async function snapshot(): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const { name, hasId } of tables) {
    const rows = hasId
      ? await t.database.raw(`SELECT id::text AS k, md5(x::text) AS h FROM ${name} x`)
      : await t.database.raw(`SELECT 'all' AS k, coalesce(md5(string_agg(md5(x::text), '|' ORDER BY md5(x::text))), '') AS h FROM ${name} x`);
    out.set(name, new Map(rows.map((r) => [String(r.k), String(r.h)])));
  }
  return out;
}

beforeAll(async () => {
  // The token calls of the walk itself are not what the rate limit is for.
  t = await createTestApp({ TOKEN_RATE_LIMIT: '1000000' });
  token = (await t.login()).access_token!;
  const rows = await t.database.raw(
    `SELECT table_name AS name, bool_or(column_name = 'id') AS has_id FROM information_schema.columns
     WHERE table_schema = current_schema() GROUP BY table_name ORDER BY table_name`,
  );
  tables = rows.map((r) => ({ name: String(r.name), hasId: Boolean(r.has_id) })).filter((x) => !VOLATILE.test(x.name) && !x.name.startsWith('__'));
}, 120_000);
afterAll(() => t.close());

const LONG = 'x'.repeat(100_000);
const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE blade_user; --',
  '1) OR (1=1',
  "%' AND 1=1 --",
  '../../../../etc/passwd',
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  '${jndi:ldap://x/a}',
  "admin'--",
];
/** Values for a query parameter, a path parameter or a form field: always text on the wire. */
const TEXT_VALUES: string[] = ['a\u0000b', 'x'.repeat(5000), ...INJECTIONS, '-1', '1.5', '99999999999999999999999999', '2024-13-45 25:61:61', '0', 'NaN'];
/** The values sent to each key alone (all of TEXT_VALUES go to all keys at once). */
const TEXT_EACH: string[] = ['a\u0000b', 'x'.repeat(5000), INJECTIONS[0]!, INJECTIONS[1]!, '-1', '1.5', '99999999999999999999999999', '2024-13-45 25:61:61'];
/** Values for a JSON body field: wrong types as well. */
const BODY_VALUES: unknown[] = [
  'a\u0000b',
  LONG,
  ...INJECTIONS,
  {},
  [],
  [{}],
  { $ne: null },
  -1,
  1.5,
  1e308,
  2 ** 64,
  true,
  null,
  '2024-13-45 25:61:61',
  ['a\u0000', LONG],
];
/** The values sent to each body field alone (all of BODY_VALUES go to all fields at once). */
const BODY_EACH: unknown[] = ['a\u0000b', LONG, INJECTIONS[0]!, INJECTIONS[4]!, {}, [{}], 1e308, 2 ** 64, true, '2024-13-45 25:61:61'];
/** Bodies that are not objects. */
const ODD_BODIES: InjectOptions[] = [
  { payload: '[]', headers: { 'content-type': 'application/json' } },
  { payload: '"text"', headers: { 'content-type': 'application/json' } },
  { payload: '1e999', headers: { 'content-type': 'application/json' } },
  { payload: '{"a":', headers: { 'content-type': 'application/json' } },
  { payload: 'a=%00&b[]=1&c[d]=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
];

/**
 * Calls left out: logout ends the fuzzer's own session; a database backup takes no input at all and writes a
 * whole dump on every call; the API documentation is not an API.
 */
const skipped = (r: RouteInfo) => r.url === '/api/blade-auth/oauth/logout' || r.url.endsWith('/hjlDatabaseBackups/backup') || r.url.startsWith('/api/docs');

const problems: string[] = [];
/** Routes whose bad input only the database noticed (answered 400 by the error handler's safety net). */
const caughtByDatabase = new Set<string>();
const counts = { routes: 0, requests: 0, byStatus: new Map<number, number>() };

const fill = (url: string, value: string) => url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(value));
const SAFE_PARAM = '1';

async function probe(r: RouteInfo, opts: InjectOptions, what: string) {
  counts.requests++;
  const res = await t.app.inject({ method: r.method, ...opts, headers: { 'blade-auth': `bearer ${token}`, ...(opts.headers ?? {}) } });
  counts.byStatus.set(res.statusCode, (counts.byStatus.get(res.statusCode) ?? 0) + 1);
  const where = `${r.method} ${r.url} ${what}`;
  if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  // refused by the database (server.ts, SQLSTATE 22) rather than by the route's own checks
  if (res.statusCode === 400 && res.body.includes('请求参数格式不正确')) caughtByDatabase.add(`${r.method} ${r.url} ${what.split('=')[0]}`);
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('json') && /Failed query|syntax error at|SQLSTATE|violates|relation "|\.ts:\d+/.test(res.body))
    problems.push(`${where}: leaks ${res.body.slice(0, 200)}`);
  if (res.statusCode === 401 && r.requires !== 'public') {
    // the fuzzer's session must survive every call
    problems.push(`${where}: 401 ${res.body.slice(0, 100)}`);
    token = (await t.login()).access_token!;
  }
}

const short = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return (s.length > 30 ? `${s.slice(0, 30)}…(${s.length})` : s).split('\u0000').join('\\0');
};

describe('every route, called with hostile values in every parameter and field', () => {
  it('answers no 5xx, leaks no SQL or stack, and changes no existing row', async () => {
    const started = Date.now();
    const before = await snapshot();
    const routes = t.app.routeTable.filter((r) => !skipped(r));
    expect(routes.length).toBeGreaterThan(300);
    for (const r of routes) {
      counts.routes++;
      const url = fill(r.url, SAFE_PARAM);
      const hasBody = r.method !== 'GET';
      // path parameters
      if (r.url.includes(':')) for (const v of TEXT_VALUES) await probe(r, { url: fill(r.url, v) }, `path=${short(v)}`);
      // each query key alone, then all of them at once; a repeated key (an array) too
      for (const k of r.queryKeys) {
        for (const v of TEXT_EACH) await probe(r, { url, query: { [k]: v } }, `?${k}=${short(v)}`);
        await probe(r, { url: `${url}?${encodeURIComponent(k)}=1&${encodeURIComponent(k)}=2` }, `?${k}=1&${k}=2`);
      }
      if (r.queryKeys.length > 1)
        for (const v of TEXT_VALUES) await probe(r, { url, query: Object.fromEntries(r.queryKeys.map((k) => [k, v])) }, `?all=${short(v)}`);
      // undeclared query keys are ignored, whatever they hold
      await probe(r, { url, query: { 'x\u0000': '1', password_like: "' OR 1=1 --", tenantId_equal: '100001', isDeleted_equal: '1' } }, '?undeclared');
      if (!hasBody) continue;
      for (const k of r.bodyKeys) for (const v of BODY_EACH) await probe(r, { url, payload: { [k]: v } as object }, `body.${k}=${short(v)}`);
      for (const v of BODY_VALUES)
        await probe(r, { url, payload: Object.fromEntries([...r.bodyKeys, 'id', 'ids', 'tenantId'].map((k) => [k, v])) }, `body.all=${short(v)}`);
      for (const odd of ODD_BODIES) await probe(r, { url, ...odd }, `body ${short(odd.payload)}`);
      // form-encoded bodies with each declared field
      for (const k of r.bodyKeys)
        await probe(
          r,
          { url, payload: `${encodeURIComponent(k)}=${encodeURIComponent("' OR '1'='1")}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
          `form ${k}`,
        );
    }
    const after = await snapshot();
    // A text field may take a hostile string (an injection, an impossible date as a name): it is then stored
    // verbatim, as data. Any other change is a fault.
    const literals = [...new Set([...TEXT_VALUES, ...BODY_VALUES].filter((v): v is string => typeof v === 'string' && !v.includes('\u0000') && v.length > 4))];
    const holdsLiteral = async (table: string, id: string) => {
      if (id === 'all') return false;
      const [row] = await t.database.raw(`SELECT x::text AS s FROM ${table} x WHERE id::text = $1`, [id]);
      const text = String(row?.s ?? '');
      return literals.some((i) => text.includes(i) || text.includes(JSON.stringify(i).slice(1, -1)));
    };
    const changed: string[] = [];
    let added = 0;
    let storedLiterally = 0;
    const addedTo: string[] = [];
    for (const [table, rows] of before) {
      const now = after.get(table)!;
      for (const [id, hash] of rows) {
        if (now.get(id) === hash) continue;
        if (now.has(id) && (await holdsLiteral(table, id))) storedLiterally++;
        else changed.push(`${table} ${id}: ${now.has(id) ? 'changed' : 'gone'}`);
      }
      const fresh = [...now.keys()].filter((id) => !rows.has(id));
      for (const id of fresh)
        if (!(await holdsLiteral(table, id)))
          changed.push(
            `${table} ${id}: added without a hostile literal: ${String((await t.database.raw(`SELECT x::text AS s FROM ${table} x WHERE id::text = $1`, [id]))[0]?.s).slice(0, 300)}`,
          );
      if (fresh.length) addedTo.push(`${table} +${fresh.length}`);
      added += fresh.length;
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `route fuzz: ${counts.routes} routes, ${counts.requests} requests in ${seconds} s; answers ${JSON.stringify(Object.fromEntries([...counts.byStatus].sort((a, b) => a[0] - b[0])))}; ` +
        `${tables.length} tables watched; ${changed.length} faults; ${storedLiterally} existing rows and ${added} new rows (${addedTo.join(', ')}) hold a hostile string verbatim as data`,
    );
    if (caughtByDatabase.size) console.log(`refused by the database, not by the route (${caughtByDatabase.size}):\n${[...caughtByDatabase].join('\n')}`);
    expect(changed).toEqual([]);
    expect(problems).toEqual([]);
  }, 900_000);
});
