/**
 * The task and instance actions of the handle screen (WORKFLOW.md "Task actions"): each checks who may act —
 * the task's holder (inbox.ts: assigned, or a candidate, who then claims it), the starter for withdraw, anyone
 * involved for copy and urge — and is one engine command.
 */
import { z } from 'zod';
import type { AuthUser } from '../../../platform/auth/user.ts';
import { fail, forbidden } from '../../../platform/http/errors.ts';
import { parseOrFail } from '../../../platform/http/route.ts';
import { actorOf, attachmentsField, boolField, idField, userListField, variablesField } from '../access.ts';
import type { TaskView, Tx } from '../engine/index.ts';
import { checkFormValues, formKeyOf, type ProcessContext } from './context.ts';

const comment = z.string().max(4000).optional();
const taskIdInput = z.looseObject({ taskId: idField });

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

/**
 * 办理 (completeTask): `pass=true` approves (the node's form checked on what the instance holds plus this call's
 * writable values; optional next assignees), `pass=false` rejects, no `pass` is Flowable's plain complete (claiming
 * first for a candidate). Copies go out after it.
 */
export async function completeTask(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const { engine, guard } = c;
  const body = parseOrFail(completeBody, input);
  if (!body.comment?.trim()) throw fail('请填写批复意见');
  const actor = actorOf(user);
  const attachments = body.attachment ?? [];
  const from = body.processFrom?.trim() ? { processFrom: body.processFrom.trim() } : {};
  let copyUsers: string[] = [];
  let processInstanceId = '';
  /**
   * Who may act, the people named and what may be written, checked in this order on the task as the command's lock
   * finds it (reads in the command's transaction `tx`; none before it).
   */
  const checks = async (task: TaskView, instanceVariables: () => Record<string, unknown>, tx: Tx) => {
    await guard.holding(user, task, tx);
    if (body.processInstanceId && body.processInstanceId !== task.processInstanceId) throw fail('任务不属于该流程实例');
    processInstanceId = task.processInstanceId;
    copyUsers = body.copyUser ? await guard.users(user, body.copyUser, tx) : [];
    const next = body.assignee ? await guard.users(user, body.assignee, tx) : undefined;
    const variables = await guard.writable(task, task.processDefinitionId, body.variables ?? {});
    if (body.pass === true) {
      // An approval leaves the node's form complete: what the instance holds plus what this call writes.
      const node = (await engine.model(task.processDefinitionId)).nodes.get(task.taskDefKey);
      const values = { ...instanceVariables(), ...variables };
      await checkFormValues(
        c,
        user.tenantId,
        task.processDefinitionId,
        formKeyOf(node),
        values,
        { nodeId: task.taskDefKey, nodeFields: node?.userTask?.fields ?? [] },
        tx,
      );
    }
    return { variables, ...(next ? { nextAssignees: next } : {}) };
  };
  let out: unknown;
  if (body.pass === true) out = await engine.approve(user.tenantId, body.taskId, actor, { comment: body.comment, attachments, ...from, guard: checks });
  else if (body.pass === false) out = await engine.reject(user.tenantId, body.taskId, actor, { comment: body.comment, attachments, ...from, guard: checks });
  else {
    // A plain complete (Flowable's): claim first when the caller is a candidate; a PENDING delegated task is refused.
    let task = await guard.holder(user, body.taskId);
    if (body.processInstanceId && body.processInstanceId !== task.processInstanceId) throw fail('任务不属于该流程实例');
    processInstanceId = task.processInstanceId;
    copyUsers = body.copyUser ? await guard.users(user, body.copyUser) : [];
    if (body.assignee) await guard.users(user, body.assignee);
    const variables = await guard.writable(task, task.processDefinitionId, body.variables ?? {});
    if (!task.assignee) {
      await engine.claim(user.tenantId, task, actor);
      task = await guard.holder(user, task.id);
    }
    out = await engine.completeTask(user.tenantId, task, actor, { comment: body.comment, attachments, variables, ...from });
  }
  if (copyUsers.length) await engine.copy(user.tenantId, processInstanceId, actor, copyUsers, { taskId: body.taskId });
  return out;
}

/** 签收: an unassigned task the user is a candidate of. */
export async function claimTask(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const { taskId } = parseOrFail(taskIdInput, input);
  const task = await c.guard.task(user, taskId);
  if (task.assignee && task.assignee !== user.userId) throw fail('任务已被他人签收');
  if (!task.assignee && !(await c.engine.candidate(user.tenantId, task, user.userId))) throw forbidden('您不是该任务的候选人，不能签收');
  return c.engine.claim(user.tenantId, taskId, actorOf(user));
}

/** The nodes the holder may roll the task back to. */
export async function backNodes(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const { taskId } = parseOrFail(taskIdInput, input);
  await c.guard.holder(user, taskId);
  return c.engine.backNodes(user.tenantId, taskId);
}

/** The people an action hands the task to, and its comment with attachments. */
async function handOver(c: ProcessContext, user: AuthUser, input: Record<string, unknown>, missing: string) {
  const body = parseOrFail(z.looseObject({ taskId: idField, assignee: userListField(missing), comment, attachment: attachmentsField.optional() }), input);
  const task = await c.guard.holder(user, body.taskId);
  const users = await c.guard.users(user, body.assignee);
  return { task, users, opts: { ...(body.comment ? { comment: body.comment } : {}), attachments: body.attachment ?? [] } };
}

