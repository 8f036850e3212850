/**
 * Graceful shutdown on SIGTERM (main.ts; docs/deployment.md "Stopping an instance"): the instance stops being ready
 * (GET /ready answers 503, the load balancer sends its requests elsewhere), stops accepting connections, and finishes
 * the requests in flight — every answer from then on closes its connection, and connections left idle are closed —
 * within SHUTDOWN_TIMEOUT_MS, after which the connections still open are cut. Then the server's own close runs: the
 * job runner ends after the job it is running (jobs/index.ts `start`), the pending API log rows are written
 * (logs/index.ts); last the database's pool is closed.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.ts';

/** How often connections gone idle are closed while the requests in flight finish. */
const IDLE_SWEEP_MS = 50;

export async function shutDown(app: FastifyInstance, database: Database, timeoutMs: number): Promise<void> {
  const started = Date.now();
  app.readiness.drain();
  const server = app.server;
  // A connection whose request was answered before its answer could say Connection: close.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cut = setTimeout(() => {
    app.log.warn(`shutdown: requests still in flight after ${timeoutMs} ms, their connections are closed`);
    server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
  await database.close();
  app.log.info(`shut down in ${Date.now() - started} ms`);
}
