/**
 * The runtime API of the workflow (/api/blade-workflow/process/*, /api/blade-flow/work/*,
 * /api/blade-flow/process/model-view): the lists of a user, starting a process, the detail of a task or an
 * instance, the task actions, the timeline and the diagram. Lists need their menu code; task actions need
 * the task itself (its assignee or a candidate), withdraw the starter, reading an instance involvement.
 */
import { formValueErrors, parseFormColumns, type FormPlace } from '@hjl/core';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../platform/auth/user.ts';
import { fail, forbidden } from '../../platform/http/errors.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { actorOf, attachmentsField, boolField, idField, inputOf, ProcessAccess, startFilesVariable, userListField, variablesField } from './access.ts';
import type { TaskView } from './engine/engine.ts';
import type { FlowNode, ProcessModel } from './engine/model.ts';
import { startableKeys } from './design-scope.ts';
import { processForm } from './design-model.ts';
import { deleteDraft } from './draft.ts';
import { WorkflowHistory } from './history.ts';
import type { WorkflowModule } from './index.ts';
import { WorkflowQueries, type ListKind } from './queries.ts';

const WF = '/api/blade-workflow/process';
const FLOW = '/api/blade-flow';
const tags = ['流程事务'];

/** Query keys of list routes (documentation; the list parser whitelists the filters). */
const listQuery = z.looseObject({
  current: z.string().optional(),
  size: z.string().optional(),
  ascs: z.string().optional(),
  descs: z.string().optional(),
  processDefinitionName: z.string().optional(),
  processDefinitionKey: z.string().optional(),
  category: z.string().optional(),
  serialNumber: z.string().optional(),
  title: z.string().optional(),
  createTime_dategt: z.string().optional(),
  createTime_datelt: z.string().optional(),
});

const comment = z.string().max(4000).optional();
const taskIdQuery = z.object({ taskId: idField });

/** Buttons of a node when its model names none (the usual set of the handling screen). */
function defaultButtons(model: ProcessModel, task: TaskView): { code: string; name: string; display: boolean }[] {
  const node = model.nodes.get(task.taskDefKey);
  // The starter's task at the start node (after a rollback, a reject or a withdraw to the start): submit it again.
  if (task.taskDefKey === model.startId)
    return [
      { code: 'wf_pass', name: '提交', display: true },
      { code: 'wf_terminate', name: '终止', display: true },
    ];
  const b = [
    { code: 'wf_pass', name: '同意' },
    { code: 'wf_reject', name: '驳回' },
    { code: 'wf_rollback', name: '回退' },
    { code: 'wf_transfer', name: '转办' },
    { code: 'wf_delegate', name: '委托' },
    { code: 'wf_terminate', name: '终止' },
    { code: 'wf_copy', name: '抄送' },
  ];
  if (node?.loop) b.push({ code: 'wf_add_instance', name: '加签' }, { code: 'wf_delete_instance', name: '减签' });
  if (!task.assignee) b.unshift({ code: 'wf_claim', name: '签收' });
  return b.map((x) => ({ ...x, display: true }));
}

/** The form of a node: a user task's, or the start event's (the starter's task there). */
const formKeyOf = (node: FlowNode | undefined) => (node?.type === 'startEvent' ? node.formKey : node?.userTask?.formKey);

