/**
 * What the kit's pieces share: the workflow module, its read side (involvement, timelines) and the process a
 * declaration starts — its route key's model when the tenant's business dictionary `wf_route` names one
 * (dictKey = the business form, remark = the process definition key, S2 L187), else its own process key.
 */
import { APPROVAL_MSG, type ApprovalDef } from '@hjl/core';
import type { Executor } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { DictStores } from '../dict/api.ts';
import { WorkflowHistory, WorkflowQueries, type WorkflowModule } from '../workflow/api.ts';

/** The business dictionary of route keys. */
export const ROUTE_DICT = 'wf_route';

export type ProcessDefinition = NonNullable<Awaited<ReturnType<WorkflowModule['engine']['definition']>>>;

export interface ApprovalServices {
  wf: WorkflowModule;
  queries: WorkflowQueries;
  history: WorkflowHistory;
  /** The process definition key a declaration starts in a tenant (through its route key); read through `tx` when given. */
  processKeyOf(tenantId: string, approval: Pick<ApprovalDef, 'processKey' | 'routeKey'>, tx?: Executor): Promise<string>;
  /**
   * The definition to start: the one named (it must be of that key and tenant), else the key's latest; 400 when
   * none. Given `tx` (a hook's transaction), everything is read through it.
   */
  definitionFor(
    tenantId: string,
    approval: Pick<ApprovalDef, 'processKey' | 'routeKey'>,
    processDefinitionId?: string,
    tx?: Executor,
  ): Promise<ProcessDefinition>;
}

export function approvalServices(ctx: Pick<ModuleContext, 'database' | 'params' | 'config'>, wf: WorkflowModule, dicts: DictStores): ApprovalServices {
  const maxSize = (tenantId: string) => ctx.params.getInt(tenantId, 'page.maxSize', ctx.config.maxPageSize);
  const queries = new WorkflowQueries(ctx.database, (t, u) => wf.identity.groupsOf(wf.db, t, u), maxSize, ctx.config.exactTotal);
  const history = new WorkflowHistory(ctx.database, wf);
  const processKeyOf = async (tenantId: string, approval: Pick<ApprovalDef, 'processKey' | 'routeKey'>, tx?: Executor) => {
    if (!approval.routeKey) return approval.processKey;
    const items = tx ? await dicts.biz.itemsIn(tx, tenantId, ROUTE_DICT) : await dicts.biz.items(tenantId, ROUTE_DICT);
    const row = items.find((d) => d.dictKey === approval.routeKey);
    return row?.remark?.trim() || approval.processKey;
  };
  return {
    wf,
    queries,
    history,
    processKeyOf,
    async definitionFor(tenantId, approval, processDefinitionId, tx) {
      const key = await processKeyOf(tenantId, approval, tx);
      if (processDefinitionId) {
        const named = await wf.engine.definition(tenantId, { processDefinitionId }, tx as never);
        if (!named || named.key !== key) throw fail('流程定义不存在');
        return named;
      }
      const latest = await wf.engine.latestDefinition(tenantId, key, tx as never);
      if (!latest) throw fail(APPROVAL_MSG.notDeployed);
      return latest;
    },
  };
}
