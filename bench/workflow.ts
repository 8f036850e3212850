/**
 * Workflow throughput over the HTTP API, on a database already holding 10,000 finished and 1,000 running
 * instances (seeded set-based): whole processes started and driven to the end through two approval steps
 * per second, and single task completions per second, with the CPU milliseconds each costs the server and
 * PostgreSQL. The `concurrency` clients run in a child process (wf-client.ts); each request is one engine command
 * in its own transaction. On PostgreSQL the same client drives a bare handler doing the minimal transaction of a
 * completion (wf-bare.ts) for the ratio.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import inspector from 'node:inspector';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase, type Database } from '../apps/server/src/platform/db/index.ts';
import { prepareDatabase, webClientBasic } from '../apps/server/src/seed/index.ts';
import type { ClientJob, ClientResult } from './wf-client.ts';
import { seedBareTasks, startBareWorkflow } from './wf-bare.ts';

export const FINISHED = 10_000;
export const RUNNING = 1_000;
/** The bench's two-step process (also wf-explain.ts). */
export const KEY = 'bench_two_steps';
export const BPMN = `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench">
  <process id="${KEY}" name="两步审批(基准)"><startEvent id="start" name="开始"/><sequenceFlow id="f1" sourceRef="start" targetRef="a"/>
  <userTask id="a" name="第一步" flowable:assignee="\${first}"/><sequenceFlow id="f2" sourceRef="a" targetRef="b"/>
  <userTask id="b" name="第二步" flowable:assignee="\${second}"/><sequenceFlow id="f3" sourceRef="b" targetRef="end"/>
  <endEvent id="end" name="结束"/></process></definitions>`;

export interface WorkflowBenchResult {
  kind: 'pglite' | 'postgres';
  seedMs: number;
  concurrency: number;
  /** Start + two approvals, to the end. */
  processesPerSec: number;
  processes: number;
  /** One completion (first step → second step). */
  completionsPerSec: number;
  completions: number;
  p50CompleteMs: number;
  p99CompleteMs: number;
  /** CPU milliseconds per completion / per whole process: the server process, and PostgreSQL (null when not local). */
  serverCpuMsPerCompletion: number;
  postgresCpuMsPerCompletion: number | null;
  serverCpuMsPerProcess: number;
  postgresCpuMsPerProcess: number | null;
  /** Statements per completion / per whole process, BEGIN and COMMIT included (BENCH_PGSS; null without it or on PGlite). */
  statementsPerCompletion?: number | null;
  statementsPerProcess?: number | null;
  failures: number;
  /** The bare completion handler (wf-bare.ts) on the same PostgreSQL; null on PGlite. */
  bare: {
    completionsPerSec: number;
    completions: number;
    p50CompleteMs: number;
    p99CompleteMs: number;
    serverCpuMsPerCompletion: number;
    postgresCpuMsPerCompletion: number | null;
    failures: number;
  } | null;
  /**
   * Product completions/s ÷ bare completions/s (docs/performance.md: ≥ 0.6): the median of the rounds' (ROUNDS). The product's
   * and the bare handler's other numbers are those of their median phase.
   */
  ratio: number | null;
  /** Rounds of single completions measured (each the product's phase, then the bare handler's on PostgreSQL). */
  rounds?: number;
  /** The product again over PostgreSQL's Unix socket (when the server is local and has one), same database. */
  socket: SocketRun | null;
  /** The baseline (WF_BASE_DIR: a checkout of the base commit) measured in this run on a fresh database of the same server. */
  base: WorkflowBenchResult | null;
}

export interface SocketRun {
  url: string;
  processesPerSec: number;
  completionsPerSec: number;
  p50CompleteMs: number;
  p99CompleteMs: number;
  serverCpuMsPerCompletion: number;
  postgresCpuMsPerCompletion: number | null;
  failures: number;
}

const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

