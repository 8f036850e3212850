/**
 * Design-time catalogues (/api/blade-workflow/design/...): process categories (a tree), conditions (named
 * expressions the designer offers), the buttons catalogue and form default values.
 */
import { MSG, WF_CONDITION_TYPE, wfButtonEntity, wfCategoryEntity, wfConditionEntity, wfFormDefaultEntity, permissionCodes } from '@hjl/core';
import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import type { Db } from '../../platform/db/index.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { buildTree } from '../../platform/tree.ts';
import { ENABLED, optionalText, registerChangeStatus } from './design-shared.ts';
import { wfButtons, wfCategories, wfConditions, wfFormDefaults, wfForms, wfModels } from './schema.ts';

const ROOT = '0';

/** Who may read the category tree: its menu, and everyone on a page that filters or files by category. */
export const CATEGORY_READERS = [
  'wf_start',
  'wf_todo',
  'wf_claim',
  'wf_send',
  'wf_done',
  'wf_my_done',
  'wf_copy',
  'wf_ops',
  'wf_deployment',
  'wf_model',
  'wf_form',
];

/** The tenant's live categories (id, parent, name, code, status). */
export async function tenantCategories(db: Db, tenantId: string) {
  const t = wfCategories;
  const rows = await db
    .select({ id: t.id, parentId: t.parentId, name: t.name, code: t.code, status: t.status })
    .from(t)
    .where(and(eq(t.tenantId, tenantId), eq(t.isDeleted, 0)))
    .orderBy(asc(t.sort), asc(t.id));
  return rows.map((r) => ({
    id: String(r.id),
    parentId: String(r.parentId ?? ROOT),
    name: String(r.name),
    code: r.code ? String(r.code) : null,
    status: r.status,
  }));
}
export type CategoryRow = Awaited<ReturnType<typeof tenantCategories>>[number];

/**
 * The values a category filter matches: the category (by id or code) and every category below it, each by id
 * and by code (a definition may carry either). An unknown value matches itself only.
 */
export function categoryAndBelow(rows: readonly CategoryRow[], value: string): string[] {
  const top = rows.find((r) => r.id === value || r.code === value);
  if (!top) return [value];
  const out = new Set<string>();
  const stack = [top];
  let r: CategoryRow | undefined;
  while ((r = stack.pop()) !== undefined) {
    const id = r.id;
    out.add(id);
    if (r.code) out.add(r.code);
    stack.push(...rows.filter((x) => x.parentId === id));
  }
  return [...out];
}

/** The name of a category value (an id, or a code), else undefined. */
export const categoryNameOf = (rows: readonly CategoryRow[], value: string | null | undefined) =>
  value ? rows.find((r) => r.id === value || r.code === value)?.name : undefined;

/** The `flow` dictionary of a tenant, as BladeX clients map process categories through it: category id → name. */
export async function flowDictionary(db: Db, tenantId: string) {
  return (await tenantCategories(db, tenantId))
    .filter((r) => r.status === ENABLED)
    .map((r, i) => ({
      id: r.id,
      parentId: r.parentId,
      code: 'flow',
      dictKey: r.id,
      dictValue: r.name,
      sort: i + 1,
      remark: r.code ?? null,
      isSealed: 0,
      colorType: null,
      cssClass: null,
    }));
}
const escapeLike = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const CONDITION_TYPES: Record<number, string> = { [WF_CONDITION_TYPE.flow]: '流转条件', [WF_CONDITION_TYPE.assignee]: '人员条件' };

export function registerDesignCatalog(ctx: ModuleContext) {
  registerCategories(ctx);
  registerConditions(ctx);

  const buttons = ctx.repo(wfButtonEntity, wfButtons);
  registerEntityRoutes(ctx.route, buttons, ctx.access);
  registerChangeStatus(ctx.route, buttons);

  // Form default values under the product's path and the spec's (design/form/default-values).
  for (const api of [wfFormDefaultEntity.api, '/api/blade-workflow/design/form/default-values'])
    registerEntityRoutes(ctx.route, ctx.repo({ ...wfFormDefaultEntity, api }, wfFormDefaults), ctx.access);
}

