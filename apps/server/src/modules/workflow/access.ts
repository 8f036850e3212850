/**
 * Who may do what on a process, as the runtime API checks it before calling the engine: the holder (or a
 * candidate) of a task for task actions, the starter for withdraw, anyone involved for reading; the tenant
 * administrator and holders of the operations code read everything of their tenant. Also the shared input
 * helpers of the workflow routes (ids, user lists, variables a caller may set).
 */
import { isFileLink, MAX_FILES } from '@hjl/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idField as platformIdField, idsField } from '../../platform/http/params.ts';
import type { AccessProvider } from '../../platform/access/index.ts';
import { isAdministrator, type AuthUser } from '../../platform/auth/user.ts';
import { fail, forbidden } from '../../platform/http/errors.ts';
import { userDisplayName } from '../user/api.ts';
import type { TaskView, Tx, WorkflowQueries } from './engine/index.ts';
import type { WorkflowModule } from './index.ts';

export const OPS_CODE = 'wf_ops';

/** The caller as the engine records them: named by the one display-name rule (the token carries no nickname). */
export const actorOf = (u: AuthUser) => ({ id: u.userId, name: userDisplayName(u) });

/** Query and JSON body of a call as one object (BladeX clients send the same fields either way); the body wins. */
export function inputOf(req: FastifyRequest): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) && !Buffer.isBuffer(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...(req.query as Record<string, unknown>), ...body };
}

/** An id as string or number. */
export const idField = platformIdField();

/** A comma list (or array) of ids; `message` when empty. */
export const idListField = (message: string) => idsField({ missing: message, max: 200 });

/** A comma list (or array) of users by id or account. */
export const userListField = (message: string) =>
  z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: (iss) => (iss.input === undefined ? message : '请求参数类型错误') })
    .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .refine((l) => l.length > 0, message)
    .refine((l) => l.length <= 200 && l.every((s) => s.length <= 64), '请求参数类型错误');

export const boolField = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

/** Variables the engine keeps for itself: a caller never sets them. */
const RESERVED_VARS = new Set([
  'applyUser',
  'applyUserName',
  'serialNumber',
  'processTitle',
  'pass',
  'nrOfInstances',
  'nrOfActiveInstances',
  'nrOfCompletedInstances',
  'loopCounter',
  'initiator',
]);

/**
 * Files a comment carries (`attachment` of the task calls): the attachment widget's file items
 * `[{label, value}]`, or upload results `[{link, originalName}]` / `[{url, name}]`, as an array or its JSON
 * text; answered as `[{name, url}]` (the history item's shape). Each link must name a stored file, as in an
 * entity's `files` field, with the same messages.
 */
const BAD_ATTACHMENT = '附件格式不正确';
export const attachmentsField = z.union([z.string(), z.array(z.unknown())], { error: BAD_ATTACHMENT }).transform((v, ctx) => {
  let list: unknown = v;
  if (typeof v === 'string') {
    if (!v.trim()) return [];
    try {
      list = JSON.parse(v);
    } catch {
      list = null;
    }
  }
  const out: { name: string; url: string }[] = [];
  for (const a of Array.isArray(list) ? list : [null]) {
    const r = (a && typeof a === 'object' ? a : {}) as Record<string, unknown>;
    const url = r.value ?? r.url ?? r.link;
    const name = r.label ?? r.name ?? r.originalName;
    if (typeof url !== 'string' || !isFileLink(url) || typeof name !== 'string' || !name.trim() || name.length > 255) {
      ctx.addIssue({ code: 'custom', message: BAD_ATTACHMENT });
      return z.NEVER;
    }
    out.push({ name: name.trim(), url });
  }
  if (out.length > MAX_FILES) {
    ctx.addIssue({ code: 'custom', message: `附件最多${MAX_FILES}个` });
    return z.NEVER;
  }
  return out;
});

