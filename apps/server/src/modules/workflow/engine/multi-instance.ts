/**
 * Multi-instance nodes (WORKFLOW.md "Routing rules", docs/workflow.md "Countersigns"): the MI root execution with
 * one child per instance, the loop variables on the root, the rounds of a sequential loop, and the countersigners
 * added (加签) or removed (减签) while it runs — Flowable's addMultiInstanceExecution and
 * deleteMultiInstanceExecution(execution, executionIsCompleted).
 */
import { refuse } from './errors.ts';
import { coerceToNumber } from './expression.ts';
import type { FlowNode, LoopDef } from './model.ts';
import type { Run } from './runtime.ts';
import type { ExecRow, TaskRow } from './state.ts';

const MI_VARS = ['nrOfInstances', 'nrOfCompletedInstances', 'nrOfActiveInstances'];
/** Root-local map of loopCounter → user for countersigners added at runtime. */
const ADDED_SIGNERS = '__addedSigners';
/** The delete reason of a removed countersign instance (Flowable's; the timeline hides its rows). */
const DELETE_MI_EXECUTION = 'Delete MI execution';

/** The multi-instance definition of a node that has one (`execute` starts a multi-instance only for those). */
function loopOf(node: FlowNode): LoopDef {
  if (!node.loop) throw new Error(`workflow: node ${node.id} is not multi-instance`);
  return node.loop;
}

const numberOf = (run: Run, exec: ExecRow, name: string) => coerceToNumber(run.getLocal(exec, name));
const addedOf = (run: Run, root: ExecRow) => ({ ...((run.getLocal(root, ADDED_SIGNERS) ?? {}) as Record<string, string>) });

function collection(run: Run, exec: ExecRow, node: FlowNode, c: NonNullable<LoopDef['collection']>): unknown[] {
  const v = 'variable' in c ? run.getVar(exec, c.variable) : run.evaluate(c.expression, exec, `节点 ${node.id}`);
  if (v === undefined && 'variable' in c) throw refuse(`节点 ${node.id} 的多实例集合变量 ${c.variable} 不存在`);
  if (Array.isArray(v)) return v;
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (v === null) return [];
  throw refuse(`节点 ${node.id} 的多实例集合不是列表`);
}

/** A token enters a multi-instance node: the root gets the loop variables and the (first) instances start. */
export async function startMultiInstance(run: Run, exec: ExecRow, node: FlowNode) {
  const loop = loopOf(node);
  const where = `节点 ${node.id}`;
  let nr: number;
  let items: unknown[] | undefined;
  if (loop.collection) items = collection(run, exec, node, loop.collection);
  if (loop.cardinality) {
    nr = coerceToNumber(run.evaluate(loop.cardinality, exec, where));
  } else if (items) nr = items.length;
  else throw refuse(`${where} 的多实例既没有数量也没有集合`);
  if (!Number.isInteger(nr) || nr < 0) throw refuse(`${where} 的多实例数量无效: ${nr}`);
  if (nr === 0) {
    run.recordActStart(exec, node, true);
    return run.takeOutgoing(exec, node);
  }
  exec.isMiRoot = true;
  run.touch(exec);
  run.setLocal(exec, 'nrOfInstances', nr);
  run.setLocal(exec, 'nrOfCompletedInstances', 0);
  run.setLocal(exec, 'nrOfActiveInstances', loop.sequential ? 1 : nr);
  run.scheduleBoundaries(exec, node);
  const count = loop.sequential ? 1 : nr;
  const instances: ExecRow[] = [];
  for (let i = 0; i < count; i++) instances.push(newMiInstance(run, exec, node, i, items));
  for (const inst of instances) run.plan(() => run.executeInner(inst, node));
}

/** One instance under the root: its loopCounter and element (a countersigner added for that round wins). */
function newMiInstance(run: Run, root: ExecRow, node: FlowNode, loopCounter: number, items?: unknown[]): ExecRow {
  const inst = run.newExec(root, node.id);
  run.setLocal(inst, 'loopCounter', loopCounter);
  const el = node.loop?.elementVariable;
  if (el) {
    const fromCollection = items && loopCounter < items.length ? items[loopCounter] : undefined;
    const value = addedOf(run, root)[String(loopCounter)] ?? fromCollection;
    if (value !== undefined) run.setLocal(inst, el, value);
  }
  return inst;
}

