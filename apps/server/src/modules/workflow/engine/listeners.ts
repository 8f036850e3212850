/**
 * Listeners run named TypeScript handlers. A model names one by `delegateExpression="${name}"`, or by a Java
 * class name that the tenant has mapped to a handler with parameters (blade_wf_listener_map); models naming
 * an unmapped class are refused at deploy, never run with the listener skipped.
 */
import type { WorkflowEventType } from './hooks.ts';
import type { Tx } from './state.ts';

export interface ListenerTask {
  readonly id: string;
  readonly name: string | null;
  readonly taskDefKey: string;
  readonly assignee: string | null;
  setAssignee(userId: string | null): void;
  addCandidateUsers(userIds: string[]): void;
  addCandidateGroups(groups: string[]): void;
}

export interface ListenerContext {
  /** create / assignment / complete / delete (task); start / end / take (execution). */
  event: string;
  tenantId: string;
  processInstanceId: string;
  processKey: string;
  activityId: string;
  businessKey: string | null;
  task?: ListenerTask;
  getVariable(name: string): unknown;
  setVariable(name: string, value: unknown): void;
  /** Evaluates a `${...}` text against the current execution (parameters may be expressions). */
  evaluate(text: string): unknown;
  /** Sends a notice (the notification step decides how). */
  notify(userIds: string[], message: string): Promise<void>;
  /** Emits a business-hook event for this instance (heard in the same transaction). */
  emit(type: WorkflowEventType, comment?: string): void;
  tx: Tx;
}

export type ListenerHandler = (ctx: ListenerContext, params: Record<string, unknown>) => Promise<void> | void;

/** What the administrator's mapping page shows of a handler: its name, what it does and its parameters. */
export interface ListenerInfo {
  name: string;
  label: string;
  params: { name: string; label: string; required: boolean }[];
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : String(v ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
const value = (ctx: ListenerContext, v: unknown) => (typeof v === 'string' && /[$#]\{/.test(v) ? ctx.evaluate(v) : v);

const HOOK_EVENTS: WorkflowEventType[] = ['started', 'rejected', 'withdrawn', 'finished', 'terminated', 'deleted'];

/** Handlers by name; built in: setAssignee {assignee}, addCandidates {users, groups}, setVariable {name, value}, notice {message, users?}, businessHook {event}. */
export class ListenerRegistry {
  private readonly handlers = new Map<string, ListenerHandler>();
  private readonly infos = new Map<string, ListenerInfo>();

  constructor() {
    const param = (name: string, label: string, required = true) => ({ name, label, required });
    this.describe('setAssignee', '设置办理人', [param('assignee', '办理人(用户编号、账号或表达式)')]);
    this.describe('addCandidates', '添加候选人', [param('users', '候选用户(逗号分隔)', false), param('groups', '候选组(角色、部门、岗位)', false)]);
    this.describe('setVariable', '设置变量', [param('name', '变量名'), param('value', '值(可为表达式)', false)]);
    this.describe('notice', '发送通知', [param('message', '通知内容'), param('users', '接收人(默认办理人)', false)]);
    this.describe('businessHook', '业务事件', [
      param('event', '事件(started/rejected/withdrawn/finished/terminated/deleted)'),
      param('comment', '说明', false),
    ]);
    this.register('setAssignee', (ctx, p) => {
      if (!ctx.task) throw new Error('setAssignee 只能用于任务监听器');
      const a = value(ctx, p.assignee);
      ctx.task.setAssignee(a === null || a === undefined || a === '' ? null : String(a));
    });
    this.register('addCandidates', (ctx, p) => {
      if (!ctx.task) throw new Error('addCandidates 只能用于任务监听器');
      ctx.task.addCandidateUsers(asList(value(ctx, p.users)));
      ctx.task.addCandidateGroups(asList(value(ctx, p.groups)));
    });
    this.register('setVariable', (ctx, p) => ctx.setVariable(String(p.name), value(ctx, p.value)));
    this.register('businessHook', (ctx, p) => {
      const type = String(p.event ?? '');
      if (!HOOK_EVENTS.includes(type as WorkflowEventType)) throw new Error(`businessHook: 未知事件 ${type}`);
      ctx.emit(type as WorkflowEventType, p.comment === undefined ? undefined : String(value(ctx, p.comment)));
    });
    this.register('notice', async (ctx, p) => {
      const to = p.users !== undefined ? asList(value(ctx, p.users)) : ctx.task?.assignee ? [ctx.task.assignee] : [];
      await ctx.notify(to, String(value(ctx, p.message) ?? ''));
    });
  }

  register(name: string, handler: ListenerHandler, info?: Omit<ListenerInfo, 'name'>) {
    this.handlers.set(name, handler);
    if (info) this.describe(name, info.label, info.params);
  }
  private describe(name: string, label: string, params: ListenerInfo['params']) {
    this.infos.set(name, { name, label, params });
  }
  /** Every handler with what the mapping page shows of it (a handler registered without a description: its name). */
  list(): ListenerInfo[] {
    return this.names().map((n) => this.infos.get(n) ?? { name: n, label: n, params: [] });
  }
  get(name: string) {
    return this.handlers.get(name);
  }
  has(name: string) {
    return this.handlers.has(name);
  }
  names() {
    return [...this.handlers.keys()];
  }
}
