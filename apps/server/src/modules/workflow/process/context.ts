/**
 * What the process services share (the model for an area's services, docs/business-area.md): the workflow
 * module, its read side and the access rules, built once per server. A service is a function of
 * `(c, user, input, tx?)` — the context, the signed-in user, the call's fields (query and body as one object,
 * `inputOf`) and, where it can run inside a caller's transaction, that transaction; the routes only declare
 * path, code and message and hand the request to it.
 */
import { formValueErrors, parseFormColumns, type FormPlace } from '@hjl/core';
import { fail } from '../../../platform/http/errors.ts';
import type { ModuleContext } from '../../../platform/module.ts';
import { ProcessAccess } from '../access.ts';
import { processForm } from '../design-model.ts';
import type { Db } from '../../../platform/db/index.ts';
import type { FlowNode, Tx } from '../engine/index.ts';
import type { WorkflowModule } from '../index.ts';

export interface ProcessContext {
  wf: WorkflowModule;
  engine: WorkflowModule['engine'];
  queries: WorkflowModule['queries'];
  history: WorkflowModule['history'];
  guard: ProcessAccess;
  /** The tenant's page-size cap. */
  maxSize(tenantId: string): Promise<number>;
}

export function processContext(ctx: Pick<ModuleContext, 'access' | 'params' | 'config'>, wf: WorkflowModule): ProcessContext {
  return {
    wf,
    engine: wf.engine,
    queries: wf.queries,
    history: wf.history,
    guard: new ProcessAccess(wf, wf.queries, ctx.access),
    maxSize: (tenantId) => ctx.params.getInt(tenantId, 'page.maxSize', ctx.config.maxPageSize),
  };
}

/** The form of a node: a user task's, or the start event's (also the starter's task there). */
export const formKeyOf = (node: FlowNode | undefined) => (node?.type === 'startEvent' ? node.formKey : node?.userTask?.formKey);

/**
 * The form's rules at a place (the start event, or a task's node with its fields), checked on the values the
 * process will hold: the same `formValueErrors` the screen runs, so a hand-made request cannot skip them.
 * Refuses with every message joined by ' | ' (the start screen's way), before anything is saved.
 */
export async function checkFormValues(
  c: ProcessContext,
  tenantId: string,
  definitionId: string,
  formKey: string | null | undefined,
  values: Record<string, unknown>,
  place: FormPlace,
  /** The transaction to read the form in (a check inside a command's). */
  tx: Tx = c.wf.db,
) {
  const form = await processForm(tx as Db, tenantId, definitionId, formKey);
  if (!form) return;
  const parsed = parseFormColumns(form.content);
  if ('error' in parsed) return; // a deployed form was checked when it was saved
  const errors = formValueErrors(parsed.columns, values, place);
  if (errors.length) throw fail(errors.join(' | '));
}