/** The countersigner added at runtime for this instance's round, if any (they take the task whatever the node says). */
export function addedSignerOf(run: Run, inst: ExecRow): string | undefined {
  if (!run.isMiInstance(inst)) return undefined;
  return addedOf(run, run.scopeOf(inst))[String(run.getLocal(inst, 'loopCounter'))];
}

/** The root stops being one: its loop variables go (a finished node, or a boundary event that interrupted it). */
export function clearLoop(run: Run, root: ExecRow) {
  for (const n of [...MI_VARS, ADDED_SIGNERS]) run.removeLocal(root, n);
  root.isMiRoot = false;
  run.touch(root);
}

/** An instance completed: count it, then the next round (sequential), or the node completes. */
export async function miInstanceDone(run: Run, inst: ExecRow, node: FlowNode): Promise<void> {
  const root = run.scopeOf(inst);
  const loop = loopOf(node);
  const completed = numberOf(run, root, 'nrOfCompletedInstances') + 1;
  const nr = numberOf(run, root, 'nrOfInstances');
  run.setLocal(root, 'nrOfCompletedInstances', completed);
  if (!loop.sequential) run.setLocal(root, 'nrOfActiveInstances', numberOf(run, root, 'nrOfActiveInstances') - 1);
  const condition = loop.completion ? run.condition(loop.completion, inst, `节点 ${node.id} 的完成条件`) : false;
  if (loop.sequential) {
    if (completed >= nr || condition) {
      run.removeExec(inst, null);
      return finishMultiInstance(run, root, node);
    }
    return nextRound(run, root, node, inst, null);
  }
  run.removeExec(inst, null);
  if (completed >= nr || condition) {
    for (const c of run.children(root)) run.removeExec(c, 'MI_END');
    return finishMultiInstance(run, root, node);
  }
}

/**
 * A sequential loop's next round replaces `inst` (completed, or removed with `reason`): loopCounter + 1, the
 * collection read again.
 */
async function nextRound(run: Run, root: ExecRow, node: FlowNode, inst: ExecRow, reason: string | null) {
  const loop = loopOf(node);
  const loopCounter = numberOf(run, inst, 'loopCounter');
  const items = loop.collection ? collection(run, inst, node, loop.collection) : undefined;
  run.removeExec(inst, reason);
  const next = newMiInstance(run, root, node, loopCounter + 1, items);
  return run.executeInner(next, node);
}

async function finishMultiInstance(run: Run, root: ExecRow, node: FlowNode) {
  clearLoop(run, root);
  run.cancelJobs(root);
  await run.takeOutgoing(root, node);
}

/** The multi-instance root of the countersign task `task` stands in (refused for any other task). */
export function countersignOf(run: Run, task: TaskRow, refusal: string): { node: FlowNode; inst: ExecRow; root: ExecRow } {
  const node = run.node(task.taskDefKey);
  const inst = run.execOfTask(task);
  if (!node.loop || !run.isMiInstance(inst)) throw refuse(refusal);
  return { node, inst, root: run.scopeOf(inst) };
}

/**
 * The round after the last one a loop has planned: a sequential loop's rounds are the current one and the
 * `nrOfInstances − nrOfCompletedInstances − 1` after it (removed rounds are skipped, so loopCounters are not
 * counts); a parallel one's the highest loopCounter given.
 */
function roundAfterLast(run: Run, root: ExecRow, node: FlowNode, inst: ExecRow): number {
  const nr = numberOf(run, root, 'nrOfInstances');
  if (loopOf(node).sequential) return numberOf(run, inst, 'loopCounter') + nr - numberOf(run, root, 'nrOfCompletedInstances');
  const given = [nr - 1, ...Object.keys(addedOf(run, root)).map(Number), ...run.children(root).map((c) => numberOf(run, c, 'loopCounter'))];
  return Math.max(...given) + 1;
}

/**
 * 加签 (Flowable's addMultiInstanceExecution): one more instance per user, after the last of the loop — parallel: a
 * task at once; sequential: a round after the last of the collection.
 */
export async function addSigners(run: Run, task: TaskRow, userIds: string[]) {
  const { node, inst, root } = countersignOf(run, task, '当前节点不是会签节点，不能加签');
  const added = addedOf(run, root);
  const holders = new Set(
    run.state.tasks
      .all()
      .filter((t) => t.taskDefKey === node.id && t.assignee)
      .map((t) => t.assignee),
  );
  const created: ExecRow[] = [];
  for (const raw of userIds) {
    const u = await run.userId(raw);
    if (holders.has(u)) throw refuse(`${raw} 已在当前审批人中`);
    holders.add(u);
    const round = roundAfterLast(run, root, node, inst);
    added[String(round)] = u;
    run.setLocal(root, ADDED_SIGNERS, added);
    run.setLocal(root, 'nrOfInstances', numberOf(run, root, 'nrOfInstances') + 1);
    if (!loopOf(node).sequential) {
      run.setLocal(root, 'nrOfActiveInstances', numberOf(run, root, 'nrOfActiveInstances') + 1);
      created.push(newMiInstance(run, root, node, round));
    }
  }
  for (const e of created) await run.executeInner(e, node);
}

