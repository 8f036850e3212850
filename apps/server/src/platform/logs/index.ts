/**
 * Request logging into the database: every write call (POST/PUT/DELETE) into blade_log_api, every 5xx into
 * blade_log_error with its stack (the client never sees it). Writes never fail the request they describe. Every row
 * carries the request's id (`request_id`, answered as X-Request-Id, `reqId` in the server log: http/server.ts).
 */
import os from 'node:os';
import { getTableColumns } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import { nextId } from '../db/ids.ts';
import { runPrepared } from '../db/prepared.ts';
import { pathOf } from '../http/guard.ts';
import { apiLog, errorLog, usualLog } from './schema.ts';

// `blade-auth` carries a token in the query of file downloads.
const SECRET_KEYS = /pass(word)?|secret|token|captcha|^blade-auth$/i;

/** A value under a secret key, at any depth, as recorded. */
const maskSecrets = (key: string, value: unknown) => (SECRET_KEYS.test(key) ? '******' : value);

/**
 * Request parameters with secrets masked, cut to a sane length. (JSON's replacer sees every key of every object
 * at any depth — array indexes never match — so this is the same text as masking a copy first, without the copy.)
 */
function paramsOf(req: FastifyRequest): string {
  const s = JSON.stringify({ query: req.query, body: req.body }, maskSecrets);
  return s.length > 8000 ? s.slice(0, 8000) : s;
}

/** Text PostgreSQL can store: a NUL byte (which it refuses) made visible as `\u0000`. */
const storable = (s: string) => (s.includes('\u0000') ? s.split('\u0000').join('\\u0000') : s);

/** The server's name and environment, the same for every row this process writes. */
const SERVER_HOST = os.hostname();
const ENV = process.env.NODE_ENV ?? 'production';

function base(req: FastifyRequest) {
  return {
    id: nextId(),
    tenantId: req.user?.tenantId ?? String(req.headers['tenant-id'] ?? '000000').slice(0, 12),
    serverHost: SERVER_HOST,
    serverIp: String(req.socket.localAddress ?? ''),
    env: ENV,
    method: req.method,
    requestUri: storable(pathOf(req.url).slice(0, 255)),
    userAgent: storable(String(req.headers['user-agent'] ?? '').slice(0, 1000)),
    remoteIp: req.ip,
    params: paramsOf(req),
    requestId: req.id,
    createBy: req.user?.account ?? null,
  };
}

/** A blade_log_api row by its SQL column names (the JSON json_populate_recordset reads). */
type ApiLogRow = Record<(typeof API_LOG_COLUMNS)[number], string | number | null>;
/** The columns a request gives; the others take their defaults (service_id, type, create_time: the insert's now()). */
const API_LOG_COLUMNS = [
  'id',
  'tenant_id',
  'server_host',
  'server_ip',
  'env',
  'method',
  'request_uri',
  'user_agent',
  'remote_ip',
  'params',
  'request_id',
  'create_by',
  'title',
  'status_code',
  'time',
] as const;
{
  const known = new Set(Object.values(getTableColumns(apiLog)).map((c) => c.name));
  const missing = API_LOG_COLUMNS.filter((c) => !known.has(c));
  if (missing.length) throw new Error(`blade_log_api has no column ${missing.join(', ')}`);
}
/**
 * The batch of API log rows as one statement of fixed text, the rows one JSON parameter: a named prepared statement
 * on PostgreSQL (parsed and planned once per connection), instead of a multi-row insert built by the ORM per batch
 * (a text per row count, planned every time, and the ORM's building per value was most of a request's logging CPU).
 */
const INSERT_API_LOGS = `INSERT INTO blade_log_api (${API_LOG_COLUMNS.join(', ')}) SELECT ${API_LOG_COLUMNS.join(', ')} FROM json_populate_recordset(NULL::blade_log_api, $1::json)`;

function apiLogRow(req: FastifyRequest, reply: FastifyReply, title: string | null): ApiLogRow {
  const b = base(req);
  return {
    id: b.id,
    tenant_id: b.tenantId,
    server_host: b.serverHost,
    server_ip: b.serverIp,
    env: b.env,
    method: b.method,
    request_uri: b.requestUri,
    user_agent: b.userAgent,
    remote_ip: b.remoteIp,
    params: b.params,
    request_id: b.requestId,
    create_by: b.createBy,
    title,
    status_code: reply.statusCode,
    time: String(Math.round(reply.elapsedTime)),
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

export function registerRequestLogs(app: FastifyInstance, database: Database) {
  const write = (p: Promise<unknown>) => p.catch((e) => app.log.error({ err: e }, 'log write failed'));

  // Rows of blade_log_api wait a moment and go in as one insert (INSERT_API_LOGS): under load one statement carries
  // many requests (a statement per request was a tenth of a workflow command's database work).
  const pending: ApiLogRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flushApiLogs = async () => {
    timer = undefined;
    while (pending.length) {
      const rows = pending.splice(0, 500);
      await write(runPrepared(database.db, { sql: INSERT_API_LOGS, params: [JSON.stringify(rows)] }));
    }
  };
  app.addHook('onClose', flushApiLogs);

  app.addHook('onResponse', (req, reply, done) => {
    if (WRITE_METHODS.has(req.method) && req.url.startsWith('/api/')) {
      // Read once: `req.routeOptions` is a new object on every read.
      const route = req.routeOptions;
      if (!route.config.readOnly) {
        pending.push(apiLogRow(req, reply, route.schema?.summary ?? route.url ?? null));
        timer ??= setTimeout(() => void flushApiLogs(), 20);
      }
    }
    done();
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
