/**
 * Liveness and readiness for a load balancer or an orchestrator (docs/deployment.md "Health, readiness and metrics"),
 * outside /api/ and without a login:
 * - GET /health: the process answers HTTP. Asks nothing else (not the database): a liveness probe that failed because
 *   the database did would restart every instance at once for a fault none of them has.
 * - GET /ready: this instance may be sent requests — every migration of this build has run on its database, the
 *   database answers within READY_TIMEOUT_MS, and the server is not shutting down (shutdown.ts). 503 otherwise.
 * Both answer `{"status":"UP"}` or `{"status":"DOWN"}` and nothing more (no versions, hosts or reasons: whoever can
 * reach them need not be an operator); why an instance is not ready goes to the server log.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { migrationsFolder, type Database } from '../db/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What /ready answers: main.ts drains it on SIGTERM (shutdown.ts). */
    readiness: Readiness;
  }
}

/** How long /ready waits for the database before it answers 503. */
export const READY_TIMEOUT_MS = 2000;

/** The `when` of the newest migration this build carries (drizzle's journal; the migrator records it as `created_at`). */
export function newestMigration(folder = migrationsFolder): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

const timeout = (ms: number) =>
  new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref();
  });

export class Readiness {
  private migrated = false;
  private draining = false;
  /** The check under way: callers meanwhile share it (a load balancer polling hard costs one statement at a time). */
  private pending: Promise<boolean> | undefined;
  private lastDown: string | undefined;

  constructor(
    private readonly database: Database,
    private readonly log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly newest = newestMigration(),
    private readonly timeoutMs = READY_TIMEOUT_MS,
  ) {}

  /** From now on not ready: the server is shutting down, the load balancer is to send its requests elsewhere. */
  drain() {
    this.draining = true;
  }

  /** Shutting down (drain): answers close their connections (http/server.ts). */
  get drained() {
    return this.draining;
  }

  check(): Promise<boolean> {
    if (this.draining) return Promise.resolve(false);
    this.pending ??= Promise.race([this.ask(), timeout(this.timeoutMs)])
      .then(
        () => this.up(),
        (e: unknown) => this.down(e instanceof Error ? e.message : String(e)),
      )
      .finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Once the migrations are seen to have run, they stay run: later checks only ask the database to answer. */
  private async ask() {
    if (this.migrated) {
      await this.database.raw('SELECT 1');
      return;
    }
    const [row] = await this.database.raw('SELECT max(created_at) AS at FROM drizzle.__drizzle_migrations');
    if (!(Number(row?.at ?? 0) >= this.newest)) throw new Error('the database lacks migrations of this build');
    this.migrated = true;
  }

  private up() {
    if (this.lastDown !== undefined) this.log?.info('ready again');
    this.lastDown = undefined;
    return !this.draining;
  }

  private down(reason: string) {
    if (reason !== this.lastDown) this.log?.warn(`not ready: ${reason}`);
    this.lastDown = reason;
    return false;
  }
}

const answer = (reply: FastifyReply, up: boolean) =>
  reply
    .code(up ? 200 : 503)
    .header('cache-control', 'no-store')
    .send({ status: up ? 'UP' : 'DOWN' });

/** Both public: a token sent along, valid or not, changes nothing (http/server.ts reads tokens). */
export function registerHealth(app: FastifyInstance, readiness: Readiness) {
  const common = { method: 'GET', schema: { hide: true }, config: { requires: 'public' } } as const;
  app.route({ ...common, url: '/health', handler: async (_req, reply) => answer(reply, true) });
  app.route({ ...common, url: '/ready', handler: async (_req, reply) => answer(reply, await readiness.check()) });
}
