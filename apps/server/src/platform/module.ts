/** What every module's register function receives. */
import type { EntityDef } from '@hjl/core';
import type { FastifyInstance } from 'fastify';
import type { EntityRepo } from './crud/repo.ts';
import type { EntityTable } from './crud/table.ts';
import type { AccessProvider } from './access/index.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import type { Router } from './http/route.ts';
import type { RequestLogs } from './logs/index.ts';

/** System parameters (blade_param) by key, per tenant. */
export interface ParamReader {
  get(tenantId: string, key: string, fallback: string): Promise<string>;
  getInt(tenantId: string, key: string, fallback: number): Promise<number>;
}

export interface ModuleContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  tokens: TokenService;
  access: AccessProvider;
  route: Router;
  logs: RequestLogs;
  params: ParamReader;
  /** The tenant-scoped data access of an entity, wired to access rules and the tenant's page-size cap. */
  repo(def: EntityDef, table: EntityTable, parent?: EntityRepo): EntityRepo;
}
