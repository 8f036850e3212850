/**
 * The process screens' API: lists (lists.ts), starting (start.ts), reading (detail.ts) and the actions
 * (actions.ts), each a service of `(context, user, input, tx?)`, with thin routes (routes.ts). The model for a
 * new area's module (docs/business-area.md).
 */
import type { ModuleContext } from '../../../platform/module.ts';
import type { WorkflowModule } from '../index.ts';
import { processContext, type ProcessContext } from './context.ts';
import { registerProcessRoutes } from './routes.ts';

export { processContext, type ProcessContext } from './context.ts';
export { startProcess } from './start.ts';

export function registerProcess(ctx: ModuleContext, wf: WorkflowModule): ProcessContext {
  const c = processContext(ctx, wf);
  registerProcessRoutes(ctx.route, c);
  return c;
}
