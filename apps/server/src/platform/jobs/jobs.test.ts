/**
 * The job runner on the real database with a clock the test moves: periodic jobs (every N seconds, daily at a time
 * of day), one-off jobs (once, deduplicated by key), failures logged and retried with back-off (a one-off job out of
 * attempts stays `failed`), two instances polling at once taking each job once, a crashed instance's job taken again
 * after its lease, and the server's own registrations (the workflow timers, the cleanup).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { backoffMs, JobRunner, nextDaily, registerEmbeddedAnalyze, type JobRun } from './index.ts';

let t: TestApp;
class Clock {
  constructor(public t: Date) {}
  now() {
    return new Date(this.t.getTime());
  }
  advance(ms: number) {
    this.t = new Date(this.t.getTime() + ms);
  }
}
const ZONE = 'Asia/Shanghai';
const rows = (name: string) => t.database.raw(`SELECT status, attempts, last_error, run_at FROM blade_job WHERE name = $1 ORDER BY create_time, id`, [name]);
const logs = (name: string) => t.database.raw(`SELECT ok, attempt, error, instance FROM blade_job_log WHERE name = $1 ORDER BY start_time, id`, [name]);

beforeAll(async () => {
  // The server's own poller is off: the test polls.
  t = await createTestApp({ JOB_POLL_MS: '0' });
});
afterAll(() => t.close());

describe('job runner', () => {
  it('daily times are the next HH:mm in the zone; back-off doubles up to an hour', () => {
    // 2026-06-01 09:00 in Shanghai is 01:00Z: 08:00 is tomorrow, 10:30 today.
    const from = new Date('2026-06-01T01:00:00Z');
    expect(nextDaily(from, '08:00', ZONE).toISOString()).toBe('2026-06-02T00:00:00.000Z');
    expect(nextDaily(from, '10:30', ZONE).toISOString()).toBe('2026-06-01T02:30:00.000Z');
    expect(nextDaily(from, '09:00', ZONE).toISOString()).toBe('2026-06-02T01:00:00.000Z');
    expect([1, 2, 3, 10].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 3_600_000]);
    expect(() => nextDaily(from, '25:00', ZONE)).toThrow();
  });

  it('daily times follow a zone with summer time across its change', () => {
    // New York moves to summer time on 2026-03-08: 08:00 that day is 12:00Z (EDT), the day before 13:00Z (EST).
    expect(nextDaily(new Date('2026-03-07T06:00:00Z'), '08:00', 'America/New_York').toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(nextDaily(new Date('2026-03-08T06:00:00Z'), '08:00', 'America/New_York').toISOString()).toBe('2026-03-08T12:00:00.000Z');
    // …and back on 2026-11-01: 08:00 that day is 13:00Z again.
    expect(nextDaily(new Date('2026-11-01T05:00:00Z'), '08:00', 'America/New_York').toISOString()).toBe('2026-11-01T13:00:00.000Z');
  });

  it('a periodic job runs when due and is rescheduled; a daily one waits for its time', async () => {
    const clock = new Clock(new Date('2026-06-01T01:00:00Z'));
    const runner = new JobRunner(t.database, { timeZone: ZONE, clock, instance: 'a' });
    const ran: string[] = [];
    runner.register({ name: 'test.every', every: 60, run: (j) => void ran.push(`every@${j.now.toISOString()}`) });
    runner.register({ name: 'test.daily', dailyAt: '08:00', run: () => void ran.push('daily') });
    await runner.ensurePeriodic();
    await runner.ensurePeriodic(); // idempotent: one row per periodic kind
    expect(await rows('test.every')).toHaveLength(1);
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    clock.advance(59_000);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1_000);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['every@2026-06-01T01:00:00.000Z', 'every@2026-06-01T01:01:00.000Z']);
    // 08:00 Shanghai the next day (00:00Z).
    clock.t = new Date('2026-06-02T00:00:00Z');
    await runner.runDue();
    expect(ran.filter((r) => r === 'daily')).toHaveLength(1);
    expect((await rows('test.daily'))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    expect(new Date((await rows('test.daily'))[0]!.run_at as Date).toISOString()).toBe('2026-06-03T00:00:00.000Z');
  });

  it('a one-off job runs once; a second schedule with its key is the same job', async () => {
    const clock = new Clock(new Date('2026-07-01T00:00:00Z'));
    const runner = new JobRunner(t.database, { timeZone: ZONE, clock, instance: 'a' });
    const seen: Record<string, unknown>[] = [];
    runner.register({ name: 'test.once', run: (j: JobRun) => void seen.push({ ...j.payload, tenantId: j.tenantId }) });
    const id = await runner.schedule('test.once', { runAt: new Date('2026-07-01T02:00:00Z'), payload: { contractId: '42' }, tenantId: '000000', key: 'c42' });
    expect(await runner.schedule('test.once', { payload: { contractId: 'other' }, key: 'c42' })).toBe(id);
    expect(await runner.runDue()).toBe(0);
    clock.advance(2 * 3_600_000);
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ contractId: '42', tenantId: '000000' }]);
    expect((await rows('test.once'))[0]).toMatchObject({ status: 'done', attempts: 1 });
    expect(await logs('test.once')).toEqual([{ ok: 1, attempt: 1, error: null, instance: 'a' }]);
    await expect(runner.schedule('test.unknown')).rejects.toThrow(/not registered/);
  });

  it('a failure is logged and retried with back-off; a one-off job out of attempts stays failed with its error', async () => {
    const clock = new Clock(new Date('2026-08-01T00:00:00Z'));
    const errors: unknown[] = [];
    const runner = new JobRunner(t.database, { timeZone: ZONE, clock, instance: 'a', log: { error: (o) => void errors.push(o) } });
    let fails = 2;
    runner.register({
      name: 'test.flaky',
      run: () => {
        if (fails-- > 0) throw new Error('短信网关不可用');
      },
    });
    runner.register({
      name: 'test.broken',
      maxAttempts: 2,
      run: () => {
        throw new Error('永远失败');
      },
    });
    await runner.schedule('test.flaky');
    await runner.schedule('test.broken');
    expect(await runner.runDue()).toBe(0);
    expect((await rows('test.flaky'))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(String((await rows('test.flaky'))[0]!.last_error)).toContain('短信网关不可用');
    // Not before its back-off (30 s after the first failure, 60 s after the second).
    clock.advance(29_000);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1_000);
    expect(await runner.runDue()).toBe(0); // flaky fails again, broken fails for good
    expect((await rows('test.broken'))[0]).toMatchObject({ status: 'failed', attempts: 2 });
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect((await rows('test.flaky'))[0]).toMatchObject({ status: 'done', last_error: null });
    expect((await logs('test.flaky')).map((l) => l.ok)).toEqual([0, 0, 1]);
    expect((await logs('test.broken')).map((l) => String(l.error).split('\n')[0])).toEqual(['Error: 永远失败', 'Error: 永远失败']);
    expect(errors).toHaveLength(4);
    // The failed job is kept (never lost), and nothing runs it again.
    clock.advance(86_400_000);
    expect(await runner.runDue()).toBe(0);
    expect(await rows('test.broken')).toHaveLength(1);
  });

  it('two instances polling at once take each job once; a dead instance’s job is taken again after its lease', async () => {
    const clock = new Clock(new Date('2026-09-01T00:00:00Z'));
    const count: Record<string, number> = {};
    const make = (instance: string) => {
      const r = new JobRunner(t.database, { timeZone: ZONE, clock, instance, leaseMs: 60_000 });
      r.register({
        name: 'test.shared',
        run: async (j) => {
          count[String(j.payload.n)] = (count[String(j.payload.n)] ?? 0) + 1;
          await new Promise((res) => setTimeout(res, 5));
        },
      });
      return r;
    };
    const [a, b] = [make('a'), make('b')];
    for (let n = 0; n < 12; n++) await a.schedule('test.shared', { payload: { n } });
    const done = (await Promise.all([a.runDue(5), b.runDue(5), a.runDue(5), b.runDue(5)])).reduce((x, y) => x + y, 0);
    expect(done).toBe(12);
    expect(Object.values(count)).toEqual(Array(12).fill(1));
    // An instance took a job and died (its lease is on the row): nobody takes it until the lease ends.
    const id = await a.schedule('test.shared', { payload: { n: 'lost' } });
    await t.database.raw(`UPDATE blade_job SET locked_by = 'dead', locked_until = $2, attempts = 1 WHERE id = $1`, [
      id,
      new Date(clock.now().getTime() + 60_000),
    ]);
    expect(await b.runDue()).toBe(0);
    clock.advance(61_000);
    expect(await b.runDue()).toBe(1);
    expect(count.lost).toBe(1);
    expect((await t.database.raw(`SELECT status, attempts FROM blade_job WHERE id = $1`, [id]))[0]).toEqual({ status: 'done', attempts: 2 });
  });

  it('the server registers its own: the workflow timers and the daily cleanup', async () => {
    expect(t.app.jobs.names()).toEqual(expect.arrayContaining(['jobs.cleanup', 'workflow.timers']));
    const [cleanup] = await t.database.raw(`SELECT daily_at, status FROM blade_job WHERE key = 'jobs.cleanup'`);
    expect(cleanup).toEqual({ daily_at: '03:30', status: 'pending' });
    const [timers] = await t.database.raw(`SELECT every_ms FROM blade_job WHERE key = 'workflow.timers'`);
    expect(timers).toEqual({ every_ms: 5000 });
  });

  it('on the embedded database a nightly job analyzes the tables (it has no autovacuum); a PostgreSQL server has none', async () => {
    const [job] = await t.database.raw(`SELECT daily_at FROM blade_job WHERE key = 'db.analyze'`);
    if (t.database.kind !== 'pglite') {
      expect(job).toBeUndefined();
      return;
    }
    expect(job).toEqual({ daily_at: '03:45' });
    await t.database.raw(
      `INSERT INTO blade_job_log (id, job_id, name, instance, attempt, start_time, duration_ms, ok)
       SELECT 7000000000 + g, 1, 'test.analyze', 'x', 1, now(), 0, 1 FROM generate_series(1, 500) g`,
    );
    const tuples = async () => Number((await t.database.raw(`SELECT reltuples FROM pg_class WHERE relname = 'blade_job_log'`))[0]!.reltuples);
    const before = await tuples();
    const clock = new Clock(new Date(Date.now() + 86_400_000));
    const runner = new JobRunner(t.database, { timeZone: ZONE, clock, instance: 'analyze' });
    registerEmbeddedAnalyze(runner, t.database);
    await runner.ensurePeriodic();
    expect(await runner.runDue()).toBe(1);
    expect(await tuples()).toBeGreaterThanOrEqual(500);
    expect(before).toBeLessThan(500);
  });
});
