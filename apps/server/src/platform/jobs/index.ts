/**
 * Jobs: periodic and one-off work that any server instance may take (ARCHITECTURE "Files, jobs"). Jobs
 * are rows (schema.ts); a poll claims due rows with `FOR UPDATE SKIP LOCKED` and a lease, runs their handlers
 * outside that statement, then reschedules them (periodic), marks them done (one-off), or — on failure — logs the
 * error (blade_job_log and the server log) and retries with exponential back-off. A job is never lost: a one-off
 * job out of attempts stays as `failed` with its error, a periodic one keeps retrying, and the job of an instance
 * that died is taken again when its lease ends. The clock is a seam: tests move it and call `runDue()`.
 *
 * Modules register their kinds on `ctx.jobs` (like the statistics registry): expiry reminders, overdue notices,
 * the workflow timers; `schedule()` adds a one-off job of a registered kind.
 */
import os from 'node:os';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { zoneFields, zoneOffsetMs } from '@hjl/core';
import type { Database } from '../db/index.ts';
import type { JobRunObserver } from '../metrics.ts';
import { nextId } from '../db/ids.ts';
import { jobLogs, jobs } from './schema.ts';

export interface JobClock {
  now(): Date;
}

export const systemJobClock: JobClock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's job runner (tests call `runDue()` with a clock of their own). */
    jobs: JobRunner;
  }
}

/** What a handler receives. */
export interface JobRun {
  /** The job row's id. */
  id: string;
  name: string;
  tenantId: string | null;
  payload: Record<string, unknown>;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
  /** The runner's clock at the start of the run. */
  now: Date;
}

/** A kind of job. A periodic one has `every` (seconds, fractions allowed) or `dailyAt` (`HH:mm` in the server's zone). */
export interface JobDef {
  name: string;
  every?: number;
  dailyAt?: string;
  /** Attempts of a one-off job before it stays `failed` (default 10); periodic jobs always retry. */
  maxAttempts?: number;
  run(job: JobRun): Promise<void> | void;
}

export interface JobRegistry {
  register(def: JobDef): void;
  /**
   * Adds a one-off job of a registered kind, due at `runAt` (default now). With a `key`, a job of that kind and
   * key that exists already is kept and its id answered (at most one reminder per record and day, say).
   */
  schedule(name: string, opts?: { runAt?: Date; payload?: Record<string, unknown>; tenantId?: string; key?: string }): Promise<string>;
}

export interface JobRunnerOptions {
  timeZone: string;
  clock?: JobClock;
  /** This instance's name in the rows it locks (default host:pid). */
  instance?: string;
  /** How long a claimed job is this instance's (ms, default 5 minutes). */
  leaseMs?: number;
  /** Failures and anything worth telling (the server log). */
  log?: { error(obj: unknown, msg: string): void; warn?(obj: unknown, msg: string): void };
  /** Hears every run: its outcome, duration and lag (platform/metrics.ts). */
  observer?: JobRunObserver;
}

/** Retry delay after `attempts` failed runs: 30 s, 1 min, 2 min … at most one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** The next moment after `from` at `HH:mm` in `timeZone`. */
export function nextDaily(from: Date, hhmm: string, timeZone: string): Date {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new Error(`daily time ${hhmm} is not HH:mm`);
  // The wall-clock time wanted on the zone's date of `from` (and the next day), turned into an instant through the
  // zone's offset at that time (core's zone-time: no Intl formatter built per call — every job's next run is
  // computed at start).
  for (let day = 0; day <= 2; day++) {
    const p = zoneFields(new Date(from.getTime() + day * 86_400_000), timeZone);
    const guess = Date.UTC(p.year, p.month - 1, p.day, Number(m[1]), Number(m[2]));
    const at = new Date(guess - zoneOffsetMs(guess, timeZone));
    if (at.getTime() > from.getTime()) return at;
  }
  return new Date(from.getTime() + 86_400_000);
}

type JobRow = typeof jobs.$inferSelect;

export class JobRunner implements JobRegistry {
  private readonly defs = new Map<string, JobDef>();
  private readonly clock: JobClock;
  readonly instance: string;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<number> | undefined;
  /** Stopped (shutdown): the job running is finished, the others claimed with it are given back. */
  private stopping = false;

