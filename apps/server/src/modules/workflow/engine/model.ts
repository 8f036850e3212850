/** The compiled form of a BPMN process: a plain graph the runtime walks. */
import { refuse } from './errors.ts';
import { childrenOf, type Node, type Template } from './expression.ts';

export type NodeType =
  'startEvent' | 'endEvent' | 'userTask' | 'task' | 'manualTask' | 'exclusiveGateway' | 'parallelGateway' | 'inclusiveGateway' | 'subProcess' | 'boundaryEvent';

export interface ListenerDef {
  event: string;
  kind: 'class' | 'expression' | 'delegateExpression';
  /** Class name, expression text or delegate expression text. */
  value: string;
  expression?: Template;
  fields: Record<string, string>;
}

/** Designer assignee rules (`<hjl:assignee type value>`). */
export interface AssigneeRule {
  type: 'user' | 'role' | 'dept' | 'post' | 'starter' | 'operator' | 'starterLeader' | 'formField';
  values: string[];
}

export interface UserTaskDef {
  assignee?: Template;
  humanPerformer?: Template;
  candidateUsers: Template[];
  candidateGroups: Template[];
  rules: AssigneeRule[];
  owner?: Template;
  dueDate?: Template;
  priority?: Template;
  category?: string;
  formKey?: string;
  description?: Template;
  /** The documentation as written (kept when an expression in it names an unknown variable, as Flowable does). */
  descriptionText?: string;
  /** Default rollback node of this node (hjl:rollbackNode or ruoyi's rejectReturnTaskId). */
  rollbackNode?: string;
  /**
   * The node's time limit in working hours (`hjl:timeLimit`, docs/workflow.md "Approval durations"): a task open
   * longer is overdue in the durations and urged once. Kept by Flowable as an extension attribute; no effect on the run.
   */
  timeLimitHours?: number;
  buttons: { code: string; name?: string; display: boolean }[];
  fields: { name: string; readable: boolean; writable: boolean; required: boolean }[];
  listeners: ListenerDef[];
}

export interface LoopDef {
  sequential: boolean;
  cardinality?: Template;
  /** An expression, or a variable name (loopDataInputRef / a plain flowable:collection). */
  collection?: { expression: Template } | { variable: string };
  elementVariable?: string;
  completion?: Template;
}

export interface TimerDef {
  kind: 'duration' | 'date' | 'cycle';
  text: Template;
}

export interface FlowNode {
  id: string;
  name?: string;
  type: NodeType;
  /** The enclosing subprocess, or null at process level. */
  scopeId: string | null;
  incoming: string[];
  /** Outgoing flow ids in document order. */
  outgoing: string[];
  defaultFlow?: string;
  userTask?: UserTaskDef;
  loop?: LoopDef;
  /** Subprocess: its start event. */
  startId?: string;
  terminate?: boolean;
  /** Boundary event: the node it sits on, whether it cancels it, and its timer. */
  attachedTo?: string;
  cancelActivity?: boolean;
  timer?: TimerDef;
  /** Boundary events attached to this node. */
  boundaries: string[];
  /** Start event: the variable receiving the starter (flowable:initiator). */
  initiator?: string;
  /** Start event: the form of the start (flowable:formKey). */
  formKey?: string;
  listeners: ListenerDef[];
}

export interface Flow {
  id: string;
  name?: string;
  source: string;
  target: string;
  condition?: Template;
  conditionText?: string;
  listeners: ListenerDef[];
}

export interface ProcessModel {
  key: string;
  name?: string;
  documentation?: string;
  nodes: Map<string, FlowNode>;
  flows: Map<string, Flow>;
  /** The process-level start event. */
  startId: string;
  skipFirstNode: boolean;
  rollbackNode?: string;
  candidateStarterUsers: string[];
  candidateStarterGroups: string[];
  listeners: ListenerDef[];
}

/** The node `id` of the model (refused as 流程中没有节点 when the model has none: a task or token naming a node of another version). */
export function nodeOf(model: ProcessModel, id: string): FlowNode {
  const n = model.nodes.get(id);
  if (!n) throw refuse(`流程中没有节点 ${id}`);
  return n;
}

/** The sequence flow `id` of the model (compile.ts adds a flow id to a node's `outgoing` only with the flow itself). */
export function flowOf(model: ProcessModel, id: string): Flow {
  const f = model.flows.get(id);
  if (!f) throw refuse(`流程中没有连线 ${id}`);
  return f;
}

/** Where a node's sequence flows lead (the targets of its `outgoing`). */
export function targetsOf(model: ProcessModel, node: FlowNode): string[] {
  return node.outgoing.map((f) => flowOf(model, f).target);
}

/**
 * What the model's user tasks may name users by (their assignee, owner, candidate users and designer rules): the
 * variables whose values their expressions read, and the names written in the model. The engine looks these names
 * up ahead, in a statement it runs anyway (`IdentityResolver.userIdSql`); a name it did not foresee (an expression
 * calling a function, a listener's choice) is looked up when asked, as before. Worked out once per model.
 */
export interface UserNames {
  variables: string[];
  names: string[];
  /** A designer rule names the starter (`starter`), or the user running the command (`operator`). */
  starter: boolean;
  operator: boolean;
}

const userNamesByModel = new WeakMap<ProcessModel, UserNames>();

export function userNamesOf(model: ProcessModel): UserNames {
  let out = userNamesByModel.get(model);
  if (out) return out;
  const variables = new Set<string>();
  const names = new Set<string>();
  let starter = false;
  let operator = false;
  const addName = (text: string) => {
    names.add(text);
    for (const part of text.split(',')) if (part.trim()) names.add(part.trim());
  };
  const walk = (n: Node): void => {
    if (n.kind === 'id') variables.add(n.name);
    childrenOf(n).forEach(walk);
  };
  const template = (t: Template | undefined) => {
    if (!t) return;
    if (t.parts.every((p) => typeof p === 'string')) addName(t.parts.join(''));
    for (const p of t.parts) if (typeof p !== 'string') walk(p.node);
  };
  for (const node of model.nodes.values()) {
    const ut = node.userTask;
    if (!ut) continue;
    template(ut.assignee);
    template(ut.humanPerformer);
    template(ut.owner);
    ut.candidateUsers.forEach(template);
    for (const r of ut.rules) {
      if (r.type === 'user') r.values.forEach(addName);
      if (r.type === 'formField') r.values.forEach((v) => variables.add(v));
      if (r.type === 'starter') starter = true;
      if (r.type === 'operator') operator = true;
    }
    const loop = node.loop;
    if (loop?.collection) {
      if ('variable' in loop.collection) variables.add(loop.collection.variable);
      else template(loop.collection.expression);
    }
    if (loop?.elementVariable) variables.add(loop.elementVariable);
  }
  // `${initiator}` without such a variable is the starter (Run.evalContext).
  if (variables.has('initiator')) starter = true;
  out = { variables: [...variables], names: [...names], starter, operator };
  userNamesByModel.set(model, out);
  return out;
}
