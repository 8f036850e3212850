/**
 * How a command runs (the engine's commands are built on it): lock the instance row, load the instance into a Run,
 * act, run the agenda, write the changes back and tell the business hooks — all in one transaction.
 */
import { sql } from 'drizzle-orm';
import { isCandidate, type TaskHolding } from './inbox.ts';
import { userNamesOf, type ProcessModel } from './model.ts';
import { Run, type DefInfo } from './runtime.ts';
import { wfExecutions } from './schema.ts';
import { FixedStatement } from '../../../platform/db/prepared.ts';
import { InstanceState, type TaskRow, type Tx } from './state.ts';

import { refuse } from './errors.ts';
import type { Actor, ClassMap, GuardResult, TaskGuard, TaskRef, TaskView } from './types.ts';
import { EngineQueries } from './queries.ts';

/**
 * Locks the root execution of an instance of the tenant unless another holds it (the job runner), answering its id and
 * definition, or nothing. Like every lock statement it adds one to the row's `lock_rev` (state.ts `lockLoadStatement`).
 */
const LOCK_SKIP = new FixedStatement(
  () =>
    sql`UPDATE ${wfExecutions} e SET lock_rev = e.lock_rev + 1
      FROM (SELECT s.id FROM ${wfExecutions} s WHERE s.id = ${sql.placeholder('id')} AND s.tenant_id = ${sql.placeholder('tenantId')} AND s.parent_id IS NULL
        FOR UPDATE SKIP LOCKED) free
      WHERE e.id = free.id RETURNING e.id::text AS id, e.proc_def_id::text AS def`,
);

export class EngineRunner extends EngineQueries {
  protected run(
    tx: Tx,
    tenantId: string,
    def: DefInfo,
    model: ProcessModel,
    state: InstanceState,
    operator: string | null,
    classMap: ClassMap,
    now = this.now(),
  ) {
    return new Run({
      tx,
      tenantId,
      model,
      def,
      state,
      now,
      zt: this.zt,
      identity: this.opts.identity,
      proxies: this.proxies,
      listeners: this.listeners,
      classMap,
      functions: this.functions,
      operator,
      notify: this.opts.notify ?? (async () => {}),
      warn: this.opts.warn ?? (() => {}),
    });
  }

  /**
   * Loads a locked instance into a Run; `skipLocked` answers null instead of waiting (job poller). The instance is
   * named by id, or by one of its open tasks (`{ taskId }`: the lock finds the instance, one statement less).
   * Without `skipLocked` a missing instance or task is refused (流程实例不存在或已结束 / 任务不存在或已被处理).
   */
  protected open(tx: Tx, tenantId: string, of: string | { taskId: string }, operator: string | null): Promise<Run>;
  protected open(tx: Tx, tenantId: string, of: string | { taskId: string }, operator: string | null, skipLocked: true): Promise<Run | null>;
  protected async open(tx: Tx, tenantId: string, of: string | { taskId: string }, operator: string | null, skipLocked = false): Promise<Run | null> {
    // The time the statement asks whether a proxy is in force at (the command's own time is taken once it holds the lock).
    const at = this.zt.format(this.now());
    // Locked and loaded in one statement, with whether a proxy can be in force (ProxyLookup.inForce) and the users the
    // definition's tasks may name (its stored user_names); the job runner, which must not wait, locks first.
    const [lockedRow] = skipLocked
      ? await LOCK_SKIP.run(tx, { id: of, tenantId })
      : typeof of === 'string'
        ? await this.lockLoad.instance.run(tx, { id: of, tenantId, at, operator })
        : await this.lockLoad.task.run(tx, { taskId: of.taskId, tenantId, at, operator });
    if (!lockedRow) {
      if (skipLocked) {
        this.opts.onConflict?.('skipped');
        return null;
      }
      throw refuse(typeof of === 'string' ? '流程实例不存在或已结束' : '任务不存在或已被处理');
    }
    const procInstId = String(lockedRow.id);
    const now = this.now();
    const lockedModel = await this.model(String(lockedRow.def), tx);
    let state: InstanceState;
    if (lockedRow.fresh === true) {
      state = InstanceState.fromRow(procInstId, lockedRow);
      // Its proxy answer was for `at`: a lock granted in a later second leaves it unknown (each assignee's is asked).
      if (this.zt.format(now) !== at) state.proxyInForce = true;
    } else {
      if (!skipLocked) this.opts.onConflict?.('waited');
      // Locked after waiting for another command (its changes are not in the statement's snapshot), or by the job
      // runner: loaded now, with the users the model's tasks may name (userNamesOf).
      const names = userNamesOf(lockedModel);
      state = await InstanceState.load(tx, procInstId, this.load, {
        tenantId,
        at: this.zt.format(now),
        userVariables: names.variables,
        userNames: operator && names.operator ? [...names.names, operator] : names.names,
        userStarter: names.starter,
      });
    }
    const h = state.hiProc;
    const def: DefInfo = { id: h.procDefId, key: h.procDefKey, name: h.procDefName, version: h.procDefVersion };
    const model = def.id === String(lockedRow.def) ? lockedModel : await this.model(def.id, tx);
    return this.run(tx, tenantId, def, model, state, operator, await this.classMap(tx, tenantId), now);
  }

