import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { createTenant } from '../../testing/db.ts';
import { render } from '../db/index.ts';
import { sqlPageTotal } from './total.ts';

/**
 * List totals (total.ts): exact up to LIST_EXACT_TOTAL rows, estimated beyond and marked `totalEstimated`,
 * through the API as a client sees them. A small threshold (20) stands in for the default 100,000.
 */
const LIST = '/api/blade-system/param/list';
const EXACT_MAX = 20;
let t: TestApp;
let a: string;
let b: string;
let seeded: number; // the demo company's own parameters before the test rows

/** `n` parameters of `tenantId` named `<prefix> <i>`, created by its admin. */
async function addParams(tenantId: string, prefix: string, n: number) {
  await t.database.raw(
    `INSERT INTO blade_param (id, tenant_id, create_user, create_dept, param_name, param_key, param_value)
     SELECT (SELECT coalesce(max(id), 0) FROM blade_param) + g, $1,
            u.id, u.create_dept, $2 || ' ' || g, $2 || '.' || g, 'v'
     FROM generate_series(1, $3::int) g, (SELECT id, create_dept FROM blade_user WHERE tenant_id = $1 AND account = 'admin') u`,
    [tenantId, prefix, n],
  );
}

beforeAll(async () => {
  t = await createTestApp({ LIST_EXACT_TOTAL: String(EXACT_MAX) });
  await createTenant(t.database, '100001');
  a = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
  const [{ n }] = (await t.database.raw(`SELECT count(*)::int AS n FROM blade_param WHERE tenant_id = '000000' AND is_deleted = 0`)) as [{ n: number }];
  seeded = n;
  await addParams('000000', 'bulk', 200);
  await addParams('000000', 'few', 15);
  await addParams('100001', 'other', 300);
  await t.database.raw('ANALYZE blade_param');
});
afterAll(() => t.close());

const list = async (token: string, query: Record<string, string>) => {
  const res = await t.call(token, { method: 'GET', url: LIST, query });
  expect(res.status).toBe(200);
  return res.body.data as {
    records: { paramName: string; tenantId: string }[];
    total: number;
    size: number;
    current: number;
    pages: number;
    totalEstimated?: boolean;
  };
};

describe('list totals', () => {
  it('more rows than the threshold: an estimate, still a number in total, marked totalEstimated', async () => {
    const p = await list(a, { current: '1', size: '10' });
    expect(p.records).toHaveLength(10);
    expect(p.totalEstimated).toBe(true);
    expect(typeof p.total).toBe('number');
    expect(p.total).toBeGreaterThan(EXACT_MAX);
    // The planner's estimate of the tenant's live rows (statistics fresh): near the 215 + seeded rows, never the
    // other company's 300 added to them.
    const actual = seeded + 215;
    expect(p.total).toBeGreaterThanOrEqual(Math.floor(actual * 0.7));
    expect(p.total).toBeLessThanOrEqual(Math.ceil(actual * 1.3));
    expect(p.pages).toBe(Math.ceil(p.total / 10));
  });

  it('at most the threshold: exact, unmarked, even when the page is full', async () => {
    const p = await list(a, { paramName: 'few', current: '1', size: '10' });
    expect(p.records).toHaveLength(10);
    expect(p).toMatchObject({ total: 15, pages: 2, current: 1 });
    expect('totalEstimated' in p).toBe(false);
    const last = await list(a, { paramName: 'few', current: '2', size: '10' });
    expect(last.records).toHaveLength(5);
    expect(last).toMatchObject({ total: 15, pages: 2 });
    expect('totalEstimated' in last).toBe(false);
  });

  it('exactly the threshold and one more', async () => {
    const at = await list(a, { paramName: 'bulk 1', current: '1', size: '10' }); // bulk 1, 10–19, 100–199: 111 rows
    expect(at.totalEstimated).toBe(true);
    const twenty = await list(a, { paramName: 'few 1', current: '1', size: '5' }); // few 1, few 10–15: 7
    expect(twenty).toMatchObject({ total: 7 });
    await addParams('000000', 'edge', EXACT_MAX);
    const edge = await list(a, { paramName: 'edge', current: '1', size: '10' });
    expect(edge).toMatchObject({ total: EXACT_MAX, pages: 2 });
    expect('totalEstimated' in edge).toBe(false);
    await addParams('000000', 'edge', 1);
    const over = await list(a, { paramName: 'edge', current: '1', size: '10' });
    expect(over.totalEstimated).toBe(true);
    expect(over.total).toBeGreaterThan(EXACT_MAX);
  });

  it('a deep page beyond the threshold answers a total at least up to its rows', async () => {
    const p = await list(a, { current: '15', size: '10' });
    expect(p.records).toHaveLength(10);
    expect(p.totalEstimated).toBe(true);
    expect(p.total).toBeGreaterThanOrEqual(150);
  });

  it('a stale, low estimate never caps the total: the page that reaches it counts, and the last page answers', async () => {
    // Rows the statistics do not know (added after ANALYZE): the planner expects few.
    await addParams('000000', 'stale', 100);
    const first = await list(a, { paramName: 'stale', current: '1', size: '10' });
    expect(first.records).toHaveLength(10);
    expect(first.totalEstimated).toBe(true);
    expect(first.total).toBeGreaterThan(EXACT_MAX);
    // The last page the pager shows (a full one reaching the estimate): counted, so the true end is known.
    const shownLast = await list(a, { paramName: 'stale', current: String(first.pages), size: '10' });
    expect(shownLast.records).toHaveLength(first.pages <= 10 ? 10 : 0);
    expect(shownLast).toMatchObject({ total: 100, pages: 10 });
    expect('totalEstimated' in shownLast).toBe(false);
    const last = await list(a, { paramName: 'stale', current: '10', size: '10' });
    expect(last.records).toHaveLength(10);
    expect(last.total).toBeGreaterThanOrEqual(100);
    // A page asked past the end answers no rows and the exact total, for the client to go back to the last page.
    const past = await list(a, { paramName: 'stale', current: '50', size: '10' });
    expect(past).toMatchObject({ records: [], total: 100, pages: 10 });
  });

  it('the totals stay confined to the tenant of the token', async () => {
    const p = await list(b, { paramName: 'other', current: '1', size: '10' });
    expect(p.records.every((r) => r.tenantId === '100001')).toBe(true);
    expect(p.totalEstimated).toBe(true);
    expect(await list(b, { paramName: 'bulk', size: '10' })).toMatchObject({ records: [], total: 0, pages: 0 });
    expect(await list(a, { paramName: 'other', size: '10' })).toMatchObject({ records: [], total: 0, pages: 0 });
  });

  it('the log lists follow the same rule', async () => {
    await t.database.raw(
      `INSERT INTO blade_log_usual (id, tenant_id, log_level, log_id, log_data)
       SELECT 3000000000000000000 + g, '000000', 'INFO', 'total-test-' || g, 'row' FROM generate_series(1, 40) g`,
    );
    const logs = async (query: Record<string, string>) => (await t.call(a, { method: 'GET', url: '/api/blade-log/usual/list', query })).body.data;
    const many = await logs({ current: '1', size: '10' });
    expect(many.totalEstimated).toBe(true);
    expect(many.total).toBeGreaterThan(EXACT_MAX);
    const few = await logs({ logId: 'total-test-1', current: '1', size: '10' }); // total-test-1, -10 … -19: 11
    expect(few).toMatchObject({ total: 11, pages: 2 });
    expect('totalEstimated' in few).toBe(false);
  });
});

