/** The compiled form of a BPMN process: a plain graph the runtime walks. */
import { fail } from '../../../platform/http/errors.ts';
import type { Template } from './expression.ts';

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
  if (!n) throw fail(`流程中没有节点 ${id}`);
  return n;
}

/** The sequence flow `id` of the model (compile.ts adds a flow id to a node's `outgoing` only with the flow itself). */
export function flowOf(model: ProcessModel, id: string): Flow {
  const f = model.flows.get(id);
  if (!f) throw fail(`流程中没有连线 ${id}`);
  return f;
}

/** Where a node's sequence flows lead (the targets of its `outgoing`). */
export function targetsOf(model: ProcessModel, node: FlowNode): string[] {
  return node.outgoing.map((f) => flowOf(model, f).target);
}
