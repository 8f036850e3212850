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
import { DefinitionRead, knownUsersOf, namedUsersSql, type Tx } from '../engine/index.ts';
import { PROXY_IN_FORCE_DURING } from '../proxy.ts';
import { userIdNamedSql } from '../../user/api.ts';
import { checkFormValues, type ProcessContext } from './context.ts';
import { mayStart, starterGroups, type StarterFacts } from './lists.ts';

/** A JSON column as the driver answered it (parsed, or its text). */
const jsonOf = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const tenantId = sql.placeholder('tenantId');
/**
 * The definition to start, and of its key the model's scope, its serial-number rule and whether the user has a draft;
 * and what the engine would ask inside the start's transaction: the users named by the request's texts (`userNames`,
 * a JSON array: the first tasks' assignees are usually among them) and whether any proxy of the tenant is in force
 * in the next minute (`from`, `to`).
 */
const START_READ = new DefinitionRead((k) => ({
  scopes: scopeRowsOf(tenantId, k),
  serialRule: serialRuleFieldsOf(tenantId, k),
  hasDraft: hasDraftOf({ tenantId, userId: sql.placeholder('userId') }, k),
  users: namedUsersSql((name) => userIdNamedSql(sql`${tenantId}`, name), sql`SELECT json_array_elements_text(${sql.placeholder('userNames')}::json)`),
  proxyInForce: PROXY_IN_FORCE_DURING,
}));
/** How long after the read the start's time may be for the read's `proxyInForce` to hold for it. */
const PROXY_WINDOW_MS = 60_000;

/**
 * The texts a start's first tasks may name users by: the starter, the copies, and the request's values (a list's
 * elements, a text's comma-separated parts). Any other name the start meets is looked up when met.
 */
function userNamesIn(values: Record<string, unknown>, more: string[]): string[] {
  const out = new Set(more);
  const add = (v: unknown) => {
    if (typeof v !== 'string' && typeof v !== 'number') return;
    const s = String(v);
    out.add(s);
    if (s.includes(',')) for (const part of s.split(',')) out.add(part.trim());
  };
  for (const v of Object.values(values)) {
    if (Array.isArray(v)) v.forEach(add);
    else add(v);
  }
  return [...out].filter((s) => s.length >= 1 && s.length <= 64).slice(0, 100);
}
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
  const form = Object.fromEntries(Object.entries(body).filter(([k]) => !REQUEST_KEYS.has(k)));
  const values = { ...form, ...(body.variables ?? {}) };
  // One statement: the definition, and of its key the model's scope, its serial-number rule and whether the user has
  // a draft (what was four statements: the definition, the scope, the rule in the engine, the draft's deletion); the
  // users the request names and whether a proxy can be in force (two statements of the start's transaction).
  const from = c.engine.now();
  const to = new Date(from.getTime() + PROXY_WINDOW_MS);
  const read = await c.engine.definitionWith(
    START_READ,
    user.tenantId,
    { processDefinitionId: defId, processKey: key },
    {
      userId: user.userId,
      userNames: JSON.stringify(userNamesIn(values, [user.userId, ...(body.copyUser ?? [])])),
      from: c.wf.zone.format(from),
      to: c.wf.zone.format(to),
    },
  );
  if (!read) throw fail('流程定义不存在');
  const def = read.definition;
  if (!(await mayStart(c, user, def.id, def.key, starterFactsOf(c, user, def.key, jsonOf(read.extra.scopes))))) throw forbidden('您没有发起该流程的权限');
  const ruleFields = jsonOf(read.extra.serialRule);
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
    knownUsers: knownUsersOf(read.extra.users),
    // PGlite and node-postgres both read a boolean as true/false.
    ...(read.extra.proxyInForce === false ? { noProxyBetween: { from, to } } : {}),
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
