/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements of one task completion, as the workflow bench runs it (docs/performance.md):
 * `node --import tsx wf-explain.ts <databaseUrl of an empty database>`. Seeds the bench's instances, starts
 * processes of the bench's two-step process, and approves first steps through the engine (as the route `completeTask` with `pass: true` does); for the last completion
 * every statement of the command is explained first with its real values as a generic plan (what a named prepared
 * statement runs after five executions) inside a savepoint that is rolled back, then run for real. Prints the plans.
 */
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { createApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/index.ts';
import { prepareDatabase } from '../apps/server/src/seed/index.ts';
import { BPMN, KEY, seedInstances } from './workflow.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: wf-explain.ts <databaseUrl>');

const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'hjl-wf-explain'), LOG_LEVEL: 'warn', WF_JOB_POLL_MS: '0', DATABASE_URL: url });
const database = await openDatabase({ databaseUrl: url, timeZone: config.timeZone });
await prepareDatabase(database, config);
const app = await createApp(config, database);
const engine = app.workflow.engine;
const { definitions } = await engine.deploy('000000', BPMN, { category: 'bench' });
const [admin] = await database.raw(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '000000' AND account = 'admin'`);
const adminId = String(admin!.id);
await seedInstances(database, '000000', definitions[0]!.id, adminId);

const actor = { id: adminId, name: '管理员' };
const firstTask = async () => {
  const r = await engine.startProcess('000000', actor, { processKey: KEY, variables: { first: adminId, second: adminId } });
  return r.tasks[0]!.taskId;
};

type QueryConfig = { name?: string; text: string; values?: unknown[] };
const original = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => Promise<pg.QueryResult>;
let explaining = false;
let n = 0;
(pg.Client.prototype as unknown as { query: unknown }).query = async function (this: pg.Client, ...args: unknown[]) {
  const q = args[0];
  // Statements come as query configs (drizzle) or as pg.Query objects with a callback (platform/db runOnConnection).
  if (!explaining || typeof q !== 'object' || q === null || !('text' in q)) return original.apply(this, args);
  const { text, values = [] } = q as QueryConfig;
  if (/^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)/i.test(text)) return original.apply(this, args);
  const name = `wf_explain_${++n}`;
  const literal = (v: unknown) =>
    v === null || v === undefined ? 'NULL' : this.escapeLiteral(v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v));
  // A transaction's first statement carries its BEGIN (platform/db/pg-client.ts): send it first, so the savepoint is inside.
  if ((q as { begin?: boolean }).begin) {
    await original.call(this, 'BEGIN');
    (q as { begin?: boolean }).begin = false;
  }
  await original.call(this, 'SAVEPOINT wf_explain');
  try {
    await original.call(this, 'SET LOCAL plan_cache_mode = force_generic_plan');
    await original.call(this, `PREPARE ${name} AS ${text}`);
    const plan = await original.call(
      this,
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE ${name}${values.length ? `(${values.map(literal).join(', ')})` : ''}`,
    );
    console.log(`\n=== ${text.replace(/\s+/g, ' ').slice(0, 300)}${text.length > 300 ? ' …' : ''}\n`);
    console.log(plan.rows.map((r: Record<string, unknown>) => r['QUERY PLAN']).join('\n'));
  } finally {
    await original.call(this, 'ROLLBACK TO SAVEPOINT wf_explain');
    await original.call(this, 'RELEASE SAVEPOINT wf_explain');
    await original.call(this, `DEALLOCATE ${name}`).catch(() => undefined);
  }
  return original.apply(this, args);
};

// Warm: several completions first (named statements prepared on the pool's connections), then the explained one.
for (let i = 0; i < 10; i++) await engine.approve('000000', await firstTask(), actor, { comment: '同意' });
const task = await firstTask();
explaining = true;
await engine.approve('000000', task, actor, { comment: '同意' });
explaining = false;
await app.close();
await database.close();
