/**
 * What the operations console's routes share (ops-routes.ts, ops-actions.ts, ops-deployments.ts): the paths, the
 * engine and the process guard of the caller's tenant, the page size cap, and how a batch action answers.
 */
import { z } from 'zod';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { ProcessAccess } from './access.ts';
import type { WorkflowModule } from './index.ts';

export const OPS = '/api/blade-workflow/ops';
export const FLOW = '/api/blade-flow';
export const DEPLOY = '/api/blade-workflow/deployment';
/** The spec's path of the same deployment calls (spec 2: design/deployment/*). */
export const DESIGN_DEPLOY = '/api/blade-workflow/design/deployment';
export const tags = ['流程运维'];
export const comment = z.string().max(4000).optional();

/** Keys the ops actions read from the query (also the body); named so the route table knows them. */
export const opsQuery = z.looseObject({ taskId: z.string().optional(), processInstanceId: z.string().optional(), jobId: z.string().optional() });

/** The list parameters of the definition and deployment pages. */
export const listParams = z.object({
  current: z.coerce.number({ error: 'current必须是正整数' }).int().min(1, 'current必须是正整数').default(1),
  size: z.coerce.number({ error: 'size必须是正整数' }).int().min(1, 'size必须是正整数').default(10),
  category: z.string().max(255).optional(),
  key: z.string().max(255).optional(),
  processDefinitionKey: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
  mode: z.string().optional(),
});

/** Runs `fn` for each id; answers how many succeeded, or 400 naming the failures. */
export async function each<T>(items: T[], label: (x: T) => string, fn: (x: T) => Promise<unknown>) {
  const failed: string[] = [];
  for (const x of items) {
    try {
      await fn(x);
    } catch (e) {
      failed.push(`${label(x)}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (failed.length === items.length)
    throw fail(failed.length === 1 && failed[0] !== undefined ? failed[0].replace(/^[^:]+: /, '') : `操作失败: ${failed.join('; ')}`);
  if (failed.length) throw fail(`部分操作失败(成功${items.length - failed.length}条): ${failed.join('; ')}`);
  return { count: items.length };
}

/** The console's view of the workflow module. */
export interface Ops {
  ctx: ModuleContext;
  wf: WorkflowModule;
  engine: WorkflowModule['engine'];
  queries: WorkflowModule['queries'];
  guard: ProcessAccess;
  /** The tenant's page size cap. */
  maxSize: (tenantId: string) => Promise<number>;
}

export function opsOf(ctx: ModuleContext, wf: WorkflowModule): Ops {
  return {
    ctx,
    wf,
    engine: wf.engine,
    queries: wf.queries,
    guard: new ProcessAccess(wf, wf.queries, ctx.access),
    maxSize: (tenantId) => ctx.params.getInt(tenantId, 'page.maxSize', ctx.config.maxPageSize),
  };
}
