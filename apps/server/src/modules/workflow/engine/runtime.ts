/**
 * The agenda: inside one command, operations move tokens (executions) through the graph until every one
 * waits (in a user task, at a join) or the process ends. Behaviour follows Flowable 6: a process instance
 * execution with child tokens, a scope execution per subprocess, a multi-instance root with one child per
 * instance, and concurrent siblings for parallel branches.
 */
import { refuse, WorkflowError } from './errors.ts';
import { nextId } from '../../../platform/db/ids.ts';
import type { ZoneTime } from './clock.ts';
import {
  coerceToBoolean,
  coerceToNumber,
  coerceToString,
  evaluateTemplate,
  ExpressionError,
  parseTemplate,
  type EvalContext,
  type Template,
} from './expression.ts';
import type { WorkflowEventType } from './hooks.ts';
import type { IdentityResolver, ProxyLookup } from './identity.ts';
import type { ListenerContext, ListenerRegistry, ListenerTask } from './listeners.ts';
import { flowOf, nodeOf, targetsOf, type Flow, type FlowNode, type ListenerDef, type ProcessModel } from './model.ts';
import type { CommentAttachment } from './schema.ts';
import type { CommentRow, ExecRow, HiActRow, InstanceState, TaskRow, Tx } from './state.ts';
import { addedSignerOf, clearLoop, miInstanceDone, startMultiInstance } from './multi-instance.ts';
import { parseTimerText } from './timers.ts';

export interface DefInfo {
  id: string;
  key: string;
  name: string | null;
  version: number;
}

export interface RunDeps {
  tx: Tx;
  tenantId: string;
  model: ProcessModel;
  def: DefInfo;
  state: InstanceState;
  now: Date;
  zt: ZoneTime;
  identity: IdentityResolver;
  proxies: ProxyLookup;
  listeners: ListenerRegistry;
  /** Java class name → handler and parameters, for this tenant. */
  classMap: Map<string, { handler: string; params: Record<string, unknown> }>;
  functions: Record<string, (...args: unknown[]) => unknown>;
  notify(tx: Tx, tenantId: string, userIds: string[], message: string): Promise<void>;
  /** Logs what the model does wrong without failing the command (an unknown variable in a task's text). */
  warn(message: string): void;
  /** Who runs the command (null for timers). */
  operator: string | null;
}

/** Name of the starter's task at the start node when the start event has none. */
export const START_TASK_NAME = '发起人';

type Op = () => Promise<void> | void;

export class Run {
  private readonly agenda: Op[] = [];
  readonly events: {
    type: WorkflowEventType;
    comment?: string;
    resubmitted?: boolean;
    /** taskCompleted */
    taskId?: string;
    taskDefinitionKey?: string;
    pass?: boolean;
    variables?: Record<string, unknown>;
  }[] = [];
  readonly createdTasks: TaskRow[] = [];
  /** Set when the process ended in this command. */
  ended = false;
  private readonly nowText: string;

  constructor(readonly d: RunDeps) {
    this.nowText = d.zt.format(d.now);
  }

  get state() {
    return this.d.state;
  }
  get model() {
    return this.d.model;
  }
  get now() {
    return this.nowText;
  }

  plan(op: Op) {
    this.agenda.push(op);
  }

  async drain() {
    let guard = 0;
    for (let op = this.agenda.shift(); op; op = this.agenda.shift()) {
      if (guard++ > 100_000) throw refuse('流程出现死循环，已中止');
      await op();
    }
  }

  // ---------------------------------------------------------------- executions and variables

  /** The instance's root execution (it lives until the instance ends: endProcess removes it last). */
  root(): ExecRow {
    const r = this.rootIfOpen();
    if (!r) throw new Error(`workflow: the root execution of instance ${this.state.procInstId} is gone`);
    return r;
  }
  rootIfOpen(): ExecRow | undefined {
    return this.state.executions.get(this.state.procInstId);
  }
  children(exec: ExecRow): ExecRow[] {
    return this.state.executions.all().filter((e) => e.parentId === exec.id);
  }
  parent(exec: ExecRow): ExecRow | undefined {
    return exec.parentId ? this.state.executions.get(exec.parentId) : undefined;
  }
  node(id: string): FlowNode {
    return nodeOf(this.model, id);
  }
  flow(id: string): Flow {
    return flowOf(this.model, id);
  }
  /** The node a token stands at (a token is placed on a node by `enter` before it runs). */
  nodeAt(exec: ExecRow): FlowNode {
    if (!exec.actId) throw new Error(`workflow: execution ${exec.id} stands at no node`);
    return this.node(exec.actId);
  }
  /** The execution a token or instance lives in (every execution but the root has one). */
  scopeOf(exec: ExecRow): ExecRow {
    const p = this.parent(exec);
    if (!p) throw new Error(`workflow: execution ${exec.id} has no parent`);
    return p;
  }
  execOfTask(task: TaskRow): ExecRow {
    const e = this.state.executions.get(task.executionId);
    if (!e) throw refuse('任务的执行已不存在');
    return e;
  }
  isMiInstance(exec: ExecRow): boolean {
    const p = this.parent(exec);
    return !!p && p.isMiRoot && p.actId === exec.actId;
  }

  newExec(parent: ExecRow, actId: string | null): ExecRow {
    const e: ExecRow = {
      id: nextId(),
      tenantId: this.d.tenantId,
      procInstId: this.state.procInstId,
      parentId: parent.id,
      procDefId: this.d.def.id,
      actId,
      isActive: true,
      isScope: false,
      isMiRoot: false,
      businessKey: null,
      startUserId: null,
      suspensionState: 1,
      startTime: this.now,
    };
    return this.state.executions.add(e);
  }

