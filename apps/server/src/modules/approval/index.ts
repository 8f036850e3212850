/**
 * The approval kit (issue 12, BUSINESS.md §2 and WP1): business records that go through approval, declared on
 * their definition (`EntityDef.approval`) and bound here to the workflow engine through its public surface.
 * An area registers an approvable definition with `approval.register(def, table, options)` (kit.ts); batches of
 * records approved by one instance are batch.ts; the demo processes (models.ts) and the route-key dictionary are
 * seeded by seed/processes.ts. The kit is also `app.approval` (tests register a definition of their own before the server is ready).
 */
import type { EntityDef } from '@hjl/core';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import type { EntityTable } from '../../platform/crud/table.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { DictStores } from '../dict/api.ts';
import type { WorkflowModule } from '../workflow/api.ts';
import { BatchApprovals } from './batch.ts';
import { registerApprovable, type ApprovalOptions } from './kit.ts';
import { approvalServices, type ApprovalServices } from './services.ts';

export type { ApprovalOptions, StepForm } from './kit.ts';
export type { BatchOption } from './batch.ts';
export { ROUTE_DICT } from './services.ts';

export interface ApprovalKit {
  /** Registers an approvable definition: routes, start, history, status following, step forms; answers its repository. */
  register(def: EntityDef, table: EntityTable, options?: ApprovalOptions): EntityRepo;
  services: ApprovalServices;
  /** Batches: `start(user, kindName, ids)` for an area's own submit route, `detail(user, processInstanceId)`. */
  batches: BatchApprovals;
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
  const kit: ApprovalKit = {
    services,
    batches,
    register: (def, table, options) => registerApprovable(ctx, services, batches, def, table, options),
  };
  ctx.app.decorate('approval', kit);
  return kit;
}
