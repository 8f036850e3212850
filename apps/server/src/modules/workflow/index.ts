/**
 * Workflow module: the engine (engine/), constructed once per server with the identity of this product's
 * user/role/dept/post tables, the out-of-office proxies and a clock tests can set; the runtime API (lists,
 * task actions, history, diagram), the operations console and deployments, out-of-office proxies, the design
 * time — categories, conditions, buttons, form default values (design-catalog.ts), forms (design-form.ts),
 * models and their deploy to this engine (design-model.ts), model scope (design-scope.ts), drafts (draft.ts).
 * Business records bind to it through the approval kit (modules/approval; leave is modules/leave).
 *
 * Other modules reach the engine through the answer of `registerWorkflow` (also `app.workflow`):
 * `workflow.hooks.on('<processKey>', (event, tx) => …)` runs inside the engine's transaction.
 */
import { answerErrorsAs } from '../../platform/http/errors.ts';
import type { ModuleContext, ParamReader } from '../../platform/module.ts';
import {
  BusinessHooks,
  systemClock,
  TableIdentityResolver,
  WorkflowEngine,
  WorkflowError,
  WorkflowQueries,
  ZoneTime,
  type Clock,
  type IdentityResolver,
} from './engine/index.ts';
import { WorkflowHistory } from './history.ts';
import type { Db } from '../../platform/db/index.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { registerDesignCatalog } from './design-catalog.ts';
import { registerDesignForm } from './design-form.ts';
import { modelSerialRule, registerDesignModel, setModelDeployer } from './design-model.ts';
import { registerModelScope } from './design-scope.ts';
import { registerDraft } from './draft.ts';
import { registerListenerMaps } from './design-listener.ts';
import { registerOps } from './ops-routes.ts';
import { registerProcess } from './process/index.ts';
import { PROXY_IN_FORCE, proxyOf, registerProxy } from './proxy.ts';
import { timeCommands } from './command-metrics.ts';
import { registerWaits } from './waits-routes.ts';
import type { WaitsDeps } from './waits.ts';

export { setModelDeployer, type FormSnapshot, type ModelDeployer } from './design-model.ts';
// The read side other modules use (docs/workflow.md "Engine API for other modules").
export { WorkflowHistory, type HistoryRow } from './history.ts';
export {
  WorkflowQueries,
  holdsTask,
  isCandidate,
  mayClaim,
  type ListKind,
  type TaskHolding,
  type TaskView,
  type Tx,
  type WorkflowEvent,
  type WorkflowEventType,
} from './engine/index.ts';
export { actorOf, attachmentsField, idField, OPS_CODE, startFilesVariable, userListField } from './access.ts';
export { mayStart } from './design-scope.ts';
export { flowDictionary } from './design-catalog.ts';
export { CATEGORY_CODES, categoryIdOf, ensureCategoryCodes, seedProcess, type SeedProcess } from './seed.ts';
export { deleteDraft } from './draft.ts';
export { registerWorkflowStatistics } from './statistics.ts';

/** A clock whose source can be swapped (tests set a TestClock; production keeps the system clock). */
export class SettableClock implements Clock {
  source: Clock = systemClock;
  now() {
    return this.source.now();
  }
}

export interface WorkflowModule {
  engine: WorkflowEngine;
  /** The database outside any command (identity lookups of the API take it as their transaction). */
  db: Db;
  hooks: BusinessHooks;
  identity: IdentityResolver;
  clock: SettableClock;
  zone: ZoneTime;
  /** The paged lists (to-do, claimable … by the engine's one inbox definition), involvement and user names. */
  queries: WorkflowQueries;
  /** Timelines and diagrams of instances. */
  history: WorkflowHistory;
  /** Approval durations on the business calendar (waits.ts), once the routes are registered. */
  waits?: WaitsDeps;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The workflow engine of this server and its business hooks. */
    workflow: WorkflowModule;
  }
}

/**
 * The engine and its read side. `warn` hears what a model does wrong without failing (the server's log; the seed
 * passes none); `params` gives the tenant's page-size cap (else the configured one).
 */
export function createWorkflowModule(
  ctx: Pick<ModuleContext, 'database' | 'config' | 'metrics'> & { warn?: (message: string) => void; params?: ParamReader },
): WorkflowModule {
  const zone = new ZoneTime(ctx.config.timeZone);
  const clock = new SettableClock();
  const identity = new TableIdentityResolver();
  const engine = new WorkflowEngine(ctx.database, {
    timeZone: ctx.config.timeZone,
    identity,
    clock,
    // Inside the command's transaction (PGlite has one connection).
    proxies: {
      proxyOf: async (tx, tenantId, userId, processKey, at) => (await proxyOf(tx as Db, tenantId, userId, processKey, zone.format(at))) ?? null,
      inForce: PROXY_IN_FORCE,
    },
    serialRule: (db, tenantId, key) => modelSerialRule(db as Db, tenantId, key),
    warn: (message) => ctx.warn?.(message),
    ...(ctx.metrics ? { onConflict: (kind: 'waited' | 'skipped') => ctx.metrics?.conflict(kind) } : {}),
  });
  if (ctx.metrics) timeCommands(engine, ctx.metrics);
  const db = ctx.database.db;
  const maxSize = async (tenantId: string) => (ctx.params ? ctx.params.getInt(tenantId, 'page.maxSize', ctx.config.maxPageSize) : ctx.config.maxPageSize);
  const queries = new WorkflowQueries(ctx.database, (t, u) => identity.groupsOf(db, t, u), maxSize, ctx.config.exactTotal);
  const wf: WorkflowModule = { engine, db, hooks: engine.hooks, identity, clock, zone, queries, history: undefined as never };
  wf.history = new WorkflowHistory(ctx.database, wf);
  return wf;
}

export function registerWorkflow(ctx: ModuleContext): WorkflowModule {
  // Read at each call, so a test may watch the log.
  const wf = createWorkflowModule({ ...ctx, warn: (message) => ctx.app.log.warn(message) });
  ctx.app.decorate('workflow', wf);
  // What the engine refuses is the caller's to fix: a 400 with the engine's message.
  answerErrorsAs(WorkflowError, 400);
  registerProxy(ctx);
  registerDesignCatalog(ctx);
  registerDesignForm(ctx);
  registerDesignModel(ctx);
  registerModelScope(ctx);
  registerDraft(ctx);
  // The design routes deploy a model's main version to this engine.
  setModelDeployer(ctx.app, {
    async deploy(tenantId, xml, opts) {
      const { deploymentId, definitions } = await wf.engine.deploy(tenantId, xml, { name: opts.name, ...(opts.category ? { category: opts.category } : {}) });
      return { deploymentId, processDefinitionId: firstRow(definitions, 'deployed definition').id };
    },
  });
  registerProcess(ctx, wf);
  registerOps(ctx, wf);
  registerListenerMaps(ctx, wf);
  wf.waits = registerWaits(ctx, wf);

  // Timers (boundary timer jobs of blade_wf_job) run on the platform's job runner: one periodic job any instance may
  // take; the engine takes each timer with SKIP LOCKED itself.
  const ms = ctx.config.workflowJobPollMs;
  if (ms > 0) ctx.jobs.register({ name: 'workflow.timers', every: ms / 1000, run: async () => void (await wf.engine.runDueJobs()) });
  return wf;
}