  touch(exec: ExecRow) {
    this.state.executions.touch(exec);
  }

  private varRow(execId: string, name: string) {
    return this.state.vars.all().find((v) => v.executionId === execId && v.name === name);
  }
  getLocal(exec: ExecRow, name: string): unknown {
    const r = this.varRow(exec.id, name);
    return r ? JSON.parse(r.value) : undefined;
  }
  hasLocal(exec: ExecRow, name: string) {
    return !!this.varRow(exec.id, name);
  }
  /** The variable seen from an execution: its own, then its ancestors'. `undefined` when none has it. */
  getVar(exec: ExecRow, name: string): unknown {
    for (let e: ExecRow | undefined = exec; e; e = this.parent(e)) {
      const r = this.varRow(e.id, name);
      if (r) return JSON.parse(r.value) as unknown;
    }
    return undefined;
  }
  setLocal(exec: ExecRow, name: string, value: unknown) {
    const v = value === undefined ? null : value;
    const type = v === null ? 'null' : Array.isArray(v) || typeof v === 'object' ? 'json' : typeof v;
    let r = this.varRow(exec.id, name);
    if (r) {
      r.value = JSON.stringify(v);
      r.type = type;
      this.state.vars.touch(r);
    } else {
      r = this.state.vars.add({
        id: nextId(),
        tenantId: this.d.tenantId,
        procInstId: this.state.procInstId,
        executionId: exec.id,
        name,
        type,
        value: JSON.stringify(v),
      });
    }
    this.state.hiVars.set(r.id, { ...r, createTime: this.now, updateTime: this.now });
  }
  removeLocal(exec: ExecRow, name: string) {
    const r = this.varRow(exec.id, name);
    if (r) this.state.vars.remove(r.id);
  }
  /** Flowable's setVariable: where the variable already lives, else on the process instance. */
  setVar(exec: ExecRow, name: string, value: unknown) {
    for (let e: ExecRow | undefined = exec; e; e = this.parent(e)) {
      if (this.varRow(e.id, name)) return this.setLocal(e, name, value);
    }
    this.setLocal(this.root(), name, value);
  }
  variables(exec: ExecRow): Record<string, unknown> {
    const chain: ExecRow[] = [];
    for (let e: ExecRow | undefined = exec; e; e = this.parent(e)) chain.unshift(e);
    const out: Record<string, unknown> = {};
    for (const e of chain) for (const v of this.state.vars.all()) if (v.executionId === e.id) out[v.name] = JSON.parse(v.value);
    return out;
  }

  // ---------------------------------------------------------------- expressions

  evalContext(exec: ExecRow, task?: TaskRow): EvalContext {
    const execution = {
      __methods: {
        getVariable: (n: unknown) => this.getVar(exec, coerceToString(n)) ?? null,
        getVariableLocal: (n: unknown) => this.getLocal(exec, coerceToString(n)) ?? null,
        hasVariable: (n: unknown) => this.getVar(exec, coerceToString(n)) !== undefined,
        setVariable: (n: unknown, v: unknown) => this.setVar(exec, coerceToString(n), v),
        getProcessInstanceId: () => this.state.procInstId,
        getProcessInstanceBusinessKey: () => this.root().businessKey,
        getCurrentActivityId: () => exec.actId,
      },
      processInstanceId: this.state.procInstId,
      processInstanceBusinessKey: this.root().businessKey,
      currentActivityId: exec.actId,
    };
    return {
      resolve: (name) => {
        if (name === 'execution') return execution;
        if (name === 'task' && task) return { ...task, __methods: { getId: () => task.id, getAssignee: () => task.assignee, getName: () => task.name } };
        if (name === 'initiator' && this.getVar(exec, name) === undefined) return this.root().startUserId;
        return this.getVar(exec, name);
      },
      functions: this.d.functions,
    };
  }

  evaluate(t: Template, exec: ExecRow, where: string, task?: TaskRow): unknown {
    try {
      return evaluateTemplate(t, this.evalContext(exec, task));
    } catch (e) {
      if (e instanceof ExpressionError) throw refuse(`${where} 的表达式求值失败: ${e.message}`);
      throw e;
    }
  }
  evalText(text: string, exec: ExecRow, where: string): unknown {
    let t: Template;
    try {
      t = parseTemplate(text);
    } catch (e) {
      throw refuse(`${where} 的表达式无法解析: ${(e as Error).message}`);
    }
    return this.evaluate(t, exec, where);
  }
  /**
   * A task's name or documentation: as Flowable, an expression that cannot be evaluated (an unknown variable)
   * keeps the text as written and logs a warning instead of failing the command.
   */
  lenientText(text: string, exec: ExecRow, where: string, parsed?: Template): string | null {
    let t = parsed;
    try {
      t ??= parseTemplate(text);
      const v = evaluateTemplate(t, this.evalContext(exec));
      return v === null || v === undefined ? null : coerceToString(v);
    } catch (e) {
      if (!(e instanceof ExpressionError)) throw e;
      this.d.warn(`${where} 的表达式求值失败，保留原文: ${e.message}`);
      return text;
    }
  }
  condition(t: Template, exec: ExecRow, where: string): boolean {
    try {
      return coerceToBoolean(this.evaluate(t, exec, where));
    } catch (e) {
      if (e instanceof ExpressionError) throw refuse(`${where} 的条件求值失败: ${e.message}`);
      throw e;
    }
  }

