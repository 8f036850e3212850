/**
 * The operations console (/api/blade-workflow/ops/*), process monitoring (/api/blade-flow/follow/*) and
 * deployments (/api/blade-flow/manager/*, /api/blade-workflow/deployment/*). Every action takes a comma list
 * of task ids (or instance ids), needs its own permission code, and touches only the caller's tenant.
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { isPlatformAdmin, type AuthUser } from '../../platform/auth/user.ts';
import { fail, forbidden } from '../../platform/http/errors.ts';
import { page } from '../../platform/http/envelope.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { findTenant } from '../tenant/api.ts';
import { userDisplayName } from '../user/api.ts';
import { categoryAndBelow, categoryNameOf, tenantCategories } from './design-catalog.ts';
import { actorOf, boolField, idField, idListField, inputOf, OPS_CODE, ProcessAccess, userListField, variablesField } from './access.ts';
import type { TaskView } from './engine/index.ts';
import type { WorkflowModule } from './index.ts';

const OPS = '/api/blade-workflow/ops';
const FLOW = '/api/blade-flow';
const DEPLOY = '/api/blade-workflow/deployment';
/** The spec's path of the same deployment calls (spec 2: design/deployment/*). */
const DESIGN_DEPLOY = '/api/blade-workflow/design/deployment';
const tags = ['流程运维'];
const comment = z.string().max(4000).optional();

/** Keys the ops actions read from the query (also the body); named so the route table knows them. */
const opsQuery = z.looseObject({ taskId: z.string().optional(), processInstanceId: z.string().optional(), jobId: z.string().optional() });