  /**
   * Ends a command: runs its agenda, saves, tells the hooks. `owned`: the transaction is the command's own and ends
   * with it, so when no hook hears the instance the write is its last statement and carries its COMMIT (`flush`).
   * `created`: the instance was started by this command.
   */
  protected async finish(tx: Tx, run: Run, opts: { owned: boolean; created?: boolean }) {
    await run.drain();
    const h = run.state.hiProc;
    const heard = run.events.length > 0 && this.hooks.hears(h.procDefKey, h.businessKey);
    await run.state.flush(tx, opts.created ?? false, opts.owned && !heard);
    for (const e of run.events) {
      await this.hooks.emit(
        {
          type: e.type,
          tenantId: h.tenantId,
          processKey: h.procDefKey,
          processDefinitionId: h.procDefId,
          processInstanceId: h.id,
          businessKey: h.businessKey,
          userId: run.d.operator,
          ended: run.ended,
          ...(e.comment !== undefined ? { comment: e.comment } : {}),
          ...(e.resubmitted ? { resubmitted: true } : {}),
          ...(e.type === 'taskCompleted' ? { taskId: e.taskId, taskDefinitionKey: e.taskDefinitionKey, pass: e.pass, variables: e.variables ?? {} } : {}),
        },
        tx,
      );
    }
  }

  /** A command on an instance: lock, load, act, run the agenda, save, tell the hooks. */
  protected async onInstance<T>(
    tenantId: string,
    procInstId: string | { taskId: string },
    actor: Actor | null,
    fn: (run: Run) => Promise<T> | T,
    allowSuspended = false,
    /** The caller's transaction to run in (else the command has its own). */
    outer?: Tx,
  ): Promise<T> {
    const body = async (tx: Tx) => {
      const run = await this.open(tx, tenantId, procInstId, actor?.id ?? null);
      if (!allowSuspended && run.root().suspensionState === 2) throw refuse('流程已挂起，不能办理');
      const out = await fn(run);
      await this.finish(tx, run, { owned: !outer });
      return out;
    };
    return outer ? body(outer) : this.db.transaction(body);
  }

  /**
   * A command on a task: locks its instance (found through the task, or named by the caller: a task already read),
   * and re-reads the task under the lock (a wrong instance finds no task). A `guard` (the caller's access checks,
   * e.g. the route's holder check) runs on the task as the lock found it, before the instance's suspension is
   * checked and before the command acts: it may refuse, and may answer the variables the command takes.
   */
  protected async onTask<T>(
    tenantId: string,
    ref: TaskRef,
    actor: Actor | null,
    fn: (run: Run, task: TaskRow, guarded: GuardResult) => Promise<T> | T,
    guard?: TaskGuard,
  ): Promise<T> {
    const taskId = typeof ref === 'string' ? ref : ref.id;
    const procInstId = typeof ref === 'string' ? undefined : ref.processInstanceId;
    return this.onInstance(
      tenantId,
      procInstId ?? { taskId },
      actor,
      async (run) => {
        const task = run.state.tasks.get(taskId);
        if (!task) throw refuse('任务不存在或已被处理');
        const guarded = (guard && (await guard(this.viewOf(run, task), () => this.instanceVariables(run), run.d.tx))) || {};
        if (guard && run.root().suspensionState === 2) throw refuse('流程已挂起，不能办理');
        return fn(run, task, guarded);
      },
      !!guard,
    );
  }

  /** A task of the command's loaded rows as `task()` shows it. */
  private viewOf(run: Run, task: TaskRow): TaskView {
    const links = run.state.links
      .all()
      .filter((l) => l.taskId === task.id)
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
      .map((l) => ({ u: l.userId, g: l.groupId }));
    return this.view({ ...task, links });
  }

  /** The instance's own variables (its root execution's) of the command's loaded rows, as `variables()` answers them. */
  private instanceVariables(run: Run): Record<string, unknown> {
    const id = run.state.procInstId;
    return Object.fromEntries(
      run.state.vars
        .all()
        .filter((v) => v.executionId === id)
        .map((v) => [v.name, JSON.parse(v.value) as unknown]),
    );
  }

  /** The task as the holding predicates see it, from the command's loaded rows. */
  private holding(run: Run, task: TaskRow): TaskHolding {
    const links = run.state.links.all().filter((l) => l.taskId === task.id);
    return {
      assignee: task.assignee,
      candidateUsers: links.flatMap((l) => (l.userId ? [l.userId] : [])),
      candidateGroups: links.flatMap((l) => (l.groupId ? [l.groupId] : [])),
    };
  }

  private async isCandidate(run: Run, task: TaskRow, actor: Actor) {
    const h = this.holding(run, task);
    // The groups only when the user is not named: one read less for the usual case.
    if (isCandidate(h, actor.id, new Set())) return true;
    if (!h.candidateGroups.length) return false;
    return isCandidate(h, actor.id, new Set(await this.groupsOf(run.d.tenantId, actor.id, run.d.tx)));
  }

  /** The actor holds the task, or it is unassigned and the actor is a candidate (then the actor claims it). */
  protected async takeHold(run: Run, task: TaskRow, actor: Actor, force = false) {
    if (task.assignee === actor.id || (force && task.assignee)) return;
    if (task.assignee) throw refuse('该任务不属于您，不能办理');
    if (!force && !(await this.isCandidate(run, task, actor))) throw refuse('您不是该任务的候选人，不能办理');
    task.assignee = actor.id;
    task.claimTime = run.now;
    await run.assigned(task);
  }

  protected execOf(run: Run, task: TaskRow) {
    const e = run.state.executions.get(task.executionId);
    if (!e) throw refuse('任务的执行已不存在');
    return e;
  }
}
