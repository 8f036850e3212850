/** Workflow module: out-of-office proxies (proxy.ts); the engine lives in engine/. */
import type { ModuleContext } from '../../platform/module.ts';
import { registerProxy } from './proxy.ts';

export function registerWorkflow(ctx: ModuleContext) {
  registerProxy(ctx);
}
