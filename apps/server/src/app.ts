/** Assembles the server: platform, access rules and every module's routes. */
import type { FastifyInstance } from 'fastify';
import { configureZod } from '@hjl/core';
import { TokenService, loadSigningKey } from './platform/auth/tokens.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/index.ts';
import { createRouter } from './platform/http/route.ts';
import { createHttpServer } from './platform/http/server.ts';
import type { ModuleContext } from './platform/module.ts';
import { serveWeb } from './platform/web.ts';
import { registerAuth } from './modules/auth/index.ts';
import { registerDesk } from './modules/desk/index.ts';
import { SystemAccess } from './modules/system/access.ts';
import { registerSystem } from './modules/system/index.ts';
import { registerUser } from './modules/user/index.ts';
import { webClientBasic } from './seed/index.ts';

export async function createApp(config: Config, database: Database): Promise<FastifyInstance> {
  configureZod();
  const tokens = new TokenService(loadSigningKey(config.jwtSecret, config.dataDir), database);
  const { app, logs } = await createHttpServer(config, database, tokens);
  const systemAccess = new SystemAccess(database);
  const route = createRouter(app, systemAccess);
  const ctx: ModuleContext = { app, config, database, tokens, access: systemAccess, route, logs };

  registerAuth({ ...ctx, systemAccess });
  registerSystem({ ...ctx, systemAccess });
  registerUser(ctx);
  registerDesk(ctx);

  await serveWeb(app, config.webDir, webClientBasic(config));
  return app;
}