  constructor(
    private readonly database: Database,
    private readonly opts: JobRunnerOptions,
  ) {
    this.clock = opts.clock ?? systemJobClock;
    this.instance = (opts.instance ?? `${os.hostname()}:${process.pid}`).slice(0, 64);
    this.leaseMs = opts.leaseMs ?? 300_000;
  }

  register(def: JobDef) {
    if (this.defs.has(def.name)) throw new Error(`job ${def.name} registered twice`);
    if (def.every !== undefined && !(def.every >= 0.01)) throw new Error(`job ${def.name}: every is in seconds, at least 0.01`);
    if (def.dailyAt) nextDaily(new Date(), def.dailyAt, this.opts.timeZone);
    this.defs.set(def.name, def);
  }

  names() {
    return [...this.defs.keys()];
  }

  async schedule(name: string, opts: { runAt?: Date; payload?: Record<string, unknown>; tenantId?: string; key?: string } = {}): Promise<string> {
    const def = this.defs.get(name);
    if (!def) throw new Error(`job ${name} is not registered`);
    if (this.periodic(def)) throw new Error(`job ${name} is periodic: it schedules itself`);
    const id = nextId();
    const key = `${name}:${opts.key ?? id}`;
    const [row] = await this.database.db
      .insert(jobs)
      .values({
        id,
        name,
        key,
        tenantId: opts.tenantId ?? null,
        payload: opts.payload ?? {},
        runAt: opts.runAt ?? this.clock.now(),
        maxAttempts: def.maxAttempts ?? 10,
      })
      .onConflictDoUpdate({ target: jobs.key, set: { key: sql`excluded.key` } })
      .returning({ id: jobs.id });
    // An upsert answers its row, inserted or kept.
    if (!row) throw new Error(`job ${key}: the upsert answered no row`);
    return row.id;
  }

  private periodic(def: JobDef) {
    return def.every !== undefined || def.dailyAt !== undefined;
  }

  private nextRun(def: JobDef, from: Date): Date {
    return def.dailyAt ? nextDaily(from, def.dailyAt, this.opts.timeZone) : new Date(from.getTime() + (def.every ?? 60) * 1000);
  }

  /** The row of every periodic kind (created when missing, its schedule updated when the code changed it). */
  async ensurePeriodic() {
    const now = this.clock.now();
    for (const def of this.defs.values()) {
      if (!this.periodic(def)) continue;
      await this.database.db
        .insert(jobs)
        .values({
          id: nextId(),
          name: def.name,
          key: def.name,
          everyMs: def.every === undefined ? null : Math.round(def.every * 1000),
          dailyAt: def.dailyAt ?? null,
          runAt: def.dailyAt ? this.nextRun(def, now) : now,
        })
        .onConflictDoUpdate({
          target: jobs.key,
          set: { everyMs: def.every === undefined ? null : Math.round(def.every * 1000), dailyAt: def.dailyAt ?? null, status: 'pending' },
        });
    }
  }

