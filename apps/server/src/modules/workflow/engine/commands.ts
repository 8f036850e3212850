/**
 * The engine's commands of the approval path: start, complete, approve, reject, roll back and terminate, with the
 * token moves they make; the hand-offs and the operations console's commands are engine.ts.
 */
import { DEFAULT_SERIAL_RULE, nextSerialNumber, type SerialRule } from '@hjl/core';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { nextId } from '../../../platform/db/ids.ts';
import { nodeOf, targetsOf, type FlowNode, type ProcessModel } from './model.ts';
import { Run } from './runtime.ts';
import { wfHiTaskInsts, wfSerials, wfTasks, type CommentAttachment } from './schema.ts';
import { FixedStatement } from '../../../platform/db/prepared.ts';
import { firstRow } from '../../../platform/db/rows.ts';
import { InstanceState, type ExecRow, type TaskRow, type Tx } from './state.ts';

import { refuse } from './errors.ts';
import type { Actor, BackNode, ForceOpts, Opts, StartOptions, StartResult, TaskRef } from './types.ts';
import { EngineJobs } from './jobs.ts';

/**
 * Takes the next value of a serial-number counter (engine.nextSerial) in a statement that is its own transaction
 * and commits asynchronously: `set_config(…, true)` sets `synchronous_commit` for that transaction only.
 */
const SERIAL_OWN_COMMIT = new FixedStatement(
  () =>
    sql`INSERT INTO ${wfSerials} (tenant_id, key, period, value)
      SELECT ${sql.placeholder('tenantId')}, ${sql.placeholder('key')}, ${sql.placeholder('period')}, ${sql.placeholder('start')}::int
      FROM (SELECT set_config('synchronous_commit', 'off', true) AS sync) own_commit WHERE own_commit.sync = 'off'
      ON CONFLICT (tenant_id, key, period) DO UPDATE SET value = greatest(${wfSerials}.value + 1, excluded.value)
      RETURNING value`,
);