  // ---------------------------------------------------------------- history

  private openAct(execId: string): HiActRow | undefined {
    return this.state.hiActs.all().find((a) => a.executionId === execId && !a.endTime);
  }
  recordActStart(exec: ExecRow, node: FlowNode, end = false): HiActRow {
    const row: HiActRow = {
      id: nextId(),
      tenantId: this.d.tenantId,
      procInstId: this.state.procInstId,
      procDefId: this.d.def.id,
      executionId: exec.id,
      actId: node.id,
      actName: node.name ?? null,
      actType: node.type,
      taskId: null,
      assignee: null,
      startTime: this.now,
      endTime: end ? this.now : null,
      durationMs: end ? 0 : null,
      deleteReason: null,
    };
    return this.state.hiActs.add(row);
  }
  recordActEnd(exec: ExecRow, deleteReason: string | null = null) {
    const a = this.openAct(exec.id);
    if (!a) return;
    a.endTime = this.now;
    a.durationMs = Math.max(0, this.d.now.getTime() - this.d.zt.parse(a.startTime).getTime());
    a.deleteReason = deleteReason;
    this.state.hiActs.touch(a);
  }
  recordFlow(exec: ExecRow, flowId: string) {
    const f = this.flow(flowId);
    this.state.hiActs.add({
      id: nextId(),
      tenantId: this.d.tenantId,
      procInstId: this.state.procInstId,
      procDefId: this.d.def.id,
      executionId: exec.id,
      actId: f.id,
      actName: f.name ?? null,
      actType: 'sequenceFlow',
      taskId: null,
      assignee: null,
      startTime: this.now,
      endTime: this.now,
      durationMs: 0,
      deleteReason: null,
    });
  }
  /**
   * A comment of the command on the task (or the instance), as Flowable's `addComment`: `action` is always
   * `AddComment` and `type` the kind (comment, rollbackComment …); `operation` names the command.
   */
  comment(
    type: string,
    message: string | null,
    taskId: string | null,
    operation: string | null = null,
    userId = this.d.operator,
    attachments?: CommentAttachment[],
  ): CommentRow {
    const row: CommentRow = {
      id: nextId(),
      tenantId: this.d.tenantId,
      procInstId: this.state.procInstId,
      taskId,
      userId,
      type,
      action: 'AddComment',
      operation,
      message,
      time: this.now,
      attachments: attachments?.length ? attachments : null,
    };
    this.state.comments.push(row);
    return row;
  }
  participant(userId: string | null, taskId: string | null, type = 'participant') {
    if (!userId) return;
    this.state.hiLinks.push({
      id: nextId(),
      tenantId: this.d.tenantId,
      procInstId: this.state.procInstId,
      taskId,
      type,
      userId,
      groupId: null,
      createTime: this.now,
    });
  }

  // ---------------------------------------------------------------- moving tokens

  /** Puts a token on a node and runs it. */
  enter(exec: ExecRow, nodeId: string) {
    exec.actId = nodeId;
    exec.isActive = true;
    this.touch(exec);
    this.plan(() => this.execute(exec));
  }

  private alive(exec: ExecRow) {
    return this.state.executions.get(exec.id) === exec;
  }

  async execute(exec: ExecRow) {
    if (!this.alive(exec)) return;
    const node = this.nodeAt(exec);
    if (node.loop && !this.isMiInstance(exec)) return startMultiInstance(this, exec, node);
    await this.executeInner(exec, node);
  }

  /** A node's own behaviour (for a multi-instance node: one instance). */
  async executeInner(exec: ExecRow, node: FlowNode): Promise<void> {
    switch (node.type) {
      case 'startEvent':
      case 'task':
      case 'manualTask':
        this.recordActStart(exec, node);
        await this.executionListeners(node.listeners, 'start', exec);
        return this.leave(exec);
      case 'endEvent':
        this.recordActStart(exec, node, true);
        await this.executionListeners(node.listeners, 'start', exec);
        return this.endEvent(exec, node);
      case 'userTask':
        this.recordActStart(exec, node);
        await this.executionListeners(node.listeners, 'start', exec);
        if (!node.loop) this.scheduleBoundaries(exec, node);
        await this.createTask(exec, node);
        return;
      case 'exclusiveGateway':
        this.recordActStart(exec, node, true);
        return this.gateway(exec, node);
      case 'parallelGateway':
      case 'inclusiveGateway':
        // A join is reached when it fires, not when the first branch arrives (gateway records it then).
        return this.gateway(exec, node);
      case 'subProcess': {
        this.recordActStart(exec, node);
        await this.executionListeners(node.listeners, 'start', exec);
        exec.isScope = true;
        this.touch(exec);
        if (!node.startId) throw new Error(`workflow: subprocess ${node.id} has no start event`);
        const child = this.newExec(exec, null);
        this.enter(child, node.startId);
        return;
      }
      case 'boundaryEvent':
        this.recordActStart(exec, node, true);
        return this.takeOutgoing(exec, node);
    }
  }

