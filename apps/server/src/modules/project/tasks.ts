/**
 * Project tasks and task templates (spec 2 L444, L451): /api/business/hjlProjectTask (the records, and finish,
 * conf/person, person/{id}, get/his/{id}, update/rate — GET as BUSINESS.md §6 infers them, POST as well) and
 * /api/business/hjlTaskTemplate (list, detail, remove, submit). A task belongs to a project (confined to the
 * projects the caller sees); its assignee is one of the project's people; every change of its assignee, progress
 * or state writes a history row (who, when, old and new value).
 */
import { PROJECT_MSG, TASK_SERVER_FIELDS, TASK_STATUS, parseTemplateItems, projectTaskEntity, taskTemplateEntity, type TaskTemplateItem } from '@hjl/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail, forbidden } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import type { RouteDef } from '../../platform/http/route.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { stripServerFields, type Shared } from './context.ts';
import { projectTaskHis, projectTasks, projects, taskTemplates } from './schema.ts';

const API = projectTaskEntity.api;
const tags = [projectTaskEntity.label.zh];

/** One history row of a task. */
export async function taskHistory(
  tx: Executor,
  user: Pick<AuthUser, 'tenantId' | 'userId' | 'deptIds'>,
  task: { id: string; projectId: unknown },
  field: string,
  oldValue: unknown,
  newValue: unknown,
) {
  await tx.insert(projectTaskHis).values({
    id: nextId(),
    tenantId: user.tenantId,
    createUser: user.userId,
    updateUser: user.userId,
    createDept: user.deptIds[0] ?? null,
    taskId: task.id,
    projectId: task.projectId == null ? null : String(task.projectId),
    field,
    oldValue: oldValue == null ? null : String(oldValue),
    newValue: newValue == null ? null : String(newValue),
  });
}

/** The items of a stored template. */
function itemsOf(text: unknown): TaskTemplateItem[] {
  return (typeof text === 'string' ? parseTemplateItems(text).items : undefined) ?? [];
}

/** Adds the template's items the project has no task of yet (by name), in the template's order; answers how many. */
export async function createTasksFromTemplate(tx: Executor, user: AuthUser, projectId: string, templateId: string): Promise<number> {
  const [tpl] = await tx
    .select({ items: taskTemplates.items })
    .from(taskTemplates)
    .where(and(eq(taskTemplates.id, templateId), eq(taskTemplates.tenantId, user.tenantId), eq(taskTemplates.isDeleted, 0)));
  if (!tpl) throw fail(PROJECT_MSG.templateMissing);
  const have = new Set(
    (
      await tx
        .select({ name: projectTasks.taskName })
        .from(projectTasks)
        .where(and(eq(projectTasks.projectId, projectId), eq(projectTasks.isDeleted, 0)))
    ).map((r) => String(r.name)),
  );
  const items = itemsOf(tpl.items)
    .filter((i) => !have.has(i.name))
    .sort((a, b) => a.sort - b.sort);
  if (!items.length) return 0;
  const audit = { tenantId: user.tenantId, createUser: user.userId, updateUser: user.userId, createDept: user.deptIds[0] ?? null };
  const rows = items.map((i) => ({
    id: nextId(),
    ...audit,
    projectId,
    taskName: i.name,
    sort: i.sort,
    weight: i.weight,
    rate: 0,
    taskStatus: TASK_STATUS.running,
  }));
  await tx.insert(projectTasks).values(rows);
  await tx
    .insert(projectTaskHis)
    .values(rows.map((r) => ({ id: nextId(), ...audit, taskId: r.id, projectId, field: 'create', oldValue: null, newValue: r.taskName })));
  return rows.length;
}

