/** Starting a process (发起流程) and the start form of a definition. */
import { z } from 'zod';
import type { AuthUser } from '../../../platform/auth/user.ts';
import { fail, forbidden } from '../../../platform/http/errors.ts';
import { parseOrFail } from '../../../platform/http/route.ts';
import { actorOf, attachmentsField, boolField, idField, startFilesVariable, userListField, variablesField } from '../access.ts';
import { processForm, serialRuleFieldsOf, serialRuleOf } from '../design-model.ts';
import { keysAllowed, scopeRowsOf, type ScopeRow } from '../design-scope.ts';
import { deleteDraft, hasDraftOf } from '../draft.ts';
import { sql } from 'drizzle-orm';
import { DefinitionRead, type Tx } from '../engine/index.ts';
import { checkFormValues, type ProcessContext } from './context.ts';
import { mayStart, starterGroups, type StarterFacts } from './lists.ts';

/** A JSON column as the driver answered it (parsed, or its text). */
const jsonOf = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const tenantId = sql.placeholder('tenantId');
/** The definition to start, and of its key the model's scope, its serial-number rule and whether the user has a draft. */
const START_READ = new DefinitionRead((k) => ({
  scopes: scopeRowsOf(tenantId, k),
  serialRule: serialRuleFieldsOf(tenantId, k),
  hasDraft: hasDraftOf({ tenantId, userId: sql.placeholder('userId') }, k),
}));
/** The definition whose start form is asked for, with its model's scope. */
const START_FORM_READ = new DefinitionRead((k) => ({ scopes: scopeRowsOf(tenantId, k) }));

/** What `mayStart` needs of the user for one key, its model's scope rows already read. */
const starterFactsOf = (c: ProcessContext, user: AuthUser, key: string, scopes: ScopeRow[]): StarterFacts => ({
  scopeAllows: keysAllowed(scopes, user, [key]),
  groups: () => starterGroups(c, user),
});

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
  // One statement: the definition, and of its key the model's scope, its serial-number rule and whether the user has
  // a draft (what was four statements: the definition, the scope, the rule in the engine, the draft's deletion).
  const read = await c.engine.definitionWith(START_READ, user.tenantId, { processDefinitionId: defId, processKey: key }, { userId: user.userId });
  if (!read) throw fail('流程定义不存在');
  const def = read.definition;
  if (!(await mayStart(c, user, def.id, def.key, starterFactsOf(c, user, def.key, jsonOf(read.extra.scopes))))) throw forbidden('您没有发起该流程的权限');
  const ruleFields = jsonOf(read.extra.serialRule);
  const form = Object.fromEntries(Object.entries(body).filter(([k]) => !REQUEST_KEYS.has(k)));
  const values = { ...form, ...(body.variables ?? {}) };
  const model = await c.engine.model(String(def.id));
  await checkFormValues(c, user.tenantId, String(def.id), model.nodes.get(model.startId)?.formKey, values, { nodeId: model.startId });
  const variables = { ...(await c.guard.writable(null, String(def.id), values)), ...startFilesVariable(body.attachment) };
  const copyUsers = body.copyUser ? await c.guard.users(user, body.copyUser) : [];
  const skip = body.skipFirstNode ?? body.skip;
  const out = await c.engine.startProcess(user.tenantId, actorOf(user), {
    definition: def,
    serialRule: () => (ruleFields ? serialRuleOf(ruleFields) : undefined),
    variables,
    copyUsers,
    ...(body.title ? { title: body.title } : {}),
    ...(skip !== undefined ? { skipFirstNode: skip } : {}),
    ...(body.businessKey ? { businessKey: body.businessKey } : {}),
    ...(tx ? { tx } : {}),
  });
  // The draft of this process is used up (WORKFLOW.md: start deletes the draft); no statement when there was none.
  if (read.extra.hasDraft) await deleteDraft(c.wf.db, user, { processDefKey: String(def.key) });
  return { ...out, id: out.processInstanceId };
}

/** The start form of a definition the caller may start (by id, else the latest version of a key). */
export async function startForm(c: ProcessContext, user: AuthUser, by: { processDefinitionId?: string | undefined; processKey?: string | undefined }) {
  // The definition with its model's scope, in one statement.
  const read = await c.engine.definitionWith(START_FORM_READ, user.tenantId, by);
  if (!read) throw fail('流程定义不存在');
  const def = read.definition;
  if (!(await mayStart(c, user, def.id, def.key, starterFactsOf(c, user, def.key, jsonOf(read.extra.scopes))))) throw forbidden('您没有发起该流程的权限');
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
