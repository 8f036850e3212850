/** What every module's register function receives. */
import type { FastifyInstance } from 'fastify';
import type { AccessProvider } from './access/index.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import type { Router } from './http/route.ts';
import type { RequestLogs } from './logs/index.ts';

export interface ModuleContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  tokens: TokenService;
  access: AccessProvider;
  route: Router;
  logs: RequestLogs;
}