/**
 * 减签 (Flowable's deleteMultiInstanceExecution(execution, executionIsCompleted)): the instance goes with its task
 * (reason `Delete MI execution`); counted as completed, nrOfCompletedInstances + 1, else nrOfInstances − 1. Parallel:
 * another open instance of the node; the node completes when the rest have. Sequential: the current round (the
 * loop goes on with the next element, or the node completes when none is left), or a countersigner added for a
 * round not reached yet (the later rounds move up).
 */
export async function removeSigner(run: Run, task: TaskRow, target: { taskId?: string; userId?: string; completed?: boolean }) {
  const { node, inst, root } = countersignOf(run, task, '当前节点不是会签节点，不能减签');
  const u = target.userId ? await run.userId(target.userId) : undefined;
  if (!loopOf(node).sequential) {
    const victim = target.taskId ? run.state.tasks.get(target.taskId) : run.state.tasks.all().find((t) => t.taskDefKey === node.id && t.assignee === u);
    if (!victim || victim.taskDefKey !== node.id) throw refuse('要减签的任务不存在');
    const ve = run.execOfTask(victim);
    if (ve.parentId !== root.id) throw refuse('要减签的任务不属于同一会签');
    if (victim.id === task.id) {
      const others = run.state.tasks.all().filter((t) => t.id !== task.id && t.taskDefKey === node.id && run.execOfTask(t).parentId === root.id);
      throw refuse(others.length ? '不能减签自己' : '会签节点只剩这一个任务，不能减签');
    }
    run.removeExec(ve, DELETE_MI_EXECUTION);
    run.setLocal(root, 'nrOfActiveInstances', numberOf(run, root, 'nrOfActiveInstances') - 1);
    countRemoved(run, root, target.completed);
    return checkCompleted(run, root, node);
  }
  if (target.taskId === task.id || (!target.taskId && u !== undefined && u === task.assignee)) {
    countRemoved(run, root, target.completed);
    if (numberOf(run, root, 'nrOfCompletedInstances') >= numberOf(run, root, 'nrOfInstances')) {
      run.removeExec(inst, DELETE_MI_EXECUTION);
      return finishMultiInstance(run, root, node);
    }
    return nextRound(run, root, node, inst, DELETE_MI_EXECUTION);
  }
  if (target.taskId) throw refuse('要减签的任务不存在');
  const added = addedOf(run, root);
  const current = numberOf(run, inst, 'loopCounter');
  const entry = Object.entries(added).find(([lc, who]) => who === u && Number(lc) > current);
  if (!entry) throw refuse('只能减去尚未轮到的加签人员');
  const shifted: Record<string, string> = {};
  for (const [lc, who] of Object.entries(added)) {
    const n = Number(lc);
    if (n < Number(entry[0])) shifted[lc] = who;
    else if (n > Number(entry[0])) shifted[String(n - 1)] = who;
  }
  run.setLocal(root, ADDED_SIGNERS, shifted);
  run.setLocal(root, 'nrOfInstances', numberOf(run, root, 'nrOfInstances') - 1);
}

/** A removed instance counts as completed (nrOfCompletedInstances + 1) or as never planned (nrOfInstances − 1). */
function countRemoved(run: Run, root: ExecRow, completed: boolean | undefined) {
  if (completed) run.setLocal(root, 'nrOfCompletedInstances', numberOf(run, root, 'nrOfCompletedInstances') + 1);
  else run.setLocal(root, 'nrOfInstances', numberOf(run, root, 'nrOfInstances') - 1);
}

/** After a countersigner was removed: the node completes when the rest have all completed. */
async function checkCompleted(run: Run, root: ExecRow, node: FlowNode) {
  if (numberOf(run, root, 'nrOfCompletedInstances') < numberOf(run, root, 'nrOfInstances')) return;
  for (const c of run.children(root)) run.removeExec(c, 'MI_END');
  await finishMultiInstance(run, root, node);
}