  /** The node finished its work: end its history row, then route onwards (or report an MI instance done). */
  async leave(exec: ExecRow): Promise<void> {
    const node = this.nodeAt(exec);
    this.recordActEnd(exec);
    await this.executionListeners(node.listeners, 'end', exec);
    const miInstance = this.isMiInstance(exec);
    if (node.type === 'subProcess' && !miInstance) {
      // Local variables of the scope go with it.
      for (const v of this.state.vars.all()) if (v.executionId === exec.id) this.state.vars.remove(v.id);
      exec.isScope = false;
      this.touch(exec);
    }
    if (node.type === 'userTask' && !node.loop) this.cancelJobs(exec);
    if (miInstance) return miInstanceDone(this, exec, node);
    await this.takeOutgoing(exec, node);
  }

  /** Picks the outgoing flows by Flowable's rules and moves the token (forking for several). */
  async takeOutgoing(exec: ExecRow, node: FlowNode) {
    if (node.outgoing.length === 0) return this.implicitEnd(exec);
    const flows = this.selectFlows(exec, node);
    for (const fid of flows) await this.flowListeners(fid, exec);
    const [first, ...rest] = flows;
    if (first === undefined) throw new Error(`workflow: no flow selected out of ${node.id}`);
    const targets: [ExecRow, string][] = [[exec, first]];
    for (const fid of rest) targets.push([this.newExec(this.scopeOf(exec), node.id), fid]);
    for (const [e, fid] of targets) {
      this.recordFlow(e, fid);
      this.enter(e, this.flow(fid).target);
    }
  }

  private selectFlows(exec: ExecRow, node: FlowNode): string[] {
    const where = (fid: string) => `连线 ${fid}`;
    if (node.type === 'parallelGateway') return node.outgoing;
    const candidates = node.outgoing.filter((f) => f !== node.defaultFlow);
    if (node.type === 'exclusiveGateway') {
      const hit = candidates.find((fid) => {
        const f = this.flow(fid);
        return !f.condition || this.condition(f.condition, exec, where(fid));
      });
      const chosen = hit ?? node.defaultFlow;
      if (!chosen) throw refuse(`No outgoing sequence flow of element '${node.id}' could be selected for continuing the process`);
      return [chosen];
    }
    const taken = candidates.filter((fid) => {
      const f = this.flow(fid);
      return !f.condition || this.condition(f.condition, exec, where(fid));
    });
    if (taken.length) return taken;
    if (node.defaultFlow) return [node.defaultFlow];
    throw refuse(`No outgoing sequence flow of element '${node.id}' could be selected for continuing the process`);
  }

  private async gateway(exec: ExecRow, node: FlowNode) {
    if (node.type === 'exclusiveGateway') return this.takeOutgoing(exec, node);
    const scope = this.scopeOf(exec);
    if (node.type === 'parallelGateway') {
      if (node.incoming.length > 1) {
        exec.isActive = false;
        this.touch(exec);
        const waiting = this.children(scope).filter((e) => e.actId === node.id && !e.isActive);
        if (waiting.length < node.incoming.length) return;
        for (const w of waiting) if (w !== exec) this.removeExec(w, null);
        exec.isActive = true;
        this.touch(exec);
      }
      this.recordActStart(exec, node, true);
      return this.takeOutgoing(exec, node);
    }
    // Inclusive: wait while another token of this scope can still reach the gateway.
    exec.isActive = false;
    this.touch(exec);
    const others = this.children(scope).filter((e) => !(e.actId === node.id && !e.isActive));
    if (others.some((e) => e.actId && this.reachable(e.actId, node.id))) return;
    for (const w of this.children(scope).filter((e) => e.actId === node.id && !e.isActive)) if (w !== exec) this.removeExec(w, null);
    exec.isActive = true;
    this.touch(exec);
    this.recordActStart(exec, node, true);
    return this.takeOutgoing(exec, node);
  }

  private readonly reach = new Map<string, boolean>();
  /** Whether a token at `from` can still arrive at `to` (same scope; boundary events count as ways on). */
  reachable(from: string, to: string): boolean {
    const key = `${from}>${to}`;
    const known = this.reach.get(key);
    if (known !== undefined) return known;
    const seen = new Set<string>();
    const stack = [from];
    let found = false;
    for (let id = stack.pop(); id !== undefined && !found; id = stack.pop()) {
      const n = this.model.nodes.get(id);
      if (!n || seen.has(n.id)) continue;
      seen.add(n.id);
      const next = [...targetsOf(this.model, n), ...n.boundaries];
      for (const t of next) {
        if (t === to) found = true;
        stack.push(t);
      }
    }
    this.reach.set(key, found);
    return found;
  }