/** Runs `fn` for each id; answers how many succeeded, or 400 naming the failures. */
async function each<T>(items: T[], label: (x: T) => string, fn: (x: T) => Promise<unknown>) {
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

export function registerOps(ctx: ModuleContext, wf: WorkflowModule) {
  const { route, database } = ctx;
  const engine = wf.engine;
  const maxSize = (tenantId: string) => ctx.params.getInt(tenantId, 'page.maxSize', ctx.config.maxPageSize);
  const queries = wf.queries;
  const guard = new ProcessAccess(wf, queries, ctx.access);

  // ------------------------------------------------------------------ lists

  for (const [url, kind, summary] of [
    [`${OPS}/list`, 'opsTasks', '运维: 运行中的任务'],
    [`${OPS}/processList`, 'opsRunning', '运维: 运行中的流程'],
    [`${OPS}/doneList`, 'opsDone', '运维: 已结束的流程'],
    [`${FLOW}/follow/list`, 'opsRunning', '流程监控: 运行中的流程'],
  ] as const) {
    route({
      method: 'GET',
      url,
      summary,
      tags,
      requires: { code: OPS_CODE },
      query: z.looseObject({ current: z.string().optional(), size: z.string().optional() }),
      handler: ({ user, req }) => queries.page(kind, user.tenantId, user.userId, req.query as Record<string, unknown>),
    });
  }

  route({
    method: 'GET',
    url: `${OPS}/processNodes`,
    summary: '运维: 流程的节点(调度目标)',
    tags,
    requires: { code: OPS_CODE },
    query: z.object({ processInstanceId: idField.optional(), taskId: idField.optional() }),
    handler: async ({ user, query }) => {
      let procInstId = query.processInstanceId;
      if (!procInstId && query.taskId) procInstId = (await guard.task(user, query.taskId)).processInstanceId;
      if (!procInstId) throw fail('缺少必要的请求参数: processInstanceId');
      const proc = await guard.instance(user, procInstId);
      const model = await engine.model(proc.procDefId);
      return [...model.nodes.values()]
        .filter((n) => n.type === 'userTask' || n.type === 'endEvent')
        .map((n) => ({ nodeId: n.id, nodeName: n.name ?? n.id, nodeType: n.type, scopeId: n.scopeId }));
    },
  });

  // ------------------------------------------------------------------ timer jobs

  // The pending timers (boundary timers of tasks) and "run now", as Flowable's admin has them. Whether a job is due
  // is judged by the engine's clock, the one its poller uses (`app.workflow.clock`, which tests move).
  route({
    method: 'GET',
    url: `${OPS}/jobs`,
    summary: '运维: 定时任务(due=true 只看到期的)',
    tags,
    requires: { code: OPS_CODE },
    query: z.object({
      current: z.coerce.number({ error: 'current必须是正整数' }).int().min(1, 'current必须是正整数').default(1),
      size: z.coerce.number({ error: 'size必须是正整数' }).int().min(1, 'size必须是正整数').default(10),
      due: z.enum(['true', 'false'], { error: '请求参数类型错误' }).optional(),
      processInstanceId: idField.optional(),
    }),
    handler: async ({ user, query }) => {
      const size = Math.min(query.size, await maxSize(user.tenantId));
      const { rows, total } = await engine.jobPage(user.tenantId, {
        ...(query.due ? { due: query.due === 'true' } : {}),
        ...(query.processInstanceId ? { processInstanceId: query.processInstanceId } : {}),
        limit: size,
        offset: (query.current - 1) * size,
      });
      return page(rows, total, query.current, size);
    },
  });

  // ------------------------------------------------------------------ actions

  const tasksOf = async (user: AuthUser, input: Record<string, unknown>): Promise<TaskView[]> => {
    const { taskId } = parseOrFail(z.looseObject({ taskId: idListField('请选择至少一条数据') }), { taskId: input.taskId ?? input.taskIds ?? input.ids });
    const out: TaskView[] = [];
    for (const id of taskId) out.push(await guard.task(user, id));
    return out;
  };
  /** Instance ids named directly, or the instances of the tasks named. */
  const instancesOf = async (user: AuthUser, input: Record<string, unknown>): Promise<string[]> => {
    const raw = input.processInstanceId ?? input.processInstanceIds ?? input.processInsId;
    if (raw === undefined || raw === '') return [...new Set((await tasksOf(user, input)).map((t) => t.processInstanceId))];
    const { ids } = parseOrFail(z.object({ ids: idListField('请选择至少一条数据') }), { ids: raw });
    for (const id of ids) await guard.instance(user, id);
    return ids;
  };
  /** Acting in the holder's place (the engine checks the holder): the task must be assigned. */
  const holderOf = (task: TaskView) => {
    if (!task.assignee) throw fail(`任务 ${task.name ?? task.id} 尚未签收，请先变更办理人`);
    return { id: task.assignee };
  };
  const opsComment = (user: AuthUser, c: string | undefined, fallback: string) => `${c?.trim() || fallback}（运维: ${userDisplayName(user)}）`;

  const action = (
    name: string,
    code: string,
    summary: string,
    msg: string,
    fn: (user: AuthUser, input: Record<string, unknown>, req: FastifyRequest) => Promise<unknown>,
  ) =>
    route({
      method: 'POST',
      url: `${OPS}/${name}`,
      summary,
      tags,
      requires: { code },
      msg,
      query: opsQuery,
      handler: ({ user, req }) => fn(user, inputOf(req), req),
    });

  action('completeTask', 'wf_ops_complete', '运维: 完成任务', '操作成功', async (user, input) => {
    const b = parseOrFail(z.looseObject({ pass: boolField.optional(), comment, variables: variablesField.optional() }), input);
    if (!b.comment?.trim()) throw fail('请填写批复意见');
    const tasks = await tasksOf(user, input);
    const text = opsComment(user, b.comment, b.pass === false ? '驳回' : '完成');
    return each(
      tasks,
      (t) => t.id,
      async (t) => {
        // 驳回 rejects as the handle screen does (back to the node's rollback node), in the holder's place.
        if (b.pass === false) return engine.reject(user.tenantId, t, actorOf(user), { comment: text, force: true });
        const variables = { ...(await guard.writable(t, t.processDefinitionId, b.variables ?? {})), ...(b.pass !== undefined ? { pass: b.pass } : {}) };
        return engine.completeTask(user.tenantId, t.id, actorOf(user), { comment: text, variables });
      },
    );
  });

  action('changeTaskStatus', 'wf_ops_status', '运维: 挂起/激活流程', '操作成功', async (user, input) => {
    const b = parseOrFail(
      z.looseObject({ status: z.union([z.enum(['1', '2', 'active', 'suspend', 'suspended']), z.literal(1), z.literal(2)], { error: '请选择状态' }) }),
      input,
    );
    const suspend = b.status === 2 || b.status === '2' || b.status === 'suspend' || b.status === 'suspended';
    const ids = await instancesOf(user, input);
    return each(
      ids,
      (id) => id,
      (id) => engine.setSuspended(user.tenantId, id, actorOf(user), suspend),
    );
  });

  action('changeTaskAssignee', 'wf_ops_assignee', '运维: 变更办理人', '操作成功', async (user, input) => {
    const b = parseOrFail(z.looseObject({ assignee: userListField('请选择办理人'), comment }), input);
    const [to] = await guard.users(user, b.assignee);
    if (to === undefined) throw fail('请选择办理人');
    const tasks = await tasksOf(user, input);
    return each(
      tasks,
      (t) => t.id,
      (t) => engine.changeAssignee(user.tenantId, t.id, actorOf(user), to, { comment: opsComment(user, b.comment, '变更办理人') }),
    );
  });

  const handOver = (name: string, code: string, summary: string, msg: string, missing: string, kind: 'transfer' | 'delegate') =>
    action(name, code, summary, msg, async (user, input) => {
      const b = parseOrFail(z.looseObject({ assignee: userListField(missing), comment }), input);
      const [to] = await guard.users(user, b.assignee);
      if (to === undefined) throw fail(missing);
      const tasks = await tasksOf(user, input);
      return each(
        tasks,
        (t) => t.id,
        (t) => {
          const c = { comment: opsComment(user, b.comment, summary.replace('运维: ', '')) };
          return kind === 'transfer' ? engine.transfer(user.tenantId, t.id, holderOf(t), to, c) : engine.delegate(user.tenantId, t.id, holderOf(t), to, c);
        },
      );
    });
  handOver('transferTask', 'wf_ops_transfer', '运维: 转办', '转办成功', '请选择转办人', 'transfer');
  handOver('delegateTask', 'wf_ops_delegate', '运维: 委托', '委托成功', '请选择委托人', 'delegate');

  action('copyTask', 'wf_ops_copy', '运维: 抄送', '抄送成功', async (user, input) => {
    const b = parseOrFail(z.looseObject({ copyUser: userListField('请选择抄送人') }), input);
    const users = await guard.users(user, b.copyUser);
    const ids = await instancesOf(user, input);
    return each(
      ids,
      (id) => id,
      (id) => engine.copy(user.tenantId, id, actorOf(user), users),
    );
  });

  action('urgeTask', 'wf_ops_urge', '运维: 催办', '催办成功', async (user, input) => {
    const b = parseOrFail(z.looseObject({ message: z.string().max(1000).optional() }), input);
    const ids = await instancesOf(user, input);
    return each(
      ids,
      (id) => id,
      (id) => engine.urge(user.tenantId, id, actorOf(user), { ...(b.message ? { message: b.message } : {}) }),
    );
  });

  action('terminateProcess', 'wf_ops_terminate', '运维: 终止流程', '操作成功', async (user, input) => {
    const b = parseOrFail(z.looseObject({ comment }), input);
    if (!b.comment?.trim()) throw fail('请填写终止意见');
    const ids = await instancesOf(user, input);
    return each(
      ids,
      (id) => id,
      (id) => engine.terminate(user.tenantId, id, actorOf(user), { comment: opsComment(user, b.comment, '终止') }),
    );
  });

  action('rollbackTask', 'wf_ops_rollback', '运维: 回退', '回退成功', async (user, input) => {
    const b = parseOrFail(z.looseObject({ nodeId: z.string({ error: '请选择回退节点' }).min(1, '请选择回退节点').max(255), comment }), input);
    const tasks = await tasksOf(user, input);
    return each(
      tasks,
      (t) => t.id,
      (t) => engine.rollback(user.tenantId, t.id, holderOf(t), b.nodeId, { comment: opsComment(user, b.comment, '回退') }),
    );
  });

  action('dispatchTask', 'wf_ops_dispatch', '运维: 调度到任意节点', '操作成功', async (user, input) => {
    const b = parseOrFail(z.looseObject({ nodeId: z.string({ error: '请选择调度节点' }).min(1, '请选择调度节点').max(255), comment }), input);
    const ids = await instancesOf(user, input);
    return each(
      ids,
      (id) => id,
      (id) => engine.dispatch(user.tenantId, id, actorOf(user), b.nodeId, { comment: opsComment(user, b.comment, `调度到 ${b.nodeId}`) }),
    );
  });

  action('addMultiInstance', 'wf_ops_add_sign', '运维: 加签', '加签成功', async (user, input) => {
    const b = parseOrFail(z.looseObject({ assignee: userListField('请选择加签人员'), comment }), input);
    const users = await guard.users(user, b.assignee);
    const tasks = await tasksOf(user, input);
    return each(
      tasks,
      (t) => t.id,
      (t) => engine.addCountersign(user.tenantId, t.id, holderOf(t), users, { comment: opsComment(user, b.comment, '加签') }),
    );
  });

  action('deleteMultiInstance', 'wf_ops_delete_sign', '运维: 减签(删除会签任务)', '减签成功', async (user, input) => {
    const b = parseOrFail(z.looseObject({ comment }), input);
    const tasks = await tasksOf(user, input);
    return each(
      tasks,
      (t) => t.id,
      async (t) => {
        // The engine removes a signer from the place of another signer of the same node.
        const siblings = (await engine.tasks(user.tenantId, t.processInstanceId)).filter((x) => x.taskDefKey === t.taskDefKey && x.id !== t.id && x.assignee);
        const [sibling] = siblings;
        if (!sibling) throw fail('会签节点只剩这一个任务，不能减签');
        return engine.removeCountersign(user.tenantId, sibling.id, holderOf(sibling), { taskId: t.id }, { comment: opsComment(user, b.comment, '减签') });
      },
    );
  });

  action('runJob', 'wf_ops_job', '运维: 立即执行定时任务', '执行成功', async (user, input) => {
    const { jobId } = parseOrFail(z.looseObject({ jobId: idListField('请选择至少一条数据') }), { jobId: input.jobId ?? input.jobIds ?? input.ids });
    return each(
      jobId,
      (id) => id,
      (id) => engine.runJobNow(user.tenantId, id),
    );
  });

  const deleteProcess = async (user: AuthUser, input: Record<string, unknown>) => {
    const b = parseOrFail(z.looseObject({ comment, deleteReason: comment, reason: comment }), input);
    const reason = (b.deleteReason ?? b.reason ?? b.comment)?.trim();
    if (!reason) throw fail('请填写删除原因');
    const ids = await instancesOf(user, input);
    return each(
      ids,
      (id) => id,
      // The reason as given; the comment names the operator.
      (id) => engine.deleteProcess(user.tenantId, id, actorOf(user), { reason, comment: opsComment(user, reason, '删除') }),
    );
  };
  action('deleteProcess', 'wf_ops_delete', '运维: 删除流程', '删除成功', deleteProcess);
  route({
    method: 'POST',
    url: `${FLOW}/follow/delete-process-instance`,
    summary: '流程监控: 删除流程实例',
    tags,
    requires: { code: 'wf_ops_delete' },
    msg: '删除成功',
    query: opsQuery,
    handler: ({ user, req }) => deleteProcess(user, inputOf(req)),
  });

  // ------------------------------------------------------------------ definitions and deployments

  const listParams = z.object({
    current: z.coerce.number({ error: 'current必须是正整数' }).int().min(1, 'current必须是正整数').default(1),
    size: z.coerce.number({ error: 'size必须是正整数' }).int().min(1, 'size必须是正整数').default(10),
    category: z.string().max(255).optional(),
    key: z.string().max(255).optional(),
    processDefinitionKey: z.string().max(255).optional(),
    name: z.string().max(255).optional(),
    mode: z.string().optional(),
  });

  route({
    method: 'GET',
    url: `${FLOW}/manager/list`,
    summary: '流程管理: 流程定义',
    tags,
    requires: { code: 'wf_deployment' },
    query: listParams.loose(),
    handler: async ({ user, query }) => {
      const size = Math.min(query.size, await maxSize(user.tenantId));
      const key = query.key ?? query.processDefinitionKey;
      const categories = await tenantCategories(wf.db, user.tenantId);
      const { rows, total } = await engine.definitionPage(user.tenantId, {
        ...(query.category ? { categories: categoryAndBelow(categories, query.category) } : {}),
        ...(key ? { key } : {}),
        ...(query.name ? { name: query.name } : {}),
        limit: size,
        offset: (query.current - 1) * size,
      });
      return page(
        rows.map((r) => ({ ...r, categoryName: categoryNameOf(categories, r.category as string | null) ?? null })),
        total,
        query.current,
        size,
      );
    },
  });

  /** Definitions of the caller's tenant among ids (unknown ones refused). */
  const definitions = async (user: AuthUser, ids: string[]) => {
    if ((await engine.definitionIdsOf(user.tenantId, ids)).length !== new Set(ids).size) throw fail('流程定义不存在');
    return ids;
  };
  const suspendDefs = async (user: AuthUser, ids: string[], state: string | number) => {
    const suspend = ['suspend', 'suspended', '2', 2].includes(state);
    const active = ['active', '1', 1].includes(state);
    if (!suspend && !active) throw fail('状态只能是 active 或 suspend');
    for (const id of ids) await engine.setDefinitionSuspended(user.tenantId, id, suspend);
  };
  route({
    method: 'POST',
    url: `${FLOW}/manager/change-state`,
    summary: '流程管理: 挂起/激活流程定义',
    tags,
    requires: { code: 'wf_deployment_status' },
    query: z.looseObject({ processId: z.string().optional(), state: z.string().optional() }),
    handler: async ({ user, req }) => {
      const b = parseOrFail(
        z.looseObject({
          processId: idListField('缺少必要的请求参数: processId'),
          state: z.union([z.string(), z.number()], { error: '缺少必要的请求参数: state' }),
        }),
        inputOf(req),
      );
      await suspendDefs(user, await definitions(user, b.processId), b.state);
    },
  });

  /** Deployments of the caller's tenant among ids; refused while an instance of them runs. */
  const removeDeployments = (user: AuthUser, ids: string[]) => engine.removeDeployments(user.tenantId, ids);
  route({
    method: 'POST',
    url: `${FLOW}/manager/delete-deployment`,
    summary: '流程管理: 删除部署',
    tags,
    requires: { code: 'wf_deployment_delete' },
    msg: '删除成功',
    query: z.looseObject({ deploymentIds: z.string().optional() }),
    handler: async ({ user, req }) =>
      removeDeployments(user, parseOrFail(z.looseObject({ deploymentIds: idListField('缺少必要的请求参数: deploymentIds') }), inputOf(req)).deploymentIds),
  });

  route({
    method: 'POST',
    url: `${FLOW}/manager/deploy-upload`,
    summary: '流程管理: 上传部署BPMN(multipart: category, tenantIds, files)',
    tags,
    requires: { code: 'wf_deployment_upload' },
    msg: '部署成功',
    handler: async ({ user, req }) => {
      if (!req.isMultipart()) throw fail('请上传流程文件');
      const fields: Record<string, string> = {};
      const files: { name: string; xml: string }[] = [];
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const buf = await part.toBuffer();
          if (!/\.(bpmn|xml|bpmn20\.xml)$/i.test(part.filename)) throw fail(`不支持的文件类型: ${part.filename.slice(0, 80)}，请上传 .bpmn 或 .xml 文件`);
          files.push({ name: part.filename, xml: buf.toString('utf8') });
        } else fields[part.fieldname] = String(part.value);
      }
      if (!files.length) throw fail('请上传流程文件');
      const category = fields.category?.trim() || undefined;
      const tenantIds = [
        ...new Set(
          (fields.tenantIds ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (!tenantIds.length) tenantIds.push(user.tenantId);
      for (const t of tenantIds) {
        if (t !== user.tenantId && !isPlatformAdmin(user)) throw forbidden('只有平台管理员可以部署到其他租户');
        if (!/^\d{6}$/.test(t) || !(await findTenant(database.db, t))) throw fail(`租户 ${t.slice(0, 20)} 不存在`);
      }
      const out = [];
      for (const t of tenantIds) {
        for (const f of files) {
          const d = await engine.deploy(t, f.xml, { resourceName: f.name, deployUser: user.userId, ...(category ? { category } : {}) });
          out.push({ tenantId: t, deploymentId: d.deploymentId, definitions: d.definitions });
        }
      }
      return out;
    },
  });

  /** Definitions of the caller's deployments among ids. */
  const defsOfDeployments = async (user: AuthUser, ids: string[]) => {
    const defs = await engine.deploymentDefinitions(user.tenantId, ids);
    if (!defs) throw fail('部署不存在');
    return defs;
  };
  route({
    method: 'POST',
    url: `${FLOW}/manager/check-upload`,
    summary: '流程管理: 检查上传的流程文件(multipart: file)',
    tags,
    requires: { code: 'wf_deployment_upload' },
    handler: async ({ user, req }) => {
      if (!req.isMultipart()) throw fail('请上传流程文件');
      let file: { name: string; xml: string } | undefined;
      for await (const part of req.parts()) {
        if (part.type !== 'file') continue;
        const buf = await part.toBuffer();
        if (!file) file = { name: part.filename, xml: buf.toString('utf8') };
      }
      if (!file) throw fail('请上传流程文件');
      // As BladeX: the file's name and whether it may be deployed (the deploy's own checks), with the reason when not.
      const suffix = /\.(bpmn|xml|bpmn20\.xml)$/i.test(file.name);
      const problem = suffix ? await engine.checkModel(user.tenantId, file.xml) : `不支持的文件类型: ${file.name.slice(0, 80)}，请上传 .bpmn 或 .xml 文件`;
      return { name: file.name, success: !problem, ...(problem ? { msg: problem } : {}) };
    },
  });

  // 部署管理 under the product's path and the spec's (design/deployment).
  for (const base of [DEPLOY, DESIGN_DEPLOY]) {
    route({
      method: 'GET',
      url: `${base}/list`,
      summary: '部署管理: 部署列表',
      tags,
      requires: { code: 'wf_deployment' },
      query: listParams.loose(),
      handler: async ({ user, query }) => {
        const size = Math.min(query.size, await maxSize(user.tenantId));
        const { rows, total } = await engine.deploymentPage(user.tenantId, {
          ...(query.category ? { categories: categoryAndBelow(await tenantCategories(wf.db, user.tenantId), query.category) } : {}),
          ...(query.name ? { name: query.name } : {}),
          limit: size,
          offset: (query.current - 1) * size,
        });
        const names = await queries.names(
          user.tenantId,
          rows.map((r) => String(r.deployUser ?? '')),
        );
        return page(
          rows.map((r) => ({ ...r, deployUserName: names.get(String(r.deployUser ?? '')) ?? null })),
          total,
          query.current,
          size,
        );
      },
    });
    route({
      method: 'POST',
      url: `${base}/remove`,
      summary: '部署管理: 删除部署',
      tags,
      requires: { code: 'wf_deployment_delete' },
      msg: '删除成功',
      query: z.looseObject({ ids: z.string().optional() }),
      handler: async ({ user, req }) => removeDeployments(user, parseOrFail(z.looseObject({ ids: idListField('缺少必要的请求参数: ids') }), inputOf(req)).ids),
    });
    route({
      method: 'POST',
      url: `${base}/changeStatus`,
      summary: '部署管理: 挂起/激活',
      tags,
      requires: { code: 'wf_deployment_status' },
      query: z.looseObject({ ids: z.string().optional(), status: z.string().optional() }),
      handler: async ({ user, req }) => {
        const b = parseOrFail(
          z.looseObject({ ids: idListField('缺少必要的请求参数: ids'), status: z.union([z.string(), z.number()], { error: '缺少必要的请求参数: status' }) }),
          inputOf(req),
        );
        await suspendDefs(user, await defsOfDeployments(user, b.ids), b.status);
      },
    });
    route({
      method: 'POST',
      url: `${base}/changeCategory`,
      summary: '部署管理: 变更分类',
      tags,
      requires: { code: 'wf_deployment_category' },
      query: z.looseObject({ ids: z.string().optional(), category: z.string().optional() }),
      handler: async ({ user, req }) => {
        const b = parseOrFail(
          z.looseObject({ ids: idListField('缺少必要的请求参数: ids'), category: z.string({ error: '请选择流程分类' }).min(1, '请选择流程分类').max(255) }),
          inputOf(req),
        );
        await defsOfDeployments(user, b.ids);
        await engine.setDeploymentCategory(user.tenantId, b.ids, b.category);
      },
    });
  }
}
