/** What every module's register function receives. */
import type { EntityDef } from '@hjl/core';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { EntityRepo, Executor } from './crud/repo.ts';
import type { RefRegistry } from './crud/refs.ts';
import type { AccessProvider } from './access/index.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import type { JobRegistry } from './jobs/index.ts';
import type { WorkflowCommandObserver } from './metrics.ts';
import type { Router } from './http/route.ts';
import type { RequestLogs } from './logs/index.ts';

/** System parameters (blade_param) by key, per tenant. */
export interface ParamReader {
  /**
   * The tenant's value of `key`, or `fallback`. Given `tx` (a transaction the caller holds), read through it and
   * not from the cache: on the embedded database the caller's transaction holds the only connection.
   */
  get(tenantId: string, key: string, fallback: string, tx?: Executor): Promise<string>;
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
  /** How each kind of referenced record (FieldDef.ref) is named and found; modules register their kinds. */
  refs: RefRegistry;
  /** Periodic and one-off jobs any server instance may take (platform/jobs): reminders, notices, timers. */
  jobs: JobRegistry;
  /** Hears the workflow engine's commands (platform/metrics.ts); absent when the metrics are turned off. */
  metrics?: WorkflowCommandObserver;
  /** The tenant-scoped data access of an entity, wired to access rules, references and the tenant's page-size cap. */
  repo<D extends EntityDef>(def: D, table: PgTable, parent?: EntityRepo): EntityRepo<D>;
}
