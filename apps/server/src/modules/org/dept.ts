/**
 * Departments (/api/blade-system/dept): a tree per tenant. `ancestors` is the comma list of the ids above a
 * node (`0,<root>,...`); it is written on insert and rewritten for the whole subtree when a node moves.
 */
import { deptEntity, MSG, permissionCodes, submitSchema, type RowOf } from '@hjl/core';
import { and, asc, eq, getTableColumns, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import { assertMayWrite } from '../../platform/crud/routes.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { depts } from './schema.ts';
import { buildTree } from '../../platform/tree.ts';
import { userDisplayName, usersInDepts } from '../user/api.ts';
import { actingIn } from '../../platform/auth/user.ts';
import { idField, lazyParentId, likePattern as escapeLike, optionalId, optionalTenant, optionalText } from '../../platform/http/params.ts';
import { dictValues } from '../dict/api.ts';

type DeptRow = typeof depts.$inferSelect;

const ROOT = '0';
const parent = alias(depts, 'parent');
/** A dept as the API answers it: its columns, its parent's name and the label of its category. */
const deptColumns = { ...getTableColumns(depts), parentName: parent.deptName };
// Written out qualified: drizzle leaves columns unqualified in single-table selects, which the subquery would capture.
const childrenExist = sql<boolean>`EXISTS (SELECT 1 FROM blade_dept c WHERE c.parent_id = blade_dept.id AND c.is_deleted = 0)`;

/** Tree-select node (`tree`, `lazy-tree`). */
const selectNode = (d: Pick<DeptRow, 'id' | 'parentId' | 'deptName'>) => ({ id: d.id, parentId: d.parentId, title: d.deptName, key: d.id, value: d.id });

const listQuery = z.object({ deptName: optionalText, fullName: optionalText, tenantId: optionalTenant });
const lazyQuery = listQuery.extend({ parentId: lazyParentId });
const treeQuery = z.object({ tenantId: optionalTenant, parentId: optionalId });
const idQuery = z.object({ id: idField() });

export function registerDept(ctx: ModuleContext) {
  const { route, database, access } = ctx;
  const db = database.db;
  // Reads and writes go through the repo's scope: the caller's tenant, live rows and their data scope.
  const repo = ctx.repo(deptEntity, depts);
  const codes = permissionCodes(deptEntity);
  const body = submitSchema(deptEntity);

  const scope = (user: AuthUser) => repo.scope(user);

  const nameFilters = (q: { deptName?: string | undefined; fullName?: string | undefined }): SQL[] => [
    ...(q.deptName ? [ilike(depts.deptName, escapeLike(q.deptName))] : []),
    ...(q.fullName ? [ilike(depts.fullName, escapeLike(q.fullName))] : []),
  ];

  const withNames = async (rows: (DeptRow & { parentName: string | null })[]) => {
    const categories = await dictValues(db, 'org_category');
    return rows.map(({ isDeleted: _d, ...r }) => ({ ...r, deptCategoryName: categories.get(String(r.deptCategory)) ?? '' }));
  };

  const select = async (user: AuthUser, where: SQL[]) =>
    db
      .select({ ...deptColumns, hasChildren: childrenExist })
      .from(depts)
      .leftJoin(parent, and(eq(parent.id, depts.parentId), eq(parent.isDeleted, 0)))
      .where(and(...(await scope(user)), ...where))
      .orderBy(asc(depts.sort), asc(depts.id));

  route({
    method: 'GET',
    url: '/api/blade-system/dept/list',
    summary: '部门树形列表',
    requires: { code: codes.view },
    query: listQuery,
    handler: async ({ user, query }) => {
      const rows = await select(actingIn(user, query.tenantId), nameFilters(query));
      // A match whose parent did not match becomes a root of the answer.
      return buildTree(await withNames(rows.map(({ hasChildren: _h, ...r }) => r)));
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/dept/lazy-list',
    summary: '部门懒加载列表',
    requires: { code: codes.view },
    query: lazyQuery,
    handler: async ({ user, query }) => {
      // An empty parentId (BladeX's search) means the whole tree; so does a name search without a parent.
      const wholeTree = query.parentId === '' || ((query.deptName || query.fullName) && query.parentId === undefined);
      const where = [...nameFilters(query), ...(wholeTree ? [] : [eq(depts.parentId, query.parentId || ROOT)])];
      const rows = await select(actingIn(user, query.tenantId), where);
      const hasChildren = new Map(rows.map((r) => [String(r.id), Boolean(r.hasChildren)]));
      const named = await withNames(rows.map(({ hasChildren: _h, ...r }) => r));
      return named.map((r) => ({ ...r, hasChildren: hasChildren.get(String(r.id)) ?? false }));
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/dept/tree',
    summary: '部门树',
    requires: 'user',
    query: treeQuery,
    handler: async ({ user, query }) => {
      const rows = await db
        .select()
        .from(depts)
        .where(and(...(await scope(actingIn(user, query.tenantId)))))
        .orderBy(asc(depts.sort), asc(depts.id));
      return buildTree(rows.map(selectNode));
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/dept/lazy-tree',
    summary: '部门懒加载树',
    requires: 'user',
    query: treeQuery,
    handler: async ({ user, query }) => {
      const rows = await db
        .select({ id: depts.id, parentId: depts.parentId, deptName: depts.deptName, hasChildren: childrenExist })
        .from(depts)
        .where(and(...(await scope(actingIn(user, query.tenantId))), eq(depts.parentId, query.parentId ?? ROOT)))
        .orderBy(asc(depts.sort), asc(depts.id));
      return rows.map((r) => ({ ...selectNode(r), hasChildren: Boolean(r.hasChildren) }));
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/dept/select',
    summary: '部门下拉数据',
    requires: 'user',
    query: z.object({ tenantId: optionalTenant }),
    handler: async ({ user, query }) =>
      db
        .select({
          id: depts.id,
          parentId: depts.parentId,
          deptName: depts.deptName,
          fullName: depts.fullName,
          deptCategory: depts.deptCategory,
          sort: depts.sort,
          tenantId: depts.tenantId,
        })
        .from(depts)
        .where(and(...(await scope(actingIn(user, query.tenantId)))))
        .orderBy(asc(depts.sort), asc(depts.id)),
  });

  route({
    method: 'GET',
    url: '/api/blade-system/dept/detail',
    summary: '部门详情',
    requires: { code: codes.view },
    query: idQuery,
    handler: async ({ user, query }) => {
      const [row] = await select(user, [eq(depts.id, query.id)]);
      if (!row) throw notFound();
      const { hasChildren: _h, ...rest } = row;
      return (await withNames([rest]))[0];
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-system/dept/submit',
    summary: '部门新增或修改',
    requires: { anyOf: [codes.add, codes.edit] },
    body,
    handler: async ({ user, body }) => {
      // The body as the definition's fields validated it.
      const data = body as Partial<RowOf<typeof deptEntity>> & { id?: string };
      const id = data.id;
      await assertMayWrite(access, user, deptEntity, !!id);
      const category = data.deptCategory;
      if (category != null && !(await dictValues(db, 'org_category')).has(String(category))) throw fail('请选择正确的机构类型');

      const conds = await scope(user);
      const find = async (deptId: string) =>
        (
          await db
            .select()
            .from(depts)
            .where(and(...conds, eq(depts.id, deptId)))
            .limit(1)
        )[0];
      const parentId = data.parentId == null ? undefined : String(data.parentId);
      const current = id ? await find(id) : undefined;
      if (id && !current) throw fail('数据不存在或已被删除');

      // The new place in the tree, when the body names one.
      let ancestors: string | undefined;
      if (parentId !== undefined || !id) {
        const pid = parentId ?? ROOT;
        if (pid === ROOT) ancestors = ROOT;
        else {
          if (id && pid === id) throw fail('父节点不可选择自身!');
          const up = await find(pid);
          if (!up) throw fail('上级机构不存在');
          if (id && up.ancestors.split(',').includes(id)) throw fail('父节点不可选择自身的下级机构!');
          ancestors = `${up.ancestors},${up.id}`;
        }
      }
      const fields = {
        ...(data.deptName != null ? { deptName: data.deptName } : {}),
        ...(data.fullName !== undefined ? { fullName: data.fullName ?? data.deptName ?? current?.deptName ?? null } : {}),
        ...(category != null ? { deptCategory: category } : {}),
        ...(data.sort != null ? { sort: data.sort } : {}),
        ...(data.remark !== undefined ? { remark: data.remark } : {}),
      };

      // BladeX answers what its lazy tree needs to show the node: id, tenantId and the category's label.
      const answer = async (deptId: string, deptCategory: number | null) => ({
        id: deptId,
        tenantId: user.tenantId,
        deptCategoryName: deptCategory == null ? '' : ((await dictValues(db, 'org_category')).get(String(deptCategory)) ?? ''),
      });
      if (!current) {
        const newId = nextId();
        const deptCategory = category ?? Number(deptEntity.fields.deptCategory.default);
        await db.insert(depts).values({
          deptCategory: Number(deptEntity.fields.deptCategory.default),
          sort: 0,
          ...fields,
          deptName: String(data.deptName),
          fullName: data.fullName ?? String(data.deptName),
          id: newId,
          tenantId: user.tenantId,
          parentId: parentId ?? ROOT,
          ancestors: ancestors ?? ROOT,
          createUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          updateUser: user.userId,
        });
        return answer(newId, deptCategory);
      }
      await db.transaction(async (tx) => {
        const moved = ancestors !== undefined && (parentId !== current.parentId || ancestors !== current.ancestors);
        await tx
          .update(depts)
          .set({ ...fields, ...(moved ? { parentId, ancestors } : {}), updateUser: user.userId, updateTime: sql`now()` })
          .where(and(...conds, eq(depts.id, current.id)));
        if (moved) {
          // Every node below takes the new path in place of the old one.
          const from = `${current.ancestors},${current.id}`;
          const to = `${ancestors},${current.id}`;
          await tx
            .update(depts)
            .set({ ancestors: sql`${to} || substr(${depts.ancestors}, ${from.length + 1})` })
            .where(and(...conds, sql`(${depts.ancestors} = ${from} OR ${depts.ancestors} LIKE ${`${from},%`})`));
        }
      });
      return answer(current.id, category ?? current.deptCategory);
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-system/dept/remove',
    summary: '部门逻辑删除',
    requires: { code: codes.delete },
    query: z.object({ ids: z.string().optional() }),
    handler: async ({ user, query }) => {
      const ids = parseIds(query.ids);
      const conds = await scope(user);
      const [child] = await db
        .select({ id: depts.id })
        .from(depts)
        .where(and(...conds, inArray(depts.parentId, ids)))
        .limit(1);
      if (child) throw fail(MSG.hasChildren);
      const mine = await db
        .select({ id: depts.id, deptName: depts.deptName })
        .from(depts)
        .where(and(...conds, inArray(depts.id, ids)));
      if (!mine.length) throw fail('数据不存在或已被删除');
      const members = await usersInDepts(
        db,
        user.tenantId,
        mine.map((d) => d.id),
      );
      if (members.length) {
        const dept = mine.find((d) => members.some((u) => `,${u.deptId},`.includes(`,${d.id},`)));
        const names = members.map((u) => userDisplayName(u)).join('、');
        throw fail(`部门[${dept?.deptName ?? ''}]下还有用户: ${names},请先调整这些用户的部门`);
      }
      await db
        .update(depts)
        .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` })
        .where(
          and(
            ...conds,
            inArray(
              depts.id,
              mine.map((d) => d.id),
            ),
          ),
        );
    },
  });
}
