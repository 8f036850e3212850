/**
 * The API documentation — OpenAPI JSON/YAML and Swagger UI at /api/docs — built on its first request: a second
 * Fastify instance with @fastify/swagger and @fastify/swagger-ui is given every route's options as they were declared
 * (kept by an onRoute hook) and answers /api/docs/* through `inject`. Loaded at start, the two plugins and the yaml
 * package they require were about a sixth of a start's CPU (docs/performance.md, Start), for a page developers open.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler, HTTPMethods, RouteOptions } from 'fastify';
import { documentRoute } from './route.ts';

export const DOCS_PREFIX = '/api/docs';

/** Hop-by-hop and length headers of the inner answer: this server's own reply sets them (and may compress). */
const NOT_FORWARDED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** Fastify's compilers that the platform's instances use (server.ts): validation is zod's, inside each route. */
export const schemaCompilers = {
  // (Fastify types these factories as ajv's; a compiler of our own needs only the call signature.)
  buildValidator: (() => passThrough) as never,
  buildSerializer: (() => () => JSON.stringify) as never,
};
const passThrough: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

/** Keeps the options of every route declared from here on, and serves /api/docs from them when first asked. */
export function registerDocumentation(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith(DOCS_PREFIX)) routes.push(r);
  });
  let docs: Promise<FastifyInstance> | undefined;
  const forward = async (req: FastifyRequest, reply: FastifyReply) => {
    docs ??= documentationServer(routes).catch((e: unknown) => {
      docs = undefined; // the next request tries again
      throw e;
    });
    const res = await (await docs).inject({ method: 'GET', url: req.url, headers: { accept: req.headers.accept ?? '*/*' } });
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
    return reply.code(res.statusCode).send(res.rawPayload);
  };
  app.get(DOCS_PREFIX, forward);
  app.get(`${DOCS_PREFIX}/*`, forward);
}

async function documentationServer(routes: readonly RouteOptions[]): Promise<FastifyInstance> {
  const [{ default: fastify }, { default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = fastify({
    logger: false,
    exposeHeadRoutes: false,
    routerOptions: { maxParamLength: 1000 },
    schemaController: { compilersFactory: schemaCompilers },
  });
  await docs.register(swagger, {
    // Query and body schemas are converted from the routes' zod schemas here (route.ts).
    transform: documentRoute as never,
    openapi: {
      info: { title: '工程咨询管理系统 API', version: '1.0.0', description: 'BladeX-compatible HTTP API. 令牌放在 Blade-Auth 头: bearer <access_token>' },
      components: { securitySchemes: { bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth' } } },
    },
  });
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  const answered = () => ({});
  for (const r of routes) {
    // HEAD routes are Fastify's own copies of GET routes; the documentation never listed them.
    const methods = ([] as HTTPMethods[]).concat(r.method).filter((m) => m !== 'HEAD');
    if (methods.length)
      docs.route({ method: methods, url: r.url, ...(r.schema ? { schema: r.schema } : {}), ...(r.config ? { config: r.config } : {}), handler: answered });
  }
  await docs.ready();
  return docs;
}