/** 10,000 finished and 1,000 running instances of the bench process, with their history, set-based. */
export async function seedInstances(database: Database, tenantId: string, procDefId: string, userId: string) {
  const base = 2_000_000_000_000_000_000n;
  const p = [tenantId, procDefId, userId, String(base), FINISHED, RUNNING];
  // Instances: ids base+g; finished ones end a minute after they start.
  await database.raw(
    `INSERT INTO blade_wf_hi_procinst (id, tenant_id, proc_def_id, proc_def_key, proc_def_name, proc_def_version, title, serial_number, start_user_id, start_user_name,
        start_act_id, end_act_id, start_time, end_time, duration_ms, status)
     SELECT $4::bigint + g, $1, $2::bigint, '${KEY}', '两步审批(基准)', 1, '基准流程 ' || g, 'B' || lpad(g::text, 10, '0'), $3, '管理员', 'start',
        CASE WHEN g <= $5::int THEN 'end' END, now() - (g * interval '1 minute') - interval '1 day',
        CASE WHEN g <= $5::int THEN now() - (g * interval '1 minute') - interval '1 day' + interval '1 minute' END, CASE WHEN g <= $5::int THEN 60000 END,
        CASE WHEN g <= $5::int THEN 'finished' ELSE 'unfinished' END
     FROM generate_series(1, $5::int + $6::int) g`,
    p,
  );
  // Finished: two finished tasks and seven activity rows each. Running: the first task open.
  await database.raw(
    `INSERT INTO blade_wf_hi_taskinst (id, tenant_id, proc_inst_id, execution_id, proc_def_id, proc_def_key, task_def_key, name, assignee, start_time, end_time, duration_ms)
     SELECT $4::bigint + 100000000 + g * 2 + s, $1, $4::bigint + g, $4::bigint + 50000000 + g, $2::bigint, '${KEY}', CASE s WHEN 0 THEN 'a' ELSE 'b' END,
        CASE s WHEN 0 THEN '第一步' ELSE '第二步' END, $3, now() - interval '1 day', CASE WHEN g <= $5::int THEN now() - interval '1 day' END, CASE WHEN g <= $5::int THEN 30000 END
     FROM generate_series(1, $5::int + $6::int) g, generate_series(0, 1) s WHERE g <= $5::int OR s = 0`,
    p,
  );
  await database.raw(
    `INSERT INTO blade_wf_hi_actinst (id, tenant_id, proc_inst_id, proc_def_id, execution_id, act_id, act_name, act_type, task_id, assignee, start_time, end_time, duration_ms)
     SELECT $4::bigint + 200000000 + g * 8 + s, $1, $4::bigint + g, $2::bigint, $4::bigint + 50000000 + g, (ARRAY['start','f1','a','f2','b','f3','end'])[s + 1],
        (ARRAY['开始',NULL,'第一步',NULL,'第二步',NULL,'结束'])[s + 1], (ARRAY['startEvent','sequenceFlow','userTask','sequenceFlow','userTask','sequenceFlow','endEvent'])[s + 1],
        CASE s WHEN 2 THEN $4::bigint + 100000000 + g * 2 WHEN 4 THEN $4::bigint + 100000000 + g * 2 + 1 END, CASE WHEN s IN (2, 4) THEN $3 END,
        now() - interval '1 day', CASE WHEN g <= $5::int OR s < 2 THEN now() - interval '1 day' END, CASE WHEN g <= $5::int OR s < 2 THEN 0 END
     FROM generate_series(1, $5::int + $6::int) g, generate_series(0, 6) s WHERE g <= $5::int OR s <= 2`,
    p,
  );
  await database.raw(
    `INSERT INTO blade_wf_hi_identity_link (id, tenant_id, proc_inst_id, type, user_id, create_time)
     SELECT $4::bigint + 300000000 + g, $1, $4::bigint + g, 'starter', $3, now() - interval '1 day' FROM generate_series(1, $5::int + $6::int) g WHERE $2::bigint IS NOT NULL`,
    p,
  );
  await database.raw(
    `INSERT INTO blade_wf_comment (id, tenant_id, proc_inst_id, task_id, user_id, type, action, message, time)
     SELECT $4::bigint + 400000000 + g * 2 + s, $1, $4::bigint + g, $4::bigint + 100000000 + g * 2 + s, $3, 'comment', 'approve', '同意', now() - interval '1 day'
     FROM generate_series(1, $5::int) g, generate_series(0, 1) s WHERE $2::bigint IS NOT NULL AND $6::int >= 0`,
    p,
  );
  // Running: the instance row, a child execution at the first task, the task, the variables.
  const running = `FROM generate_series($5::int + 1, $5::int + $6::int) g`;
  await database.raw(
    `INSERT INTO blade_wf_execution (id, tenant_id, proc_inst_id, parent_id, proc_def_id, act_id, is_active, is_scope, start_user_id, start_time)
     SELECT $4::bigint + g, $1, $4::bigint + g, NULL, $2::bigint, NULL, true, true, $3, now() - interval '1 day' ${running}
     UNION ALL SELECT $4::bigint + 50000000 + g, $1, $4::bigint + g, $4::bigint + g, $2::bigint, 'a', true, false, NULL, now() - interval '1 day' ${running}`,
    p,
  );
  await database.raw(
    `INSERT INTO blade_wf_task (id, tenant_id, proc_inst_id, execution_id, proc_def_id, proc_def_key, task_def_key, name, assignee, create_time)
     SELECT $4::bigint + 100000000 + g * 2, $1, $4::bigint + g, $4::bigint + 50000000 + g, $2::bigint, '${KEY}', 'a', '第一步', $3, now() - interval '1 day' ${running}`,
    p,
  );
  await database.raw(
    `INSERT INTO blade_wf_variable (id, tenant_id, proc_inst_id, execution_id, name, type, value)
     SELECT $4::bigint + 500000000 + g * 8 + s, $1, $4::bigint + g, $4::bigint + g, (ARRAY['applyUser','first','second','serialNumber'])[s + 1], 'string',
        to_jsonb(CASE s WHEN 3 THEN 'B' || lpad(g::text, 10, '0') ELSE $3 END)::text ${running}, generate_series(0, 3) s WHERE $2::bigint IS NOT NULL`,
    p,
  );
  for (const t of [
    'blade_wf_hi_procinst',
    'blade_wf_hi_taskinst',
    'blade_wf_hi_actinst',
    'blade_wf_task',
    'blade_wf_execution',
    'blade_wf_variable',
    'blade_wf_comment',
    'blade_wf_hi_identity_link',
  ]) {
    await database.raw(`VACUUM ANALYZE ${t}`);
  }
}