/** Is `userId` one of the project's people (leader, creator, a person)? */
async function isMember(tx: Executor, projectId: string, userId: string): Promise<boolean> {
  const [p] = await tx.select({ members: projects.memberUsers }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return String(p?.members ?? '')
    .split(',')
    .includes(userId);
}

const idQuery = z.object({ id: idField({ message: '任务格式不正确' }) });
const rateQuery = z.object({ id: idField({ message: '任务格式不正确' }), rate: z.string().optional() });
const confQuery = z.object({
  id: idField({ message: '任务格式不正确' }),
  userId: idField({ message: '人员格式不正确' }).optional(),
  assigneeUser: idField().optional(),
});

export interface TaskParts {
  repo: EntityRepo<typeof projectTaskEntity>;
  templates: EntityRepo<typeof taskTemplateEntity>;
}

type TaskRepo = EntityRepo<typeof projectTaskEntity>;

export function registerTasks(s: Shared, projectRepo: EntityRepo): TaskParts {
  const repo = s.ctx.repo(projectTaskEntity, projectTasks, projectRepo);
  registerTaskRecords(s, repo);
  registerTaskChanges(s, repo);
  registerTaskQueries(s, repo);
  const templates = registerTemplates(s, repo, projectRepo);
  return { repo, templates };
}

/** The task records' own routes: the assignee only through conf/person, every new task in its history. */
function registerTaskRecords(s: Shared, repo: TaskRepo) {
  const { ctx } = s;

  registerEntityRoutes(ctx.route, repo, ctx.access, {
    async beforeWrite(_user, data, id) {
      stripServerFields(data, TASK_SERVER_FIELDS);
      // The assignee of a task changes through conf/person (recorded in its history).
      if (id) delete data.assigneeUser;
    },
    async inTransaction(tx, user, change) {
      const [task] = await tx.select().from(projectTasks).where(eq(projectTasks.id, change.id));
      if (!task) return;
      if (task.assigneeUser && change.values.assigneeUser !== undefined && !(await isMember(tx, String(task.projectId), String(task.assigneeUser))))
        throw fail('负责人须是本项目的任务人员,请先添加');
      if (change.op === 'insert') await taskHistory(tx, user, { id: change.id, projectId: task.projectId }, 'create', null, task.taskName);
    },
  });
}

/** finish, update/rate and conf/person: the changes of a task, each written to its history. */
function registerTaskChanges(s: Shared, repo: TaskRepo) {
  const { ctx } = s;

  /** The caller's task (in their scope), and whether they may change it: the assignee, or a holder of project_task_edit. */
  const mine = async (user: AuthUser, id: string) => {
    const task = await repo.detail(user, id);
    if (!task) throw fail(PROJECT_MSG.taskMissing);
    const editor = (await ctx.access.permissions(user)).has('project_task_edit');
    if (!editor && String(task.assigneeUser) !== user.userId) throw forbidden(PROJECT_MSG.notYours);
    return task;
  };

  /** A task call under GET (as BUSINESS.md §6 infers it) and POST (what a browser should use for a change). */
  const both = <Q extends z.ZodType>(def: Omit<RouteDef<Q, z.ZodAny>, 'method'>) => {
    ctx.route({ ...def, method: 'GET' });
    ctx.route({ ...def, method: 'POST' });
  };

  both({
    url: `${API}/finish`,
    summary: '完成任务(进度100%,记录完成时间)',
    tags,
    requires: { anyOf: ['project_task_edit', 'project_task_my'] },
    query: idQuery,
    handler: async ({ user, query }) => {
      const task = await mine(user, query.id);
      if (Number(task.taskStatus) === TASK_STATUS.done) throw fail(PROJECT_MSG.taskDone);
      await repo.transaction(async (tx) => {
        const [done] = await tx
          .update(projectTasks)
          .set({ rate: 100, taskStatus: TASK_STATUS.done, finishTime: sql`now()`, updateUser: user.userId, updateTime: sql`now()` })
          .where(and(eq(projectTasks.id, query.id), eq(projectTasks.taskStatus, TASK_STATUS.running)))
          .returning({ id: projectTasks.id });
        if (!done) throw fail(PROJECT_MSG.taskDone);
        if (Number(task.rate) !== 100) await taskHistory(tx, user, task, 'rate', task.rate, 100);
        await taskHistory(tx, user, task, 'taskStatus', task.taskStatus, TASK_STATUS.done);
      });
    },
  });

  both({
    url: `${API}/update/rate`,
    summary: '更新任务进度(0到100)',
    tags,
    requires: { anyOf: ['project_task_edit', 'project_task_my'] },
    query: rateQuery,
    handler: async ({ user, query, req }) => {
      const raw = query.rate ?? (req.body as Row | undefined)?.rate;
      const rate = typeof raw === 'number' ? raw : /^\s*-?\d{1,4}\s*$/.test(String(raw ?? '')) ? Number(raw) : NaN;
      if (raw === undefined || raw === null || raw === '') throw fail('缺少必要的请求参数: rate');
      if (!Number.isInteger(rate) || rate < 0 || rate > 100) throw fail(PROJECT_MSG.rateRange);
      const task = await mine(user, query.id);
      if (Number(task.taskStatus) === TASK_STATUS.done) throw fail(PROJECT_MSG.taskDone);
      if (Number(task.rate) === rate) return;
      await repo.transaction(async (tx) => {
        await tx
          .update(projectTasks)
          .set({ rate, updateUser: user.userId, updateTime: sql`now()` })
          .where(eq(projectTasks.id, query.id));
        await taskHistory(tx, user, task, 'rate', task.rate, rate);
      });
    },
  });

  both({
    url: `${API}/conf/person`,
    summary: '分配任务负责人(项目人员)',
    tags,
    requires: { code: 'project_task_edit' },
    query: confQuery,
    handler: async ({ user, query }) => {
      const userId = query.userId ?? query.assigneeUser;
      if (!userId) throw fail('缺少必要的请求参数: userId');
      const task = await repo.detail(user, query.id);
      if (!task) throw fail(PROJECT_MSG.taskMissing);
      if (String(task.assigneeUser) === userId) return;
      await repo.transaction(async (tx) => {
        if (!(await isMember(tx, String(task.projectId), userId))) throw fail('负责人须是本项目的任务人员,请先添加');
        await tx
          .update(projectTasks)
          .set({ assigneeUser: userId, updateUser: user.userId, updateTime: sql`now()` })
          .where(eq(projectTasks.id, query.id));
        await taskHistory(tx, user, task, 'assigneeUser', task.assigneeUser, userId);
      });
    },
  });
}

/** person/{id} (a person's tasks) and get/his/{id} (a task's history). */
function registerTaskQueries(s: Shared, repo: TaskRepo) {
  const { ctx } = s;
  const db = ctx.database.db;

  // GET person/{id}: the tasks of user {id} across the projects the caller sees (我的任务 asks with its own id).
  ctx.route({
    method: 'GET',
    url: `${API}/person/:id`,
    summary: '人员的任务(跨项目,分页)',
    tags,
    requires: { anyOf: ['project_task_my', 'project'] },
    query: z.looseObject({ current: z.string().optional(), size: z.string().optional(), taskStatus: z.string().optional() }),
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      // Another person's tasks are the project list's (leaders); one's own are everyone's.
      if (id !== user.userId && !(await ctx.access.permissions(user)).has('project')) throw forbidden('只能查看自己的任务');
      const p = await repo.page(user, req.query as Record<string, unknown>, [eq(projectTasks.assigneeUser, id)]);
      return { ...p, records: await repo.withNames(user, p.records) };
    },
  });

  ctx.route({
    method: 'GET',
    url: `${API}/get/his/:id`,
    summary: '任务变更记录(字段、原值、新值、操作人、时间)',
    tags,
    requires: { anyOf: ['project_task_my', 'project'] },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      const task = await repo.detail(user, id);
      if (!task) throw fail(PROJECT_MSG.taskMissing);
      const rows = await db
        .select({
          id: projectTaskHis.id,
          taskId: projectTaskHis.taskId,
          field: projectTaskHis.field,
          oldValue: projectTaskHis.oldValue,
          newValue: projectTaskHis.newValue,
          createUser: projectTaskHis.createUser,
          createTime: projectTaskHis.createTime,
        })
        .from(projectTaskHis)
        .where(and(eq(projectTaskHis.taskId, id), eq(projectTaskHis.tenantId, user.tenantId), eq(projectTaskHis.isDeleted, 0)))
        .orderBy(desc(projectTaskHis.createTime), desc(projectTaskHis.id));
      const users = ctx.refs.resolver('user');
      const ids = [
        ...new Set(
          rows.flatMap((r) => [String(r.createUser ?? ''), ...(r.field === 'assigneeUser' ? [String(r.oldValue ?? ''), String(r.newValue ?? '')] : [])]),
        ),
      ].filter(Boolean);
      const names = await users.names(user.tenantId, ids);
      const shown = (field: string, v: string | null) => (v == null ? null : field === 'assigneeUser' ? (names.get(v) ?? v) : v);
      return rows.map((r) => ({
        ...r,
        createUserName: names.get(String(r.createUser)) ?? '',
        oldText: shown(r.field, r.oldValue),
        newText: shown(r.field, r.newValue),
      }));
    },
  });
}

