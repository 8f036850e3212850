/**
 * Declaring a route: method, path, what it requires, zod schemas for query/body, and the handler.
 * The schemas validate (with the messages of API.md and the specs) and are also published as OpenAPI.
 * Handlers return data; the envelope is added here. A route with `raw: true` writes its own answer
 * (the OAuth calls that are not wrapped).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AccessProvider, Requirement } from '../access/index.ts';
import { isPlatformAdmin, type AuthUser } from '../auth/user.ts';
import { ok } from './envelope.ts';
import { ApiError, fail, forbidden } from './errors.ts';
import { acceptsQueryToken } from './guard.ts';

export interface HandlerContext<Q, B> {
  req: FastifyRequest;
  reply: FastifyReply;
  user: AuthUser;
  query: Q;
  body: B;
}

export interface RouteDef<QS extends z.ZodType, BS extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  tags?: string[];
  requires: Requirement;
  query?: QS;
  body?: BS;
  /**
   * The shape of `data` in the answer, for the API documentation only (published as the 200 answer inside the
   * envelope; not checked at run time).
   */
  response?: z.ZodType;
  /** The handler sends its own reply (answers outside the envelope). */
  raw?: boolean;
  /** Message of the envelope on success. */
  msg?: string;
  /**
   * The token may come as `?blade-auth=` (a file the browser opens itself). Default: GET routes whose path names
   * a download, export, template, stored file, zip or preview (`acceptsQueryToken`).
   */
  queryToken?: boolean;
  /**
   * A POST that only reads (a list whose conditions come in the body): not a write call, so not recorded in the
   * API log (blade_log_api).
   */
  readOnly?: boolean;
  handler(ctx: HandlerContext<z.output<QS>, z.output<BS>>): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook for requests that carry a valid token. */
    user?: AuthUser;
  }
  interface FastifyContextConfig {
    requires?: Requirement;
    /** The token may come as `?blade-auth=` (downloads and previews only). */
    queryToken?: boolean;
    /** A POST that only reads: not recorded as a write call (RouteDef.readOnly). */
    readOnly?: boolean;
    /** The route's zod schemas, for the API documentation (documentRoute). */
    docs?: RouteDocs;
  }
  interface FastifyInstance {
    /** Every route declared through the router, in declaration order (walked by the isolation and permission tests). */
    routeTable: RouteInfo[];
  }
}

/** What the route table records of a declared route. */
export interface RouteInfo {
  method: RouteDef<z.ZodType, z.ZodType>['method'];
  url: string;
  requires: Requirement;
  /** Names of the query parameters its schema declares. */
  queryKeys: string[];
  /** Names of the body fields its schema declares (an object schema; empty otherwise). */
  bodyKeys: string[];
}

/** Keys of an object schema, also through the wrappers (refinements, pipes, preprocessing) around it. */
function objectKeys(s: z.ZodType | undefined, depth = 0): string[] {
  if (!s || depth > 8) return [];
  if (s instanceof z.ZodObject) return Object.keys(s.shape);
  const def = (s as unknown as { _zod?: { def?: Record<string, unknown> } })._zod?.def ?? {};
  for (const key of ['innerType', 'in', 'out', 'schema']) {
    const inner = def[key];
    if (inner instanceof z.ZodType) {
      const keys = objectKeys(inner, depth + 1);
      if (keys.length) return keys;
    }
  }
  if (s instanceof z.ZodUnion) return [...new Set((s.options as z.ZodType[]).flatMap((o) => objectKeys(o, depth + 1)))];
  if (s instanceof z.ZodIntersection) return [...new Set([...objectKeys(def.left as z.ZodType, depth + 1), ...objectKeys(def.right as z.ZodType, depth + 1)])];
  return [];
}

/** First issue of a failed parse as the message to show. */
export function validationMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? '请求参数错误';
}

export function parseOrFail<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw fail(validationMessage(r.error));
  return r.data;
}

const jsonSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

/** The zod schemas of a route, kept in its config: published as JSON Schema only when the API documentation is first asked for. */
export interface RouteDocs {
  query?: z.ZodType | undefined;
  body?: z.ZodType | undefined;
  response?: z.ZodType | undefined;
}