/** Runs `worker` on `n` concurrent lanes (in this process: preparing tasks, not measured) until it answers false. */
async function lanes(n: number, worker: () => Promise<boolean | void>) {
  await Promise.all(
    Array.from({ length: n }, async () => {
      while ((await worker()) !== false);
    }),
  );
}

const run = promisify(execFile);

/** Runs the load client (wf-client.ts) in a child process and answers its result. */
async function client(job: ClientJob): Promise<ClientResult> {
  const file = path.join(os.tmpdir(), `hjl-wf-job-${crypto.randomBytes(4).toString('hex')}.json`);
  fs.writeFileSync(file, JSON.stringify(job));
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'wf-client.ts'), file], {
      cwd: import.meta.dirname,
      maxBuffer: 16 * 1024 * 1024,
    });
    const result = JSON.parse(stdout.trim().split('\n').pop()!) as ClientResult;
    if (result.failures) console.log(`[bench] ${result.failures} failures, first: ${result.firstError}`);
    if (result.ranOut) console.log('[bench] ran out of prepared tasks before the time was up: the rate is measured over the full time and understated');
    return result;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const CLOCK_TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

/**
 * CPU clock ticks used so far by each process of the PostgreSQL server of `database` (postmaster and children), if
 * it runs on this machine and /proc shows it; null otherwise. Backends of the server's other databases are left out
 * (their process title names the database: `postgres: <user> <database> <client> …`), so that a server shared with
 * other work counts this bench's backends and the shared processes (WAL writer, checkpointer …) only.
 */
async function postgresTicks(database: Database): Promise<Map<number, number> | null> {
  try {
    const [row] = await database.raw('SHOW data_directory');
    const [own] = await database.raw('SELECT current_database() AS name');
    const others = new Set((await database.raw('SELECT datname FROM pg_database')).map((r) => String(r.datname)).filter((n) => n !== String(own!.name)));
    const postmaster = Number(fs.readFileSync(path.join(String(row!.data_directory), 'postmaster.pid'), 'utf8').split('\n')[0]);
    const ticks = new Map<number, number>();
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let stat: string;
      let title: string[];
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim().split(/\s+/);
      } catch {
        continue;
      }
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) !== postmaster && Number(f[1]) !== postmaster) continue;
      // A client backend (`postgres: user database …`) or an autovacuum worker (`… autovacuum worker database`) of another database.
      const of = title[0] === 'postgres:' && title[1] === 'autovacuum' ? title[3] : title[0] === 'postgres:' ? title[2] : undefined;
      if (of !== undefined && others.has(of)) continue;
      ticks.set(Number(pid), Number(f[11]) + Number(f[12]));
    }
    return ticks;
  } catch {
    return null;
  }
}

