/**
 * Menu administration (/api/blade-system/menu): the platform-wide menu and button tree (lists, lazy lists,
 * detail, submit, remove — changes by the platform administrator only) and the role grant dialog's calls
 * (`grant-tree`, `role-tree-keys`). `routes`, `buttons` and `tree` are in index.ts; the top-menu calls
 * (`grant-top-tree`, `top-tree-keys`, `top-menu`) belong to the organisation module (org/topmenu.ts).
 */
import { MENU_CATEGORY, menuEntity, MSG, permissionCodes, SCOPE_CATEGORY, submitSchema } from '@hjl/core';
import { and, asc, eq, getTableColumns, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { nextId } from '../../platform/db/ids.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import { assertMayWrite } from '../../platform/crud/routes.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { idField, lazyParentId, likePattern as escapeLike, optionalText } from '../../platform/http/params.ts';
import type { MenuRow, SystemAccess } from './access.ts';
import { apiScopes, dataScopes, menus, roleMenus, roles, roleScopes } from './schema.ts';
import { buildTree } from '../../platform/tree.ts';

const ROOT = '0';
const codes = permissionCodes(menuEntity);
const GRANT_CODE = 'role_grant';
const parent = alias(menus, 'parent');
const menuColumns = (({ isDeleted: _d, ...rest }) => rest)(getTableColumns(menus));
// Written out qualified: drizzle leaves columns unqualified in single-table selects, which the subquery would capture.
const childrenExist = sql<boolean>`EXISTS (SELECT 1 FROM blade_menu c WHERE c.parent_id = blade_menu.id AND c.is_deleted = 0)`;
/** A granted scope that still exists (grants of removed scopes count for nothing). Qualified for the same reason. */
const liveScope = sql`EXISTS (SELECT 1 FROM blade_scope_data d WHERE d.id = blade_role_scope.scope_id AND d.is_deleted = 0 AND blade_role_scope.scope_category = 1
  UNION ALL SELECT 1 FROM blade_scope_api a WHERE a.id = blade_role_scope.scope_id AND a.is_deleted = 0 AND blade_role_scope.scope_category = 2)`;
const menuChildrenExist = sql<boolean>`EXISTS (SELECT 1 FROM blade_menu c WHERE c.parent_id = blade_menu.id AND c.is_deleted = 0 AND c.category = 1)`;

const filters = z.object({ name: optionalText, code: optionalText, alias: optionalText });
const lazyQuery = filters.extend({ parentId: lazyParentId });

const nameFilters = (q: z.output<typeof filters>): SQL[] => [
  ...(q.name ? [ilike(menus.name, escapeLike(q.name))] : []),
  ...(q.code ? [ilike(menus.code, escapeLike(q.code))] : []),
  ...(q.alias ? [ilike(menus.alias, escapeLike(q.alias))] : []),
];

/** Tree-select node of the grant dialog. */
const grantNode = (m: Pick<MenuRow, 'id' | 'parentId' | 'name'>) => ({ id: m.id, parentId: m.parentId, title: m.name, key: m.id, value: m.id });

/**
 * A grant tree of scopes: the menus (of `mine`) that have scopes, with the menus above them, and each scope
 * as a leaf under its menu (ids are snowflakes, so a scope's key never equals a menu's).
 */
function scopeTree(mine: MenuRow[], scopes: { id: string; menuId: string; scopeName: string }[]) {
  const byId = new Map(mine.map((m) => [m.id, m]));
  const keep = new Set<string>();
  const leaves = scopes.filter((s) => byId.has(s.menuId));
  for (const s of leaves) for (let cur = byId.get(s.menuId); cur && !keep.has(cur.id); cur = byId.get(cur.parentId)) keep.add(cur.id);
  return buildTree([
    ...mine.filter((m) => keep.has(m.id)).map(grantNode),
    ...leaves.map((s) => ({ id: s.id, parentId: s.menuId, title: s.scopeName, key: s.id, value: s.id })),
  ]);
}

export function registerMenu(ctx: ModuleContext & { systemAccess: SystemAccess }) {
  const { route, database, systemAccess } = ctx;
  const db = database.db;
  const body = submitSchema(menuEntity);
  const tags = [menuEntity.label.zh];

  const select = (where: SQL[], hasChildren = childrenExist) =>
    db
      .select({ ...menuColumns, parentName: parent.name, hasChildren })
      .from(menus)
      .leftJoin(parent, and(eq(parent.id, menus.parentId), eq(parent.isDeleted, 0)))
      .where(and(eq(menus.isDeleted, 0), ...where))
      .orderBy(asc(menus.sort), asc(menus.id));
  const tree = async (where: SQL[]) => buildTree((await select(where)).map(({ hasChildren: _h, ...r }) => r));
  const lazy = async (q: z.output<typeof lazyQuery>, where: SQL[], hasChildren = childrenExist) => {
    // An empty parentId (BladeX's search) means the whole tree; so does a search without a parent.
    const wholeTree = q.parentId === '' || ((q.name || q.code || q.alias) && q.parentId === undefined);
    const rows = await select([...where, ...nameFilters(q), ...(wholeTree ? [] : [eq(menus.parentId, q.parentId || ROOT)])], hasChildren);
    return rows.map((r) => ({ ...r, hasChildren: Boolean(r.hasChildren) }));
  };

  route({
    method: 'GET',
    url: `${menuEntity.api}/list`,
    summary: '菜单树形列表(含按钮)',
    tags,
    requires: { code: codes.view },
    query: filters,
    handler: ({ query }) => tree(nameFilters(query)),
  });
  route({
    method: 'GET',
    url: `${menuEntity.api}/menu-list`,
    summary: '菜单树形列表(不含按钮)',
    tags,
    requires: { code: codes.view },
    query: filters,
    handler: ({ query }) => tree([eq(menus.category, MENU_CATEGORY.menu), ...nameFilters(query)]),
  });
  route({
    method: 'GET',
    url: `${menuEntity.api}/lazy-list`,
    summary: '菜单懒加载列表(含按钮)',
    tags,
    requires: { code: codes.view },
    query: lazyQuery,
    handler: ({ query }) => lazy(query, []),
  });
  route({
    // The data-scope and API-scope screens list the menus their rules hang on.
    method: 'GET',
    url: `${menuEntity.api}/lazy-menu-list`,
    summary: '菜单懒加载列表(不含按钮)',
    tags,
    requires: { anyOf: [codes.view, 'data_scope', 'api_scope'] },
    query: lazyQuery,
    handler: ({ query }) => lazy(query, [eq(menus.category, MENU_CATEGORY.menu)], menuChildrenExist),
  });

  route({
    method: 'GET',
    url: `${menuEntity.api}/detail`,
    summary: '菜单详情',
    tags,
    requires: { code: codes.view },
    query: z.object({
      id: idField(),
    }),
    handler: async ({ query }) => {
      const [row] = await select([eq(menus.id, query.id)]);
      if (!row) throw notFound();
      const { hasChildren, ...rest } = row;
      return { ...rest, hasChildren: Boolean(hasChildren) };
    },
  });

  route({
    method: 'POST',
    url: `${menuEntity.api}/submit`,
    summary: '菜单新增或修改',
    tags,
    requires: { anyOf: [codes.add, codes.edit], platform: true },
    body,
    handler: async ({ user, body: data }) => {
      const id = data.id as string | undefined;
      await assertMayWrite(ctx.access, user, menuEntity, !!id);
      const find = async (menuId: string) =>
        (
          await db
            .select()
            .from(menus)
            .where(and(eq(menus.id, menuId), eq(menus.isDeleted, 0)))
            .limit(1)
        )[0];
      const current = id ? await find(id) : undefined;
      if (id && !current) throw fail('数据不存在或已被删除');

      for (const [name, allowed] of [
        ['category', [1, 2]],
        ['action', [0, 1, 2]],
        ['isOpen', [1, 2]],
      ] as const) {
        const v = data[name] as number | null | undefined;
        if (v != null && !(allowed as readonly number[]).includes(v)) throw fail(`${menuEntity.fields[name].label.zh}取值不正确`);
      }
      const parentId = data.parentId == null ? (current ? undefined : ROOT) : String(data.parentId);
      const category = (data.category as number | undefined) ?? current?.category ?? MENU_CATEGORY.menu;
      const effectiveParent = parentId ?? current?.parentId ?? ROOT;
      if (parentId !== undefined && parentId !== ROOT) {
        if (id && parentId === id) throw fail('父节点不可选择自身!');
        const up = await find(parentId);
        if (!up) throw fail('上级菜单不存在');
        if (up.category === MENU_CATEGORY.button) throw fail('按钮下不能再添加菜单或按钮');
        if (id) {
          // The new parent may not be the menu itself nor any menu below it.
          for (let cur: MenuRow | undefined = up; cur && cur.parentId !== ROOT; cur = await find(cur.parentId)) {
            if (cur.parentId === id) throw fail('父节点不可选择自身的下级菜单!');
          }
        }
      }
      if (category === MENU_CATEGORY.button && effectiveParent === ROOT) throw fail('按钮必须选择上级菜单');
      if (data.code != null) {
        const [taken] = await db
          .select({ id: menus.id })
          .from(menus)
          .where(and(eq(menus.code, data.code as string), eq(menus.isDeleted, 0), ...(id ? [ne(menus.id, id)] : [])))
          .limit(1);
        if (taken) throw fail(menuEntity.fields.code.unique);
      }

      const fields: Partial<typeof menus.$inferInsert> = {};
      for (const name of ['name', 'code', 'alias', 'path', 'source', 'sort', 'category', 'action', 'isOpen', 'remark'] as const) {
        if (data[name] !== undefined) (fields as Record<string, unknown>)[name] = data[name];
      }
      if (parentId !== undefined) fields.parentId = parentId;
      // BladeX answers the id (its lazy tree shows the new node with it).
      const menuId = current?.id ?? nextId();
      if (current) {
        await db
          .update(menus)
          .set({ ...fields, updateUser: user.userId, updateTime: sql`now()` })
          .where(eq(menus.id, current.id));
      } else {
        await db.insert(menus).values({
          sort: 0,
          category: MENU_CATEGORY.menu,
          action: 0,
          isOpen: 1,
          ...fields,
          name: data.name as string,
          code: data.code as string,
          alias: data.alias as string,
          parentId: parentId ?? ROOT,
          id: menuId,
          createUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          updateUser: user.userId,
        });
      }
      systemAccess.invalidate();
      return { id: menuId };
    },
  });

  route({
    method: 'POST',
    url: `${menuEntity.api}/remove`,
    summary: '菜单删除',
    tags,
    requires: { code: codes.delete, platform: true },
    query: z.object({ ids: z.string().optional() }),
    handler: async ({ user, query }) => {
      const ids = parseIds(query.ids);
      const [child] = await db
        .select({ id: menus.id })
        .from(menus)
        .where(and(inArray(menus.parentId, ids), eq(menus.isDeleted, 0)))
        .limit(1);
      if (child) throw fail(MSG.hasChildren);
      const done = await db
        .update(menus)
        .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` })
        .where(and(inArray(menus.id, ids), eq(menus.isDeleted, 0)))
        .returning({ id: menus.id });
      if (!done.length) throw fail('数据不存在或已被删除');
      await db.delete(roleMenus).where(
        inArray(
          roleMenus.menuId,
          done.map((m) => m.id),
        ),
      );
      systemAccess.invalidate();
    },
  });

  route({
    method: 'GET',
    url: `${menuEntity.api}/grant-tree`,
    summary: '角色授权树(菜单、数据权限、接口权限)',
    tags,
    requires: { code: GRANT_CODE },
    handler: async ({ user }) => {
      // What the caller may grant is what they may see themselves.
      const mine = await systemAccess.menus(user);
      const menuIds = mine.map((m) => m.id);
      const scopesOf = async (table: typeof dataScopes | typeof apiScopes) =>
        (menuIds.length
          ? await db
              .select({ id: table.id, menuId: table.menuId, scopeName: table.scopeName })
              .from(table)
              .where(and(eq(table.isDeleted, 0), inArray(table.menuId, menuIds)))
              .orderBy(asc(table.createTime), asc(table.id))
          : []) as { id: string; menuId: string; scopeName: string }[];
      const menusOnly = mine.filter((m) => m.category === MENU_CATEGORY.menu);
      return {
        menu: buildTree(mine.map(grantNode)),
        dataScope: scopeTree(menusOnly, await scopesOf(dataScopes)),
        apiScope: scopeTree(menusOnly, await scopesOf(apiScopes)),
      };
    },
  });

  route({
    method: 'GET',
    url: `${menuEntity.api}/role-tree-keys`,
    summary: '角色已授权的菜单、数据权限、接口权限',
    tags,
    requires: { code: GRANT_CODE },
    query: z.object({ roleIds: z.string().optional() }),
    handler: async ({ user, query }) => {
      const asked = parseIds(query.roleIds, 'roleIds');
      // Only the caller's own tenant's roles are looked at.
      const own = (
        await db
          .select({ id: roles.id })
          .from(roles)
          .where(and(inArray(roles.id, asked), eq(roles.tenantId, user.tenantId), eq(roles.isDeleted, 0)))
      ).map((r) => r.id);
      if (!own.length) return { menu: [], dataScope: [], apiScope: [] };
      const [m, s] = await Promise.all([
        db
          .selectDistinct({ id: roleMenus.menuId })
          .from(roleMenus)
          .innerJoin(menus, and(eq(menus.id, roleMenus.menuId), eq(menus.isDeleted, 0)))
          .where(inArray(roleMenus.roleId, own)),
        db
          .selectDistinct({ id: roleScopes.scopeId, category: roleScopes.scopeCategory })
          .from(roleScopes)
          .where(and(inArray(roleScopes.roleId, own), liveScope)),
      ]);
      return {
        menu: m.map((r) => r.id),
        dataScope: s.filter((r) => r.category === SCOPE_CATEGORY.data).map((r) => r.id),
        apiScope: s.filter((r) => r.category === SCOPE_CATEGORY.api).map((r) => r.id),
      };
    },
  });
}
