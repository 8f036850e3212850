/**
 * The console's actions (POST /api/blade-workflow/ops/*): each takes a comma list of task ids (or instance ids),
 * needs its own permission code, acts in the holder's place where the engine asks for one, and writes a comment
 * naming the operator.
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../platform/auth/user.ts';
import { fail } from '../../platform/http/errors.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { userDisplayName } from '../user/api.ts';
import { actorOf, boolField, idListField, inputOf, userListField, variablesField } from './access.ts';
import type { TaskView } from './engine/index.ts';
import { comment, each, FLOW, OPS, opsQuery, tags, type Ops } from './ops-context.ts';

/** How an action names its tasks and instances, whose place it acts in, and how it is routed. */
function actionKit({ ctx: { route }, guard }: Ops) {
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
  return { tasksOf, instancesOf, holderOf, opsComment, action };
}

/** The actions on tasks: complete, reassign, hand over, roll back, dispatch, add and remove signers. */
export function registerTaskActions(ops: Ops) {
  const { engine, guard } = ops;
  const { tasksOf, instancesOf, holderOf, opsComment, action } = actionKit(ops);

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
    // `completed`: the removed instance counts as completed (Flowable's deleteMultiInstanceExecution(…, executionIsCompleted)).
    const b = parseOrFail(z.looseObject({ comment, completed: boolField.optional() }), input);
    const tasks = await tasksOf(user, input);
    return each(
      tasks,
      (t) => t.id,
      async (t) => {
        const target = { taskId: t.id, ...(b.completed !== undefined ? { completed: b.completed } : {}) };
        const c = { comment: opsComment(user, b.comment, '减签') };
        // The engine removes a signer from the place of another signer of the same node; a sequential loop's only
        // open task is the current round, which it removes in its own holder's place (the loop goes on).
        const siblings = (await engine.tasks(user.tenantId, t.processInstanceId)).filter((x) => x.taskDefKey === t.taskDefKey && x.id !== t.id && x.assignee);
        const [sibling] = siblings;
        if (!sibling) return engine.removeCountersign(user.tenantId, t, holderOf(t), target, c);
        return engine.removeCountersign(user.tenantId, sibling.id, holderOf(sibling), target, c);
      },
    );
  });
}

/** The actions on process instances: suspend, copy, urge, terminate, run a timer now, delete. */
export function registerInstanceActions(ops: Ops) {
  const {
    ctx: { route },
    engine,
    guard,
  } = ops;
  const { instancesOf, opsComment, action } = actionKit(ops);

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
}