/** CPU milliseconds PostgreSQL used between two readings: per process alive at the end (a process that ended in between is not counted). */
function postgresCpuMs(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return ticks * CLOCK_TICK_MS;
}

/** CPU milliseconds of this process (the server under test; the load client is a child process). */
/** Starts V8's CPU profiler on this process (the server under test); the answer stops it and answers the profile. */
async function startProfile(): Promise<() => Promise<object>> {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    session.disconnect();
    return profile;
  };
}

/**
 * `BENCH_PGSS=1`: pg_stat_statements of the bench's database (the extension is created in it and planning is tracked
 * by `trackStatements`), read before and after each measured phase: per operation, the statements that took the
 * most execution + planning time. Unlike the /proc reading, this counts only this database's statements.
 */
const PGSS = !!process.env.BENCH_PGSS;

/** With `BENCH_PGSS`: the extension in the database of `databaseUrl` and planning tracked for its new sessions. */
async function trackStatements(databaseUrl: string) {
  if (!PGSS) return;
  const admin = await openDatabase({ databaseUrl, timeZone: 'UTC', poolSize: 1 });
  try {
    await admin.raw('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const [db] = await admin.raw('SELECT current_database() AS name');
    await admin.raw(`ALTER DATABASE "${String(db!.name)}" SET pg_stat_statements.track_planning = on`);
  } finally {
    await admin.close();
  }
}

interface StatementStat {
  query: string;
  calls: number;
  execMs: number;
  planMs: number;
  rows: number;
  hit: number;
  read: number;
  /** WAL bytes and full-page images the statement wrote. */
  walBytes: number;
  walFpi: number;
}

async function statementStats(database: Database): Promise<Map<string, StatementStat> | null> {
  if (!PGSS) return null;
  try {
    const rows = await database.raw(
      `SELECT queryid::text AS id, query, calls::float8 AS calls, total_exec_time AS exec, total_plan_time AS plan, rows::float8 AS rows,
          shared_blks_hit::float8 AS hit, shared_blks_read::float8 AS read, wal_bytes::float8 AS wal_bytes, wal_fpi::float8 AS wal_fpi
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    const out = new Map<string, StatementStat>();
    for (const r of rows) {
      const key = `${String(r.id)}`;
      const prev = out.get(key);
      const s = {
        query: String(r.query),
        calls: Number(r.calls),
        execMs: Number(r.exec),
        planMs: Number(r.plan),
        rows: Number(r.rows),
        hit: Number(r.hit),
        read: Number(r.read),
        walBytes: Number(r.wal_bytes),
        walFpi: Number(r.wal_fpi),
      };
      out.set(
        key,
        prev
          ? {
              ...s,
              calls: prev.calls + s.calls,
              execMs: prev.execMs + s.execMs,
              planMs: prev.planMs + s.planMs,
              rows: prev.rows + s.rows,
              hit: prev.hit + s.hit,
              read: prev.read + s.read,
              walBytes: prev.walBytes + s.walBytes,
              walFpi: prev.walFpi + s.walFpi,
            }
          : s,
      );
    }
    return out;
  } catch (e) {
    console.log(`[bench] pg_stat_statements not readable: ${String(e)}`);
    return null;
  }
}

/** What pg_stat_statements counted between two readings, per operation, most expensive first (printed). */
function reportStatements(name: string, ops: number, before: Map<string, StatementStat> | null, after: Map<string, StatementStat> | null) {
  if (!before || !after || !ops) return null;
  const diff = [...after].map(([id, a]) => {
    const b = before.get(id);
    const d = (k: 'calls' | 'execMs' | 'planMs' | 'rows' | 'hit' | 'read' | 'walBytes' | 'walFpi') => (a[k] - (b?.[k] ?? 0)) / ops;
    return {
      query: a.query.replace(/\s+/g, ' '),
      calls: d('calls'),
      execMs: d('execMs'),
      planMs: d('planMs'),
      rows: d('rows'),
      hit: d('hit'),
      read: d('read'),
      walBytes: d('walBytes'),
      walFpi: d('walFpi'),
    };
  });
  const top = diff.filter((s) => s.calls > 0).sort((x, y) => y.execMs + y.planMs - (x.execMs + x.planMs));
  const total = top.reduce((t, s) => t + s.execMs + s.planMs, 0);
  const calls = top.reduce((t, s) => t + s.calls, 0);
  const wal = top.reduce((t, s) => t + s.walBytes, 0);
  const fpi = top.reduce((t, s) => t + s.walFpi, 0);
  console.log(
    `[bench] pg_stat_statements, ${name}, per operation: ${calls.toFixed(2)} statements, ${total.toFixed(3)} ms execution + planning, WAL ${Math.round(wal)} bytes (${fpi.toFixed(2)} full pages)`,
  );
  for (const s of top.slice(0, 12))
    console.log(
      `[bench]   ${s.calls.toFixed(2)} calls  exec ${s.execMs.toFixed(3)} ms  plan ${s.planMs.toFixed(3)} ms  rows ${s.rows.toFixed(2)}  blocks ${(s.hit + s.read).toFixed(1)}  WAL ${Math.round(s.walBytes)} B  ${s.query.slice(0, 120)}`,
    );
  return { statements: calls, ms: total, top: top.slice(0, 12) };
}

/** Seconds of whole processes run before the measured phases, unmeasured (`BENCH_WF_WARMUP`, 0: none). */
const WARMUP_SECONDS = Number(process.env.BENCH_WF_WARMUP ?? 4);

/**
 * `BENCH_WF_PERF=<file prefix>`: Linux perf records the server's on-CPU samples with call stacks during the single
 * completions phase (8 s), to `<prefix>-product.data` and `<prefix>-bare.data`. Unlike the V8 profile it counts
 * only time on a CPU (a thread waiting for a core is not sampled) and sees the kernel's share (socket writes); run
 * with `NODE_OPTIONS=--perf-basic-prof` so JavaScript frames have names (`perf report -i <file>`).
 */
function perfRecord(job: ClientJob): Promise<void> | undefined {
  const prefix = process.env.BENCH_WF_PERF;
  if (!prefix || job.mode !== 'single') return undefined;
  const out = `${prefix}-${job.bare ? 'bare' : 'product'}.data`;
  const perf = spawn('perf', ['record', '-e', 'cpu-clock', '-F', '1999', '-g', '-p', String(process.pid), '-o', out, '--', 'sleep', '8'], { stdio: 'ignore' });
  return new Promise((resolve) => {
    perf.on('error', (e) => {
      console.log(`[bench] perf not run: ${e.message}`);
      resolve();
    });
    perf.on('exit', () => resolve());
  });
}

/**
 * Runs one measured phase: the client's result with the server's and PostgreSQL's CPU per operation, and with
 * `BENCH_PGSS` the statements per operation. `BENCH_WF_PROFILE=<dir>` writes a CPU profile of the server per phase
 * there (open it in Chrome's DevTools).
 */
/**
 * A checkpoint before the unmeasured work that readies a phase (its warm-up, its tasks): otherwise the checkpoint the
 * seeding's WAL brings on started about 80 s into a run, in whichever phase ran then (the later ones, never the
 * baseline's). The readying then takes the full-page images of the pages the phase goes on to touch, as a server
 * meets them some way into a checkpoint's cycle, not right at its start.
 */
async function checkpoint(database: Database) {
  await database.raw('CHECKPOINT').catch(() => console.log('[bench] CHECKPOINT refused (not a superuser): a phase may meet a checkpoint'));
}

type Measured = Awaited<ReturnType<typeof measured>>;

/**
 * Rounds of single completions (`BENCH_WF_ROUNDS`, default 3): in each, the product's phase and then the bare
 * handler's, and the ratio is the median of the rounds' ratios. One round's ratio moved by ±0.05 between runs, and
 * more when PostgreSQL's autovacuum (which wakes once a minute per database) or the machine's other work fell into one
 * of the two phases only; the two handlers measured side by side, and the median of three, cancel that.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_WF_ROUNDS ?? 3));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The phase of median completions/s (the lower middle one of an even count), its other numbers with it. */
function medianOf(phases: Measured[]): Measured {
  return [...phases].sort((a, b) => a.perSec - b.perSec)[Math.floor((phases.length - 1) / 2)]!;
}

async function measured(database: Database, job: ClientJob, name = `${job.bare ? 'bare' : 'product'} ${job.mode}`) {
  const q0 = await statementStats(database);
  const profile = process.env.BENCH_WF_PROFILE ? await startProfile() : null;
  const [u0, p0] = [process.cpuUsage(), await postgresTicks(database)];
  const perf = perfRecord(job);
  const r = await client(job);
  await perf;
  const [u1, p1] = [process.cpuUsage(u0), await postgresTicks(database)];
  console.log(`[bench] ${name}: server CPU per operation ${(u1.user / 1000 / r.ops).toFixed(3)} ms user + ${(u1.system / 1000 / r.ops).toFixed(3)} ms system`);
  if (profile) {
    const file = path.join(process.env.BENCH_WF_PROFILE!, `wf-${job.mode}${job.bare ? '-bare' : ''}-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(await profile()));
    console.log(`[bench] CPU profile of the server during the phase: ${file}`);
  }
  const statements = reportStatements(name, r.ops, q0, await statementStats(database));
  const per = (v: number) => (r.ops ? Math.round((v / r.ops) * 100) / 100 : 0);
  const pgMs = postgresCpuMs(p0, p1);
  return {
    ...r,
    perSec: r.ops / job.seconds,
    serverCpuMs: per((u1.user + u1.system) / 1000),
    postgresCpuMs: pgMs === null ? null : per(pgMs),
    statements: statements ? Math.round(statements.statements * 100) / 100 : null,
  };
}

export async function benchWorkflow(
  kind: WorkflowBenchResult['kind'],
  dataDir: string,
  databaseUrl?: string,
  opts = { concurrency: 8, seconds: 10 },
): Promise<WorkflowBenchResult> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    WF_JOB_POLL_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  if (databaseUrl) await trackStatements(databaseUrl);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, `pglite-wf-${kind}`), timeZone: config.timeZone });
  try {
    await prepareDatabase(database, config);
    const app = await createApp(config, database);
    const { definitions } = await app.workflow.engine.deploy('000000', BPMN, { category: 'bench' });
    const [admin] = await database.raw(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '000000' AND account = 'admin'`);
    const adminId = String(admin!.id);
    const t0 = performance.now();
    await seedInstances(database, '000000', definitions[0]!.id, adminId);
    const seedMs = Math.round(performance.now() - t0);
    console.log(`[bench] workflow ${kind}: seeded ${FINISHED} finished and ${RUNNING} running instances in ${seedMs} ms`);

    // Rounds of single completions, the product's phase then the bare handler's (PostgreSQL only), the ratio the
    // median of the rounds' ratios: see ROUNDS.
    const product = await productPhases(app, config, database, KEY, adminId, opts);
    const whole = product.whole;
    const rounds: { single: Measured; bare: Measured | null }[] = [];
    const bareServer = databaseUrl ? await startBareWorkflow(databaseUrl) : null;
    try {
      for (let i = 0; i < (bareServer ? ROUNDS : 1); i++) {
        const single = await product.single();
        let bareRound: Measured | null = null;
        if (bareServer) {
          await checkpoint(database);
          // Tasks of its own for each round, more than it completes in a phase (it completes faster than the product).
          const bareTasks = await seedBareTasks(databaseUrl!, Math.max(product.need, single.ops * 5, 20_000));
          bareRound = await measured(database, {
            mode: 'single',
            url: bareServer.url,
            bare: true,
            concurrency: opts.concurrency,
            seconds: opts.seconds,
            taskIds: bareTasks,
          });
          if (bareRound.ops >= bareTasks.length) console.log(`[bench] bare single: ran out of tasks (${bareTasks.length}): the phase is cut short`);
          const cpu = (m: Measured) => `${m.serverCpuMs.toFixed(2)} + ${m.postgresCpuMs?.toFixed(2) ?? '-'} ms CPU`;
          console.log(
            `[bench] round ${i + 1} of ${ROUNDS}: product ${single.perSec.toFixed(1)}/s (${cpu(single)}), bare ${bareRound.perSec.toFixed(1)}/s (${cpu(bareRound)}), ratio ${(single.perSec / bareRound.perSec).toFixed(2)}`,
          );
        }
        rounds.push({ single, bare: bareRound });
      }
    } finally {
      await bareServer?.close();
      await app.close();
    }
    const single = medianOf(rounds.map((r) => r.single));
    const bareRounds = rounds.flatMap((r) => (r.bare ? [r.bare] : []));
    const b = bareRounds.length ? medianOf(bareRounds) : null;
    const bare: WorkflowBenchResult['bare'] = b && {
      completionsPerSec: b.perSec,
      completions: b.ops,
      p50CompleteMs: b.p50Ms,
      p99CompleteMs: b.p99Ms,
      serverCpuMsPerCompletion: b.serverCpuMs,
      postgresCpuMsPerCompletion: b.postgresCpuMs,
      failures: b.failures,
    };
    const ratio = b ? median(rounds.map((r) => r.single.perSec / r.bare!.perSec)) : null;

    // The same over the Unix socket when PostgreSQL is local (DATABASE_URL with ?host=<socket directory>).
    let socket: SocketRun | null = null;
    // BENCH_WF_SOCKET=0 skips it.
    const socketUrl = databaseUrl && process.env.BENCH_WF_SOCKET !== '0' ? await localSocketUrl(database, databaseUrl) : null;
    if (socketUrl) {
      const viaSocket = await openDatabase({ databaseUrl: socketUrl, timeZone: config.timeZone });
      try {
        const app2 = await createApp({ ...config, databaseUrl: socketUrl }, viaSocket);
        try {
          const r = await productPhases(app2, config, database, KEY, adminId, opts);
          const s = await r.single();
          socket = {
            url: socketUrl,
            processesPerSec: r.whole.perSec,
            completionsPerSec: s.perSec,
            p50CompleteMs: s.p50Ms,
            p99CompleteMs: s.p99Ms,
            serverCpuMsPerCompletion: s.serverCpuMs,
            postgresCpuMsPerCompletion: s.postgresCpuMs,
            failures: r.whole.failures + s.failures,
          };
        } finally {
          await app2.close();
        }
      } finally {
        await viaSocket.close();
      }
    }

    // The baseline in this run (WF_BASE_DIR), for the issue's ×3 goal.
    const baseDir = process.env.WF_BASE_DIR;
    const base = databaseUrl && baseDir ? await baseline(baseDir, databaseUrl, dataDir) : null;
    const line = (name: string, r: { processesPerSec: number; completionsPerSec: number }, extra = '') =>
      console.log(`[bench] workflow ${name}: ${r.processesPerSec.toFixed(1)} processes/s, ${r.completionsPerSec.toFixed(1)} completions/s${extra}`);
    line(`product ${kind}`, { processesPerSec: whole.perSec, completionsPerSec: single.perSec }, bare ? ` (bare ${bare.completionsPerSec.toFixed(1)}/s)` : '');
    if (socket)
      line(
        'product over the Unix socket',
        socket,
        bare ? ` (ratio to the bare handler on TCP ${(socket.completionsPerSec / bare.completionsPerSec).toFixed(2)})` : '',
      );
    if (base) {
      line(`baseline (${baseDir})`, base, base.bare ? ` (its bare run ${base.bare.completionsPerSec.toFixed(1)}/s, ratio ${base.ratio?.toFixed(2)})` : '');
      console.log(
        `[bench] workflow now ÷ baseline, same run: processes ×${(whole.perSec / base.processesPerSec).toFixed(2)}, completions ×${(single.perSec / base.completionsPerSec).toFixed(2)}`,
      );
    }
    return {
      socket,
      base,
      kind,
      seedMs,
      concurrency: opts.concurrency,
      processesPerSec: whole.perSec,
      processes: whole.ops,
      completionsPerSec: single.perSec,
      completions: single.ops,
      p50CompleteMs: single.p50Ms,
      p99CompleteMs: single.p99Ms,
      serverCpuMsPerCompletion: single.serverCpuMs,
      postgresCpuMsPerCompletion: single.postgresCpuMs,
      serverCpuMsPerProcess: whole.serverCpuMs,
      postgresCpuMsPerProcess: whole.postgresCpuMs,
      statementsPerCompletion: single.statements,
      statementsPerProcess: whole.statements,
      failures: whole.failures + rounds.reduce((n, r) => n + r.single.failures, 0),
      bare,
      ratio,
      rounds: rounds.length,
    };
  } finally {
    await database.close();
  }
}

/**
 * Through `app`: the warm-up, then whole processes (measured), and `single()`, one measured phase of single
 * completions of first steps started beforehand (unmeasured) — once per round.
 */
async function productPhases(
  app: Awaited<ReturnType<typeof createApp>>,
  config: ReturnType<typeof loadConfig>,
  database: Database,
  key: string,
  adminId: string,
  opts: { concurrency: number; seconds: number },
) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const q = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all' });
  const tokenRes = await fetch(`${url}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { authorization: `Basic ${webClientBasic(config)}`, 'tenant-id': '000000' },
  });
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const base = { url, token, concurrency: opts.concurrency, seconds: opts.seconds, processKey: key, assignee: adminId };

  // Unmeasured first: a server that has been running (V8 has compiled its hot code, each pool connection has
  // prepared and planned its statements), as users meet it; the baseline's bench gets the same lines.
  await checkpoint(database);
  if (WARMUP_SECONDS > 0) await client({ ...base, mode: 'whole', seconds: WARMUP_SECONDS });
  // Whole processes: start, approve, approve (checked to end).
  const whole = await measured(database, { ...base, mode: 'whole' });
  // A completion is a third of a process and costs less than one: five first steps per process done in the
  // whole phase are more than a phase of single completions takes (it stops when they run out).
  const need = Math.max(1000, whole.ops * 5);
  const single = async () => {
    await checkpoint(database);
    const taskIds: string[] = [];
    await lanes(opts.concurrency, async () => {
      if (taskIds.length >= need) return false;
      const res = await fetch(`${url}/api/blade-workflow/process/startProcess`, {
        method: 'POST',
        headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ processDefKey: key, first: adminId, second: adminId }),
      });
      taskIds.push(((await res.json()) as { data: { tasks: { taskId: string }[] } }).data.tasks[0]!.taskId);
    });
    const r = await measured(database, { ...base, mode: 'single', taskIds });
    if (r.ops >= taskIds.length) console.log(`[bench] product single: ran out of tasks (${taskIds.length}): the phase is cut short`);
    return r;
  };
  return { whole, single, need };
}

