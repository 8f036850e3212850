/**
 * List totals at a million rows (docs/performance.md "Totals"): `GET /api/blade-system/param/list` over 1,000,000
 * parameters on the embedded database, one request at a time (the latency of page 1 a user waits for, not
 * throughput), through the product: the unfiltered list (the planner's estimate, nothing counted), a 1 % filter
 * (10,000 rows, counted), a 10 % filter (exactly 100,000 rows: counted to the last one, LIST_EXACT_TOTAL) and its last
 * page, and filters whose rows were added after the statistics (a stale, low estimate): 50,000 rows (counted) and
 * 150,000 rows (above the threshold: the estimate until a page reaches it, then counted) — page 1 and the page the
 * pager shows last. `BENCH_ONLY=totals npm run bench` runs this part only.
 */
import crypto from 'node:crypto';
import { createApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/index.ts';
import { prepareDatabase, webClientBasic } from '../apps/server/src/seed/index.ts';
import { seedParams } from './seed.ts';

export interface TotalsCase {
  name: string;
  query: Record<string, string>;
  total: number;
  estimated: boolean;
  records: number;
  p50Ms: number;
  maxMs: number;
}
export interface TotalsBenchResult {
  kind: 'pglite';
  rows: number;
  seedMs: number;
  cases: TotalsCase[];
}

const log = (msg: string) => console.log(`[bench] ${msg}`);
const LIST = '/api/blade-system/param/list';
/** Requests per case (after one warm-up request). */
const REPEAT = 15;

/** Rows named `<prefix> <i>` added after the statistics were taken (no ANALYZE): the planner does not know them. */
async function addUnanalyzed(raw: (q: string, p?: unknown[]) => Promise<unknown>, prefix: string, n: number, from: number) {
  await raw(
    `INSERT INTO blade_param (id, tenant_id, create_user, param_name, param_key, param_value)
     SELECT 2000000000000000000 + $3::bigint + g, '000000', u.id, $1 || ' ' || g, $1 || '.' || g, 'v'
       FROM generate_series(1, $2::int) g, (SELECT id FROM blade_user WHERE tenant_id = '000000' AND account = 'admin') u`,
    [prefix, n, from],
  );
}

export async function benchTotals(dataDir: string, rows: number): Promise<TotalsBenchResult> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA_TEST_MODE: 'enabled-for-tests', WEB_DIR: '/nonexistent' });
  const database = await openDatabase({ timeZone: config.timeZone });
  try {
    await prepareDatabase(database, config);
    log(`totals: seeding ${rows} parameters ...`);
    const seeded = performance.now();
    await seedParams(database, rows);
    const seedMs = Math.round(performance.now() - seeded);
    await addUnanalyzed(database.raw, 'stale-a', 50_000, 0);
    await addUnanalyzed(database.raw, 'stale-b', 150_000, 100_000);
    const app = await createApp(config, database);
    await app.ready();
    try {
      const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
      const login = await app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        query: { tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all' },
        headers: { authorization: `Basic ${webClientBasic(config)}`, 'tenant-id': '000000' },
      });
      const token = (login.json() as { access_token: string }).access_token;
      const page = async (query: Record<string, string>) => {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: LIST, query, headers: { 'blade-auth': `bearer ${token}` } });
        const ms = performance.now() - t0;
        const data = (res.json() as { data: { total: number; pages: number; records: unknown[]; totalEstimated?: boolean } }).data;
        return { ms, data };
      };
      const measure = async (name: string, query: Record<string, string>): Promise<TotalsCase> => {
        await page(query);
        const times: number[] = [];
        let last = (await page(query)).data;
        for (let i = 0; i < REPEAT; i++) {
          const r = await page(query);
          times.push(r.ms);
          last = r.data;
        }
        times.sort((a, b) => a - b);
        const c = {
          name,
          query,
          total: last.total,
          estimated: last.totalEstimated === true,
          records: last.records.length,
          p50Ms: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10,
          maxMs: Math.round(times[times.length - 1]! * 10) / 10,
        };
        log(`totals: ${name}: total ${c.estimated ? '~' : ''}${c.total}, ${c.records} rows, p50 ${c.p50Ms} ms, max ${c.maxMs} ms`);
        return c;
      };
      const cases: TotalsCase[] = [];
      cases.push(await measure('unfiltered, page 1', { current: '1', size: '10' }));
      cases.push(await measure('paramName=grp07 (1 %), page 1', { paramName: 'grp07', current: '1', size: '10' }));
      const tenth = await measure('paramName=grp0 (10 %: 100,000), page 1', { paramName: 'grp0', current: '1', size: '10' });
      cases.push(tenth);
      cases.push(await measure('paramName=grp0, last page', { paramName: 'grp0', current: String(Math.ceil(tenth.total / 10)), size: '10' }));
      cases.push(await measure('stale-a (50,000 unanalyzed), page 1', { paramName: 'stale-a', current: '1', size: '10' }));
      const stale = await measure('stale-b (150,000 unanalyzed), page 1', { paramName: 'stale-b', current: '1', size: '10' });
      cases.push(stale);
      // The page the pager shows last: when the estimate is low it reaches it, and the rows are counted.
      const shownLast = await measure('stale-b, the last page shown', { paramName: 'stale-b', current: String(Math.ceil(stale.total / 10)), size: '10' });
      cases.push(shownLast);
      cases.push(await measure('stale-b, the true last page', { paramName: 'stale-b', current: String(Math.ceil(shownLast.total / 10)), size: '10' }));
      return { kind: 'pglite', rows, seedMs, cases };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