/** 转办: the other user becomes the assignee. */
export async function transferTask(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const { task, users, opts } = await handOver(c, user, input, '请选择转办人');
  const [to] = users;
  if (users.length !== 1 || to === undefined) throw fail('只能转办给一个人');
  return c.engine.transfer(user.tenantId, task, actorOf(user), to, opts);
}

/** 委托: the other user handles it and hands it back. */
export async function delegateTask(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const { task, users, opts } = await handOver(c, user, input, '请选择委托人');
  const [to] = users;
  if (users.length !== 1 || to === undefined) throw fail('只能委托给一个人');
  return c.engine.delegate(user.tenantId, task, actorOf(user), to, opts);
}

/** 加签: one more instance of the task's countersign per user. */
export async function addMultiInstance(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const { task, users, opts } = await handOver(c, user, input, '请选择加签人员');
  return c.engine.addCountersign(user.tenantId, task, actorOf(user), users, opts);
}

/** 减签: another signer's task of the countersign (by task, or by user), or a sequential loop's current round; `completed` counts it as done. */
export async function deleteMultiInstance(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const body = parseOrFail(
    z.looseObject({ taskId: idField, targetTaskId: idField.optional(), assignee: z.string().max(64).optional(), completed: boolField.optional(), comment }),
    input,
  );
  if (!body.targetTaskId && !body.assignee) throw fail('请选择要减签的人员');
  const task = await c.guard.holder(user, body.taskId);
  const [userId] = !body.targetTaskId && body.assignee ? await c.guard.users(user, [body.assignee]) : [];
  const target = body.targetTaskId ? { taskId: body.targetTaskId } : userId !== undefined ? { userId } : undefined;
  if (!target) throw fail('请选择要减签的人员');
  const completed = body.completed !== undefined ? { completed: body.completed } : {};
  return c.engine.removeCountersign(user.tenantId, task, actorOf(user), { ...target, ...completed }, { ...(body.comment ? { comment: body.comment } : {}) });
}

/** 回退 to a chosen back node. */
export async function rollbackTask(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const body = parseOrFail(
    z.looseObject({ taskId: idField, nodeId: z.string().min(1, '请选择回退节点').max(255), comment, attachment: attachmentsField.optional() }),
    input,
  );
  const task = await c.guard.holder(user, body.taskId);
  return c.engine.rollback(user.tenantId, task, actorOf(user), body.nodeId, {
    ...(body.comment ? { comment: body.comment } : {}),
    attachments: body.attachment ?? [],
  });
}

/** 终止: needs a comment. */
export async function terminateProcess(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const body = parseOrFail(z.looseObject({ taskId: idField, comment, attachment: attachmentsField.optional() }), input);
  if (!body.comment?.trim()) throw fail('请填写终止意见');
  const task = await c.guard.holder(user, body.taskId);
  return c.engine.terminate(user.tenantId, task.processInstanceId, actorOf(user), {
    comment: body.comment,
    taskId: task.id,
    attachments: body.attachment ?? [],
  });
}

/** The instance named by processInstanceId (or processInsId), or the instance of taskId (open or finished). */
export async function instanceOf(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const b = parseOrFail(z.looseObject({ processInstanceId: idField.optional(), processInsId: idField.optional(), taskId: idField.optional() }), input);
  const id = b.processInstanceId ?? b.processInsId;
  if (id) return c.guard.instance(user, id);
  if (!b.taskId) throw fail('缺少必要的请求参数: processInstanceId');
  const procInstId = await c.engine.instanceOfTask(user.tenantId, b.taskId);
  if (!procInstId) throw fail('任务不存在');
  return c.guard.instance(user, procInstId);
}

/** 撤回 by the starter: `wf_withdraw_end` (default) ends the process, `wf_withdraw_start` returns it to the starter's first task. */
export async function withdrawTask(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const b = parseOrFail(
    z.looseObject({ comment, withdrawType: z.enum(['wf_withdraw_start', 'wf_withdraw_end'], { error: '撤回类型不正确' }).optional() }),
    input,
  );
  const proc = await instanceOf(c, user, input);
  if (proc.startUserId !== user.userId || proc.endTime) throw fail('此任务不可撤回');
  return c.engine.withdraw(user.tenantId, proc.id, actorOf(user), { ...(b.comment ? { comment: b.comment } : {}), type: b.withdrawType ?? 'wf_withdraw_end' });
}

/** 抄送 by anyone who may read the instance. */
export async function copyProcess(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const b = parseOrFail(z.looseObject({ copyUser: userListField('请选择抄送人'), taskId: idField.optional() }), input);
  const proc = await instanceOf(c, user, input);
  await c.guard.readable(user, proc.id);
  const users = await c.guard.users(user, b.copyUser);
  await c.engine.copy(user.tenantId, proc.id, actorOf(user), users, { ...(b.taskId ? { taskId: b.taskId } : {}) });
}

/** 催办 by anyone who may read the running instance. */
export async function urgeProcess(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const b = parseOrFail(z.looseObject({ message: z.string().max(1000).optional() }), input);
  const proc = await instanceOf(c, user, input);
  await c.guard.readable(user, proc.id);
  if (proc.endTime) throw fail('流程已结束');
  return c.engine.urge(user.tenantId, proc.id, actorOf(user), { ...(b.message ? { message: b.message } : {}) });
}