/** The URL of `databaseUrl`'s server over its Unix socket, if the server runs here and listens on one; else null. */
async function localSocketUrl(database: Database, databaseUrl: string): Promise<string | null> {
  const url = new URL(databaseUrl);
  if (url.searchParams.get('host')?.startsWith('/')) return null; // already the socket
  try {
    const [dirs] = await database.raw('SHOW unix_socket_directories');
    const [port] = await database.raw('SHOW port');
    const dir = String(dirs!.unix_socket_directories ?? '')
      .split(',')
      .map((d) => d.trim())
      .find((d) => d.startsWith('/') && fs.existsSync(path.join(d, `.s.PGSQL.${port!.port}`)));
    if (!dir) return null;
    url.hostname = 'localhost';
    url.searchParams.set('host', dir);
    url.searchParams.set('port', String(port!.port));
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * The baseline's bench (wf-base.ts in a child process: the checkout `dir`'s server code) on a fresh database of the
 * server of `databaseUrl`.
 */
async function baseline(dir: string, databaseUrl: string, dataDir: string): Promise<WorkflowBenchResult> {
  const on = (name: string) => Object.assign(new URL(databaseUrl), { pathname: `/${name}` }).toString();
  const name = `hjl_bench_base_${crypto.randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: on('postgres'), timeZone: 'UTC', poolSize: 1 });
  try {
    await admin.raw(`CREATE DATABASE ${name}`);
    try {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'wf-base.ts'), dir, on(name), path.join(dataDir, 'base')],
        {
          cwd: path.join(dir, 'bench'),
          maxBuffer: 16 * 1024 * 1024,
          env: { ...process.env, WF_BASE_DIR: '' },
        },
      );
      const lines = stdout.trim().split('\n');
      // Its own report lines (e.g. BENCH_PGSS), marked as the baseline's.
      for (const l of lines.slice(0, -1)) if (l.startsWith('[bench]')) console.log(l.replace('[bench]', '[bench] (baseline)'));
      return JSON.parse(lines.pop()!) as WorkflowBenchResult;
    } finally {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.close();
  }
}

/** A PostgreSQL server of our own on a free loopback port (initdb as the `postgres` user when run as root). */
export async function startOwnPostgres(): Promise<{ url: string; stop: () => void } | undefined> {
  const bin = [
    '/usr/local/bin',
    ...(fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort()
          .reverse()
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ].find((d) => fs.existsSync(path.join(d, 'initdb')));
  if (!bin) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hjl-bench-pg-'));
  const port = 56000 + Math.floor(Math.random() * 2000);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string) => (asRoot ? execFileSync('su', ['postgres', '-c', cmd], { stdio: 'pipe' }) : execFileSync('sh', ['-c', cmd], { stdio: 'pipe' }));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  run(`${bin}/initdb -D ${dir}/data -A trust -U postgres -E UTF8`);
  run(`${bin}/pg_ctl -D ${dir}/data -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1" -l ${dir}/log -w start`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(`${bin}/pg_ctl -D ${dir}/data -m fast -w stop`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
