/**
 * Projects (/api/business/hjlProject): the approvable definition (立项, `createProject`) numbered by type in the
 * save's transaction, its tasks made from the chosen template in the same transaction, and the calls of the specs:
 * get/num, get/{id}, link/contract, update/bid_status, get/person, save/person, DELETE del/person,
 * get/project/task/{id}, statistics/task_person/{id}.
 */
import {
  APPROVAL_STATUS,
  CONTRACT_MSG,
  NUMBER_KINDS,
  PROJECT_MSG,
  PROJECT_SERVER_FIELDS,
  PROJECT_STATUS,
  PROJECT_TYPE_CODES,
  TASK_STATUS,
  compareMoney,
  projectEntity,
  projectPersonEntity,
  sumMoney,
  submitSchema,
} from '@hjl/core';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField, idsField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { UnlinkGuard } from './api.ts';
import { checkDates, stripServerFields, type Shared } from './context.ts';
import { typeCode } from './contract.ts';
import { refreshContractMembers, refreshLinkStatus, refreshProjectMembers } from './members.ts';
import { contracts, projectPersons, projectTasks, projects } from './schema.ts';
import { createTasksFromTemplate } from './tasks.ts';

const tags = [projectEntity.label.zh];
const API = projectEntity.api;

export interface ProjectParts {
  repo: EntityRepo<typeof projectEntity>;
  persons: EntityRepo<typeof projectPersonEntity>;
}

async function checkProject(s: Shared, user: AuthUser, data: Row, current: Row | undefined) {
  checkDates(data, current, 'startDate', 'planEndDate', PROJECT_MSG.endBeforeStart);
  for (const f of ['projectAmount', 'investmentAmount', 'approvedAmount'] as const)
    if (data[f] !== undefined && data[f] !== null && Number(data[f]) < 0) throw fail(`${projectEntity.fields[f].label.zh}不能为负数`);
  if (data.projectType !== undefined && data.projectType !== null && !(await s.dictKeys(user.tenantId, 'project_type')).has(String(data.projectType)))
    throw fail(PROJECT_MSG.typeUnknown);
  if (data.bidStatus !== undefined && data.bidStatus !== null && !(await s.dictKeys(user.tenantId, 'bid_status')).has(String(data.bidStatus)))
    throw fail(PROJECT_MSG.bidUnknown);
}

const personBody = submitSchema(projectPersonEntity);
const linkBody = z.object({
  id: idField({ message: '项目格式不正确' }).optional(),
  projectId: idField({ message: '项目格式不正确' }).optional(),
  contractId: idField({ message: '合同格式不正确' }),
});
const bidBody = z.object({
  id: idField({ message: '项目格式不正确' }),
  bidStatus: z.union([z.string(), z.number()], { message: PROJECT_MSG.bidUnknown }).transform(String),
});

interface ProjectDeps {
  contracts: EntityRepo;
  guards: UnlinkGuard[];
  relatedInstances(tenantId: string, id: string): Promise<string[]>;
}

export function registerProjects(s: Shared, deps: ProjectDeps): ProjectParts {
  const repo = registerProjectEntity(s, deps);
  const routes = projectRoutes(s, repo);
  registerProjectLookups(routes);
  registerProjectUpdates(routes, deps);
  registerPersons(routes);
  registerProjectTaskViews(routes);
  return { repo, persons: routes.persons };
}

