/**
 * The workflow engine's service API (docs/workflow.md "The engine's parts"). Every command runs in one transaction
 * that first locks the process instance row (SELECT ... FOR UPDATE), loads the instance, runs the agenda and
 * writes the changes back; business hooks hear their events inside that transaction. What the engine refuses is a
 * `WorkflowError` (errors.ts), which the workflow module answers as a 400. The engine is one object built in
 * layers, one file each: repository.ts (definitions) ← queries.ts ← runner.ts (how a command runs) ← jobs.ts ←
 * commands.ts (the approval path) ← this file (hand-offs and the operations console's commands).
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { nextId } from '../../../platform/db/ids.ts';
import { type WorkflowEventType } from './hooks.ts';
import { addSigners, removeSigner } from './multi-instance.ts';
import { wfComments, wfHiProcInsts, wfHiTaskInsts, wfUrges } from './schema.ts';
import type { Run } from './runtime.ts';
import { type Tx } from './state.ts';

import { refuse } from './errors.ts';
import type { Actor, Opts, TaskRef, WithdrawType } from './types.ts';
import { EngineCommands } from './commands.ts';

const WITHDRAW_END = 'wf_withdraw_end';
const NOT_WITHDRAWABLE = '此任务不可撤回';

export class WorkflowEngine extends EngineCommands {
  /** 转办: the other user becomes the assignee (owner = me when empty). */
  async transfer(tenantId: string, taskId: TaskRef, actor: Actor, toUserId: string, opts: Opts = {}) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      await this.takeHold(run, task, actor);
      if (toUserId === actor.id) throw refuse('不能转办给自己');
      task.owner = task.owner ?? actor.id;
      task.assignee = await run.userId(toUserId);
      run.comment('transferComment', opts.comment ?? '转办成功', task.id, 'transfer', undefined, opts.attachments);
      await run.assigned(task);
      return { assignee: task.assignee, owner: task.owner };
    });
  }

  /** 委托: owner = the delegating user, assignee = the other, PENDING until they resolve it. */
  async delegate(tenantId: string, taskId: TaskRef, actor: Actor, toUserId: string, opts: Opts = {}) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      await this.takeHold(run, task, actor);
      if (toUserId === actor.id) throw refuse('不能委托给自己');
      // WORKFLOW.md: the owner is the delegating user (also after a transfer), who gets the task back on resolve.
      task.owner = task.assignee ?? actor.id;
      task.assignee = await run.userId(toUserId);
      task.delegation = 'PENDING';
      run.comment('delegateComment', opts.comment ?? '委托成功', task.id, 'delegate', undefined, opts.attachments);
      await run.assigned(task);
      return { assignee: task.assignee, owner: task.owner, delegationState: task.delegation };
    });
  }

  /** The delegate hands a PENDING task back to its owner (RESOLVED; the task stays open). */
  async resolve(tenantId: string, taskId: TaskRef, actor: Actor, opts: { variables?: Record<string, unknown> } & Opts = {}) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      if (task.delegation !== 'PENDING') throw refuse('该任务不是委托中的任务');
      if (task.assignee !== actor.id) throw refuse('只有被委托人可以办理委托任务');
      run.comment('comment', opts.comment ?? '已处理', task.id, 'resolve', undefined, opts.attachments);
      this.resolveDelegation(run, task, opts.variables);
      await run.assigned(task);
      return { assignee: task.assignee, delegationState: task.delegation };
    });
  }

  /** 签收: refused when someone else holds the task or the actor is no candidate. */
  async claim(tenantId: string, taskId: TaskRef, actor: Actor) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      if (task.assignee === actor.id) return { assignee: task.assignee };
      if (task.assignee) throw refuse('任务已被他人签收');
      await this.takeHold(run, task, actor);
      return { assignee: task.assignee };
    });
  }

  /** 取消签收: back to the candidates. */
  async unclaim(tenantId: string, taskId: TaskRef, actor: Actor) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      if (task.assignee !== actor.id) throw refuse('只能取消自己签收的任务');
      if (!run.state.links.all().some((l) => l.taskId === task.id)) throw refuse('该任务没有候选人，不能取消签收');
      task.assignee = null;
      task.claimTime = null;
      await run.assigned(task);
    });
  }

  /** 加签: one more instance of the task's multi-instance node per user, after the last of the loop (multi-instance.ts). */
  async addCountersign(tenantId: string, taskId: TaskRef, actor: Actor, userIds: string[], opts: Opts = {}) {
    if (!userIds.length) throw refuse('请选择加签人员');
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      await this.takeHold(run, task, actor);
      await addSigners(run, task, userIds);
      run.comment('addMultiInstanceComment', opts.comment ?? `加签成功: ${userIds.join(',')}`, task.id, 'addSign', undefined, opts.attachments);
      return this.outcome(run);
    });
  }

  /**
   * 减签 (multi-instance.ts removeSigner): parallel — another open task of the node; sequential — the current round,
   * or a countersigner added for a round not reached yet. `completed`: the removed instance counts as completed
   * (Flowable's executionIsCompleted). The comment goes on the task, or on the instance when the task itself went.
   */
  async removeCountersign(tenantId: string, taskId: TaskRef, actor: Actor, target: { taskId?: string; userId?: string; completed?: boolean }, opts: Opts = {}) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      await this.takeHold(run, task, actor);
      await removeSigner(run, task, target);
      run.comment('deleteMultiInstanceComment', opts.comment ?? '减签成功', run.state.tasks.get(task.id) ? task.id : null, 'deleteSign');
      return this.outcome(run);
    });
  }

  /**
   * 撤回 by the starter while nobody else has acted (else 此任务不可撤回): `wf_withdraw_end` ends the process at the
   * virtual `wf_withdraw_end` node (status withdraw, comment 撤销流程); `wf_withdraw_start` returns it to the starter's
   * first user task (else the start node), where the starter holds it and submits it again (status recall until
   * then). Hooks hear `withdrawn`.
   */
  async withdraw(tenantId: string, procInstId: string, actor: Actor, opts: Opts & { type?: WithdrawType } = {}) {
    return this.onInstance(tenantId, procInstId, actor, async (run) => {
      if (run.state.hiProc.startUserId !== actor.id) throw refuse(NOT_WITHDRAWABLE);
      const acted = await run.d.tx
        .select({ id: wfHiTaskInsts.id })
        .from(wfHiTaskInsts)
        .where(
          and(
            eq(wfHiTaskInsts.procInstId, procInstId),
            isNotNull(wfHiTaskInsts.endTime),
            isNull(wfHiTaskInsts.deleteReason),
            sql`${wfHiTaskInsts.assignee} IS DISTINCT FROM ${actor.id}`,
          ),
        )
        .limit(1);
      const commented = await run.d.tx
        .select({ id: wfComments.id })
        .from(wfComments)
        .where(and(eq(wfComments.procInstId, procInstId), sql`${wfComments.userId} IS DISTINCT FROM ${actor.id}`, sql`${wfComments.userId} IS NOT NULL`))
        .limit(1);
      if (acted.length || commented.length) throw refuse(NOT_WITHDRAWABLE);
      if (opts.type === 'wf_withdraw_start') {
        const first = await this.startersFirstTask(run);
        if (run.state.tasks.all().some((t) => t.taskDefKey === (first ?? run.model.startId))) throw refuse(NOT_WITHDRAWABLE);
        run.comment('withdrawComment', opts.comment?.trim() || '撤回重新提交', null, 'withdraw_start');
        if (first) await this.toStartersTask(run, first);
        else await this.toStart(run);
        run.state.hiProc.status = 'recall';
        run.state.hiProcDirty = true;
      } else {
        run.comment('withdrawComment', opts.comment?.trim() || '撤销流程', null, 'withdraw');
        await this.endAt(run, WITHDRAW_END, '撤回', 'withdraw');
      }
      run.events.push({ type: 'withdrawn', ...(opts.comment ? { comment: opts.comment } : {}) });
      return { type: opts.type ?? 'wf_withdraw_end', ...this.outcome(run) };
    });
  }

  /**
   * The starter's first user task: the node of the earliest task the starter completed in this instance (a plain
   * user task, not a countersign), e.g. the application form a process opens with; null when there is none.
   */
  private async startersFirstTask(run: Run): Promise<string | null> {
    const starter = run.state.hiProc.startUserId;
    if (!starter) return null;
    const done = await run.d.tx
      .select({ key: wfHiTaskInsts.taskDefKey })
      .from(wfHiTaskInsts)
      .where(
        and(
          eq(wfHiTaskInsts.procInstId, run.state.procInstId),
          eq(wfHiTaskInsts.assignee, starter),
          isNotNull(wfHiTaskInsts.endTime),
          isNull(wfHiTaskInsts.deleteReason),
        ),
      )
      .orderBy(asc(wfHiTaskInsts.startTime), asc(wfHiTaskInsts.id));
    const first = done.find((d) => {
      const n = run.model.nodes.get(d.key);
      return n?.type === 'userTask' && !n.loop;
    });
    return first?.key ?? null;
  }

  /** Every token moves to the starter's first user task, which the starter holds again to submit the process anew. */
  private async toStartersTask(run: Run, nodeId: string) {
    const starter = run.state.hiProc.startUserId;
    await this.moveAll(run, nodeId);
    await run.drain();
    for (const t of run.state.tasks.all()) {
      if (t.taskDefKey !== nodeId || t.assignee === starter) continue;
      t.assignee = starter;
      await run.assigned(t, true);
    }
  }

  /** 抄送: copies for users, who may then read the process. */
  async copy(tenantId: string, procInstId: string, actor: Actor, userIds: string[], opts: { taskId?: string } = {}) {
    if (!userIds.length) throw refuse('请选择抄送人');
    return this.onInstance(
      tenantId,
      procInstId,
      actor,
      async (run) => {
        for (const u of userIds) {
          run.state.copies.push({
            id: nextId(),
            tenantId,
            procInstId,
            taskId: opts.taskId ?? null,
            userId: await run.userId(u),
            fromUserId: actor.id,
            procDefKey: run.d.def.key,
            title: run.state.hiProc.title,
            isRead: false,
            createTime: run.now,
          });
        }
      },
      true,
    );
  }

  /** 催办: recorded for the current assignees (the notification step sends it). */
  async urge(tenantId: string, procInstId: string, actor: Actor, opts: { message?: string } = {}) {
    return this.onInstance(tenantId, procInstId, actor, async (run) => {
      const to = [
        ...new Set(
          run.state.tasks
            .all()
            .map((t) => t.assignee)
            .filter((a): a is string => !!a),
        ),
      ];
      for (const t of run.state.tasks.all().filter((x) => !x.assignee)) {
        for (const l of run.state.links.all()) if (l.taskId === t.id && l.userId) to.push(l.userId);
      }
      if (!to.length) throw refuse('当前没有可催办的办理人');
      const message = opts.message ?? '请尽快办理';
      await run.d.tx.insert(wfUrges).values({
        id: nextId(),
        tenantId,
        procInstId,
        taskId: run.state.tasks.all()[0]?.id ?? null,
        fromUserId: actor.id,
        toUserIds: [...new Set(to)].join(','),
        message,
        createTime: run.now,
      });
      await this.opts.notify?.(run.d.tx, tenantId, [...new Set(to)], message);
      return { userIds: [...new Set(to)] };
    });
  }

  /** Ops: suspend / activate an instance (suspended instances refuse every action). */
  async setSuspended(tenantId: string, procInstId: string, actor: Actor, suspended: boolean) {
    return this.onInstance(
      tenantId,
      procInstId,
      actor,
      async (run) => {
        const s = suspended ? 2 : 1;
        for (const e of run.state.executions.all()) {
          e.suspensionState = s;
          run.touch(e);
        }
        for (const t of run.state.tasks.all()) {
          t.suspensionState = s;
          run.state.tasks.touch(t);
        }
        run.state.hiProc.suspensionState = s;
        run.state.hiProcDirty = true;
      },
      true,
    );
  }

  /** Ops: set a task's assignee. */
  async changeAssignee(tenantId: string, taskId: TaskRef, actor: Actor, userId: string, opts: Opts = {}) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      task.assignee = await run.userId(userId);
      run.comment('assigneeComment', opts.comment ?? `变更办理人为 ${userId}`, task.id, 'changeAssignee');
      await run.assigned(task);
      return { assignee: task.assignee };
    });
  }

  /** Ops: move every token to any node, forwards or back. */
  async dispatch(tenantId: string, procInstId: string, actor: Actor, targetNodeId: string, opts: Opts = {}) {
    return this.onInstance(tenantId, procInstId, actor, async (run) => {
      const target = run.model.nodes.get(targetNodeId);
      if (!target || target.type === 'boundaryEvent' || target.type === 'startEvent') throw refuse(`不能调度到节点 ${targetNodeId}`);
      run.comment('dispatchComment', opts.comment ?? `调度到 ${target.name ?? target.id}`, null, 'dispatch');
      await this.moveAll(run, targetNodeId);
      return this.outcome(run);
    });
  }

  /**
   * Ops: delete the instance with a reason (status deleted). The reason is stored as given (instance and tasks);
   * the comment, which may name the operator, is `comment` (default: the reason).
   */
  async deleteProcess(tenantId: string, procInstId: string, actor: Actor, opts: { reason: string; comment?: string }) {
    if (!opts.reason?.trim()) throw refuse('请填写删除原因');
    return this.onInstance(
      tenantId,
      procInstId,
      actor,
      async (run) => {
        run.comment('deleteProcessComment', opts.comment ?? opts.reason, null, 'delete');
        await run.endProcess(null, 'deleted', opts.reason);
        run.events.push({ type: 'deleted', comment: opts.reason });
      },
      true,
    );
  }

  /**
   * Ends an instance that waits with its starter (rejected back to the start, or withdrawn to it) because the
   * business record is submitted again as a new instance (重新提交, the approval kit): open tasks go with the reason
   * `重新提交`, the status stays (reject / recall …), no event is emitted. The caller decides who may (the kit: the
   * record's applicant). In the caller's transaction when `tx` is given. Answers false when it has already ended.
   */
  async closeForResubmit(tenantId: string, procInstId: string, actor: Actor, opts: { tx?: Tx } = {}): Promise<boolean> {
    const [h] = await (opts.tx ?? this.db)
      .select({ endTime: wfHiProcInsts.endTime })
      .from(wfHiProcInsts)
      .where(and(eq(wfHiProcInsts.id, procInstId), eq(wfHiProcInsts.tenantId, tenantId)));
    if (!h || h.endTime) return false;
    return this.onInstance(
      tenantId,
      procInstId,
      actor,
      async (run) => {
        await run.endProcess(null, run.state.hiProc.status, '重新提交');
        return true;
      },
      true,
      opts.tx,
    );
  }

  /** Sets variables of a running instance (where they live, else on the instance). */
  async setVariables(tenantId: string, procInstId: string, actor: Actor | null, variables: Record<string, unknown>) {
    return this.onInstance(
      tenantId,
      procInstId,
      actor,
      (run) => {
        for (const [k, v] of Object.entries(variables)) run.setVar(run.root(), k, v);
      },
      true,
    );
  }
}

export { DefinitionRead } from './repository.ts';
export type * from './types.ts';
export type { WorkflowEventType };
