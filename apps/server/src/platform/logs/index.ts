/**
 * Request logging into the database: every write call (POST/PUT/DELETE) into blade_log_api, every 5xx into
 * blade_log_error with its stack (the client never sees it). Writes never fail the request they describe.
 */
import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import { nextId } from '../db/ids.ts';
import { pathOf } from '../http/guard.ts';
import { apiLog, errorLog, usualLog } from './schema.ts';

// `blade-auth` carries a token in the query of file downloads.
const SECRET_KEYS = /pass(word)?|secret|token|captcha|^blade-auth$/i;

/** Request parameters with secrets masked, cut to a sane length. */
function paramsOf(req: FastifyRequest): string {
  const mask = (o: unknown): unknown => {
    if (!o || typeof o !== 'object') return o;
    if (Array.isArray(o)) return o.map(mask);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '******' : mask(v)]));
  };
  const s = JSON.stringify({ query: mask(req.query), body: mask(req.body) });
  return s.length > 8000 ? s.slice(0, 8000) : s;
}

/** Text PostgreSQL can store: a NUL byte (which it refuses) made visible as `\u0000`. */
const storable = (s: string) => s.split('\u0000').join('\\u0000');

function base(req: FastifyRequest) {
  return {
    id: nextId(),
    tenantId: req.user?.tenantId ?? String(req.headers['tenant-id'] ?? '000000').slice(0, 12),
    serverHost: os.hostname(),
    serverIp: String(req.socket.localAddress ?? ''),
    env: process.env.NODE_ENV ?? 'production',
    method: req.method,
    requestUri: storable(pathOf(req.url).slice(0, 255)),
    userAgent: storable(String(req.headers['user-agent'] ?? '').slice(0, 1000)),
    remoteIp: req.ip,
    params: paramsOf(req),
    createBy: req.user?.account ?? null,
  };
}

export function registerRequestLogs(app: FastifyInstance, database: Database) {
  const write = (p: Promise<unknown>) => p.catch((e) => app.log.error({ err: e }, 'log write failed'));

  // Rows of blade_log_api wait a moment and go in as one multi-row insert: under load one statement carries
  // many requests (a statement per request was a tenth of a workflow command's database work).
  const pending: (typeof apiLog.$inferInsert)[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flushApiLogs = async () => {
    timer = undefined;
    while (pending.length) {
      const rows = pending.splice(0, 500);
      await write(database.db.insert(apiLog).values(rows));
    }
  };
  app.addHook('onClose', flushApiLogs);

  app.addHook('onResponse', async (req, reply) => {
    if (!['POST', 'PUT', 'DELETE', 'PATCH'].includes(req.method) || !req.url.startsWith('/api/') || req.routeOptions.config.readOnly) return;
    pending.push({
      ...base(req),
      title: req.routeOptions.schema?.summary ?? req.routeOptions.url ?? null,
      statusCode: reply.statusCode,
      time: String(Math.round(reply.elapsedTime)),
    });
    timer ??= setTimeout(() => void flushApiLogs(), 20);
  });

  return {
    /** Records a 5xx; called by the error handler. */
    error(req: FastifyRequest, err: Error) {
      const frame = /\((.*):(\d+):\d+\)/.exec(err.stack?.split('\n')[1] ?? '');
      write(
        database.db.insert(errorLog).values({
          ...base(req),
          stackTrace: storable((err.stack ?? '').slice(0, 20000)),
          exceptionName: err.name,
          message: storable(err.message.slice(0, 4000)),
          fileName: frame?.[1]?.slice(0, 1000) ?? null,
          lineNumber: frame ? Number(frame[2]) : null,
        }),
      );
    },
    /**
     * Records input refused as hostile (a NUL byte, a value the database could not take): a 4xx, but one an
     * operator should see, so it goes into the error log with what was refused and where.
     */
    refused(req: FastifyRequest, err: Error, detail: string) {
      write(
        database.db.insert(errorLog).values({
          ...base(req),
          stackTrace: storable(detail.slice(0, 20000)),
          exceptionName: 'IllegalInput',
          message: storable(`${err.message}: ${detail}`.slice(0, 4000)),
          fileName: null,
          lineNumber: null,
        }),
      );
    },
    /**
     * An application event worth keeping (blade_log_usual): THE call modules use for usual logs, as
     * `ctx.logs.usual(req, 'oss-enable', { id })`. Tenant, user, address and URI come from the request; the
     * write never fails or delays the request. See docs/resources.md, Logs.
     */
    usual(req: FastifyRequest, logId: string, data: unknown, level = 'INFO') {
      write(database.db.insert(usualLog).values({ ...base(req), logLevel: level, logId, logData: JSON.stringify(data) }));
    },
  };
}

export type RequestLogs = ReturnType<typeof registerRequestLogs>;