/** The approvable project on the approval kit: its checks, its number, its tasks from the template, its members. */
function registerProjectEntity(s: Shared, deps: ProjectDeps): EntityRepo<typeof projectEntity> {
  const { ctx, numbering } = s;
  const db = ctx.database.db;

  const inTransaction = async (tx: Executor, user: AuthUser, change: { op: 'insert' | 'update'; id: string; values: Row }) => {
    if (change.op === 'insert') {
      const [row] = await tx.select({ type: projects.projectType, templateId: projects.templateId }).from(projects).where(eq(projects.id, change.id));
      const num = await numbering.take(tx, user.tenantId, NUMBER_KINDS.project, typeCode(PROJECT_TYPE_CODES, row?.type));
      await tx.update(projects).set({ projectNum: num }).where(eq(projects.id, change.id));
      if (row?.templateId) await createTasksFromTemplate(tx, user, change.id, String(row.templateId));
    }
    await refreshProjectMembers(tx, [change.id]);
  };

  const repo = ctx.approval.register(projectEntity, projects, {
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      stripServerFields(data, PROJECT_SERVER_FIELDS);
      const current = id ? ((await db.select().from(projects).where(eq(projects.id, id)).limit(1))[0] as Row | undefined) : undefined;
      await checkProject(s, user, data, current);
      if (!id && data.leaderUser == null) data.leaderUser = user.userId;
    },
    async beforeStart(user, record, current) {
      stripServerFields(record, PROJECT_SERVER_FIELDS);
      await checkProject(s, user, record, current);
    },
    inTransaction,
    // 立项 approved: the project is under way (实施中).
    async onStatus(tx, record, status) {
      if (status === APPROVAL_STATUS.approved)
        await tx
          .update(projects)
          .set({ projectStatus: PROJECT_STATUS.running })
          .where(and(eq(projects.id, record.id), eq(projects.projectStatus, PROJECT_STATUS.registering)));
    },
    async afterWrite(_user, change) {
      if (change.op !== 'remove') return;
      // A removed project no longer links its contract.
      const linked = await db
        .selectDistinct({ id: projects.contractId })
        .from(projects)
        .where(and(inArray(projects.id, change.ids), sql`${projects.contractId} IS NOT NULL`));
      const ids = linked.map((r) => String(r.id));
      await db.transaction(async (tx) => {
        await refreshLinkStatus(tx, ids);
        await refreshContractMembers(tx, ids);
      });
    },
    relatedInstances: deps.relatedInstances,
  }) as EntityRepo<typeof projectEntity>;
  return repo;
}

/** What the project's own routes share: the repos and the two lookups most of them start with. */
function projectRoutes(s: Shared, repo: EntityRepo<typeof projectEntity>) {
  const persons = s.ctx.repo(projectPersonEntity, projectPersons, repo);

  /** A project the caller may see, or a 400. */
  const visible = async (user: AuthUser, id: string) => {
    const row = await repo.detail(user, id);
    if (!row) throw fail(PROJECT_MSG.missing);
    return row;
  };

  /** The persons of a project with their names, by role then joining order. */
  const personsOf = async (user: AuthUser, projectId: string) =>
    persons.withNames(user, (await persons.page(user, { size: '1000' }, [eq(projectPersons.projectId, projectId)], 1000)).records);

  return { s, repo, persons, visible, personsOf };
}

type ProjectRoutes = ReturnType<typeof projectRoutes>;

/** get/num (the next number's preview) and get/{id} (the project with its contract and persons). */
function registerProjectLookups({ s, repo, visible, personsOf }: ProjectRoutes) {
  const { ctx, numbering } = s;
  const db = ctx.database.db;

  ctx.route({
    method: 'GET',
    url: `${API}/get/num`,
    summary: '项目编号预览(保存时按项目类型取号)',
    tags,
    requires: { anyOf: ['project_add', 'project_edit'] },
    query: z.object({ projectType: z.string().optional() }),
    handler: async ({ user, query }) => {
      const type = query.projectType?.trim();
      if (!type) throw fail(PROJECT_MSG.typeMissing);
      if (!(await s.dictKeys(user.tenantId, 'project_type')).has(type)) throw fail(PROJECT_MSG.typeUnknown);
      return numbering.preview(user.tenantId, NUMBER_KINDS.project, typeCode(PROJECT_TYPE_CODES, type));
    },
  });

  ctx.route({
    method: 'GET',
    url: `${API}/get/:id`,
    summary: '项目详情(含关联合同、任务人员)',
    tags,
    requires: { code: 'project' },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      const row = await visible(user, id);
      const [named] = await repo.withNames(user, [row]);
      const contract = row.contractId
        ? ((
            await db
              .select({
                id: contracts.id,
                contractNum: contracts.contractNum,
                contractName: contracts.contractName,
                contractAmount: contracts.contractAmount,
                effectiveAmount: contracts.effectiveAmount,
                status: contracts.status,
              })
              .from(contracts)
              .where(and(eq(contracts.id, String(row.contractId)), eq(contracts.tenantId, user.tenantId)))
          )[0] ?? null)
        : null;
      return { ...named, contract, persons: await personsOf(user, id) };
    },
  });
}