  /** Like `reachable`, but a path may enter subprocesses and leave them through their end. */
  reachableDeep(from: string, to: string): boolean {
    const seen = new Set<string>();
    const stack = [from];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      const n = this.model.nodes.get(id);
      if (!n || seen.has(n.id)) continue;
      seen.add(n.id);
      const next = [...targetsOf(this.model, n), ...n.boundaries];
      if (n.type === 'subProcess' && n.startId) next.push(n.startId);
      if (n.outgoing.length === 0 && n.scopeId) next.push(...targetsOf(this.model, this.node(n.scopeId)));
      if (next.includes(to)) return true;
      stack.push(...next);
    }
    return false;
  }

  /** Whether a path leads from `from` to `to` in one scope without passing `avoid`. */
  reachableAvoiding(from: string, to: string, avoid: string | null): boolean {
    if (from === to) return true;
    const seen = new Set<string>(avoid === null ? [] : [avoid]);
    const stack = [from];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      const n = this.model.nodes.get(id);
      if (!n || seen.has(n.id)) continue;
      seen.add(n.id);
      for (const t of [...targetsOf(this.model, n), ...n.boundaries]) {
        if (t === to) return true;
        stack.push(t);
      }
    }
    return false;
  }

  private async endEvent(exec: ExecRow, node: FlowNode) {
    const scope = this.scopeOf(exec);
    if (node.terminate) {
      this.recordActEnd(exec);
      for (const c of this.children(scope)) this.removeExec(c, `Terminated by end event: ${node.id}`);
      return this.scopeDone(scope, node.id);
    }
    this.recordActEnd(exec);
    this.state.executions.remove(exec.id);
    if (this.children(scope).length === 0) await this.scopeDone(scope, node.id);
  }

  /** A token with nowhere to go ends like at an end event. */
  private async implicitEnd(exec: ExecRow) {
    const scope = this.scopeOf(exec);
    this.removeExec(exec, null);
    if (this.children(scope).length === 0) await this.scopeDone(scope, exec.actId);
  }

  /** Every token of a scope has ended: the process ends, or the subprocess (instance) completes. */
  private async scopeDone(scope: ExecRow, endActId: string | null) {
    if (scope.parentId === null) return this.endProcess(endActId, 'finished');
    await this.leave(scope);
  }

  /** Ends the instance: the caller has removed (or is removing) every token. */
  async endProcess(endActId: string | null, status: string, deleteReason: string | null = null) {
    for (const c of this.children(this.root())) this.removeExec(c, deleteReason);
    for (const j of this.state.jobs.all()) this.state.jobs.remove(j.id);
    for (const v of this.state.vars.all()) this.state.vars.remove(v.id);
    this.state.executions.remove(this.root().id);
    const h = this.state.hiProc;
    h.endTime = this.now;
    h.durationMs = Math.max(0, this.d.now.getTime() - this.d.zt.parse(h.startTime).getTime());
    h.endActId = endActId;
    h.deleteReason = deleteReason;
    h.status = status;
    this.state.hiProcDirty = true;
    this.ended = true;
    this.agenda.length = 0;
    if (status === 'finished') this.events.push({ type: 'finished' });
  }

  /** Removes a token and everything below it: tasks, jobs, variables, open history rows (with the reason). */
  removeExec(exec: ExecRow, reason: string | null, hideReason?: string) {
    for (const c of this.children(exec)) this.removeExec(c, reason, hideReason);
    for (const t of this.state.tasks.all()) if (t.executionId === exec.id) this.deleteTask(t, hideReason ?? reason);
    this.cancelJobs(exec);
    for (const v of this.state.vars.all()) if (v.executionId === exec.id) this.state.vars.remove(v.id);
    this.recordActEnd(exec, hideReason ?? reason);
    this.state.executions.remove(exec.id);
  }

  // ---------------------------------------------------------------- user tasks

  private async createTask(exec: ExecRow, node: FlowNode) {
    const ut = node.userTask;
    if (!ut) throw new Error(`workflow: node ${node.id} is no user task`);
    const where = `节点 ${node.id}`;
    const text = (t: Template | undefined) => {
      if (!t) return null;
      const v = this.evaluate(t, exec, where);
      return v === null || v === undefined || v === '' ? null : coerceToString(v);
    };
    const nameText = node.name && /[$#]\{/.test(node.name) ? this.lenientText(node.name, exec, `${where} 的名称`) : (node.name ?? null);
    const task: TaskRow = {
      id: nextId(),
      tenantId: this.d.tenantId,
      procInstId: this.state.procInstId,
      executionId: exec.id,
      procDefId: this.d.def.id,
      procDefKey: this.d.def.key,
      taskDefKey: node.id,
      name: nameText,
      description: ut.description ? this.lenientText(ut.descriptionText ?? '', exec, `${where} 的说明`, ut.description)?.trim() || null : null,
      assignee: null,
      owner: null,
      delegation: null,
      priority: ut.priority ? coerceToNumber(this.evaluate(ut.priority, exec, where)) : 50,
      category: ut.category ?? null,
      formKey: ut.formKey ?? null,
      dueDate: null,
      claimTime: null,
      suspensionState: 1,
      createTime: this.now,
    };
    if (ut.dueDate) {
      const due = this.evaluate(ut.dueDate, exec, where);
      if (due) {
        const text = coerceToString(due);
        try {
          task.dueDate = this.d.zt.format(parseTimerText(/^P/.test(text) ? 'duration' : 'date', text, this.d.now, (x) => this.d.zt.parse(x)).due);
        } catch (e) {
          throw refuse(`${where} 的到期时间无效: ${(e as Error).message}`);
        }
      }
    }
    // Who gets it: humanPerformer / assignee, candidates, then the designer's rules.
    const users: string[] = [];
    const groups: string[] = [];
    const listOf = (v: unknown) => (Array.isArray(v) ? v.map(coerceToString) : coerceToString(v).split(',')).map((s) => s.trim()).filter(Boolean);
    let assignee = text(ut.humanPerformer ?? ut.assignee);
    for (const t of ut.candidateUsers) users.push(...listOf(this.evaluate(t, exec, where)));
    for (const t of ut.candidateGroups) groups.push(...listOf(this.evaluate(t, exec, where)));
    if (ut.rules.length) {
      const r = await this.resolveRules(exec, node);
      const [sole] = r.users;
      if (!assignee && sole !== undefined && r.users.length === 1 && r.groups.length === 0) assignee = sole;
      else {
        users.push(...r.users);
        groups.push(...r.groups);
      }
    }
    // Countersigners added at runtime take their own instance.
    assignee = addedSignerOf(this, exec) ?? assignee;
    const owner = text(ut.owner);
    task.owner = owner ? await this.userId(owner) : null;
    task.assignee = assignee ? await this.userId(assignee) : null;
    this.state.tasks.add(task);
    for (const u of [...new Set(users)]) this.addLink(task, await this.userId(u), null);
    for (const g of [...new Set(groups)]) this.addLink(task, null, g);
    this.state.hiTasks.add({
      id: task.id,
      tenantId: task.tenantId,
      procInstId: task.procInstId,
      executionId: exec.id,
      procDefId: task.procDefId,
      procDefKey: task.procDefKey,
      taskDefKey: task.taskDefKey,
      name: task.name,
      assignee: null,
      owner: task.owner,
      delegation: null,
      startTime: this.now,
      claimTime: null,
      endTime: null,
      durationMs: null,
      deleteReason: null,
    });
    const act = this.openAct(exec.id);
    if (act) {
      act.taskId = task.id;
      this.state.hiActs.touch(act);
    }
    this.createdTasks.push(task);
    if (task.assignee) await this.assigned(task, true);
    await this.taskListeners(node, 'create', task);
  }

  /**
   * The start node as a task of the starter: where a rollback or a reject to the start puts the process, and a
   * withdraw (`wf_withdraw_start`) when the starter has no task of their own. The starter corrects and submits it
   * again (completing it leaves the start event by its outgoing flows); the instance runs on meanwhile.
   */
  async createStartTask(exec: ExecRow) {
    const node = this.node(this.model.startId);
    const starter = this.root().startUserId;
    exec.actId = node.id;
    exec.isActive = true;
    this.touch(exec);
    this.recordActStart(exec, node);
    const task: TaskRow = {
      id: nextId(),
      tenantId: this.d.tenantId,
      procInstId: this.state.procInstId,
      executionId: exec.id,
      procDefId: this.d.def.id,
      procDefKey: this.d.def.key,
      taskDefKey: node.id,
      name: node.name || START_TASK_NAME,
      description: null,
      assignee: starter,
      owner: null,
      delegation: null,
      priority: 50,
      category: null,
      formKey: node.formKey ?? null,
      dueDate: null,
      claimTime: null,
      suspensionState: 1,
      createTime: this.now,
    };
    this.state.tasks.add(task);
    this.state.hiTasks.add({
      id: task.id,
      tenantId: task.tenantId,
      procInstId: task.procInstId,
      executionId: exec.id,
      procDefId: task.procDefId,
      procDefKey: task.procDefKey,
      taskDefKey: task.taskDefKey,
      name: task.name,
      assignee: null,
      owner: null,
      delegation: null,
      startTime: this.now,
      claimTime: null,
      endTime: null,
      durationMs: null,
      deleteReason: null,
    });
    const act = this.openAct(exec.id);
    if (act) {
      act.taskId = task.id;
      this.state.hiActs.touch(act);
    }
    this.createdTasks.push(task);
    await this.assigned(task);
    return task;
  }

  /** Designer rules → users and candidate groups (a role, dept or post with exactly one member is that member). */
  private async resolveRules(exec: ExecRow, node: FlowNode): Promise<{ users: string[]; groups: string[] }> {
    const users: string[] = [];
    const groups: string[] = [];
    const starter = this.root().startUserId;
    let memberCount = 0;
    const members: string[] = [];
    for (const r of node.userTask?.rules ?? []) {
      switch (r.type) {
        case 'user':
          users.push(...r.values);
          break;
        case 'role':
        case 'dept':
        case 'post': {
          groups.push(...r.values);
          const m = await this.d.identity.membersOf(this.d.tx, this.d.tenantId, r.type, r.values);
          memberCount += m.length;
          members.push(...m);
          break;
        }
        case 'starter':
          if (starter) users.push(starter);
          break;
        case 'operator':
          if (this.d.operator) users.push(this.d.operator);
          break;
        case 'starterLeader': {
          const leader = starter ? await this.d.identity.leaderOf(this.d.tx, this.d.tenantId, starter) : null;
          if (!leader) throw refuse(`节点 ${node.id}: 发起人没有部门负责人`);
          users.push(leader);
          break;
        }
        case 'formField':
          for (const f of r.values) {
            const v = this.getVar(exec, f);
            users.push(...(Array.isArray(v) ? v.map(String) : String(v ?? '').split(',')).map((s) => s.trim()).filter(Boolean));
          }
          break;
      }
    }
    const everyone = new Set([...users, ...members]);
    if (everyone.size === 0 && memberCount === 0 && groups.length === 0) throw refuse(`节点 ${node.id} 的审批人规则没有找到任何人`);
    if (everyone.size === 1 && (groups.length === 0 || memberCount >= 1)) return { users: [...everyone], groups: [] };
    return { users: [...new Set(users)], groups: [...new Set(groups)] };
  }

  /**
   * A user named by id or account → the id; a name nobody has stays as written (Flowable keeps any string). A name the
   * command's load (or the start's read) looked up ahead (`InstanceState.knownUsers`) costs no statement.
   */
  async userId(nameOrId: string): Promise<string> {
    let id = this.userIds.get(nameOrId);
    if (!id) {
      const known = this.state.knownUsers.get(nameOrId);
      id =
        known !== undefined
          ? Promise.resolve(known ?? nameOrId)
          : this.d.identity.findUser(this.d.tx, this.d.tenantId, nameOrId).then((u) => u?.id ?? nameOrId);
      this.userIds.set(nameOrId, id);
    }
    return id;
  }
  /** Users and proxies looked up in this command (each asked once per command: a countersign names many). */
  private readonly userIds = new Map<string, Promise<string>>();
  private readonly proxyOf = new Map<string, Promise<string | null>>();

  addLink(task: TaskRow, userId: string | null, groupId: string | null) {
    const exists = this.state.links.all().some((l) => l.taskId === task.id && l.userId === userId && l.groupId === groupId);
    if (exists) return;
    this.state.links.add({ id: nextId(), tenantId: this.d.tenantId, taskId: task.id, procInstId: this.state.procInstId, type: 'candidate', userId, groupId });
    this.state.hiLinks.push({
      id: nextId(),
      tenantId: this.d.tenantId,
      procInstId: this.state.procInstId,
      taskId: task.id,
      type: 'candidate',
      userId,
      groupId,
      createTime: this.now,
    });
  }

  /**
   * The task's assignee may have changed: history, participants, `assignment` listeners; for a new task also
   * the out-of-office proxy (only new tasks go to a proxy, WORKFLOW.md).
   */
  async assigned(task: TaskRow, created = false) {
    // `proxyInForce` false: the load found no proxy of the tenant in force now, so nobody's is looked up.
    if (created && task.assignee && this.state.proxyInForce) {
      let found = this.proxyOf.get(task.assignee);
      if (!found) {
        found = this.d.proxies.proxyOf(this.d.tx, this.d.tenantId, task.assignee, this.d.def.key, this.d.now);
        this.proxyOf.set(task.assignee, found);
      }
      const proxy = await found;
      if (proxy && proxy !== task.assignee) {
        this.comment('proxyComment', `${task.assignee} 的任务由代理人 ${proxy} 办理`, task.id, 'proxy', null);
        task.owner = task.owner ?? task.assignee;
        task.assignee = proxy;
      }
    }
    this.state.tasks.touch(task);
    const h = this.state.hiTasks.get(task.id);
    const before = h?.assignee ?? null;
    if (h) {
      h.assignee = task.assignee;
      h.owner = task.owner;
      h.delegation = task.delegation;
      h.claimTime = task.claimTime;
      this.state.hiTasks.touch(h);
    }
    const act = this.state.hiActs.all().find((a) => a.taskId === task.id);
    if (act) {
      act.assignee = task.assignee;
      this.state.hiActs.touch(act);
    }
    if (task.assignee && task.assignee !== before) {
      this.participant(task.assignee, task.id);
      // Flowable fires `assignment` when the assignee changes; a listener setting the same one again stops here.
      if (++this.assignmentDepth > 10) throw refuse(`节点 ${task.taskDefKey} 的 assignment 监听器反复改变办理人`);
      try {
        await this.taskListeners(this.node(task.taskDefKey), 'assignment', task);
      } finally {
        this.assignmentDepth--;
      }
    }
  }
  private assignmentDepth = 0;

  /** Completes a task: listeners, history, then the token leaves the node. */
  async completeTask(task: TaskRow) {
    const node = this.node(task.taskDefKey);
    await this.taskListeners(node, 'complete', task);
    this.finishTask(task, null);
    await this.leave(this.execOfTask(task));
  }

  private finishTask(task: TaskRow, reason: string | null) {
    const h = this.state.hiTasks.get(task.id);
    if (h) {
      h.endTime = this.now;
      h.durationMs = Math.max(0, this.d.now.getTime() - this.d.zt.parse(h.startTime).getTime());
      h.deleteReason = reason;
      h.assignee = task.assignee;
      h.owner = task.owner;
      h.delegation = task.delegation;
      this.state.hiTasks.touch(h);
    }
    for (const l of this.state.links.all()) if (l.taskId === task.id) this.state.links.remove(l.id);
    this.state.tasks.remove(task.id);
  }

  deleteTask(task: TaskRow, reason: string | null) {
    this.finishTask(task, reason);
  }

  // ---------------------------------------------------------------- timers

  scheduleBoundaries(exec: ExecRow, node: FlowNode) {
    for (const bid of node.boundaries) {
      const b = this.node(bid);
      if (!b.timer) continue;
      const text = coerceToString(this.evaluate(b.timer.text, exec, `边界事件 ${bid}`));
      let plan;
      try {
        plan = parseTimerText(b.timer.kind, text, this.d.now, (x) => this.d.zt.parse(x));
      } catch (e) {
        throw refuse(`边界事件 ${bid}: ${(e as Error).message}`);
      }
      this.state.jobs.add({
        id: nextId(),
        tenantId: this.d.tenantId,
        type: 'boundary-timer',
        procInstId: this.state.procInstId,
        executionId: exec.id,
        procDefId: this.d.def.id,
        elementId: bid,
        config: plan.repeat ? { remaining: plan.repeat.remaining, period: plan.repeat.period } : {},
        dueTime: this.d.zt.format(plan.due),
        retries: 3,
        exception: null,
        createTime: this.now,
      });
    }
  }

  cancelJobs(exec: ExecRow) {
    for (const j of this.state.jobs.all()) if (j.executionId === exec.id) this.state.jobs.remove(j.id);
  }

  /** A boundary timer is due: interrupt the node it sits on (or branch off beside it). */
  async fireBoundary(execId: string, boundaryId: string, job: { remaining?: number; period?: string }) {
    const exec = this.state.executions.get(execId);
    const b = this.node(boundaryId);
    if (!exec || exec.actId !== b.attachedTo) return;
    if (b.cancelActivity) {
      const reason = `boundary event interrupting ${b.id}`;
      for (const c of this.children(exec)) this.removeExec(c, reason);
      for (const t of this.state.tasks.all()) if (t.executionId === exec.id) this.deleteTask(t, reason);
      this.recordActEnd(exec, reason);
      this.cancelJobs(exec);
      clearLoop(this, exec);
      exec.actId = b.id;
      this.touch(exec);
      this.recordActStart(exec, b, true);
      await this.takeOutgoing(exec, b);
    } else {
      const side = this.newExec(this.scopeOf(exec), b.id);
      this.recordActStart(side, b, true);
      await this.takeOutgoing(side, b);
      if (job.period && (job.remaining ?? 0) > 0) {
        const due = parseTimerText('duration', job.period, this.d.now).due;
        this.state.jobs.add({
          id: nextId(),
          tenantId: this.d.tenantId,
          type: 'boundary-timer',
          procInstId: this.state.procInstId,
          executionId: exec.id,
          procDefId: this.d.def.id,
          elementId: b.id,
          config: { remaining: (job.remaining ?? 1) - 1, period: job.period },
          dueTime: this.d.zt.format(due),
          retries: 3,
          exception: null,
          createTime: this.now,
        });
      }
    }
  }

  // ---------------------------------------------------------------- listeners

  private listenerContext(event: string, exec: ExecRow, task?: TaskRow): ListenerContext {
    const handle: ListenerTask | undefined = task
      ? {
          id: task.id,
          name: task.name,
          taskDefKey: task.taskDefKey,
          get assignee() {
            return task.assignee;
          },
          setAssignee: (u) => {
            task.assignee = u;
            this.state.tasks.touch(task);
            this.pendingAssign.add(task);
          },
          addCandidateUsers: (ids) => {
            // Accounts become ids once the handlers have run (the lookup is asynchronous).
            for (const u of ids) this.pendingCandidates.push([task, u]);
          },
          addCandidateGroups: (ids) => {
            for (const g of ids) this.addLink(task, null, g);
          },
        }
      : undefined;
    return {
      event,
      tenantId: this.d.tenantId,
      processInstanceId: this.state.procInstId,
      processKey: this.d.def.key,
      activityId: exec.actId ?? '',
      businessKey: this.rootIfOpen()?.businessKey ?? null,
      ...(handle ? { task: handle } : {}),
      getVariable: (n) => this.getVar(exec, n),
      setVariable: (n, v) => this.setVar(exec, n, v),
      evaluate: (text) => this.evalText(text, exec, `监听器参数`),
      notify: (userIds, message) => this.d.notify(this.d.tx, this.d.tenantId, userIds, message),
      emit: (type, comment) => {
        this.events.push({ type, ...(comment !== undefined ? { comment } : {}) });
      },
      tx: this.d.tx,
    };
  }
  private readonly pendingAssign = new Set<TaskRow>();
  private readonly pendingCandidates: [TaskRow, string][] = [];

  private async runListener(l: ListenerDef, ctx: ListenerContext, exec: ExecRow, where: string) {
    if (l.kind === 'expression') {
      // compile.ts parses the expression of every expression listener (a model whose expression does not parse is refused).
      if (!l.expression) throw new Error(`workflow: ${where}: expression listener without its parsed expression`);
      this.evaluate(l.expression, exec, where);
      return;
    }
    let name: string;
    let params: Record<string, unknown> = { ...l.fields };
    if (l.kind === 'class') {
      const m = this.d.classMap.get(l.value);
      if (!m) throw refuse(`${where} 的监听器类 ${l.value} 没有映射到处理程序`);
      name = m.handler;
      params = { ...m.params, ...params };
    } else name = l.value.replace(/^[$#]\{\s*|\s*\}$/g, '');
    const h = this.d.listeners.get(name);
    if (!h) throw refuse(`${where} 的监听器 ${name} 未注册`);
    try {
      await h(ctx, params);
    } catch (e) {
      // A handler's own failure is the model's problem: say which listener, as a 400.
      if (e instanceof WorkflowError) throw e;
      throw refuse(`${where} 的监听器 ${name} 执行失败: ${(e as Error).message}`);
    }
  }

  async taskListeners(node: FlowNode, event: string, task: TaskRow) {
    const exec = this.execOfTask(task);
    for (const l of node.userTask?.listeners ?? []) {
      if (l.event !== event && !(l.event === 'all')) continue;
      await this.runListener(l, this.listenerContext(event, exec, task), exec, `节点 ${node.id}`);
    }
    for (const [t, u] of this.pendingCandidates.splice(0)) this.addLink(t, await this.userId(u), null);
    for (const t of [...this.pendingAssign]) {
      this.pendingAssign.delete(t);
      if (t.assignee) t.assignee = await this.userId(t.assignee);
      await this.assigned(t, event === 'create');
    }
  }

  async executionListeners(list: ListenerDef[], event: string, exec: ExecRow) {
    for (const l of list) if (l.event === event) await this.runListener(l, this.listenerContext(event, exec), exec, `节点 ${exec.actId}`);
  }
  private async flowListeners(flowId: string, exec: ExecRow) {
    const f = this.flow(flowId);
    for (const l of f.listeners)
      if (l.event === 'take' || l.event === 'start') await this.runListener(l, this.listenerContext('take', exec), exec, `连线 ${flowId}`);
  }
}
