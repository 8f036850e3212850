/**
 * The timeline of an instance (`history-flow-list`, WORKFLOW.md "History and diagram") and the node states
 * of its diagram (`model-view`): activity rows in time order with names, durations and comments, `candidate`
 * rows for the user tasks not reached yet, and taken sequence flows.
 */
import type { Database } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/errors.ts';
import { userNames, usersInGroups } from '../user/api.ts';
import type { WorkflowModule } from './index.ts';
import type { FlowNode, ProcessModel, Template } from './engine/index.ts';

export interface HistoryComment {
  /** `AddComment`, as Flowable's comments. */
  action: string | null;
  /** The kind: comment, rollbackComment, transferComment … (S1 §4). */
  type: string;
  /** The command that wrote it (approve, reject, rollback …): a reject and a rollback are both rollbackComment. */
  operation: string | null;
  fullMessage: string | null;
  /** The business origin of the action (S1 L60), when the completion named one. */
  processFrom?: string;
  time: string;
  userId: string | null;
  userName: string;
}

export interface HistoryRow {
  id: string;
  historyActivityId: string;
  historyActivityType: string;
  historyActivityName: string | null;
  taskId: string | null;
  assignee: string | null;
  assigneeName: string;
  createTime: string | null;
  endTime: string | null;
  historyActivityDurationTime: string;
  deleteReason: string | null;
  comments: HistoryComment[];
  attachments: { name: string; url: string }[];
}

/** `1天2小时3分4秒` (leading zero units left out; `0秒` under a second). */
export function durationText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  let s = Math.floor(ms / 1000);
  const parts: [number, string][] = [
    [Math.floor(s / 86400), '天'],
    [Math.floor((s %= 86400) / 3600), '小时'],
    [Math.floor((s %= 3600) / 60), '分'],
    [s % 60, '秒'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first < 0) return '0秒';
  return parts
    .slice(first)
    .map(([n, u]) => `${n}${u}`)
    .join('');
}

/** Candidate names joined by '/', cut after three as `等共N人`. */
export function joinNames(names: string[]): string {
  const uniq = [...new Set(names.filter(Boolean))];
  if (uniq.length <= 3) return uniq.join('/');
  return `${uniq.slice(0, 3).join('/')}等共${uniq.length}人`;
}

const WARN = new Set(['assigneeComment', 'dispatchComment', 'transferComment', 'delegateComment', 'addMultiInstanceComment', 'withdrawComment']);
const ERROR = new Set(['terminateComment', 'deleteMultiInstanceComment', 'deleteProcessComment']);

/** Literal text of a template, or the variable it names alone (`${approver}`), else undefined. */
function templateValue(t: Template | undefined, vars: Record<string, unknown>): string[] | undefined {
  if (!t) return undefined;
  if (t.parts.every((p) => typeof p === 'string'))
    return (t.parts as string[])
      .join('')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const [part] = t.parts;
  if (t.parts.length === 1 && part !== undefined && typeof part !== 'string') {
    const src = part.src.trim();
    if (/^[A-Za-z_]\w*$/.test(src) && vars[src] !== undefined && vars[src] !== null) {
      const v = vars[src];
      return (Array.isArray(v) ? v.map(String) : String(v).split(',')).map((s) => s.trim()).filter(Boolean);
    }
  }
  return undefined;
}

export class WorkflowHistory {
  constructor(
    private readonly database: Database,
    private readonly wf: WorkflowModule,
  ) {}

  private nameMap(tenantId: string, ids: string[]) {
    return userNames(this.database.db, tenantId, ids);
  }