/** Task templates (任务模板) and applying one to a project. */
function registerTemplates(s: Shared, repo: TaskRepo, projectRepo: EntityRepo): EntityRepo<typeof taskTemplateEntity> {
  const { ctx } = s;
  const templates = ctx.repo(taskTemplateEntity, taskTemplates);
  registerEntityRoutes(ctx.route, templates, ctx.access, {
    beforeWrite(_user, data) {
      // Stored normalised: trimmed names, orders and weights filled in.
      if (typeof data.items === 'string') data.items = JSON.stringify(parseTemplateItems(data.items).items ?? []);
    },
  });

  ctx.route({
    method: 'POST',
    url: `${API}/template`,
    summary: '按任务模板生成项目任务(已有同名任务的跳过)',
    tags,
    requires: { code: 'project_task_add' },
    query: z.object({ projectId: idField({ message: '项目格式不正确' }).optional(), templateId: idField({ message: '任务模板格式不正确' }).optional() }),
    handler: async ({ user, query, req }) => {
      const body = (req.body ?? {}) as Row;
      const projectId = query.projectId ?? (typeof body.projectId === 'string' ? body.projectId : undefined);
      const templateId = query.templateId ?? (typeof body.templateId === 'string' ? body.templateId : undefined);
      if (!projectId) throw fail('缺少必要的请求参数: projectId');
      if (!templateId) throw fail('请选择任务模板');
      if (!(await projectRepo.detail(user, projectId))) throw fail(PROJECT_MSG.missing);
      const created = await repo.transaction((tx) => createTasksFromTemplate(tx, user, projectId, templateId));
      return { created };
    },
  });

  // The items of a template for the form (ordered).
  ctx.route({
    method: 'GET',
    url: `${taskTemplateEntity.api}/items/:id`,
    summary: '任务模板的任务项',
    tags: [taskTemplateEntity.label.zh],
    requires: { anyOf: ['task_template', 'project_task_add'] },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      const tpl = await templates.detail(user, id);
      if (!tpl) throw fail(PROJECT_MSG.templateMissing);
      return itemsOf(tpl.items).sort((a, b) => a.sort - b.sort);
    },
  });

  return templates;
}
