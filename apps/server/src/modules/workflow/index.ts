/**
 * Workflow module: out-of-office proxies (proxy.ts) and the design time — categories, conditions, buttons, form
 * default values (design-catalog.ts), forms (design-form.ts), models and deploy (design-model.ts), model scope
 * (design-scope.ts) and drafts (draft.ts). The engine lives in engine/.
 */
import type { ModuleContext } from '../../platform/module.ts';
import { registerDesignCatalog } from './design-catalog.ts';
import { registerDesignForm } from './design-form.ts';
import { registerDesignModel } from './design-model.ts';
import { registerModelScope } from './design-scope.ts';
import { registerDraft } from './draft.ts';
import { registerProxy } from './proxy.ts';

export { setModelDeployer, type FormSnapshot, type ModelDeployer } from './design-model.ts';
export { mayStart } from './design-scope.ts';
export { deleteDraft } from './draft.ts';

export function registerWorkflow(ctx: ModuleContext) {
  registerProxy(ctx);
  registerDesignCatalog(ctx);
  registerDesignForm(ctx);
  registerDesignModel(ctx);
  registerModelScope(ctx);
  registerDraft(ctx);
}