function registerCategories(ctx: ModuleContext) {
  const { route } = ctx;
  const db = ctx.database.db;
  const repo = ctx.repo(wfCategoryEntity, wfCategories);
  const codes = permissionCodes(wfCategoryEntity);
  const api = wfCategoryEntity.api;
  const t = wfCategories;

  const rows = async (user: AuthUser, where: SQL[] = []) =>
    (await db
      .select()
      .from(t)
      .where(and(...(await repo.scope(user)), ...where))
      .orderBy(asc(t.sort), asc(t.id))) as Row[];
  const node = (r: Row) => ({
    id: String(r.id),
    parentId: String(r.parentId ?? ROOT),
    title: String(r.name),
    key: String(r.id),
    value: String(r.id),
    code: r.code ?? null,
    status: r.status,
  });
  // The enabled categories are read by every page that filters or files by category (not only the category menu).
  const readers = { anyOf: [codes.view, ...CATEGORY_READERS] };
  const strip = ({ isDeleted: _d, ...r }: Row) => ({ ...r, id: String(r.id), parentId: String(r.parentId ?? ROOT) });

  route({
    method: 'GET',
    url: `${api}/list`,
    summary: '流程分类树形列表',
    tags: ['流程分类'],
    requires: { code: codes.view },
    query: z.object({ name: optionalText }),
    handler: async ({ user, query }) => buildTree((await rows(user, query.name ? [ilike(t.name, escapeLike(query.name))] : [])).map(strip)),
  });
  route({
    method: 'GET',
    url: `${api}/listType`,
    summary: '启用的流程分类(平铺)',
    tags: ['流程分类'],
    requires: readers,
    handler: async ({ user }) =>
      (await rows(user, [eq(t.status, ENABLED)])).map((r) => ({
        id: String(r.id),
        parentId: String(r.parentId ?? ROOT),
        name: r.name,
        code: r.code ?? null,
        sort: r.sort,
      })),
  });
  route({
    method: 'GET',
    url: `${api}/tree`,
    summary: '启用的流程分类树',
    tags: ['流程分类'],
    requires: readers,
    handler: async ({ user }) => buildTree((await rows(user, [eq(t.status, ENABLED)])).map(node)),
  });
  route({
    method: 'GET',
    url: `${api}/allTree`,
    summary: '全部流程分类树(含停用)',
    tags: ['流程分类'],
    requires: readers,
    handler: async ({ user }) => buildTree((await rows(user)).map(node)),
  });

  registerEntityRoutes(route, repo, ctx.access, {
    async beforeWrite(user, data, id) {
      if (id && !(await repo.detail(user, id))) throw fail('数据不存在或已被删除');
      if (data.parentId === undefined) {
        if (!id) data.parentId = ROOT;
        return;
      }
      const parentId = data.parentId === null ? ROOT : String(data.parentId);
      data.parentId = parentId;
      if (parentId === ROOT) return;
      if (id && parentId === id) throw fail('父节点不可选择自身!');
      // Walk up from the new parent: it must be the caller's, and the node itself must not be above it.
      let cursor: string = parentId;
      for (let depth = 0; cursor !== ROOT; depth++) {
        const up = await repo.detail(user, cursor);
        if (!up) throw fail(cursor === parentId ? '上级分类不存在' : '分类树数据有误');
        if (id && String(up.parentId) === id) throw fail('父节点不可选择自身的下级分类!');
        cursor = String(up.parentId ?? ROOT);
        if (depth > 100) throw fail('分类层级过深');
      }
    },
    async beforeRemove(user, ids) {
      const scope = await repo.scope(user);
      const [child] = await db
        .select({ id: t.id })
        .from(t)
        .where(and(...scope, inArray(t.parentId, ids)))
        .limit(1);
      if (child) throw fail(MSG.hasChildren);
      for (const [table, what] of [
        [wfModels, '流程模型'],
        [wfForms, '表单'],
      ] as const) {
        const [used] = await db
          .select({ name: table.name })
          .from(table)
          .where(and(eq(table.tenantId, user.tenantId), eq(table.isDeleted, 0), inArray(table.categoryId, ids)))
          .limit(1);
        if (used) throw fail(`分类下还有${what}「${String(used.name)}」,请先变更其分类`);
      }
    },
    decorate: async (user, row) => {
      const parent = row.parentId && String(row.parentId) !== ROOT ? await repo.detail(user, String(row.parentId)) : undefined;
      return { ...row, parentName: parent?.name ?? '' };
    },
  });
  registerChangeStatus(route, repo);
}

function registerConditions(ctx: ModuleContext) {
  const { route } = ctx;
  const db = ctx.database.db;
  const repo = ctx.repo(wfConditionEntity, wfConditions);
  const codes = permissionCodes(wfConditionEntity);
  const api = wfConditionEntity.api;
  const t = wfConditions;

  const rows = async (user: AuthUser, where: SQL[] = []) =>
    (await db
      .select()
      .from(t)
      .where(and(...(await repo.scope(user)), ...where))
      .orderBy(asc(t.sort), asc(t.id))) as Row[];
  const item = (r: Row) => ({ id: String(r.id), name: r.name, expression: r.expression, type: r.type, status: r.status });
  /** Conditions grouped under their type: [{ id: type, title, children: [...] }]. */
  const grouped = (list: Row[]) =>
    Object.entries(CONDITION_TYPES)
      .map(([type, title]) => {
        const children = list.filter((r) => String(r.type) === type).map((r) => ({ ...item(r), title: r.name, key: String(r.id), value: r.expression }));
        return { id: type, key: `type-${type}`, title, value: type, hasChildren: children.length > 0, ...(children.length ? { children } : {}) };
      })
      .filter((g) => g.hasChildren);

  route({
    method: 'GET',
    url: `${api}/listType`,
    summary: '某类型的启用条件',
    tags: ['流程条件'],
    requires: { code: codes.view },
    query: z.object({
      type: z
        .string()
        .regex(/^\d{1,9}$/, '请求参数类型错误')
        .optional(),
    }),
    handler: async ({ user, query }) => (await rows(user, [eq(t.status, ENABLED), ...(query.type ? [eq(t.type, Number(query.type))] : [])])).map(item),
  });
  route({
    method: 'GET',
    url: `${api}/tree`,
    summary: '启用的条件(按类型分组)',
    tags: ['流程条件'],
    requires: { code: codes.view },
    handler: async ({ user }) => grouped(await rows(user, [eq(t.status, ENABLED)])),
  });
  route({
    method: 'GET',
    url: `${api}/allTree`,
    summary: '全部条件(按类型分组,含停用)',
    tags: ['流程条件'],
    requires: { code: codes.view },
    handler: async ({ user }) => grouped(await rows(user)),
  });

  const typeName = (r: Row) => ({ ...r, typeName: CONDITION_TYPES[Number(r.type)] ?? '' });
  registerEntityRoutes(route, repo, ctx.access, {
    beforeWrite(_user, data) {
      if (data.type !== undefined && data.type !== null && !CONDITION_TYPES[Number(data.type)]) throw fail('条件类型不正确');
      if (typeof data.expression === 'string') data.expression = data.expression.trim();
    },
    decorate: (_user, row) => typeName(row),
    decorateRows: (_user, list) => list.map(typeName),
  });
  registerChangeStatus(route, repo);
}