  /** Who a node not reached yet would go to, as names (what the model and the variables tell). */
  private async expectedNames(tenantId: string, node: FlowNode, vars: Record<string, unknown>, startUser: string | null): Promise<string[]> {
    const ut = node.userTask;
    if (!ut) return [];
    const users: string[] = [];
    const groups: string[] = [];
    for (const r of ut.rules) {
      if (r.type === 'user') users.push(...r.values);
      else if (r.type === 'role' || r.type === 'dept' || r.type === 'post') groups.push(...r.values);
      else if (r.type === 'starter' && startUser) users.push(startUser);
      else if (r.type === 'starterLeader' && startUser) {
        const l = await this.wf.identity.leaderOf(this.wf.db, tenantId, startUser);
        if (l) users.push(l);
      } else if (r.type === 'formField') for (const f of r.values) users.push(...(templateValue({ parts: [{ src: f, node: null as never }] }, vars) ?? []));
    }
    const coll = node.loop?.collection;
    if (coll) {
      // A multi-instance node goes to each element of its collection.
      const list = 'variable' in coll ? vars[coll.variable] : templateValue(coll.expression, vars);
      if (Array.isArray(list)) users.push(...list.map(String));
      else if (typeof list === 'string')
        users.push(
          ...list
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        );
    } else users.push(...(templateValue(ut.assignee, vars) ?? []), ...(templateValue(ut.humanPerformer, vars) ?? []));
    for (const c of ut.candidateUsers) users.push(...(templateValue(c, vars) ?? []));
    for (const g of ut.candidateGroups) groups.push(...(templateValue(g, vars) ?? []));
    const names: string[] = [];
    for (const u of users) names.push((await this.wf.identity.findUser(this.wf.db, tenantId, u))?.name ?? u);
    names.push(...(await usersInGroups(this.database.db, tenantId, groups)).map((u) => u.name));
    return names;
  }

  /** User tasks reachable from the active nodes that have no activity row yet. */
  private unreached(model: ProcessModel, active: string[], seen: Set<string>): FlowNode[] {
    const out: FlowNode[] = [];
    const visited = new Set<string>();
    const stack = [...active];
    const targets = (flowIds: string[]) => flowIds.flatMap((f) => model.flows.get(f)?.target ?? []);
    let id: string | undefined;
    while ((id = stack.pop()) !== undefined) {
      const n = model.nodes.get(id);
      if (!n || visited.has(n.id)) continue;
      visited.add(n.id);
      if (n.type === 'userTask' && !seen.has(n.id) && !active.includes(n.id)) out.push(n);
      const next = targets(n.outgoing);
      if (n.type === 'subProcess' && n.startId) next.push(n.startId);
      if (!n.outgoing.length && n.scopeId) next.push(...targets(model.nodes.get(n.scopeId)?.outgoing ?? []));
      stack.push(...next.reverse());
    }
    return out;
  }

  async timeline(tenantId: string, procInstId: string): Promise<HistoryRow[]> {
    const { engine } = this.wf;
    const proc = await engine.processInstance(tenantId, procInstId);
    if (!proc) throw fail('流程实例不存在');
    const [acts, tasks, comments, open] = await Promise.all([
      engine.activities(tenantId, procInstId),
      engine.historicTasks(tenantId, procInstId),
      engine.comments(tenantId, procInstId),
      engine.tasks(tenantId, procInstId),
    ]);
    const names = await this.nameMap(tenantId, [
      proc.startUserId ?? '',
      ...acts.map((a) => a.assignee ?? ''),
      ...tasks.map((t) => t.assignee ?? ''),
      ...comments.map((c) => c.userId ?? ''),
      ...open.flatMap((t) => t.candidateUsers),
    ]);
    const byTask = new Map<string, HistoryComment[]>();
    const loose: HistoryComment[] = [];
    for (const c of comments) {
      const hc: HistoryComment = {
        action: c.action,
        type: c.type,
        operation: c.operation,
        fullMessage: c.message,
        ...(c.processFrom ? { processFrom: c.processFrom } : {}),
        time: c.time,
        userId: c.userId,
        userName: c.userId ? (names.get(c.userId) ?? c.userId) : '',
      };
      if (c.taskId) byTask.set(c.taskId, [...(byTask.get(c.taskId) ?? []), hc]);
      else loose.push(hc);
    }
    // Files the task's comments carry (approve, reject, rollback, terminate with `attachment`).
    const filesByTask = new Map<string, { name: string; url: string }[]>();
    for (const c of comments) if (c.taskId && c.attachments?.length) filesByTask.set(c.taskId, [...(filesByTask.get(c.taskId) ?? []), ...c.attachments]);
    const openById = new Map(open.map((t) => [t.id, t]));
    const rows: HistoryRow[] = [];
    for (const a of acts) {
      if (a.deleteReason === 'Delete MI execution') continue;
      // The start row names the applicant, as the timeline of the original shows it.
      const who = a.assignee ?? (a.actType === 'startEvent' ? proc.startUserId : null);
      let assigneeName = who ? (names.get(who) ?? who) : '';
      const ot = a.taskId ? openById.get(a.taskId) : undefined;
      if (ot && !ot.assignee) {
        const cand = [
          ...ot.candidateUsers.map((u) => names.get(u) ?? u),
          ...(await usersInGroups(this.database.db, tenantId, ot.candidateGroups)).map((u) => u.name),
        ];
        assigneeName = joinNames(cand);
      }
      rows.push({
        id: a.id,
        historyActivityId: a.actId,
        historyActivityType: a.actType,
        historyActivityName: a.actName,
        taskId: a.taskId,
        assignee: a.assignee ?? ot?.assignee ?? null,
        assigneeName,
        createTime: a.startTime,
        endTime: a.endTime,
        historyActivityDurationTime: durationText(a.durationMs),
        deleteReason: a.deleteReason,
        comments: a.taskId ? (byTask.get(a.taskId) ?? []) : [],
        attachments: a.taskId ? (filesByTask.get(a.taskId) ?? []) : [],
      });
    }
    if (loose.length) {
      const anchor =
        [...rows].reverse().find((r) => r.historyActivityType === 'endEvent') ?? [...rows].reverse().find((r) => r.historyActivityType !== 'sequenceFlow');
      if (anchor) anchor.comments.push(...loose);
    }
    if (!proc.endTime) {
      const model = await engine.model(proc.procDefId);
      const vars = await engine.variables(tenantId, procInstId);
      const active = acts.filter((a) => !a.endTime && a.actType !== 'sequenceFlow').map((a) => a.actId);
      for (const n of this.unreached(model, active, new Set(acts.map((a) => a.actId)))) {
        rows.push({
          id: `candidate_${n.id}`,
          historyActivityId: n.id,
          historyActivityType: 'candidate',
          historyActivityName: n.name ?? null,
          taskId: null,
          assignee: null,
          assigneeName: joinNames(await this.expectedNames(tenantId, n, vars, proc.startUserId)),
          createTime: null,
          endTime: null,
          historyActivityDurationTime: '',
          deleteReason: null,
          comments: [],
          attachments: [],
        });
      }
    }
    return rows;
  }

