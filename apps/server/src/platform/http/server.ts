/**
 * The Fastify instance with the platform's HTTP behaviour: JSON and form bodies, the envelope for every
 * error (HTTP status = code, Chinese messages, never a stack trace or SQL), 404/405, token reading,
 * request logs and their ids, metrics, health and readiness, and OpenAPI documentation.
 */
import crypto from 'node:crypto';
import fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { MSG } from '@hjl/core';
import { TokenService } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { registerRequestLogs, type RequestLogs } from '../logs/index.ts';
import { registerMetrics, type Metrics } from '../metrics.ts';
import { Readiness, registerHealth } from './health.ts';
import { failure } from './envelope.ts';
import { answeredStatusOf, ApiError } from './errors.ts';
import { registerDocumentation, schemaCompilers } from './docs.ts';
import { findNul, guardMultipart, NUL_MESSAGE, pathOf, UploadTooLarge } from './guard.ts';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** An incoming X-Request-Id taken as it is (a load balancer's): letters, digits and ._:@=- only, at most 64 characters. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@=-]{1,64}$/;

/**
 * The request's id: the caller's X-Request-Id when sane (so the load balancer's log and ours name a request alike),
 * else a new UUID. Fastify puts it as `reqId` on every log line of the request; it is answered in X-Request-Id and
 * written to the request's log rows (platform/logs).
 */
export function requestIdOf(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && SANE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

export interface HttpServer {
  app: FastifyInstance;
  logs: RequestLogs;
  /** None when METRICS_ENABLED=false. */
  metrics: Metrics | undefined;
  /** What /ready answers (health.ts); shutting down drains it. */
  readiness: Readiness;
}

export async function createHttpServer(config: Config, database: Database, tokens: TokenService): Promise<HttpServer> {
  const app = fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: config.trustProxy,
    // get-token/{id} takes a login ticket (a signed token of a few hundred characters) as its path parameter.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    // Every write call is recorded in blade_log_api; per-request lines would only add noise.
    logController: new LogController({ disableRequestLogging: true }),
    // Validation is done by the zod schemas of each route (platform/http/route.ts); the JSON schemas given to
    // Fastify only document the API, and no route declares a response schema. So Fastify's own compilers (ajv,
    // fast-json-stringify) have nothing to do: given ours, it never loads them (a tenth of a start's CPU).
    schemaController: { compilersFactory: schemaCompilers },
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    // A request that arrives on an open connection while the server shuts down is served (with Connection: close),
    // not refused with a 503: the load balancer sent it before it saw /ready fail (platform/http/shutdown.ts).
    return503OnClosing: false,
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body ?? '').trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, MSG.badJson), undefined);
    }
  });
  await app.register(formbody);
  // File uploads (imports, attachments). This is a hard ceiling; each route reading a file passes its own
  // smaller limit to req.file().
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 10, fields: 50, parts: 60 } });
  // gzip/brotli for the web app's bundles and larger API answers.
  await app.register(compress, { threshold: 1024 });

  const logs = registerRequestLogs(app, database);
  // Before every other route and hook: the request metrics time them all (platform/metrics.ts).
  const metrics = registerMetrics(app, config.metrics, database);
  const readiness = new Readiness(database, app.log);
  registerHealth(app, readiness);

  // Security headers on every answer. (Hooks that run on every request are written with `done` rather than
  // async where they never wait: no promise per request for them.)
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    // Shutting down: the client opens its next connection elsewhere (shutdown.ts).
    if (readiness.drained) reply.header('connection', 'close');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('referrer-policy', 'same-origin');
    done(null, payload);
  });

  // A NUL byte anywhere in the input is refused before any route sees it (platform/http/guard.ts), and the
  // attempt is recorded in the error log (with the byte made visible, so the row can be stored). Multipart bodies
  // are read by the route itself (req.file / req.parts): their file names and text fields get the same check as
  // each part arrives.
  app.addHook('preValidation', (req, _reply, done) => {
    const multipart = req.isMultipart();
    const where = findNul(req.query, 'query') ?? findNul(req.params, 'path') ?? (req.body !== undefined && !multipart ? findNul(req.body, 'body') : undefined);
    if (where) {
      const err = new ApiError(400, NUL_MESSAGE);
      logs.refused(req, err, `NUL byte in ${where}`);
      return done(err);
    }
    if (multipart) guardMultipart(req, (at) => logs.refused(req, new ApiError(400, NUL_MESSAGE), `NUL byte in ${at}`));
    done();
  });

  // The caller: a valid `Blade-Auth: bearer <token>` (or ?blade-auth= on downloads and previews only). Routes
  // decide whether they need one; a token that is present but invalid is refused on every route that is not public.
  // A token verified before and rechecked within TOKEN_RECHECK_MS is taken without a promise (verifiedBefore);
  // `req.routeOptions` (a new object on every read) is read only when the header is missing or the token refused.
  app.addHook('preHandler', (req, _reply, done) => {
    const headerValue = req.headers['blade-auth'];
    let raw = Array.isArray(headerValue) ? headerValue[0] : headerValue;
    if (raw === undefined && req.routeOptions.config?.queryToken) {
      const queryValue = (req.query as Record<string, unknown> | undefined)?.['blade-auth'];
      if (typeof queryValue === 'string') raw = queryValue;
    }
    if (!raw) return done();
    const token = raw.replace(/^bearer\s+/i, '').trim();
    const known = tokens.verifiedBefore(token, 'access');
    if (known) {
      req.user = TokenService.userOf(known);
      return done();
    }
    tokens
      .verify(token, 'access')
      .then((claims) => TokenService.userOf(claims))
      .then(
        (user) => {
          req.user = user;
          done();
        },
        (e: unknown) => (req.routeOptions.config?.requires === 'public' ? done() : done(e as Error)),
      );
  });

  app.setErrorHandler((err: FastifyError & { code?: string }, req, reply) => {
    // An upload over its limit: answer and close, never read the rest of it (platform/http/guard.ts).
    if (err instanceof UploadTooLarge || err.code === 'FST_REQ_FILE_TOO_LARGE') reply.header('connection', 'close');
    if (err instanceof ApiError) return failure(reply, err.code, err.message);
    const answered = answeredStatusOf(err);
    if (answered) return failure(reply, answered, err.message);
    const sqlState = sqlStateOf(err);
    if (sqlState === '23505') return failure(reply, 400, '数据已存在,请勿重复提交');
    // Class 22 (data exception: a value too long, out of range, not a valid date or number …) means input no
    // route validated: refused as bad input, and recorded so the missing check gets written.
    if (sqlState?.startsWith('22')) {
      logs.refused(req, err, `SQLSTATE ${sqlState}: ${(err.cause as Error | undefined)?.message ?? err.message}`);
      return failure(reply, 400, '请求参数格式不正确');
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return failure(reply, 415, MSG.unsupportedMedia);
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return failure(reply, 413, '请求体过大');
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') return failure(reply, 413, '上传文件过大');
    if (err.code === 'FST_FILES_LIMIT' || err.code === 'FST_PARTS_LIMIT' || err.code === 'FST_FIELDS_LIMIT') return failure(reply, 413, '上传内容过多');
    if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || err.code === 'FST_MP_PREMATURE_CLOSE' || err.code === 'FST_PROTO_VIOLATION')
      return failure(reply, 400, '上传内容格式不正确');
    if (err.code?.startsWith('FST_ERR_CTP') || (err.statusCode === 400 && err instanceof SyntaxError)) return failure(reply, 400, MSG.badJson);
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      return failure(reply, err.statusCode, err.statusCode === 404 ? MSG.notFound : '请求参数错误');
    req.log.error({ err }, 'unhandled error');
    logs.error(req, err);
    return failure(reply, 500, MSG.serverError);
  });

  registerDocumentation(app);

  return { app, logs, metrics, readiness };
}

/** The SQLSTATE of a database error, also when the ORM wrapped it (DrizzleQueryError keeps it as `cause`). */
function sqlStateOf(err: { code?: unknown; cause?: unknown }): string | undefined {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 3; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** 404 for unknown API paths, 405 for a known path with another method. */
export function apiNotFound(app: FastifyInstance) {
  return (req: { method: string; url: string }, reply: Parameters<typeof failure>[0]) => {
    const url = pathOf(req.url);
    const other = METHODS.some((m) => m !== req.method && app.hasRoute({ method: m, url }));
    return other ? failure(reply, 405, MSG.methodNotAllowed) : failure(reply, 404, MSG.notFound);
  };
}