describe('sqlPageTotal (the workflow and notification lists)', () => {
  const params = (prefix: string) => sql`SELECT 1 FROM blade_param WHERE tenant_id = '000000' AND is_deleted = 0 AND param_name LIKE ${`${prefix} %`}`;

  it('a page that is not full counts nothing; a full one counts up to the threshold; beyond it estimates', async () => {
    expect(await sqlPageTotal(t.database, params('few'), { offset: 10, size: 10, onPage: 5 }, EXACT_MAX)).toEqual({ total: 15, estimated: false });
    expect(await sqlPageTotal(t.database, params('few'), { offset: 0, size: 10, onPage: 10 }, EXACT_MAX)).toEqual({ total: 15, estimated: false });
    const many = await sqlPageTotal(t.database, params('bulk'), { offset: 0, size: 10, onPage: 10 }, EXACT_MAX);
    expect(many.estimated).toBe(true);
    expect(many.total).toBeGreaterThan(EXACT_MAX);
    expect(await sqlPageTotal(t.database, params('bulk'), { offset: 0, size: 10, onPage: 10 }, 0)).toEqual({ total: 200, estimated: false });
  });

  it('an estimate more than five times the threshold is the total: nothing is counted', async () => {
    const sent: string[] = [];
    const watched = new Proxy(t.database, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (prop !== 'rows' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return (statement: SQL) => {
          sent.push(render(statement).sql);
          return value.call(target, statement);
        };
      },
    });
    // 200 'bulk' rows, which the planner puts at more than 5 × 5.
    const many = await sqlPageTotal(watched, params('bulk'), { offset: 0, size: 10, onPage: 10 }, 5);
    expect(many.estimated).toBe(true);
    expect(many.total).toBeGreaterThan(50);
    expect(sent.filter((s) => s.includes('count('))).toEqual([]);
    expect(sent.filter((s) => s.startsWith('EXPLAIN'))).toHaveLength(1);
    // 15 'few' rows: not five times the threshold, so counted (and estimated, being more than 5).
    sent.length = 0;
    expect((await sqlPageTotal(watched, params('few'), { offset: 0, size: 10, onPage: 10 }, 5)).estimated).toBe(true);
    expect(sent.filter((s) => s.includes('count('))).toHaveLength(1);
    expect(await sqlPageTotal(watched, params('few'), { offset: 0, size: 10, onPage: 10 }, 15)).toEqual({ total: 15, estimated: false });
  });
});

describe('LIST_EXACT_TOTAL=0', () => {
  it('counts every total exactly', async () => {
    const exact = await createTestApp({ LIST_EXACT_TOTAL: '0' });
    try {
      const token = (await exact.login()).access_token!;
      const [{ n }] = (await exact.database.raw(`SELECT count(*)::int AS n FROM blade_param WHERE tenant_id = '000000' AND is_deleted = 0`)) as [{ n: number }];
      const res = await exact.call(token, { method: 'GET', url: LIST, query: { current: '1', size: '2' } });
      expect(res.body.data).toMatchObject({ total: n });
      expect('totalEstimated' in res.body.data).toBe(false);
    } finally {
      await exact.close();
    }
  });
});
