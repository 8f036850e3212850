/**
 * The approval kit (BUSINESS.md §2 and WP1): business records that go through approval, declared on
 * their definition (`EntityDef.approval`) and bound here to the workflow engine through its public surface.
 * An area registers an approvable definition with `approval.register(def, table, options)` (kit.ts); batches of
 * records approved by one instance are batch.ts; the demo processes (models.ts) and the route-key dictionary are
 * seeded by seed/processes.ts. The kit is also `app.approval` (tests register a definition of their own before the server is ready).
 */
import { approvalBusinessKey, approvalTitle, type ApprovalDef, type EntityDef } from '@hjl/core';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Executor } from '../../platform/crud/repo.ts';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import type { EntityTable } from '../../platform/crud/table.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { DictStores } from '../dict/api.ts';
import type { WorkflowModule } from '../workflow/api.ts';
import { BatchApprovals } from './batch.ts';
import { registerApprovable, type ApprovalOptions } from './kit.ts';
import { approvalServices, type ApprovalServices } from './services.ts';
import { ApprovalSheets } from './sheet.ts';

export type { ApprovalOptions, StartRecord, StepForm, StoredRow } from './kit.ts';
export { linesOf, type LinesMessages, type LinesSlot } from './lines.ts';
export { anotherCounted, COUNTED_STATUSES } from './counted.ts';
export type { BatchOption } from './batch.ts';
export { ROUTE_DICT } from './services.ts';

export interface ApprovalKit {
  /** Registers an approvable definition: routes, start, history, status following, step forms; answers its repository. */
  register<D extends EntityDef>(def: D, table: EntityTable<D>, options?: ApprovalOptions<D>): EntityRepo<D>;
  services: ApprovalServices;
  /** Batches: `start(user, kindName, ids)` for an area's own submit route, `detail(user, processInstanceId)`. */
  batches: BatchApprovals;
  /**
   * Starts a further process for a registered record inside the caller's transaction (an approval hook's): the
   * second of two steps (劳务费申请 → 劳务费发放). The business key is the record's, so the record follows the new
   * instance as its own (status 1 with its instance, then 2, 3 or 6); the process is the route key's model.
   */
  startNext(tx: Executor, next: NextStart): Promise<{ processInstanceId: string }>;
  /**
   * Saves and starts a record of a registered definition as `POST <api>/start` does (the same checks, hooks and
   * answer), for an area's own route that starts one (an invoice's `cancellation/{id}` starts its voiding).
   */
  start(user: AuthUser, def: EntityDef, body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Every registered definition with its table, in registration order (the demo seed starts their records). */
  registered(): readonly { def: EntityDef; table: EntityTable }[];
}

/** What `startNext` starts: the record, who starts it (the applicant), the process, variables and title values. */
export interface NextStart {
  def: EntityDef;
  tenantId: string;
  id: string;
  starter: { id: string; name?: string };
  process: Pick<ApprovalDef, 'processKey' | 'routeKey'>;
  /** Process variables (the record's open fields); `businessId` is added. */
  variables: Record<string, unknown>;
  /** The title template (`{userName}` …) and the values it reads. */
  title?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The approval kit of this server. */
    approval: ApprovalKit;
  }
}

export interface ApprovalModuleContext extends ModuleContext {
  workflow: WorkflowModule;
  dicts: DictStores;
}

export function registerApproval(ctx: ApprovalModuleContext): ApprovalKit {
  const services = approvalServices(ctx, ctx.workflow, ctx.dicts);
  const batches = new BatchApprovals(ctx, services);
  const sheets = new ApprovalSheets(ctx);
  const starters = new Map<string, (user: AuthUser, body: unknown) => Promise<Record<string, unknown>>>();
  const registered: { def: EntityDef; table: EntityTable }[] = [];
  const kit: ApprovalKit = {
    services,
    batches,
    register(def, table, options) {
      registered.push({ def, table });
      return registerApprovable(ctx, services, batches, def, table, options, starters, sheets);
    },
    registered: () => registered,
    start(user, def, body) {
      const start = starters.get(def.name);
      if (!start) throw new Error(`${def.name} is not registered on the approval kit`);
      return start(user, body);
    },
    async startNext(tx, next) {
      const definition = await services.definitionFor(next.tenantId, next.process, undefined, tx);
      const title = approvalTitle(next.title ?? next.def.approval?.title, { ...next.variables, userName: next.starter.name ?? '', label: next.def.label.zh });
      const out = await ctx.workflow.engine.startProcess(next.tenantId, next.starter, {
        definition,
        businessKey: approvalBusinessKey(next.def.table, next.id),
        variables: { ...next.variables, businessId: next.id },
        title,
        tx: tx as never,
      });
      return { processInstanceId: out.processInstanceId };
    },
  };
  ctx.app.decorate('approval', kit);
  return kit;
}
