/**
 * BPMN XML → validated process graphs. Parsing is bpmn-moddle's (lax: unknown extension content is kept as
 * generic elements); everything the runtime needs is compiled into `ProcessModel`, and anything the engine
 * cannot run is refused here, at deploy, with a message naming the element.
 */
import { activitiAsFlowable, flowableDescriptor, hjlDescriptor } from '@hjl/core/bpmn-descriptors';
import { BpmnModdle } from 'bpmn-moddle';
import { childrenOf, ExpressionError, parseTemplate, type Node, type Template } from './expression.ts';
import type { AssigneeRule, Flow, FlowNode, ListenerDef, LoopDef, NodeType, ProcessModel, UserTaskDef } from './model.ts';
import { parseTimerText } from './timers.ts';

export class ModelError extends Error {}

/** A moddle element as the compiler reads it. */
interface El {
  $type: string;
  id?: string;
  name?: string;
  [k: string]: unknown;
}

const moddle = new BpmnModdle({ flowable: flowableDescriptor, hjl: hjlDescriptor });

const SUPPORTED: Record<string, NodeType> = {
  'bpmn:StartEvent': 'startEvent',
  'bpmn:EndEvent': 'endEvent',
  'bpmn:UserTask': 'userTask',
  'bpmn:Task': 'task',
  'bpmn:ManualTask': 'manualTask',
  'bpmn:ExclusiveGateway': 'exclusiveGateway',
  'bpmn:ParallelGateway': 'parallelGateway',
  'bpmn:InclusiveGateway': 'inclusiveGateway',
  'bpmn:SubProcess': 'subProcess',
  'bpmn:BoundaryEvent': 'boundaryEvent',
};
/** Flow elements that carry no behaviour. */
const IGNORED = new Set(['bpmn:DataObject', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference']);

export interface CompileOptions {
  /** Answers an error message when a listener cannot run (unmapped class, unknown delegate), else null. */
  checkListener?: (l: ListenerDef, elementId: string) => string | null;
  /** Names of the helper functions expressions may call. */
  functions?: Set<string>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const list = (v: unknown): El[] => (Array.isArray(v) ? (v as El[]) : []);
const bodyOf = (v: unknown): string | undefined => {
  if (!v || typeof v !== 'object') return undefined;
  const e = v as El;
  return str(e.body) ?? str(e.$body);
};
const splitList = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Parses the XML; answers the executable processes compiled and validated. */
export async function compileBpmn(xml: string, opts: CompileOptions = {}): Promise<[ProcessModel, ...ProcessModel[]]> {
  // activiti: is the same namespace as flowable: for the engine.
  const text = activitiAsFlowable(xml);
  let parsed: Awaited<ReturnType<typeof moddle.fromXML>>;
  try {
    parsed = await moddle.fromXML(text);
  } catch (e) {
    throw new ModelError(`BPMN 文件无法解析: ${(e as Error).message}`);
  }
  const root: El = parsed.rootElement;
  if (root.$type !== 'bpmn:Definitions') throw new ModelError('BPMN 文件的根元素应为 definitions');
  const refs: { element: El; property: string; id: string }[] = parsed.references;
  const processes = list(root.rootElements).filter((e) => e.$type === 'bpmn:Process' && e.isExecutable !== false);
  const keys = new Set<string>();
  const [first, ...more] = processes.map((p) => {
    const m = compileProcess(p, refs, opts);
    if (keys.has(m.key)) throw new ModelError(`流程 id 重复: ${m.key}`);
    keys.add(m.key);
    return m;
  });
  if (!first) throw new ModelError('BPMN 文件中没有可执行的流程 (process)');
  return [first, ...more];
}

function compileProcess(proc: El, refs: { element: El; property: string; id: string }[], opts: CompileOptions): ProcessModel {
  const key = str(proc.id);
  if (!key) throw new ModelError('流程 (process) 缺少 id');
  const where = (id: string) => `流程 ${key} 的元素 ${id}`;
  const nodes = new Map<string, FlowNode>();
  const flows = new Map<string, Flow>();
  const rawFlows: { el: El; scopeId: string | null }[] = [];
  const errors: string[] = [];
  const checkFunctions = (n: Node, ctx: string) => {
    const visit = (x: Node): void => {
      // A call of a name calls a function (registered or not); the name itself is no variable to visit.
      if (x.kind === 'call' && x.callee.kind === 'id') {
        if (!(opts.functions?.has(x.callee.name) ?? false)) errors.push(`${ctx} 调用了未注册的函数 ${x.callee.name}`);
        x.args.forEach(visit);
        return;
      }
      childrenOf(x).forEach(visit);
    };
    visit(n);
  };
  const tpl = (text: string | undefined, ctx: string): Template | undefined => {
    if (text === undefined) return undefined;
    try {
      const t = parseTemplate(text);
      for (const p of t.parts) if (typeof p !== 'string') checkFunctions(p.node, ctx);
      return t;
    } catch (e) {
      errors.push(`${ctx} 的表达式 '${text}' 无法解析: ${(e as ExpressionError).message}`);
      return undefined;
    }
  };

  const listenersOf = (el: El, ctxId: string, kind: 'flowable:TaskListener' | 'flowable:ExecutionListener'): ListenerDef[] => {
    const ext = list((el.extensionElements as El | undefined)?.values);
    return ext
      .filter((x) => x.$type === kind)
      .map((x) => {
        const fields: Record<string, string> = {};
        for (const f of list(x.fields)) {
          const name = str(f.name);
          if (name) fields[name] = str(f.stringValue) ?? str(f.string) ?? str(f.expression) ?? '';
        }
        const cls = str(x.class);
        const expr = str(x.expression);
        const del = str(x.delegateExpression);
        const def: ListenerDef = cls
          ? { event: str(x.event) ?? 'create', kind: 'class', value: cls, fields }
          : expr
            ? { event: str(x.event) ?? 'create', kind: 'expression', value: expr, fields }
            : { event: str(x.event) ?? 'create', kind: 'delegateExpression', value: del ?? '', fields };
        if (def.kind === 'expression') def.expression = tpl(def.value, where(ctxId));
        if (def.kind === 'delegateExpression' && !del) errors.push(`${where(ctxId)} 的监听器缺少 class / expression / delegateExpression`);
        const problem = opts.checkListener?.(def, ctxId);
        if (problem) errors.push(problem);
        return def;
      });
  };

  const walk = (container: El, scopeId: string | null) => {
    for (const el of list(container.flowElements)) {
      if (el.$type === 'bpmn:SequenceFlow') {
        rawFlows.push({ el, scopeId });
        continue;
      }
      if (IGNORED.has(el.$type)) continue;
      const id = str(el.id);
      const type = SUPPORTED[el.$type];
      const local = el.$type.replace(/^bpmn:/, '');
      const label = `${local.charAt(0).toLowerCase()}${local.slice(1)}`;
      if (!id) {
        errors.push(`流程 ${key} 中有缺少 id 的 ${label}`);
        continue;
      }
      if (!type) {
        errors.push(`${where(id)} 是不支持的类型 ${label}`);
        continue;
      }
      if (nodes.has(id)) errors.push(`${where(id)} 的 id 重复`);
      const node: FlowNode = { id, type, scopeId, incoming: [], outgoing: [], boundaries: [], listeners: listenersOf(el, id, 'flowable:ExecutionListener') };
      const nameText = str(el.name);
      if (nameText) node.name = nameText;
      // A task name may be an expression ("My Task ${loopCounter}"): it must parse too.
      if (node.name?.includes('{')) tpl(node.name, where(id));
      const defs = list(el.eventDefinitions);
      if (type === 'startEvent') {
        const [def] = defs;
        if (def) errors.push(`${where(id)}: 不支持带事件定义的开始事件 (${def.$type.replace('bpmn:', '')})`);
        const initiatorText = str(el.initiator);
        if (initiatorText) node.initiator = initiatorText;
        const formKeyText = str(el.formKey);
        if (formKeyText) node.formKey = formKeyText;
      }
      if (type === 'endEvent') {
        for (const d of defs) {
          if (d.$type === 'bpmn:TerminateEventDefinition') node.terminate = true;
          else errors.push(`${where(id)}: 不支持的结束事件类型 ${d.$type.replace('bpmn:', '')}`);
        }
      }
      if (type === 'boundaryEvent') {
        const timer = defs.find((d) => d.$type === 'bpmn:TimerEventDefinition');
        if (!timer || defs.length !== 1) errors.push(`${where(id)}: 边界事件只支持定时器`);
        else {
          const [kind, raw] = timer.timeDuration
            ? (['duration', bodyOf(timer.timeDuration)] as const)
            : timer.timeDate
              ? (['date', bodyOf(timer.timeDate)] as const)
              : (['cycle', bodyOf(timer.timeCycle)] as const);
          const text = tpl(raw, where(id));
          if (!raw || !text) errors.push(`${where(id)}: 定时器缺少时间`);
          else {
            node.timer = { kind, text };
            if (!raw.includes('{')) {
              try {
                parseTimerText(kind, raw, new Date());
              } catch (e) {
                errors.push(`${where(id)}: ${(e as Error).message}`);
              }
            }
          }
        }
        const attached = refs.find((r) => r.element === el && r.property === 'bpmn:attachedToRef')?.id;
        if (!attached) errors.push(`${where(id)}: 边界事件缺少 attachedToRef`);
        else node.attachedTo = attached;
        node.cancelActivity = el.cancelActivity !== false;
      }
      if (type === 'userTask') node.userTask = userTaskOf(el, id);
      if (el.loopCharacteristics) {
        const lc = el.loopCharacteristics as El;
        if (lc.$type !== 'bpmn:MultiInstanceLoopCharacteristics') errors.push(`${where(id)}: 不支持标准循环 (standardLoopCharacteristics)`);
        else if (type !== 'userTask' && type !== 'subProcess') errors.push(`${where(id)}: 只有用户任务和子流程可以多实例`);
        else node.loop = loopOf(lc, id);
      }
      if (type === 'subProcess') {
        if (el.triggeredByEvent) errors.push(`${where(id)}: 不支持事件子流程`);
        const starts = list(el.flowElements).filter((x) => x.$type === 'bpmn:StartEvent');
        const startId = starts.length === 1 ? str(starts[0]?.id) : undefined;
        if (!startId) errors.push(`${where(id)}: 子流程应有且只有一个开始事件 (现有 ${starts.length} 个)`);
        else node.startId = startId;
        walk(el, id);
      }
      nodes.set(id, node);
    }
  };

  const userTaskOf = (el: El, id: string): UserTaskDef => {
    const ctx = where(id);
    const ext = list((el.extensionElements as El | undefined)?.values);
    const def: UserTaskDef = {
      candidateUsers: [],
      candidateGroups: [],
      rules: [],
      buttons: [],
      fields: [],
      listeners: listenersOf(el, id, 'flowable:TaskListener'),
    };
    const a = tpl(str(el.assignee), ctx);
    if (a) def.assignee = a;
    for (const u of splitList(str(el.candidateUsers) ?? '')) def.candidateUsers.push(tpl(u, ctx) ?? { parts: [u] });
    for (const g of splitList(str(el.candidateGroups) ?? '')) def.candidateGroups.push(tpl(g, ctx) ?? { parts: [g] });
    for (const r of list(el.resources)) {
      const expr = bodyOf((r.resourceAssignmentExpression as El | undefined)?.expression);
      if (!expr) continue;
      if (r.$type === 'bpmn:HumanPerformer') {
        const t = tpl(expr, ctx);
        if (t) def.humanPerformer = t;
      } else if (r.$type === 'bpmn:PotentialOwner') {
        // Flowable: user(x) is a candidate user, group(x) or a bare name a candidate group.
        for (const part of splitList(expr)) {
          const [, kind, inner] = /^(user|group)\((.*)\)$/.exec(part) ?? [];
          const t = tpl(inner !== undefined ? inner.trim() : part, ctx);
          if (!t) continue;
          if (kind === 'user') def.candidateUsers.push(t);
          else def.candidateGroups.push(t);
        }
      } else errors.push(`${ctx}: 不支持的资源分配 ${r.$type.replace('bpmn:', '')}`);
    }
    const owner = tpl(str(el.owner), ctx);
    if (owner) def.owner = owner;
    const due = tpl(str(el.dueDate), ctx);
    if (due) def.dueDate = due;
    const prio = tpl(str(el.priority), ctx);
    if (prio) def.priority = prio;
    const categoryText = str(el.category);
    if (categoryText) def.category = categoryText;
    const formKeyText = str(el.formKey);
    if (formKeyText) def.formKey = formKeyText;
    const doc = list(el.documentation)[0];
    const docText = str(doc?.text);
    if (docText) {
      const d = tpl(docText, ctx);
      if (d) {
        def.description = d;
        def.descriptionText = docText;
      }
    }
    const rollback = str(el.rollbackNode) ?? bodyOf(ext.find((x) => x.$type === 'flowable:RejectReturnTaskId'));
    if (rollback) def.rollbackNode = rollback;
    const limit = str(el.timeLimit);
    if (limit !== undefined) {
      if (/^\d{1,4}(\.\d)?$/.test(limit.trim()) && Number(limit) > 0) def.timeLimitHours = Number(limit);
      else errors.push(`${ctx}: 节点时限应为大于0的工作小时数(最多一位小数): ${limit}`);
    }
    for (const x of ext) {
      if (x.$type === 'hjl:Assignee') {
        const type = str(x.type) as AssigneeRule['type'] | undefined;
        const allowed: AssigneeRule['type'][] = ['user', 'role', 'dept', 'post', 'starter', 'operator', 'starterLeader', 'formField'];
        if (!type || !allowed.includes(type)) errors.push(`${ctx}: 不支持的审批人规则类型 ${String(x.type)}`);
        else def.rules.push({ type, values: splitList(str(x.value) ?? '') });
      } else if (x.$type === 'hjl:Button') {
        const code = str(x.code);
        const name = str(x.name);
        if (code) def.buttons.push({ code, ...(name ? { name } : {}), display: x.display !== false });
      } else if (x.$type === 'hjl:Field') {
        const name = str(x.name);
        if (name) def.fields.push({ name, readable: x.readable !== false, writable: x.writable === true, required: x.required === true });
      }
    }
    return def;
  };

  const loopOf = (lc: El, id: string): LoopDef => {
    const ctx = where(id);
    const loop: LoopDef = { sequential: lc.isSequential === true };
    const card = tpl(bodyOf(lc.loopCardinality), ctx);
    if (card) loop.cardinality = card;
    const coll = str(lc.collection);
    const inputRef = refs.find((r) => r.element === lc && r.property === 'bpmn:loopDataInputRef')?.id;
    if (coll) {
      // Flowable: an expression, or else the name of a variable.
      const t = coll.includes('{') ? tpl(coll, ctx) : undefined;
      loop.collection = t ? { expression: t } : { variable: coll };
    } else if (inputRef) loop.collection = { variable: inputRef };
    const elementVar = str(lc.elementVariable) ?? str((lc.inputDataItem as El | undefined)?.name);
    if (elementVar) loop.elementVariable = elementVar;
    const completion = tpl(bodyOf(lc.completionCondition), ctx);
    if (completion) loop.completion = completion;
    if (!loop.cardinality && !loop.collection) errors.push(`${ctx}: 多实例需要 loopCardinality 或集合 (collection / loopDataInputRef)`);
    return loop;
  };

  walk(proc, null);

  // Flows: give id-less ones a stable id, check both ends exist and sit in the same scope.
  const used = new Set<string>([...nodes.keys()]);
  for (const { el, scopeId } of rawFlows) {
    const source = refs.find((r) => r.element === el && r.property === 'bpmn:sourceRef')?.id;
    const target = refs.find((r) => r.element === el && r.property === 'bpmn:targetRef')?.id;
    let id = str(el.id);
    if (!id) {
      id = `flow_${source ?? 'x'}_${target ?? 'x'}`;
      for (let i = 2; used.has(id); i++) id = `flow_${source ?? 'x'}_${target ?? 'x'}_${i}`;
    }
    if (used.has(id)) errors.push(`${where(id)} 的 id 重复`);
    used.add(id);
    const from = source ? nodes.get(source) : undefined;
    const to = target ? nodes.get(target) : undefined;
    if (!source || !from) {
      errors.push(`${where(id)}: 连线的起点 ${source ?? '(空)'} 不存在`);
      continue;
    }
    if (!target || !to) {
      errors.push(`${where(id)}: 连线的终点 ${target ?? '(空)'} 不存在`);
      continue;
    }
    if (from.scopeId !== scopeId || to.scopeId !== scopeId) {
      errors.push(`${where(id)}: 连线不能跨越子流程边界`);
      continue;
    }
    const flow: Flow = { id, source, target, listeners: listenersOf(el, id, 'flowable:ExecutionListener') };
    const nameText = str(el.name);
    if (nameText) flow.name = nameText;
    const condText = bodyOf(el.conditionExpression);
    if (condText) {
      const c = tpl(condText, where(id));
      if (c) {
        flow.condition = c;
        flow.conditionText = condText;
      }
    }
    flows.set(id, flow);
    from.outgoing.push(id);
    to.incoming.push(id);
  }

  // Default flows, boundary attachment and per-node checks.
  const defaultRefs = refs.filter((r) => r.property === 'bpmn:default');
  for (const r of defaultRefs) {
    const id = str(r.element.id);
    const node = id ? nodes.get(id) : undefined;
    if (!node) continue;
    if (flows.get(r.id)?.source !== node.id) errors.push(`${where(node.id)}: 默认连线 ${r.id} 不是它的出线`);
    else node.defaultFlow = r.id;
  }
  for (const node of nodes.values()) {
    if (node.type === 'boundaryEvent' && node.attachedTo) {
      const host = nodes.get(node.attachedTo);
      if (!host) errors.push(`${where(node.id)}: 附着的节点 ${node.attachedTo} 不存在`);
      else if (host.type !== 'userTask') errors.push(`${where(node.id)}: 边界定时器只能附着在用户任务上`);
      else host.boundaries.push(node.id);
      if (node.incoming.length) errors.push(`${where(node.id)}: 边界事件不能有进线`);
    }
    if (node.type === 'startEvent' && node.incoming.length) errors.push(`${where(node.id)}: 开始事件不能有进线`);
    if (node.type === 'endEvent' && node.outgoing.length) errors.push(`${where(node.id)}: 结束事件不能有出线`);
    if (node.type === 'exclusiveGateway' || node.type === 'inclusiveGateway') {
      if (node.outgoing.length === 0) errors.push(`${where(node.id)}: 网关没有出线`);
    }
    if (node.type !== 'boundaryEvent' && node.type !== 'startEvent' && node.incoming.length === 0) {
      errors.push(`${where(node.id)}: 节点没有进线，无法到达`);
    }
  }
  const starts = [...nodes.values()].filter((n) => n.type === 'startEvent' && n.scopeId === null);
  const [start] = starts;
  if (starts.length !== 1) errors.push(`流程 ${key} 应有且只有一个开始事件 (现有 ${starts.length} 个)`);
  if (![...nodes.values()].some((n) => n.type === 'endEvent' && n.scopeId === null)) errors.push(`流程 ${key} 没有结束事件`);
  const rollbackNode = str(proc.rollbackNode);
  for (const n of nodes.values()) {
    const target = n.userTask?.rollbackNode;
    if (target && !nodes.has(target)) errors.push(`${where(n.id)}: 默认回退节点 ${target} 不存在`);
  }
  if (rollbackNode && !nodes.has(rollbackNode)) errors.push(`流程 ${key} 的默认回退节点 ${rollbackNode} 不存在`);
  const processListeners = listenersOf(proc, key, 'flowable:ExecutionListener');
  if (errors.length || !start) throw new ModelError(errors.join('; '));

  const docs = list(proc.documentation)[0];
  const model: ProcessModel = {
    key,
    nodes,
    flows,
    startId: start.id,
    skipFirstNode: proc.skipFirstNode === true,
    candidateStarterUsers: splitList(str(proc.candidateStarterUsers) ?? ''),
    candidateStarterGroups: splitList(str(proc.candidateStarterGroups) ?? ''),
    listeners: processListeners,
  };
  const nameText = str(proc.name);
  if (nameText) model.name = nameText;
  const documentationText = str(docs?.text);
  if (documentationText) model.documentation = documentationText;
  if (rollbackNode) model.rollbackNode = rollbackNode;
  return model;
}