/** link/contract and update/bid_status: the project's link to its contract and its bid status. */
function registerProjectUpdates({ s, repo, visible }: ProjectRoutes, deps: ProjectDeps) {
  const { ctx } = s;

  // POST link/contract {id|projectId, contractId}: only an approved contract; one project per contract unless a framework agreement.
  ctx.route({
    method: 'POST',
    url: `${API}/link/contract`,
    summary: '项目关联合同(合同须已审批通过)',
    tags,
    requires: { code: 'project_link' },
    body: linkBody,
    handler: async ({ user, body }) => {
      const projectId = body.projectId ?? body.id;
      if (!projectId) throw fail('缺少必要的请求参数: projectId');
      const project = await visible(user, projectId);
      const contract = await deps.contracts.detail(user, body.contractId);
      if (!contract) throw fail(CONTRACT_MSG.missing);
      if (contract.parentId) throw fail('请关联主合同,补充协议随主合同关联');
      if (Number(contract.status) !== APPROVAL_STATUS.approved) throw fail(CONTRACT_MSG.notApproved);
      await repo.transaction(async (tx) => {
        await tx.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, body.contractId)).for('update');
        if (!Number(contract.isFramework)) {
          const [other] = await tx
            .select({ id: projects.id })
            .from(projects)
            .where(and(eq(projects.contractId, body.contractId), ne(projects.id, projectId), eq(projects.isDeleted, 0)))
            .limit(1);
          if (other) throw fail(CONTRACT_MSG.linkedElsewhere);
        }
        const previous = project.contractId ? String(project.contractId) : undefined;
        if (previous && previous !== body.contractId) for (const guard of deps.guards) await guard(tx, user.tenantId, [projectId]);
        await tx
          .update(projects)
          .set({ contractId: body.contractId, updateUser: user.userId, updateTime: sql`now()` })
          .where(eq(projects.id, projectId));
        const touched = [body.contractId, ...(previous ? [previous] : [])];
        await refreshLinkStatus(tx, touched);
        await refreshContractMembers(tx, touched);
      });
    },
  });

  ctx.route({
    method: 'POST',
    url: `${API}/update/bid_status`,
    summary: '更新投标状态',
    tags,
    requires: { code: 'project_bid' },
    body: bidBody,
    handler: async ({ user, body }) => {
      if (!(await s.dictKeys(user.tenantId, 'bid_status')).has(body.bidStatus)) throw fail(PROJECT_MSG.bidUnknown);
      await visible(user, body.id);
      await repo.updateMany(user, [body.id], { bidStatus: Number(body.bidStatus) });
    },
  });
}