  /** The diagram: the deployed XML and the display state of each node and taken flow (spec 1 section 4). */
  async modelView(tenantId: string, procInstId: string) {
    const { engine } = this.wf;
    const proc = await engine.processInstance(tenantId, procInstId);
    if (!proc) throw fail('流程实例不存在');
    const xml = await this.xmlOf(tenantId, proc.procDefId);
    const [acts, tasks, comments] = await Promise.all([
      engine.activities(tenantId, procInstId),
      engine.historicTasks(tenantId, procInstId),
      engine.comments(tenantId, procInstId),
    ]);
    const state = new Map<string, { historyActivityId: string; historyActivityType: string; historyActivityName: string | null; status: string }>();
    for (const a of acts) {
      if (a.deleteReason === 'Delete MI execution') continue;
      const status = a.actType === 'sequenceFlow' ? 'lineWarn' : !a.endTime ? 'nodePrimary' : 'nodeSuccess';
      state.set(a.actId, { historyActivityId: a.actId, historyActivityType: a.actType, historyActivityName: a.actName, status });
    }
    const nodeOfTask = new Map(tasks.map((t) => [t.id, t.taskDefKey]));
    const rank: Record<string, number> = { nodeSuccess: 0, lineWarn: 0, nodeWarn: 1, nodeError: 2, nodePrimary: 3 };
    const mark = (actId: string | undefined, status: string) => {
      const s = actId ? state.get(actId) : undefined;
      if (s && (rank[status] ?? 0) > (rank[s.status] ?? 0)) s.status = status;
    };
    const endId = proc.endActId ?? undefined;
    for (const c of comments) {
      const actId = c.taskId ? nodeOfTask.get(c.taskId) : endId;
      if (WARN.has(c.type)) mark(actId, 'nodeWarn');
      else if (ERROR.has(c.type)) mark(actId, 'nodeError');
      // Sent back: red while the process runs again, orange once it has ended.
      else if (c.type === 'rollbackComment') mark(actId, proc.endTime ? 'nodeWarn' : 'nodeError');
    }
    return { xml, processInstanceId: procInstId, processDefinitionId: proc.procDefId, processIsFinished: proc.status, flow: [...state.values()] };
  }

  /** The BPMN XML of a definition (the engine's). */
  xmlOf(tenantId: string, procDefId: string): Promise<string> {
    return this.wf.engine.definitionXml(tenantId, procDefId);
  }
}