export function registerProcess(ctx: ModuleContext, wf: WorkflowModule) {
  const { route, database } = ctx;
  const engine = wf.engine;
  const maxSize = (tenantId: string) => ctx.params.getInt(tenantId, 'page.maxSize', ctx.config.maxPageSize);
  const queries = new WorkflowQueries(database, (t, u) => wf.identity.groupsOf(wf.db, t, u), maxSize);
  const guard = new ProcessAccess(wf, queries, ctx.access);
  const history = new WorkflowHistory(database, wf);

  /**
   * The form's rules at a place (the start event, or a task's node with its fields), checked on the values the
   * process will hold: the same `formValueErrors` the screen runs, so a hand-made request cannot skip them.
   * Refuses with every message joined by ' | ' (the start screen's way), before anything is saved.
   */
  const checkFormValues = async (
    tenantId: string,
    definitionId: string,
    formKey: string | null | undefined,
    values: Record<string, unknown>,
    place: FormPlace,
  ) => {
    const form = await processForm(wf.db, tenantId, definitionId, formKey);
    if (!form) return;
    const parsed = parseFormColumns(form.content);
    if ('error' in parsed) return; // a deployed form was checked when it was saved
    const errors = formValueErrors(parsed.columns, values, place);
    if (errors.length) throw fail(errors.join(' | '));
  };

  // ------------------------------------------------------------------ lists

  const list = (url: string, kind: ListKind, code: string, summary: string) =>
    route({
      method: 'GET',
      url,
      summary,
      tags,
      requires: { code },
      query: listQuery,
      handler: ({ user, req }) => queries.page(kind, user.tenantId, user.userId, req.query as Record<string, unknown>),
    });
  for (const [path, kind, code, summary] of [
    ['todo', 'todo', 'wf_todo', '待办事务'],
    ['claim', 'claim', 'wf_claim', '待签事务'],
    ['send', 'send', 'wf_send', '我的请求'],
    ['done', 'done', 'wf_done', '已办事务'],
    ['myDone', 'myDone', 'wf_my_done', '办结事务'],
    ['copy', 'copy', 'wf_copy', '抄送事务'],
  ] as const)
    list(`${WF}/${path}`, kind, code, summary);
  for (const [path, kind, code, summary] of [
    ['claim-list', 'claim', 'wf_claim', '待签列表'],
    ['todo-list', 'todo', 'wf_todo', '待办列表'],
    ['send-list', 'send', 'wf_send', '已发列表'],
    ['done-list', 'done', 'wf_done', '办结列表'],
  ] as const)
    list(`${FLOW}/work/${path}`, kind, code, summary);

  /** Latest active definitions of the tenant the user may start (the model's candidate starters), by category. */
  /**
   * Whether the user may start a definition: one of the BPMN's candidate starters (everyone when it names none)
   * and within the designed model's scope (模型权限; everyone when it has none).
   */
  type StarterFacts = { scopeAllows: ReadonlySet<string>; groups: () => Promise<ReadonlySet<string>> };
  /** What the check needs of the user, read once for a whole start list (groups only when a model names some). */
  const starterFacts = async (user: AuthUser, keys: string[]): Promise<StarterFacts> => {
    let groups: Promise<ReadonlySet<string>> | undefined;
    return {
      scopeAllows: await startableKeys(wf.db, user, keys),
      groups: () => (groups ??= wf.identity.groupsOf(wf.db, user.tenantId, user.userId).then((g) => new Set(g))),
    };
  };
  const mayStart = async (user: AuthUser, definitionId: string, key: string, facts?: StarterFacts) => {
    const m: ProcessModel = await engine.model(definitionId);
    const f = facts ?? (await starterFacts(user, [key]));
    if (!f.scopeAllows.has(key)) return false;
    if (!m.candidateStarterUsers.length && !m.candidateStarterGroups.length) return true;
    if (m.candidateStarterUsers.includes(user.userId) || m.candidateStarterUsers.includes(user.account)) return true;
    const groups = await f.groups();
    return m.candidateStarterGroups.some((g) => groups.has(g));
  };

  const startList = async (user: AuthUser, query: Record<string, unknown>) => {
    const q = parseOrFail(
      z.object({
        current: z.coerce.number().int().min(1).default(1),
        size: z.coerce.number().int().min(1).default(10),
        category: z.string().max(255).optional(),
        name: z.string().max(255).optional(),
        processDefinitionName: z.string().max(255).optional(),
      }),
      query,
    );
    const rows = await database.raw(
      `SELECT * FROM (SELECT DISTINCT ON (d.key) d.id::text AS id, d.key, d.name, d.version, d.category, d.description, d.suspension_state,
           d.deployment_id::text AS "deploymentId", to_char(dp.deploy_time, 'YYYY-MM-DD HH24:MI:SS') AS "deployTime"
         FROM blade_wf_procdef d JOIN blade_wf_deployment dp ON dp.id = d.deployment_id
        WHERE d.tenant_id = $1 ORDER BY d.key, d.version DESC) x
       WHERE x.suspension_state = 1 AND ($2::text IS NULL OR x.category = $2) AND ($3::text IS NULL OR x.name LIKE '%' || $3 || '%')
       ORDER BY x.category NULLS LAST, x.name, x.key`,
      [user.tenantId, q.category || null, (q.name ?? q.processDefinitionName) || null],
    );
    const allowed = [];
    const facts = await starterFacts(
      user,
      rows.map((r) => String(r.key)),
    );
    for (const r of rows) {
      if (await mayStart(user, String(r.id), String(r.key), facts)) {
        allowed.push({
          id: r.id,
          processDefinitionId: r.id,
          processDefinitionKey: r.key,
          key: r.key,
          name: r.name,
          processDefinitionName: r.name,
          version: r.version,
          category: r.category,
          description: r.description,
          deploymentId: r.deploymentId,
          deployTime: r.deployTime,
          suspensionState: r.suspension_state,
        });
      }
    }
    const size = Math.min(q.size, await maxSize(user.tenantId));
    const records = allowed.slice((q.current - 1) * size, q.current * size);
    return { records, total: allowed.length, size, current: q.current, pages: Math.ceil(allowed.length / size) };
  };
  route({
    method: 'GET',
    url: `${WF}/list`,
    summary: '新建流程(可发起的流程)',
    tags,
    requires: { code: 'wf_start' },
    query: z.looseObject({ category: z.string().optional() }),
    handler: ({ user, req }) => startList(user, req.query as Record<string, unknown>),
  });
  route({
    method: 'GET',
    url: `${FLOW}/work/start-list`,
    summary: '发起事务列表',
    tags,
    requires: { code: 'wf_start' },
    query: z.looseObject({ category: z.string().optional() }),
    handler: ({ user, req }) => startList(user, req.query as Record<string, unknown>),
  });

  // ------------------------------------------------------------------ start

  const startBody = z.looseObject({
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
  const REQUEST_KEYS = new Set(Object.keys(startBody.shape).concat(['processInstanceId', 'taskId', 'id']));

  route({
    method: 'POST',
    url: `${WF}/startProcess`,
    summary: '发起流程',
    tags,
    requires: { code: 'wf_start' },
    msg: '发起成功',
    handler: async ({ user, req }) => {
      const body = parseOrFail(startBody, req.body);
      const defId = body.processDefinitionId ?? body.processId;
      const key = body.processDefKey ?? body.processKey;
      if (!defId && !key) throw fail('缺少必要的请求参数: processDefinitionId');
      const def = await engine.definition(user.tenantId, { processDefinitionId: defId, processKey: key });
      if (!def) throw fail('流程定义不存在');
      if (!(await mayStart(user, String(def.id), String(def.key)))) throw forbidden('您没有发起该流程的权限');
      const form = Object.fromEntries(Object.entries(body).filter(([k]) => !REQUEST_KEYS.has(k)));
      const values = { ...form, ...(body.variables ?? {}) };
      const model = await engine.model(String(def.id));
      await checkFormValues(user.tenantId, String(def.id), model.nodes.get(model.startId)?.formKey, values, { nodeId: model.startId });
      const variables = { ...(await guard.writable(null, String(def.id), values)), ...startFilesVariable(body.attachment) };
      const copyUsers = body.copyUser ? await guard.users(user, body.copyUser) : [];
      const skip = body.skipFirstNode ?? body.skip;
      const out = await engine.startProcess(user.tenantId, actorOf(user), {
        definition: def,
        variables,
        copyUsers,
        ...(body.title ? { title: body.title } : {}),
        ...(skip !== undefined ? { skipFirstNode: skip } : {}),
        ...(body.businessKey ? { businessKey: body.businessKey } : {}),
      });
      // The draft of this process is used up (WORKFLOW.md: start deletes the draft).
      await deleteDraft(wf.db, user, { processDefKey: String(def.key) });
      return { ...out, id: out.processInstanceId };
    },
  });

  // ------------------------------------------------------------------ start forms

  /** The start form of a definition the caller may start (by id, else the latest version of a key). */
  const startForm = async (user: AuthUser, by: { processDefinitionId?: string | undefined; processKey?: string | undefined }) => {
    const def = await engine.definition(user.tenantId, by);
    if (!def) throw fail('流程定义不存在');
    if (!(await mayStart(user, def.id, def.key))) throw forbidden('您没有发起该流程的权限');
    const model = await engine.model(def.id);
    const formKey = model.nodes.get(model.startId)?.formKey;
    const form = await processForm(wf.db, user.tenantId, def.id, formKey);
    // An external form (`wf_ex_…`) has no design: its key alone tells the screen which page to open.
    return {
      processDefinitionId: def.id,
      processDefinitionKey: def.key,
      processDefinitionName: def.name,
      processDefinitionVersion: def.version,
      formKey: form?.formKey ?? formKey ?? null,
      form,
    };
  };
  route({
    method: 'GET',
    url: `${WF}/getFormByProcessId`,
    summary: '发起表单(按流程定义)',
    tags,
    requires: { code: 'wf_start' },
    query: z.object({ processId: idField.optional(), processDefinitionId: idField.optional() }),
    handler: ({ user, query }) => {
      const id = query.processId ?? query.processDefinitionId;
      if (!id) throw fail('缺少必要的请求参数: processId');
      return startForm(user, { processDefinitionId: id });
    },
  });
  route({
    method: 'GET',
    url: `${WF}/getFormByProcessDefKey`,
    summary: '发起表单(按流程标识)',
    tags,
    requires: { code: 'wf_start' },
    query: z.object({ processDefKey: z.string().max(255).optional(), processKey: z.string().max(255).optional() }),
    handler: ({ user, query }) => {
      const key = query.processDefKey ?? query.processKey;
      if (!key) throw fail('缺少必要的请求参数: processDefKey');
      return startForm(user, { processKey: key });
    },
  });

  // ------------------------------------------------------------------ detail, timeline, diagram

  route({
    method: 'GET',
    url: `${WF}/detail`,
    summary: '流程详情(任务或实例)',
    tags,
    requires: 'user',
    query: z.object({ taskId: idField.optional(), processInsId: idField.optional(), processInstanceId: idField.optional() }),
    handler: async ({ user, query }) => {
      let task: TaskView | null = null;
      let procInstId = query.processInsId ?? query.processInstanceId;
      if (query.taskId) {
        task = await engine.task(user.tenantId, query.taskId);
        if (task) procInstId = task.processInstanceId;
        else if (!procInstId) {
          // A finished task: its instance from history.
          const [h] = await database.raw(`SELECT proc_inst_id::text AS p FROM blade_wf_hi_taskinst WHERE id = $1 AND tenant_id = $2`, [
            query.taskId,
            user.tenantId,
          ]);
          if (!h) throw fail('任务不存在');
          procInstId = String(h.p);
        }
      }
      if (!procInstId) throw fail('缺少必要的请求参数: taskId');
      if (task && task.processInstanceId !== procInstId) throw fail('任务不属于该流程实例');
      const isHolder = !!task && (task.assignee === user.userId || (!task.assignee && (await guard.isCandidate(user, task))));
      const proc = isHolder ? await guard.instance(user, procInstId) : await guard.readable(user, procInstId);
      const model = await engine.model(proc.procDefId);
      const node = task ? model.nodes.get(task.taskDefKey) : undefined;
      const names = await queries.names(user.tenantId, [task?.assignee, task?.owner]);
      // A finished instance keeps its form in the variable history.
      const variables = proc.endTime ? await engine.historicVariables(user.tenantId, procInstId) : await engine.variables(user.tenantId, procInstId);
      return {
        process: {
          id: proc.procDefId,
          processDefinitionId: proc.procDefId,
          processDefinitionKey: proc.procDefKey,
          processDefinitionName: proc.procDefName,
          processDefinitionVersion: proc.procDefVersion,
          processInstanceId: proc.id,
          businessKey: proc.businessKey,
          serialNumber: proc.serialNumber,
          title: proc.title,
          startUser: proc.startUserId,
          startUserName: proc.startUserName,
          applyUser: proc.startUserId,
          applyUserName: proc.startUserName,
          createTime: proc.startTime,
          endTime: proc.endTime,
          processIsFinished: proc.status,
          suspended: proc.suspensionState === 2,
          xml: await history.xmlOf(user.tenantId, proc.procDefId),
          formKey: (node ? formKeyOf(node) : null) ?? null,
          ...(task
            ? {
                taskId: task.id,
                taskName: task.name,
                taskDefinitionKey: task.taskDefKey,
                description: task.description,
                assignee: task.assignee,
                assigneeName: task.assignee ? (names.get(task.assignee) ?? task.assignee) : '',
                owner: task.owner,
                ownerName: task.owner ? (names.get(task.owner) ?? task.owner) : '',
                delegationState: task.delegationState,
                candidateUsers: task.candidateUsers,
                candidateGroups: task.candidateGroups,
              }
            : {}),
        },
        isHolder,
        isStarter: proc.startUserId === user.userId,
        // The form of the node (the start form when no task is open), as deployed with this version of the process.
        form: {
          variables,
          ...(await processForm(wf.db, user.tenantId, proc.procDefId, formKeyOf(node ?? model.nodes.get(model.startId)))),
        },
        button: isHolder && task ? (node?.userTask?.buttons.length ? node.userTask.buttons.filter((b) => b.display) : defaultButtons(model, task)) : [],
        fields: node?.userTask?.fields ?? [],
        backNodes: isHolder && task ? await engine.backNodes(user.tenantId, task.id) : [],
        flow: await history.timeline(user.tenantId, procInstId),
      };
    },
  });

  route({
    method: 'GET',
    url: `${WF}/history-flow-list`,
    summary: '流程历史(时间线)',
    tags,
    requires: 'user',
    query: z.object({ processInstanceId: idField.optional(), processInsId: idField.optional() }),
    handler: async ({ user, query }) => {
      const id = query.processInstanceId ?? query.processInsId;
      if (!id) throw fail('缺少必要的请求参数: processInstanceId');
      await guard.readable(user, id);
      return history.timeline(user.tenantId, id);
    },
  });

  route({
    method: 'GET',
    url: `${FLOW}/process/model-view`,
    summary: '流程图(XML与节点状态)',
    tags,
    requires: 'user',
    query: z.object({ processInsId: idField.optional(), processInstanceId: idField.optional(), processDefinitionId: idField.optional() }),
    handler: async ({ user, query }) => {
      const id = query.processInsId ?? query.processInstanceId;
      if (id) {
        await guard.readable(user, id);
        return history.modelView(user.tenantId, id);
      }
      if (!query.processDefinitionId) throw fail('缺少必要的请求参数: processInsId');
      return { xml: await history.xmlOf(user.tenantId, query.processDefinitionId), processDefinitionId: query.processDefinitionId, flow: [] };
    },
  });

  // ------------------------------------------------------------------ task actions

  const completeBody = z.looseObject({
    taskId: idField,
    processInstanceId: idField.optional(),
    pass: boolField.optional(),
    comment,
    variables: variablesField.optional(),
    copyUser: userListField('请选择抄送人').optional(),
    assignee: userListField('请选择下一步审批人').optional(),
    attachment: attachmentsField.optional(),
    /** The business origin of the action (S1 L60), kept on the comment. */
    processFrom: z.string().max(64, '请求参数类型错误').optional(),
  });
  const complete = async (user: AuthUser, req: FastifyRequest) => {
    const body = parseOrFail(completeBody, inputOf(req));
    if (!body.comment?.trim()) throw fail('请填写批复意见');
    let task = await guard.holder(user, body.taskId);
    if (body.processInstanceId && body.processInstanceId !== task.processInstanceId) throw fail('任务不属于该流程实例');
    const copyUsers = body.copyUser ? await guard.users(user, body.copyUser) : [];
    const next = body.assignee ? await guard.users(user, body.assignee) : undefined;
    const variables = await guard.writable(task, task.processDefinitionId, body.variables ?? {});
    if (body.pass === true) {
      // An approval leaves the node's form complete: what the instance holds plus what this call writes.
      const node = (await engine.model(task.processDefinitionId)).nodes.get(task.taskDefKey);
      const values = { ...(await engine.variables(user.tenantId, task.processInstanceId)), ...variables };
      await checkFormValues(user.tenantId, task.processDefinitionId, formKeyOf(node), values, {
        nodeId: task.taskDefKey,
        nodeFields: node?.userTask?.fields ?? [],
      });
    }
    const actor = actorOf(user);
    const attachments = body.attachment ?? [];
    const from = body.processFrom?.trim() ? { processFrom: body.processFrom.trim() } : {};
    let out: unknown;
    if (body.pass === true)
      out = await engine.approve(user.tenantId, task, actor, {
        comment: body.comment,
        attachments,
        variables,
        ...from,
        ...(next ? { nextAssignees: next } : {}),
      });
    else if (body.pass === false) out = await engine.reject(user.tenantId, task, actor, { comment: body.comment, attachments, ...from });
    else {
      // A plain complete (Flowable's): claim first when the caller is a candidate; a PENDING delegated task is refused.
      if (!task.assignee) {
        await engine.claim(user.tenantId, task, actor);
        task = await guard.holder(user, task.id);
      }
      out = await engine.completeTask(user.tenantId, task, actor, { comment: body.comment, attachments, variables, ...from });
    }
    if (copyUsers.length) await engine.copy(user.tenantId, task.processInstanceId, actor, copyUsers, { taskId: task.id });
    return out;
  };
  route({
    method: 'POST',
    url: `${WF}/completeTask`,
    summary: '办理任务(pass 同意/驳回)',
    tags,
    requires: 'user',
    handler: ({ user, req }) => complete(user, req),
  });
  route({ method: 'POST', url: `${FLOW}/work/complete-task`, summary: '办理任务', tags, requires: 'user', handler: ({ user, req }) => complete(user, req) });

  const claim = async (user: AuthUser, req: FastifyRequest) => {
    const { taskId } = parseOrFail(taskIdQuery, inputOf(req));
    const task = await guard.task(user, taskId);
    if (task.assignee && task.assignee !== user.userId) throw fail('任务已被他人签收');
    if (!task.assignee && !(await guard.isCandidate(user, task))) throw forbidden('您不是该任务的候选人，不能签收');
    return engine.claim(user.tenantId, taskId, actorOf(user));
  };
  route({
    method: 'POST',
    url: `${WF}/claimTask`,
    summary: '签收任务',
    tags,
    requires: 'user',
    query: z.looseObject({ taskId: z.string().optional() }),
    msg: '签收成功',
    handler: ({ user, req }) => claim(user, req),
  });
  route({
    method: 'POST',
    url: `${FLOW}/work/claim-task`,
    summary: '签收任务',
    tags,
    requires: 'user',
    query: z.looseObject({ taskId: z.string().optional() }),
    msg: '签收成功',
    handler: ({ user, req }) => claim(user, req),
  });

  route({
    method: 'GET',
    url: `${WF}/getBackNodes`,
    summary: '可回退的节点',
    tags,
    requires: 'user',
    query: taskIdQuery,
    handler: async ({ user, query }) => {
      await guard.holder(user, query.taskId);
      return engine.backNodes(user.tenantId, query.taskId);
    },
  });

  // Transfer, delegate and countersign: the people chosen, and the comment with its attachments.
  type ActionOpts = { comment?: string; attachments: { name: string; url: string }[] };
  const userAction = (
    url: string,
    summary: string,
    msg: string,
    missing: string,
    act: (user: AuthUser, task: TaskView, users: string[], opts: ActionOpts) => Promise<unknown>,
  ) =>
    route({
      method: 'POST',
      url,
      summary,
      tags,
      requires: 'user',
      msg,
      query: z.looseObject({ taskId: z.string().optional() }),
      handler: async ({ user, req }) => {
        const body = parseOrFail(
          z.looseObject({ taskId: idField, assignee: userListField(missing), comment, attachment: attachmentsField.optional() }),
          inputOf(req),
        );
        const task = await guard.holder(user, body.taskId);
        const users = await guard.users(user, body.assignee);
        return act(user, task, users, { ...(body.comment ? { comment: body.comment } : {}), attachments: body.attachment ?? [] });
      },
    });
  userAction(`${WF}/transferTask`, '转办', '转办成功', '请选择转办人', (user, task, users, opts) => {
    if (users.length !== 1) throw fail('只能转办给一个人');
    return engine.transfer(user.tenantId, task, actorOf(user), users[0]!, opts);
  });
  userAction(`${WF}/delegateTask`, '委托', '委托成功', '请选择委托人', (user, task, users, opts) => {
    if (users.length !== 1) throw fail('只能委托给一个人');
    return engine.delegate(user.tenantId, task, actorOf(user), users[0]!, opts);
  });
  userAction(`${WF}/addMultiInstance`, '加签', '加签成功', '请选择加签人员', (user, task, users, opts) =>
    engine.addCountersign(user.tenantId, task, actorOf(user), users, opts),
  );

  route({
    method: 'POST',
    url: `${WF}/deleteMultiInstance`,
    summary: '减签',
    tags,
    requires: 'user',
    msg: '减签成功',
    query: z.looseObject({ taskId: z.string().optional() }),
    handler: async ({ user, req }) => {
      const body = parseOrFail(
        z.looseObject({ taskId: idField, targetTaskId: idField.optional(), assignee: z.string().max(64).optional(), comment }),
        inputOf(req),
      );
      if (!body.targetTaskId && !body.assignee) throw fail('请选择要减签的人员');
      const task = await guard.holder(user, body.taskId);
      const target = body.targetTaskId ? { taskId: body.targetTaskId } : { userId: (await guard.users(user, [body.assignee!]))[0]! };
      return engine.removeCountersign(user.tenantId, task, actorOf(user), target, { ...(body.comment ? { comment: body.comment } : {}) });
    },
  });

  route({
    method: 'POST',
    url: `${WF}/rollbackTask`,
    summary: '回退到选择的节点',
    tags,
    requires: 'user',
    msg: '回退成功',
    query: z.looseObject({ taskId: z.string().optional() }),
    handler: async ({ user, req }) => {
      const body = parseOrFail(
        z.looseObject({ taskId: idField, nodeId: z.string().min(1, '请选择回退节点').max(255), comment, attachment: attachmentsField.optional() }),
        inputOf(req),
      );
      const task = await guard.holder(user, body.taskId);
      return engine.rollback(user.tenantId, task, actorOf(user), body.nodeId, {
        ...(body.comment ? { comment: body.comment } : {}),
        attachments: body.attachment ?? [],
      });
    },
  });

  route({
    method: 'POST',
    url: `${WF}/terminateProcess`,
    summary: '终止流程',
    tags,
    requires: 'user',
    query: z.looseObject({ taskId: z.string().optional() }),
    handler: async ({ user, req }) => {
      const body = parseOrFail(z.looseObject({ taskId: idField, comment, attachment: attachmentsField.optional() }), inputOf(req));
      if (!body.comment?.trim()) throw fail('请填写终止意见');
      const task = await guard.holder(user, body.taskId);
      return engine.terminate(user.tenantId, task.processInstanceId, actorOf(user), {
        comment: body.comment,
        taskId: task.id,
        attachments: body.attachment ?? [],
      });
    },
  });

  /** The instance named by processInstanceId, or the instance of taskId. */
  const instanceOf = async (user: AuthUser, input: Record<string, unknown>) => {
    const b = parseOrFail(z.looseObject({ processInstanceId: idField.optional(), processInsId: idField.optional(), taskId: idField.optional() }), input);
    const id = b.processInstanceId ?? b.processInsId;
    if (id) return guard.instance(user, id);
    if (!b.taskId) throw fail('缺少必要的请求参数: processInstanceId');
    const [h] = await database.raw(`SELECT proc_inst_id::text AS p FROM blade_wf_hi_taskinst WHERE id = $1 AND tenant_id = $2`, [b.taskId, user.tenantId]);
    if (!h) throw fail('任务不存在');
    return guard.instance(user, String(h.p));
  };

  route({
    method: 'POST',
    url: `${WF}/withdrawTask`,
    summary: '撤回(发起人; withdrawType wf_withdraw_end 撤销流程, wf_withdraw_start 撤回到发起节点重新提交)',
    tags,
    requires: 'user',
    query: z.looseObject({ processInstanceId: z.string().optional(), taskId: z.string().optional(), withdrawType: z.string().optional() }),
    handler: async ({ user, req }) => {
      const input = inputOf(req);
      const b = parseOrFail(
        z.looseObject({ comment, withdrawType: z.enum(['wf_withdraw_start', 'wf_withdraw_end'], { error: '撤回类型不正确' }).optional() }),
        input,
      );
      const proc = await instanceOf(user, input);
      if (proc.startUserId !== user.userId || proc.endTime) throw fail('此任务不可撤回');
      return engine.withdraw(user.tenantId, proc.id, actorOf(user), {
        ...(b.comment ? { comment: b.comment } : {}),
        type: b.withdrawType ?? 'wf_withdraw_end',
      });
    },
  });

  route({
    method: 'POST',
    url: `${WF}/copy`,
    summary: '抄送',
    tags,
    requires: 'user',
    msg: '抄送成功',
    query: z.looseObject({ processInstanceId: z.string().optional() }),
    handler: async ({ user, req }) => {
      const input = inputOf(req);
      const b = parseOrFail(z.looseObject({ copyUser: userListField('请选择抄送人'), taskId: idField.optional() }), input);
      const proc = await instanceOf(user, input);
      await guard.readable(user, proc.id);
      const users = await guard.users(user, b.copyUser);
      await engine.copy(user.tenantId, proc.id, actorOf(user), users, { ...(b.taskId ? { taskId: b.taskId } : {}) });
    },
  });

  route({
    method: 'POST',
    url: `${WF}/urge`,
    summary: '催办',
    tags,
    requires: 'user',
    msg: '催办成功',
    query: z.looseObject({ processInstanceId: z.string().optional() }),
    handler: async ({ user, req }) => {
      const input = inputOf(req);
      const b = parseOrFail(z.looseObject({ message: z.string().max(1000).optional() }), input);
      const proc = await instanceOf(user, input);
      await guard.readable(user, proc.id);
      if (proc.endTime) throw fail('流程已结束');
      return engine.urge(user.tenantId, proc.id, actorOf(user), { ...(b.message ? { message: b.message } : {}) });
    },
  });
}