/** get/person, save/person and del/person: the project's persons, their roles and shares. */
function registerPersons({ s, repo, persons, visible, personsOf }: ProjectRoutes) {
  const { ctx } = s;

  ctx.route({
    method: 'GET',
    url: `${API}/get/person`,
    summary: '项目的任务人员(角色、分配比例)',
    tags,
    requires: { code: 'project' },
    query: z.object({ projectId: idField().optional(), id: idField().optional() }),
    handler: async ({ user, query }) => {
      const id = query.projectId ?? query.id;
      if (!id) throw fail('缺少必要的请求参数: projectId');
      await visible(user, id);
      return (await personsOf(user, id)).sort((a, b) => Number(a.projectRole) - Number(b.projectRole));
    },
  });

  /** Refuses shares of one role over 100 % (the person written counted with its new share). */
  const checkShares = async (tx: Executor, projectId: string, role: number, ratio: string, exceptId?: string) => {
    const rows = await tx
      .select({ share: projectPersons.shareRatio })
      .from(projectPersons)
      .where(
        and(
          eq(projectPersons.projectId, projectId),
          eq(projectPersons.projectRole, role),
          eq(projectPersons.isDeleted, 0),
          exceptId ? ne(projectPersons.id, exceptId) : undefined,
        ),
      );
    if (compareMoney(sumMoney([...rows.map((r) => r.share as string | null), ratio]), '100') > 0) throw fail(PROJECT_MSG.shareOver);
  };

  ctx.route({
    method: 'POST',
    url: `${API}/save/person`,
    summary: '保存任务人员(无 id 新增;同一角色分配比例合计不超过100%)',
    tags,
    requires: { code: 'project_person' },
    body: personBody,
    handler: async ({ user, body }) => {
      const data = body as Row & { id?: string };
      let current: Row | undefined;
      if (data.id) {
        current = await persons.detail(user, data.id);
        if (!current) throw fail(PROJECT_MSG.personMissing);
        if (data.projectId && String(data.projectId) !== String(current.projectId)) throw fail(PROJECT_MSG.personMissing);
      }
      const projectId = String(data.projectId ?? current?.projectId);
      await visible(user, projectId);
      const role = Number(data.projectRole ?? current?.projectRole);
      const ratio = String(data.shareRatio ?? current?.shareRatio ?? '0');
      if (Number(ratio) < 0 || Number(ratio) > 100) throw fail(PROJECT_MSG.shareRange);
      if (!(await s.dictKeys(user.tenantId, 'project_role')).has(String(role))) throw fail('项目角色不正确');
      const { id: _id, ...fields } = data;
      const prepared = await persons.prepareWrite(user, { ...fields, projectId }, data.id);
      await repo.transaction(async (tx) => {
        // One writer per project at a time: the shares are checked against what is committed.
        await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
        const userId = String(data.userId ?? current?.userId);
        const [twice] = await tx
          .select({ id: projectPersons.id })
          .from(projectPersons)
          .where(
            and(
              eq(projectPersons.projectId, projectId),
              eq(projectPersons.userId, userId),
              eq(projectPersons.projectRole, role),
              eq(projectPersons.isDeleted, 0),
              data.id ? ne(projectPersons.id, data.id) : undefined,
            ),
          )
          .limit(1);
        if (twice) throw fail(PROJECT_MSG.personTwice);
        await checkShares(tx, projectId, role, ratio, data.id);
        await prepared.write(tx);
        await refreshProjectMembers(tx, [projectId]);
      });
      return { id: prepared.id };
    },
  });

  ctx.route({
    method: 'DELETE',
    url: `${API}/del/person`,
    summary: '删除任务人员(ids;带 projectId 时须是该项目的人员)',
    tags,
    requires: { code: 'project_person' },
    query: z.object({ ids: idsField().optional(), id: idField().optional(), projectId: idField().optional() }),
    handler: async ({ user, query }) => {
      const ids = query.ids ?? (query.id ? [query.id] : []);
      if (!ids.length) throw fail('缺少必要的请求参数: ids');
      const rows = (await persons.page(user, { size: String(ids.length) }, [inArray(projectPersons.id, ids)], ids.length)).records;
      if (rows.length !== new Set(ids).size || (query.projectId && rows.some((r) => String(r.projectId) !== query.projectId)))
        throw fail(PROJECT_MSG.personMissing);
      await repo.transaction(async (tx) => {
        await tx
          .update(projectPersons)
          .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` })
          .where(inArray(projectPersons.id, ids));
        await refreshProjectMembers(
          tx,
          rows.map((r) => String(r.projectId)),
        );
      });
    },
  });
}

/** get/project/task/{id} and statistics/task_person/{id}: the project's tasks and who does them. */
function registerProjectTaskViews({ s, visible, personsOf }: ProjectRoutes) {
  const { ctx } = s;
  const db = ctx.database.db;

  ctx.route({
    method: 'GET',
    url: `${API}/get/project/task/:id`,
    summary: '项目的任务',
    tags,
    requires: { code: 'project' },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      await visible(user, id);
      const rows = await db
        .select()
        .from(projectTasks)
        .where(and(eq(projectTasks.projectId, id), eq(projectTasks.isDeleted, 0), eq(projectTasks.tenantId, user.tenantId)))
        .orderBy(asc(projectTasks.sort), asc(projectTasks.createTime), asc(projectTasks.id));
      return ctx.refs
        .resolver('user')
        .names(user.tenantId, rows.map((r) => String(r.assigneeUser ?? '')).filter(Boolean))
        .then((names) => rows.map((r) => ({ ...r, assigneeName: r.assigneeUser ? (names.get(String(r.assigneeUser)) ?? '') : '' })));
    },
  });

  // GET statistics/task_person/{id}: per person of the project, their tasks, finished ones and mean progress.
  ctx.route({
    method: 'GET',
    url: `${API}/statistics/task_person/:id`,
    summary: '项目任务人员统计(任务数、已完成、平均进度)',
    tags,
    requires: { code: 'project' },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      await visible(user, id);
      const rows = await db
        .select({
          userId: projectTasks.assigneeUser,
          taskCount: sql<number>`count(*)::int`,
          finished: sql<number>`count(*) FILTER (WHERE ${projectTasks.taskStatus} = ${TASK_STATUS.done})::int`,
          rate: sql<number>`coalesce(round(avg(${projectTasks.rate})), 0)::int`,
        })
        .from(projectTasks)
        .where(and(eq(projectTasks.projectId, id), eq(projectTasks.isDeleted, 0), eq(projectTasks.tenantId, user.tenantId)))
        .groupBy(projectTasks.assigneeUser);
      const people = await personsOf(user, id);
      const userIds = [...new Set([...people.map((p) => String(p.userId)), ...rows.map((r) => String(r.userId ?? ''))])].filter((u) => u && u !== 'null');
      const names = await ctx.refs.resolver('user').names(user.tenantId, userIds);
      return userIds.map((u) => {
        const r = rows.find((x) => String(x.userId) === u);
        return {
          userId: u,
          userName: names.get(u) ?? '',
          roles: people.filter((p) => String(p.userId) === u).map((p) => Number(p.projectRole)),
          taskCount: r?.taskCount ?? 0,
          finishedCount: r?.finished ?? 0,
          rate: r?.rate ?? 0,
        };
      });
    },
  });
}