/** The envelope of API.md around a route's documented `data`. */
const envelopeOf = (data: z.ZodType) => z.object({ code: z.number(), success: z.boolean(), data, msg: z.string() });

/**
 * @fastify/swagger's `transform`: the query and body schemas of a route, converted when the documentation is
 * built (the first GET /api/docs/json), not at start — the routes validate with zod, not with these.
 */
export function documentRoute({ schema, url, route }: { schema: object; url: string; route: { config?: unknown } }) {
  const docs = (route.config as { docs?: RouteDocs } | undefined)?.docs;
  if (!docs) return { schema, url };
  return {
    url,
    schema: {
      ...schema,
      ...(docs.query ? { querystring: jsonSchema(docs.query) } : {}),
      ...(docs.body ? { body: jsonSchema(docs.body) } : {}),
      ...(docs.response ? { response: { 200: jsonSchema(envelopeOf(docs.response)) } } : {}),
    },
  };
}

/** What a user whose password must be changed first may call: who they are, the change itself, and logout. */
export const PASSWORD_CHANGE_ROUTES = new Set(['/api/blade-auth/oauth/user-info', '/api/blade-user/update-password', '/api/blade-user/info']);
export const MUST_CHANGE_PASSWORD = '初始密码必须修改后才能使用系统,请先修改密码';

/** The answer to a write while viewing as another user (以此身份查看 is read-only). */
export const VIEW_AS_READ_ONLY = '正在以其他用户的身份查看(只读),不能新增、修改或删除数据';
/** What a session of 以此身份查看 may call besides reads: its own end. */
export const VIEW_AS_END_ROUTES = new Set(['/api/blade-system/access-explain/view-as/end']);

/** A call that changes something: every method but GET, except a POST that only reads (RouteDef.readOnly). */
const isWrite = (def: { method: string; readOnly?: boolean }) => def.method !== 'GET' && def.readOnly !== true;

export type Router = <QS extends z.ZodType = z.ZodAny, BS extends z.ZodType = z.ZodAny>(def: RouteDef<QS, BS>) => void;

export function createRouter(app: FastifyInstance, access: AccessProvider): Router {
  app.decorate('routeTable', [] as RouteInfo[]);
  return (def) => {
    app.routeTable.push({ method: def.method, url: def.url, requires: def.requires, queryKeys: objectKeys(def.query), bodyKeys: objectKeys(def.body) });
    app.route({
      method: def.method,
      url: def.url,
      config: {
        requires: def.requires,
        queryToken: def.queryToken ?? acceptsQueryToken(def.method, def.url),
        readOnly: def.readOnly === true,
        docs: { query: def.query, body: def.body, response: def.response },
      },
      schema: {
        summary: def.summary,
        tags: def.tags ?? [def.url.split('/')[2] ?? 'api'],
        ...(def.requires !== 'public' ? { security: [{ bladeAuth: [] }] } : {}),
      },
      handler: async (req, reply) => {
        const user = req.user;
        if (def.requires !== 'public') {
          if (!user) throw new ApiError(401, '缺失令牌,鉴权失败');
          if (user.mustChangePassword && !PASSWORD_CHANGE_ROUTES.has(def.url)) throw forbidden(MUST_CHANGE_PASSWORD);
          // Viewing as another user: the one place every write of such a session is refused.
          if (user.viewAs && isWrite(def) && !VIEW_AS_END_ROUTES.has(def.url)) throw forbidden(VIEW_AS_READ_ONLY);
          if (!(await access.apiAllowed(user, def.method, def.url))) throw forbidden();
          if (def.requires !== 'user') {
            const granted = await access.permissions(user);
            const codes = 'code' in def.requires ? [def.requires.code] : def.requires.anyOf;
            if (!codes.some((c) => granted.has(c))) throw forbidden();
            if (def.requires.platform && !isPlatformAdmin(user)) throw forbidden();
          }
        }
        const query = def.query ? parseOrFail(def.query, req.query) : (req.query as never);
        const body = def.body ? parseOrFail(def.body, req.body) : (req.body as never);
        const data = await def.handler({ req, reply, user: user as AuthUser, query, body });
        if (def.raw) return reply;
        return ok(data ?? {}, def.msg);
      },
    });
  };
}
