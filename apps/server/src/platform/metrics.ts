/**
 * The server's metrics in the Prometheus text format (prom-client), at GET /metrics (docs/deployment.md
 * "Health, readiness and metrics"): requests by route pattern, method and status with their durations; the database's
 * connections and statement durations; the workflow engine's commands, their outcomes and conflicts; the job runner's
 * runs, failures and lag; and prom-client's process metrics (memory, CPU, event-loop delay, GC).
 *
 * Each server has a registry of its own (tests and the scale-out test run several in one process). METRICS_ENABLED=false
 * creates none: nothing is counted and /metrics answers 404. With METRICS_TOKEN the scraper sends
 * `Authorization: Bearer <token>`.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { MSG } from '@hjl/core';
import type { MetricsConfig } from './config.ts';
import type { Database } from './db/index.ts';
import { failure } from './http/envelope.ts';

/** Label of a request that matched no route (the web app's pages, unknown paths): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** How a workflow command ended: done, refused (a WorkflowError: the caller's to fix) or failed. */
export type CommandOutcome = 'ok' | 'refused' | 'error';

/**
 * Two commands on one process instance at once: the second `waited` for the first's lock (and then loaded what the
 * first wrote), or the job runner `skipped` an instance a command held (EngineOptions.onConflict).
 */
export type CommandConflict = 'waited' | 'skipped';

/** What the workflow engine reports at its command boundary (workflow/index.ts wires it). */
export interface WorkflowCommandObserver {
  command(name: string, seconds: number, outcome: CommandOutcome): void;
  conflict(kind: CommandConflict): void;
}

/** What the job runner reports of each run (platform/jobs). */
export interface JobRunObserver {
  /** `lagSeconds`: from the time the job was due to the start of its run. */
  ran(name: string, ok: boolean, seconds: number, lagSeconds: number): void;
}

export class Metrics implements WorkflowCommandObserver, JobRunObserver {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly commands: Histogram<'command' | 'outcome'>;
  private readonly conflicts: Counter<'kind'>;
  private readonly jobRuns: Counter<'job' | 'outcome'>;
  private readonly jobDurations: Histogram<'job'>;
  private readonly jobLag: Histogram<'job'>;

  constructor(database: Database) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'hjl_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status: their count and how long they took',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const queries = new Histogram({
      name: 'hjl_db_query_duration_seconds',
      help: 'Database statements, as the driver ran them: their count and how long they took',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    database.usage.onQuery = (seconds) => queries.observe(seconds);
    new Gauge({
      name: 'hjl_db_pool_connections',
      help: 'Database connections by state: open, busy (running a statement or holding a transaction) and max (the pool size)',
      labelNames: ['state'],
      registers,
      collect() {
        const now = database.usage.snapshot();
        this.set({ state: 'open' }, now.open);
        this.set({ state: 'busy' }, now.busy);
        this.set({ state: 'max' }, database.usage.max);
      },
    });
    new Gauge({
      name: 'hjl_db_pool_waiting',
      help: 'Callers waiting for a database connection',
      registers,
      collect() {
        this.set(database.usage.snapshot().waiting);
      },
    });
    this.commands = new Histogram({
      name: 'hjl_workflow_command_duration_seconds',
      help: 'Workflow engine commands by name and outcome (ok, refused, error): their count and how long they took',
      labelNames: ['command', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.conflicts = new Counter({
      name: 'hjl_workflow_command_conflicts_total',
      help: 'Workflow commands that met another on the same process instance: waited for its lock, or skipped by the job runner',
      labelNames: ['kind'],
      registers,
    });
    this.jobRuns = new Counter({ name: 'hjl_job_runs_total', help: 'Job runs by job and outcome (ok, failed)', labelNames: ['job', 'outcome'], registers });
    this.jobDurations = new Histogram({
      name: 'hjl_job_run_duration_seconds',
      help: 'How long job runs took, by job',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    });
    this.jobLag = new Histogram({
      name: 'hjl_job_lag_seconds',
      help: 'From the time a job was due to the start of its run, by job',
      labelNames: ['job'],
      buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 300, 900, 3600],
      registers,
    });
  }

  request(method: string, route: string | undefined, statusCode: number, seconds: number) {
    this.requests.observe({ method, route: route ?? UNMATCHED_ROUTE, status_code: String(statusCode) }, seconds);
  }

  command(name: string, seconds: number, outcome: CommandOutcome) {
    this.commands.observe({ command: name, outcome }, seconds);
  }

  conflict(kind: CommandConflict) {
    this.conflicts.inc({ kind });
  }

  ran(name: string, ok: boolean, seconds: number, lagSeconds: number) {
    this.jobRuns.inc({ job: name, outcome: ok ? 'ok' : 'failed' });
    this.jobDurations.observe({ job: name }, seconds);
    this.jobLag.observe({ job: name }, Math.max(0, lagSeconds));
  }
}

const digest = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();

/** Whether the request's `Authorization: Bearer …` is the token (compared in constant time). */
function bearerIs(header: string | undefined, token: string): boolean {
  const m = /^bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return !!m && crypto.timingSafeEqual(digest(m[1] ?? ''), digest(token));
}

/**
 * The metrics of this server (none when METRICS_ENABLED=false), their request hook, and GET /metrics: the text
 * format; 401 without the token when METRICS_TOKEN is set; 404 when turned off (not the web app's page).
 */
export function registerMetrics(app: FastifyInstance, config: MetricsConfig, database: Database): Metrics | undefined {
  const metrics = config.enabled ? new Metrics(database) : undefined;
  app.route({
    method: 'GET',
    url: '/metrics',
    schema: { hide: true },
    // Not a user's call: its own token (METRICS_TOKEN), and a user's token sent along changes nothing.
    config: { requires: 'public' },
    handler: async (req, reply) => {
      if (!metrics) return failure(reply, 404, MSG.notFound);
      if (config.token && !bearerIs(req.headers.authorization, config.token)) {
        reply.header('www-authenticate', 'Bearer');
        return failure(reply, 401, '缺失令牌,鉴权失败');
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    },
  });
  if (metrics) {
    app.addHook('onResponse', (req, reply, done) => {
      metrics.request(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  return metrics;
}
