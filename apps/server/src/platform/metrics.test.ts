/**
 * GET /metrics: the Prometheus text format of prom-client with what operations watch — requests by route pattern and
 * status with durations, the database's connections and statement durations, workflow commands by outcome, job runs
 * with failures and lag, the process's memory and event-loop delay —; behind a bearer token when METRICS_TOKEN is
 * set, answered 404 when METRICS_ENABLED=false; and a wrong setting stops the start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { loadConfig } from './config.ts';

const TOKEN = 'scrape-token-0123456789';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  // The job poller off: the test runs the jobs.
  t = await createTestApp({ METRICS_TOKEN: TOKEN, JOB_POLL_MS: '0' });
  admin = (await t.login()).access_token as string;
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

/** The value of one series (name and labels as written), or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  it('asks for the token: none or a wrong one is 401, a user token is no token', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { 'blade-auth': `bearer ${admin}` }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe('缺失令牌,鉴权失败');
      expect(res.body).not.toContain('hjl_');
    }
  });

  it('counts requests by route pattern (not by URL), method and status, with durations', async () => {
    const before = await scrape();
    const series = 'hjl_http_request_duration_seconds_count{method="GET",route="/api/blade-log/error/detail",status_code="404"}';
    const was = value(before, series) ?? 0;
    for (const id of ['1', '2', '3']) {
      const res = await t.call(admin, { method: 'GET', url: `/api/blade-log/error/detail?id=${id}` });
      expect(res.status).toBe(404);
    }
    await t.app.inject({ method: 'GET', url: '/no/such/page' });
    const after = await scrape();
    expect(value(after, series)).toBe(was + 3);
    expect(after).toContain('hjl_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/blade-log/error/detail",status_code="404"}');
    expect(value(after, 'hjl_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('id=1');
  });

  it('shows the database pool and statement durations', async () => {
    const text = await scrape();
    expect(value(text, 'hjl_db_pool_connections{state="max"}')).toBe(t.database.kind === 'pglite' ? 1 : 5);
    expect(value(text, 'hjl_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'hjl_db_pool_connections{state="busy"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'hjl_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    const queries = value(text, 'hjl_db_query_duration_seconds_count') ?? 0;
    await t.call(admin, { method: 'GET', url: '/api/blade-log/api/list' });
    expect(value(await scrape(), 'hjl_db_query_duration_seconds_count')).toBeGreaterThan(queries);
    expect(value(text, 'hjl_db_query_duration_seconds_sum')).toBeGreaterThan(0);
  });

  it('counts workflow commands by name and outcome', async () => {
    const series = 'hjl_workflow_command_duration_seconds_count{command="claim",outcome="refused"}';
    const was = value(await scrape(), series) ?? 0;
    // The command itself (the route checks the task before it calls the engine): a task that is not there.
    await expect(t.app.workflow.engine.claim('000000', '1', { id: '1' })).rejects.toThrow('任务不存在或已被处理');
    expect(value(await scrape(), series)).toBe(was + 1);
  });

  it('counts job runs and failures, with their lag', async () => {
    let fail = true;
    t.app.jobs.register({
      name: 'metrics.probe',
      maxAttempts: 3,
      run() {
        if (fail) throw new Error('probe failed');
      },
    });
    await t.app.jobs.schedule('metrics.probe', { runAt: new Date(Date.now() - 60_000) });
    await t.app.jobs.runDue();
    fail = false;
    await t.database.raw(`UPDATE blade_job SET run_at = now() - interval '1 minute' WHERE name = 'metrics.probe'`);
    await t.app.jobs.runDue();
    const text = await scrape();
    expect(value(text, 'hjl_job_runs_total{job="metrics.probe",outcome="failed"}')).toBe(1);
    expect(value(text, 'hjl_job_runs_total{job="metrics.probe",outcome="ok"}')).toBe(1);
    expect(value(text, 'hjl_job_lag_seconds_count{job="metrics.probe"}')).toBe(2);
    // Both runs were due a minute before they started.
    expect(value(text, 'hjl_job_lag_seconds_sum{job="metrics.probe"}')).toBeGreaterThanOrEqual(100);
  });

  it("has the process's memory and event-loop delay (prom-client's defaults)", async () => {
    const text = await scrape();
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });
});

describe('metrics settings', () => {
  it('METRICS_ENABLED=false: /metrics is 404 (not the web app), nothing counted', async () => {
    const off = await createTestApp({ METRICS_ENABLED: 'false' });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json().success).toBe(false);
      expect(off.database.usage.onQuery).toBeUndefined();
    } finally {
      await off.close();
    }
  });

  it('a wrong METRICS_ENABLED, METRICS_TOKEN or SHUTDOWN_TIMEOUT_MS stops the start', () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: true, token: undefined });
    expect(loadConfig({ METRICS_ENABLED: 'off' }).metrics.enabled).toBe(false);
    expect(() => loadConfig({ METRICS_ENABLED: 'yes please' })).toThrow(/METRICS_ENABLED/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has spaces in it, sixteen+' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500' }).shutdownTimeoutMs).toBe(2500);
    for (const bad of ['0', '-1', '1.5', 'ten']) expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: bad })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });
});