  /**
   * One poll: claims up to `limit` due jobs of the kinds registered here (rows locked with SKIP LOCKED, so each is
   * taken by one instance; a lease marks them this instance's while they run), runs them one after the other and
   * records the outcome. Answers how many ran successfully.
   */
  async runDue(limit = 10): Promise<number> {
    const names = this.names();
    if (!names.length) return 0;
    const now = this.clock.now();
    const until = new Date(now.getTime() + this.leaseMs);
    const due = this.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)), inArray(jobs.name, names)))
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await this.database.db
      .update(jobs)
      .set({ lockedBy: this.instance, lockedUntil: until, attempts: sql`${jobs.attempts} + 1`, lastRunTime: now, updateTime: now })
      .where(inArray(jobs.id, due))
      .returning();
    let ok = 0;
    for (const row of claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime())) {
      if (this.stopping) await this.giveBack(row);
      else if (await this.runOne(row)) ok++;
    }
    return ok;
  }

  /** A claimed job not run (the runner stopped): unlocked as it was, for this or another instance to take at once. */
  private async giveBack(row: JobRow) {
    await this.database.db
      .update(jobs)
      .set({ lockedBy: null, lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
      .where(and(eq(jobs.id, row.id), eq(jobs.lockedBy, this.instance)));
  }

  private async runOne(row: JobRow): Promise<boolean> {
    // Only jobs of registered names are claimed (names()).
    const def = this.defs.get(row.name);
    if (!def) throw new Error(`job ${row.name} is not registered`);
    const started = this.clock.now();
    const t0 = Date.now();
    const mine = and(eq(jobs.id, row.id), eq(jobs.lockedBy, this.instance));
    try {
      await def.run({ id: row.id, name: row.name, tenantId: row.tenantId, payload: row.payload ?? {}, attempt: row.attempts, now: started });
    } catch (e) {
      const message = (e instanceof Error ? (e.stack ?? e.message) : String(e)).slice(0, 4000);
      this.opts.log?.error({ err: e, job: row.name, jobId: row.id, attempt: row.attempts }, `job ${row.name} failed`);
      this.heard(row, started, t0, false);
      const end = this.clock.now();
      const outOfAttempts = !this.periodic(def) && row.attempts >= row.maxAttempts;
      await this.database.db
        .update(jobs)
        .set({
          lockedBy: null,
          lockedUntil: null,
          lastError: message,
          updateTime: end,
          ...(outOfAttempts ? { status: 'failed' } : { runAt: new Date(end.getTime() + backoffMs(row.attempts)) }),
        })
        .where(mine);
      await this.log(row, started, Date.now() - t0, message);
      return false;
    }
    this.heard(row, started, t0, true);
    const end = this.clock.now();
    if (this.periodic(def)) {
      await this.database.db
        .update(jobs)
        .set({ lockedBy: null, lockedUntil: null, attempts: 0, lastError: null, runAt: this.nextRun(def, end), updateTime: end })
        .where(mine);
    } else {
      await this.database.db.update(jobs).set({ lockedBy: null, lockedUntil: null, status: 'done', lastError: null, updateTime: end }).where(mine);
      await this.log(row, started, Date.now() - t0, null);
    }
    return true;
  }

  private heard(row: JobRow, started: Date, t0: number, ok: boolean) {
    this.opts.observer?.ran(row.name, ok, (Date.now() - t0) / 1000, (started.getTime() - row.runAt.getTime()) / 1000);
  }

  private async log(row: JobRow, start: Date, durationMs: number, error: string | null) {
    await this.database.db.insert(jobLogs).values({
      id: nextId(),
      jobId: row.id,
      name: row.name,
      tenantId: row.tenantId,
      instance: this.instance,
      attempt: row.attempts,
      startTime: start,
      durationMs,
      ok: error ? 0 : 1,
      error,
    });
  }

  /**
   * Polls every `pollMs` (one poll at a time); answers a function that stops: no poll after it, and the poll under way
   * ends after the job it is running (the jobs it claimed with it are given back).
   */
  start(pollMs: number): () => Promise<void> {
    this.stopping = false;
    const tick = () => {
      if (this.busy) return;
      this.busy = this.runDue()
        .catch((e: unknown) => {
          this.opts.log?.error({ err: e }, 'job poll failed');
          return 0;
        })
        .finally(() => (this.busy = undefined));
    };
    this.timer = setInterval(tick, pollMs);
    this.timer.unref();
    return async () => {
      clearInterval(this.timer);
      this.stopping = true;
      await this.busy;
    };
  }
}

/** The runner's own housekeeping: finished one-off jobs and log rows older than 30 days go (daily, 03:30). */
export function registerJobCleanup(runner: JobRunner, database: Database, clock: JobClock = systemJobClock) {
  runner.register({
    name: 'jobs.cleanup',
    dailyAt: '03:30',
    async run() {
      const before = new Date(clock.now().getTime() - 30 * 86_400_000);
      await database.db.delete(jobs).where(and(eq(jobs.status, 'done'), lt(jobs.updateTime, before)));
      await database.db.delete(jobLogs).where(lt(jobLogs.startTime, before));
    },
  });
}

/**
 * The embedded database has no autovacuum, so nothing would ever refresh its planner statistics: the plans and the
 * estimated list totals (crud/total.ts) of tables that grew since would rest on none. Every night the server
 * analyzes it, as autovacuum does a server's tables (a PostgreSQL server needs no such job).
 */
export function registerEmbeddedAnalyze(runner: JobRunner, database: Database) {
  if (database.kind !== 'pglite') return;
  runner.register({ name: 'db.analyze', dailyAt: '03:45', run: async () => void (await database.raw('ANALYZE')) });
}