export class EngineCommands extends EngineJobs {
  async startProcess(tenantId: string, actor: Actor, opts: StartOptions): Promise<StartResult> {
    const def = opts.definition?.tenantId === tenantId ? opts.definition : await this.definition(tenantId, opts, opts.tx);
    if (!def) throw refuse('流程定义不存在');
    if (def.suspensionState === 2) throw refuse('流程定义已挂起，不能发起');
    const serialNumber = await this.nextSerial(tenantId, def.key, opts.tx, opts.serialRule);
    const inTx = (body: (tx: Tx) => Promise<StartResult>) => (opts.tx ? body(opts.tx) : this.db.transaction(body));
    return inTx(async (tx) => {
      const model = await this.model(def.id, tx);
      const now = this.now();
      const nowText = this.zt.format(now);
      const procInstId = nextId();
      const userName = actor.name ?? (await this.opts.identity.findUser(tx, tenantId, actor.id))?.name ?? actor.id;
      const title = opts.title ?? `${userName}的${def.name ?? def.key}`;
      const state = InstanceState.empty({
        id: procInstId,
        tenantId,
        procDefId: def.id,
        procDefKey: def.key,
        procDefName: def.name,
        procDefVersion: def.version,
        businessKey: opts.businessKey ?? null,
        title,
        serialNumber,
        startUserId: actor.id,
        startUserName: userName,
        startActId: model.startId,
        endActId: null,
        startTime: nowText,
        endTime: null,
        durationMs: null,
        deleteReason: null,
        status: 'unfinished',
        suspensionState: 1,
      });
      if (opts.knownUsers) state.knownUsers = opts.knownUsers;
      const noProxy = opts.noProxyBetween;
      if (noProxy && now.getTime() >= noProxy.from.getTime() && now.getTime() <= noProxy.to.getTime()) state.proxyInForce = false;
      const run = this.run(
        tx,
        tenantId,
        { id: def.id, key: def.key, name: def.name, version: def.version },
        model,
        state,
        actor.id,
        await this.classMap(tx, tenantId),
      );
      const root: ExecRow = state.executions.add({
        id: procInstId,
        tenantId,
        procInstId,
        parentId: null,
        procDefId: def.id,
        actId: null,
        isActive: true,
        isScope: true,
        isMiRoot: false,
        businessKey: opts.businessKey ?? null,
        startUserId: actor.id,
        suspensionState: 1,
        startTime: nowText,
      });
      // The form's values first: the applicant, serial number and title cannot be overridden by them.
      for (const [k, v] of Object.entries(opts.variables ?? {})) run.setLocal(root, k, v);
      run.setLocal(root, 'applyUser', actor.id);
      run.setLocal(root, 'applyUserName', userName);
      run.setLocal(root, 'serialNumber', serialNumber);
      run.setLocal(root, 'processTitle', title);
      const start = run.node(model.startId);
      if (start.initiator) run.setLocal(root, start.initiator, actor.id);
      run.participant(actor.id, null, 'starter');
      await run.executionListeners(model.listeners, 'start', root);
      run.enter(run.newExec(root, null), model.startId);
      await run.drain();
      if ((opts.skipFirstNode ?? model.skipFirstNode) && !run.ended) {
        // The applicant's own first node completes at once (pass = true).
        for (const task of [...run.createdTasks]) {
          if (!run.state.tasks.get(task.id)) continue;
          if (!task.assignee) {
            task.assignee = actor.id;
            await run.assigned(task);
          }
          run.setVar(run.execOfTask(task), 'pass', true);
          await run.completeTask(task);
          await run.drain();
        }
      }
      for (const u of opts.copyUsers ?? []) {
        state.copies.push({
          id: nextId(),
          tenantId,
          procInstId,
          taskId: null,
          userId: await run.userId(u),
          fromUserId: actor.id,
          procDefKey: def.key,
          title,
          isRead: false,
          createTime: nowText,
        });
      }
      run.events.unshift({ type: 'started' });
      await this.finish(tx, run, { owned: !opts.tx, created: true });
      // The open tasks, so a client can go on to the first one (e.g. its own) without a list call.
      const tasks = run.state.tasks
        .all()
        .sort((a, b) => a.createTime.localeCompare(b.createTime) || (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
        .map((t) => ({ taskId: t.id, taskName: t.name, assignee: t.assignee }));
      return { processInstanceId: procInstId, processDefinitionId: def.id, serialNumber, title, ended: run.ended, tasks };
    });
  }

  /**
   * The next serial number of a process under its model's rule, counted per tenant, process key and cycle.
   * Taken like a database sequence, in its own statement before the command's transaction: concurrent starts
   * never wait for each other's transactions and never share a number; a start that fails afterwards leaves
   * a gap. `rule`: the rule already read by the caller (StartOptions.serialRule).
   *
   * Outside a caller's transaction the counter's own commit is asynchronous (`synchronous_commit` off for that one
   * statement): it does not wait for its WAL to reach the disk, and the counter row's lock, which every start of the
   * key takes, is not held through a flush. That loses nothing a start has used: the start's own transaction commits
   * synchronously afterwards, and flushing the WAL up to its commit flushes the counter's earlier commit with it. A
   * crash of PostgreSQL before any such flush can only lose increments no committed instance carries (a number a
   * failed start had taken may then be given again). Inside a caller's transaction (`tx`) the statement is one of
   * that transaction and commits with it, synchronously.
   */
  protected async nextSerial(tenantId: string, key: string, tx?: Tx, given?: () => SerialRule | undefined, at?: Date) {
    const rule = (given ? given() : await this.opts.serialRule?.(tx ?? this.db, tenantId, key)) ?? DEFAULT_SERIAL_RULE;
    const now = at ?? this.now();
    const { period } = nextSerialNumber(rule, undefined, now, this.opts.timeZone).state;
    const s = wfSerials;
    const rows = tx
      ? await tx
          .insert(s)
          .values({ tenantId, key, period, value: rule.start })
          .onConflictDoUpdate({ target: [s.tenantId, s.key, s.period], set: { value: sql`greatest(${s.value} + 1, ${rule.start})` } })
          .returning({ value: s.value })
      : await SERIAL_OWN_COMMIT.run(this.db, { tenantId, key, period, start: rule.start });
    const r = firstRow(rows, 'nextSerial upsert');
    return nextSerialNumber(rule, { period, last: Number(r.value) - 1 }, now, this.opts.timeZone).serialNumber;
  }

  /**
   * The next serial number of `key` in the period of `at` rather than of now: an instance moved back in time takes
   * a number of the day it is shown to have started on (the demo approvals, seed/approval-times.ts).
   */
  async serialAt(tenantId: string, key: string, at: Date, tx: Tx) {
    return this.nextSerial(tenantId, key, tx, undefined, at);
  }

  /** Flowable's plain complete: variables go to where they live (else the instance). A PENDING delegated task is refused. */
  async completeTask(tenantId: string, taskId: TaskRef, actor: Actor | null, opts: { variables?: Record<string, unknown> } & Opts = {}) {
    return this.onTask(
      tenantId,
      taskId,
      actor,
      async (run, task, guarded) => {
        const variables = guarded.variables ?? opts.variables ?? {};
        if (task.delegation === 'PENDING') throw refuse('委托中的任务不能直接完成，请由被委托人办理后交还');
        if (opts.comment) this.comment(run, opts, 'comment', opts.comment, task.id, 'complete');
        const exec = this.execOf(run, task);
        for (const [k, v] of Object.entries(variables)) run.setVar(exec, k, v);
        this.completed(run, task, variables.pass !== false, variables);
        await run.completeTask(task);
        return this.outcome(run);
      },
      opts.guard,
    );
  }

  protected outcome(run: Run) {
    return { ended: run.ended, createdTaskIds: run.createdTasks.map((t) => t.id) };
  }

  /** 同意: claim if unassigned; a delegated task goes back to its owner; else complete with pass = true. */
  async approve(tenantId: string, taskId: TaskRef, actor: Actor, opts: { variables?: Record<string, unknown>; nextAssignees?: string[] } & Opts = {}) {
    return this.onTask(
      tenantId,
      taskId,
      actor,
      async (run, task, guarded) => {
        const variables = guarded.variables ?? opts.variables;
        const nextAssignees = guarded.nextAssignees ?? opts.nextAssignees;
        await this.takeHold(run, task, actor);
        this.comment(run, opts, 'comment', opts.comment ?? '同意', task.id, 'approve');
        if (task.delegation === 'PENDING') {
          this.resolveDelegation(run, task, variables);
          await run.assigned(task);
          return { resolved: true, ...this.outcome(run) };
        }
        const exec = this.execOf(run, task);
        const given = writable(run.node(task.taskDefKey), variables);
        for (const [k, v] of Object.entries(given)) run.setVar(exec, k, v);
        run.setVar(exec, 'pass', true);
        if ((run.state.hiProc.status === 'reject' || run.state.hiProc.status === 'recall') && task.assignee === run.state.hiProc.startUserId) {
          // The applicant resubmits after a rejection or a withdrawal to the start.
          run.state.hiProc.status = 'unfinished';
          run.state.hiProcDirty = true;
          run.events.push({ type: 'started', resubmitted: true });
        }
        this.completed(run, task, true, given);
        await run.completeTask(task);
        await run.drain();
        if (nextAssignees?.length) {
          for (const t of run.createdTasks) {
            if (!run.state.tasks.get(t.id)) continue;
            const [sole] = nextAssignees;
            if (sole !== undefined && nextAssignees.length === 1) t.assignee = await run.userId(sole);
            else for (const u of nextAssignees) run.addLink(t, await run.userId(u), null);
            await run.assigned(t, true);
          }
        }
        return { resolved: false, ...this.outcome(run) };
      },
      opts.guard,
    );
  }

  /** The comment of an action, with its business origin (`processFrom`). */
  private comment(run: Run, opts: Opts, type: string, message: string, taskId: string, operation: string) {
    const row = run.comment(type, message, taskId, operation, undefined, opts.attachments);
    if (opts.processFrom) row.processFrom = opts.processFrom.slice(0, 64);
  }

  /** Tells the business hooks a task is completed (approved or rejected), in the command's transaction. */
  private completed(run: Run, task: TaskRow, pass: boolean, variables: Record<string, unknown>) {
    run.events.push({ type: 'taskCompleted', taskId: task.id, taskDefinitionKey: task.taskDefKey, pass, variables });
  }

  protected resolveDelegation(run: Run, task: TaskRow, variables?: Record<string, unknown>) {
    const exec = this.execOf(run, task);
    for (const [k, v] of Object.entries(variables ?? {})) run.setVar(exec, k, v);
    task.delegation = 'RESOLVED';
    task.assignee = task.owner;
    run.state.tasks.touch(task);
  }

  /** 驳回: back to the node's default rollback node, else the process's, else the last back node. */
  async reject(tenantId: string, taskId: TaskRef, actor: Actor, opts: ForceOpts = {}) {
    return this.onTask(
      tenantId,
      taskId,
      actor,
      async (run, task) => {
        await this.takeHold(run, task, actor, opts.force);
        const node = run.node(task.taskDefKey);
        const back = await this.backNodesIn(run, task);
        const target = node.userTask?.rollbackNode ?? run.model.rollbackNode ?? back.at(-1)?.nodeId;
        if (!target) throw refuse('没有可驳回的节点');
        this.comment(run, opts, 'rollbackComment', opts.comment ?? '驳回', task.id, 'reject');
        this.completed(run, task, false, {});
        run.setVar(run.root(), 'pass', false);
        await this.moveTo(run, task, target);
        await this.sentBack(run, target, opts.comment);
        return { target, ...this.outcome(run) };
      },
      opts.guard,
    );
  }

  /**
   * After a reject or rollback moved the tokens to `target`: back with the starter (the start node, or a node
   * whose tasks all went to the starter) the process is rejected (status `reject`, hooks hear `rejected`) until the
   * starter submits it again; back with an earlier approver it simply runs on (`unfinished`). A task sent back to
   * a node that names nobody (no assignee, no candidates: Flowable's samples) goes to whoever completed it last.
   */
  private async sentBack(run: Run, target: string, comment: string | undefined) {
    await run.drain();
    const h = run.state.hiProc;
    const atTarget = run.state.tasks.all().filter((t) => t.taskDefKey === target);
    const nobody = atTarget.filter((t) => !t.assignee && !run.state.links.all().some((l) => l.taskId === t.id));
    const last = nobody.length ? await this.lastHolder(run, target) : null;
    for (const t of last ? nobody : []) {
      t.assignee = last;
      await run.assigned(t, true);
    }
    const withStarter = atTarget.length > 0 && atTarget.every((t) => t.assignee === h.startUserId);
    if (run.ended) return;
    h.status = withStarter ? 'reject' : 'unfinished';
    run.state.hiProcDirty = true;
    if (withStarter) run.events.push({ type: 'rejected', ...(comment ? { comment } : {}) });
  }

  /** Who completed the node's task last in this instance (a task cancelled under its holder does not count). */
  private async lastHolder(run: Run, nodeId: string): Promise<string | null> {
    const [last] = await run.d.tx
      .select({ assignee: wfHiTaskInsts.assignee })
      .from(wfHiTaskInsts)
      .where(
        and(
          eq(wfHiTaskInsts.procInstId, run.state.procInstId),
          eq(wfHiTaskInsts.taskDefKey, nodeId),
          isNotNull(wfHiTaskInsts.endTime),
          isNull(wfHiTaskInsts.deleteReason),
        ),
      )
      .orderBy(desc(wfHiTaskInsts.endTime), desc(wfHiTaskInsts.id))
      .limit(1);
    return last?.assignee ?? null;
  }

  /** Back nodes: finished user tasks (and the start) that can reach the task's node, oldest first. */
  async backNodes(tenantId: string, taskId: string): Promise<BackNode[]> {
    const [t] = await this.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.id, taskId), eq(wfTasks.tenantId, tenantId)));
    if (!t) throw refuse('任务不存在或已被处理');
    const model = await this.model(t.procDefId);
    return this.backNodesFor(this.db, model, t);
  }

  private async backNodesIn(run: Run, task: TaskRow) {
    return this.backNodesFor(run.d.tx, run.model, task, run);
  }

  private async backNodesFor(tx: Tx, model: ProcessModel, task: TaskRow, run?: Run): Promise<BackNode[]> {
    const done = await tx
      .select({ key: wfHiTaskInsts.taskDefKey, end: wfHiTaskInsts.endTime })
      .from(wfHiTaskInsts)
      .where(and(eq(wfHiTaskInsts.procInstId, task.procInstId), isNotNull(wfHiTaskInsts.endTime), isNull(wfHiTaskInsts.deleteReason)))
      .orderBy(asc(wfHiTaskInsts.endTime), asc(wfHiTaskInsts.id));
    // The starter's task at the start node has nowhere to go back to.
    if (task.taskDefKey === model.startId) return [];
    const reach = (from: string, to: string) => (run ? run.reachableDeep(from, to) : reachableDeep(model, from, to));
    const seen = new Set<string>();
    const out: BackNode[] = [];
    const start = nodeOf(model, model.startId);
    out.push({ nodeId: start.id, nodeName: start.name ?? null });
    // The last finish time decides the order: a node done again moves to the end.
    const lastDone = new Map<string, number>();
    done.forEach((d, i) => lastDone.set(d.key, i));
    for (const [key] of [...lastDone.entries()].sort((a, b) => a[1] - b[1])) {
      if (key === task.taskDefKey || seen.has(key)) continue;
      const n = model.nodes.get(key);
      if (!n || n.type !== 'userTask' || !reach(key, task.taskDefKey)) continue;
      seen.add(key);
      out.push({ nodeId: key, nodeName: n.name ?? null });
    }
    return out;
  }

  /** 回退 to a chosen back node. */
  async rollback(tenantId: string, taskId: TaskRef, actor: Actor, targetNodeId: string, opts: Opts = {}) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      await this.takeHold(run, task, actor);
      const back = await this.backNodesIn(run, task);
      if (!back.some((b) => b.nodeId === targetNodeId)) throw refuse('只能回退到已经办理过的节点');
      run.comment('rollbackComment', opts.comment ?? '回退成功', task.id, 'rollback', undefined, opts.attachments);
      await this.moveTo(run, task, targetNodeId);
      await this.sentBack(run, targetNodeId, opts.comment);
      return { target: targetNodeId, ...this.outcome(run) };
    });
  }

  /**
   * Moves the token holding `task` to `targetId`. Other tokens of the same scope go too when the target can
   * reach them without passing the task's node (the target lies before the fork of their parallel block);
   * their tasks are deleted with reason `Change activity to <id>`. The start event as target gives the starter a
   * task there (`toStart`).
   */
  private async moveTo(run: Run, task: TaskRow, targetId: string) {
    const target = run.node(targetId);
    if (target.type === 'startEvent' && target.scopeId === null) {
      await this.toStart(run);
      return;
    }
    const reason = `Change activity to ${targetId}`;
    // The subprocess scopes around the target, outermost first; the deepest one still open around the task is
    // where tokens are compared, and the scopes below it are opened anew.
    const chain = scopeChain(run, target);
    const ancestors: ExecRow[] = [];
    for (let e: ExecRow | undefined = this.execOf(run, task); e; e = run.parent(e)) ancestors.push(e);
    let scope = run.root();
    let level = 0;
    for (const step of chain) {
      const open = ancestors.find((e) => e.isScope && !e.isMiRoot && e.actId === step.id && e.parentId && run.parent(e) && isWithin(run, e, scope));
      if (!open) break;
      scope = open;
      level++;
    }
    const unit = ancestors.find((e) => e.parentId === scope.id);
    if (!unit) throw refuse(`不能移动到节点 ${targetId}`);
    const entry = chain[level]?.id ?? targetId;
    for (const y of run.children(scope)) {
      if (y === unit) continue;
      if (y.actId && run.reachableAvoiding(entry, y.actId, unit.actId)) run.removeExec(y, reason);
    }
    run.removeExec(unit, reason);
    this.openScopes(run, scope, chain.slice(level), targetId);
  }

  /** Every token goes; the starter gets a task at the start node and submits the process again from there. */
  protected async toStart(run: Run) {
    const startId = run.model.startId;
    for (const c of run.children(run.root())) run.removeExec(c, `Change activity to ${startId}`);
    await run.createStartTask(run.newExec(run.root(), startId));
  }

  /** Creates scope executions for `chain` under `parent` and puts a token on `targetId` inside them. */
  private openScopes(run: Run, parent: ExecRow, chain: FlowNode[], targetId: string) {
    for (const s of chain) {
      if (s.loop) throw refuse(`不能直接跳转到多实例子流程 ${s.id} 内的节点`);
      const e = run.newExec(parent, s.id);
      e.isScope = true;
      run.recordActStart(e, s);
      parent = e;
    }
    run.enter(run.newExec(parent, null), targetId);
  }

  /** Moves every token of the instance to `targetId` (ops dispatch). */
  protected async moveAll(run: Run, targetId: string) {
    const reason = `Change activity to ${targetId}`;
    const target = run.node(targetId);
    for (const c of run.children(run.root())) run.removeExec(c, reason);
    this.openScopes(run, run.root(), scopeChain(run, target), targetId);
  }

  /** 终止: needs a comment; every token goes to the end event; status terminate. */
  async terminate(tenantId: string, procInstId: string, actor: Actor, opts: { comment: string; taskId?: string; attachments?: CommentAttachment[] }) {
    if (!opts.comment?.trim()) throw refuse('请填写终止意见');
    return this.onInstance(tenantId, procInstId, actor, async (run) => {
      const end =
        [...run.model.nodes.values()].find((n) => n.type === 'endEvent' && n.scopeId === null && !n.terminate) ??
        [...run.model.nodes.values()].find((n) => n.type === 'endEvent' && n.scopeId === null);
      // compile.ts refuses a process without an end event.
      if (!end) throw refuse(`流程 ${run.model.key} 没有结束事件`);
      run.comment('terminateComment', opts.comment, opts.taskId ?? null, 'terminate', undefined, opts.attachments);
      await this.endAt(run, end.id, end.name ?? null, 'terminate');
      run.events.push({ type: 'terminated', comment: opts.comment });
      return this.outcome(run);
    });
  }

  /** Ends the instance at an end node (or the virtual `wf_withdraw_end`), deleting open tasks with the move reason. */
  protected async endAt(run: Run, endId: string, endName: string | null, status: string) {
    const reason = `Change activity to ${endId}`;
    for (const c of run.children(run.root())) run.removeExec(c, reason);
    const e = run.newExec(run.root(), endId);
    run.recordActStart(
      e,
      { id: endId, name: endName ?? undefined, type: 'endEvent', scopeId: null, incoming: [], outgoing: [], boundaries: [], listeners: [] } as FlowNode,
      true,
    );
    run.removeExec(e, null);
    await run.endProcess(endId, status);
  }
}

