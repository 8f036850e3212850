/**
 * The write statement of a command (set-sql.ts) as PostgreSQL runs it: a named prepared statement, which after five
 * executions runs a generic plan (no parameter values known). Its parts must find their rows by key in such a plan
 * too: a part that scans a table makes every command's cost grow with the number of open tasks (docs/performance.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnConnection } from '../../../platform/db/index.ts';
import { createTestApp, type TestApp } from '../../../testing/app.ts';
import { wfTasks } from './schema.ts';
import { bigintArray, writeStatement } from './set-sql.ts';

let t: TestApp;
const OPEN_TASKS = 5000;
const BASE = 7_000_000_000_000_000_000n;

beforeAll(async () => {
  t = await createTestApp();
  // Many open tasks (of made-up instances), as a busy system has, with statistics.
  await t.database.raw(
    `INSERT INTO blade_wf_task (id, tenant_id, proc_inst_id, execution_id, proc_def_id, proc_def_key, task_def_key, name, assignee, create_time)
     SELECT $1::bigint + g, '000000', $1::bigint + g, $1::bigint + g, 1, 'plan_test', 'a', '第一步', 'u' || g, now() FROM generate_series(1, $2::int) g`,
    [String(BASE), OPEN_TASKS],
  );
  await t.database.raw('ANALYZE blade_wf_task');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The statement's generic plan (as a prepared statement runs it after five executions), executed with `values`. */
async function genericPlan(text: string, values: string[]): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    const run = (q: string) => runOnConnection(tx, { sql: q, params: [] });
    await run('SET LOCAL plan_cache_mode = force_generic_plan');
    await run(`PREPARE set_sql_plan AS ${text}`);
    try {
      const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;
      const rows = await run(`EXPLAIN (ANALYZE, COSTS OFF) EXECUTE set_sql_plan(${values.map(literal).join(', ')})`);
      return rows.map((r) => String(r['QUERY PLAN'])).join('\n');
    } finally {
      await run('DEALLOCATE set_sql_plan');
    }
  });
}

describe('write statement', () => {
  it('deletes tasks by their key in a generic plan, and exactly those', async () => {
    const gone = [String(BASE + 17n), String(BASE + 4242n)];
    const st = writeStatement([{ kind: 'delete', table: wfTasks, ids: gone }]);
    expect(st).not.toBeNull();
    const plan = await genericPlan(st!.sql, st!.params as string[]);
    expect(plan).toContain('blade_wf_task_pkey');
    expect(plan).not.toMatch(/Seq Scan/);
    const left = await t.database.raw(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE id::text = ANY($1::text[]))::int AS gone FROM blade_wf_task WHERE proc_def_key = 'plan_test'`,
      [bigintArray(gone)],
    );
    expect(left[0]).toEqual({ n: OPEN_TASKS - 2, gone: 0 });
  });

  it('refuses an id that is no bigint key instead of writing it into the statement', () => {
    expect(() => bigintArray(['1', '2}'])).toThrow(/not a bigint key/);
    expect(bigintArray(['1', '-2', '9223372036854775807'])).toBe('{1,-2,9223372036854775807}');
  });
});
