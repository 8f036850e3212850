/** Starting a process (发起流程) and the start form of a definition. */
import { z } from 'zod';
import type { AuthUser } from '../../../platform/auth/user.ts';
import { fail, forbidden } from '../../../platform/http/errors.ts';
import { parseOrFail } from '../../../platform/http/route.ts';
import { actorOf, attachmentsField, boolField, idField, startFilesVariable, userListField, variablesField } from '../access.ts';
import { processForm } from '../design-model.ts';
import { deleteDraft } from '../draft.ts';
import type { Tx } from '../engine/index.ts';
import { checkFormValues, type ProcessContext } from './context.ts';
import { mayStart } from './lists.ts';

export const startBody = z.looseObject({
  processDefinitionId: idField.optional(),
  processId: idField.optional(),
  processDefKey: z.string().max(255).optional(),
  processKey: z.string().max(255).optional(),
  variables: variablesField.optional(),
  title: z.string().max(500).optional(),
  copyUser: userListField('请选择抄送人').optional(),
  skip: boolField.optional(),
  skipFirstNode: boolField.optional(),
  businessKey: z.string().max(255).optional(),
  attachment: attachmentsField.optional(),
});
/** Keys of the call itself; every other field of the body is a form value. */
const REQUEST_KEYS = new Set(Object.keys(startBody.shape).concat(['processInstanceId', 'taskId', 'id']));

/**
 * Starts a process the user may start: the form's values (the body's other fields and `variables`) checked at the
 * start event, engine variables dropped, the copies, the title, skipping the first node; the user's draft of the
 * process is used up. `tx`: start inside the caller's transaction.
 */
export async function startProcess(c: ProcessContext, user: AuthUser, input: Record<string, unknown>, tx?: Tx) {
  const body = parseOrFail(startBody, input);
  const defId = body.processDefinitionId ?? body.processId;
  const key = body.processDefKey ?? body.processKey;
  if (!defId && !key) throw fail('缺少必要的请求参数: processDefinitionId');
  const def = await c.engine.definition(user.tenantId, { processDefinitionId: defId, processKey: key });
  if (!def) throw fail('流程定义不存在');
  if (!(await mayStart(c, user, String(def.id), String(def.key)))) throw forbidden('您没有发起该流程的权限');
  const form = Object.fromEntries(Object.entries(body).filter(([k]) => !REQUEST_KEYS.has(k)));
  const values = { ...form, ...(body.variables ?? {}) };
  const model = await c.engine.model(String(def.id));
  await checkFormValues(c, user.tenantId, String(def.id), model.nodes.get(model.startId)?.formKey, values, { nodeId: model.startId });
  const variables = { ...(await c.guard.writable(null, String(def.id), values)), ...startFilesVariable(body.attachment) };
  const copyUsers = body.copyUser ? await c.guard.users(user, body.copyUser) : [];
  const skip = body.skipFirstNode ?? body.skip;
  const out = await c.engine.startProcess(user.tenantId, actorOf(user), {
    definition: def,
    variables,
    copyUsers,
    ...(body.title ? { title: body.title } : {}),
    ...(skip !== undefined ? { skipFirstNode: skip } : {}),
    ...(body.businessKey ? { businessKey: body.businessKey } : {}),
    ...(tx ? { tx } : {}),
  });
  // The draft of this process is used up (WORKFLOW.md: start deletes the draft).
  await deleteDraft(c.wf.db, user, { processDefKey: String(def.key) });
  return { ...out, id: out.processInstanceId };
}

/** The start form of a definition the caller may start (by id, else the latest version of a key). */
export async function startForm(c: ProcessContext, user: AuthUser, by: { processDefinitionId?: string | undefined; processKey?: string | undefined }) {
  const def = await c.engine.definition(user.tenantId, by);
  if (!def) throw fail('流程定义不存在');
  if (!(await mayStart(c, user, def.id, def.key))) throw forbidden('您没有发起该流程的权限');
  const model = await c.engine.model(def.id);
  const formKey = model.nodes.get(model.startId)?.formKey;
  const form = await processForm(c.wf.db, user.tenantId, def.id, formKey);
  // An external form (`wf_ex_…`) has no design: its key alone tells the screen which page to open.
  return {
    processDefinitionId: def.id,
    processDefinitionKey: def.key,
    processDefinitionName: def.name,
    processDefinitionVersion: def.version,
    formKey: form?.formKey ?? formKey ?? null,
    form,
  };
}