/** The form values a node lets its handler write: all when the node declares no field permissions. */
function writable(node: FlowNode, values: Record<string, unknown> = {}): Record<string, unknown> {
  const fields = node.userTask?.fields ?? [];
  if (!fields.length) return values;
  const allowed = new Set(fields.filter((f) => f.writable).map((f) => f.name));
  return Object.fromEntries(Object.entries(values).filter(([k]) => allowed.has(k)));
}

/** The subprocesses around a node, outermost first. */
function scopeChain(run: Run, node: FlowNode): FlowNode[] {
  const chain: FlowNode[] = [];
  for (let s = node.scopeId; s; s = run.node(s).scopeId) chain.unshift(run.node(s));
  return chain;
}

/** Whether `e` lies below `scope` in the execution tree. */
function isWithin(run: Run, e: ExecRow, scope: ExecRow): boolean {
  for (let p = run.parent(e); p; p = run.parent(p)) if (p.id === scope.id) return true;
  return false;
}

/** Reachability through subprocess boundaries, outside a command. */
function reachableDeep(model: ProcessModel, from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    const n = model.nodes.get(id);
    if (!n || seen.has(n.id)) continue;
    seen.add(n.id);
    const next = [...targetsOf(model, n), ...n.boundaries];
    if (n.type === 'subProcess' && n.startId) next.push(n.startId);
    if (n.outgoing.length === 0 && n.scopeId) next.push(...targetsOf(model, nodeOf(model, n.scopeId)));
    if (next.includes(to)) return true;
    stack.push(...next);
  }
  return false;
}