export const variablesField = z
  .record(z.string().max(100), z.unknown(), { error: '请求参数类型错误' })
  .refine((v) => JSON.stringify(v).length <= 200_000, '表单数据过大');

export class ProcessAccess {
  constructor(
    private readonly wf: WorkflowModule,
    private readonly queries: WorkflowQueries,
    private readonly access: AccessProvider,
  ) {}

  async isOps(user: AuthUser) {
    return isAdministrator(user) || (await this.access.permissions(user)).has(OPS_CODE);
  }

  /** The open task of the caller's tenant, or 400 when it is gone. */
  async task(user: AuthUser, taskId: string): Promise<TaskView> {
    const task = await this.wf.engine.task(user.tenantId, taskId);
    if (!task) throw fail('任务不存在或已被处理');
    return task;
  }

  async isCandidate(user: AuthUser, task: TaskView) {
    return this.wf.engine.candidate(user.tenantId, task, user.userId);
  }

  /** The task, held by the caller (inbox.ts: assigned, or unassigned with the caller as candidate); else 403. */
  async holder(user: AuthUser, taskId: string): Promise<TaskView> {
    const task = await this.task(user, taskId);
    await this.holding(user, task);
    return task;
  }

  /** Refuses unless the caller holds the open task (the check of `holder`, on a task already read). */
  async holding(user: AuthUser, task: TaskView, tx: Tx = this.wf.db): Promise<void> {
    if (task.suspended) throw fail('流程已挂起，不能办理');
    if (await this.wf.engine.holds(user.tenantId, task, user.userId, tx)) return;
    throw forbidden(task.assignee ? '该任务不属于您，不能办理' : '您不是该任务的候选人，不能办理');
  }

  /** The instance of the caller's tenant (history row), or 400. */
  async instance(user: AuthUser, procInstId: string) {
    const p = await this.wf.engine.processInstance(user.tenantId, procInstId);
    if (!p) throw fail('流程实例不存在');
    return p;
  }

  /** The instance when the caller may read it; else 403. */
  async readable(user: AuthUser, procInstId: string) {
    const p = await this.instance(user, procInstId);
    if (await this.isOps(user)) return p;
    if (await this.queries.involved(user.tenantId, procInstId, user.userId)) return p;
    throw forbidden('您没有查看该流程的权限');
  }

  /** Users of the caller's tenant named by id or account, as ids; an unknown one is refused. */
  async users(user: AuthUser, names: string[], tx: Tx = this.wf.db): Promise<string[]> {
    const out: string[] = [];
    for (const n of names) {
      const u = await this.wf.identity.findUser(tx, user.tenantId, n);
      if (!u) throw fail(`用户 ${n.slice(0, 40)} 不存在`);
      if (!out.includes(u.id)) out.push(u.id);
    }
    return out;
  }

  /**
   * The variables a caller may set at a task's node: engine variables are dropped, and so is every field the
   * node declares without write permission (hjl:field writable="false").
   */
  async writable(task: TaskView | null, procDefId: string, vars: Record<string, unknown>): Promise<Record<string, unknown>> {
    const out = Object.fromEntries(Object.entries(vars).filter(([k]) => !RESERVED_VARS.has(k)));
    if (!task) return out;
    const model = await this.wf.engine.model(procDefId);
    const fields = model.nodes.get(task.taskDefKey)?.userTask?.fields ?? [];
    const blocked = new Set(fields.filter((f) => !f.writable).map((f) => f.name));
    return Object.fromEntries(Object.entries(out).filter(([k]) => !blocked.has(k)));
  }
}

/**
 * The files a start carries, kept as the process variable `attachment` in the attachment widget's shape
 * (`[{label, value}]`), which the handle and detail screens show; none: no variable.
 */
export const startFilesVariable = (files: { name: string; url: string }[] | undefined): Record<string, unknown> =>
  files?.length ? { attachment: files.map((f) => ({ label: f.name, value: f.url })) } : {};
