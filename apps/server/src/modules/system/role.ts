/**
 * Roles (/api/blade-system/role): a tree per tenant, and `grant`, which replaces the menus, data scopes and
 * API scopes of roles and trims the roles below them to what they keep. Only an administrator may create,
 * change, remove or grant the administrator role (无权配置超管角色!).
 */
import { MSG, permissionCodes, roleEntity, SCOPE_CATEGORY, submitSchema } from '@hjl/core';
import { and, asc, eq, getTableColumns, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ADMIN_ROLE_ALIAS, isAdministrator, isPlatformAdmin } from '../../platform/auth/user.ts';
import { nextId } from '../../platform/db/ids.ts';
import type { Db } from '../../platform/db/index.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import { assertMayWrite } from '../../platform/crud/routes.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { actingIn } from '../../platform/auth/user.ts';
import { idField, idsField, likePattern as escapeLike, optionalTenant, optionalText } from '../../platform/http/params.ts';
import type { SystemAccess } from './access.ts';
import { apiScopes, dataScopes, roleMenus, roles, roleScopes } from './schema.ts';
import { buildTree } from '../../platform/tree.ts';

type RoleRow = typeof roles.$inferSelect;

export const NO_ADMIN_GRANT = '无权配置超管角色!';
const ROOT = '0';
const codes = permissionCodes(roleEntity);
const GRANT_CODE = 'role_grant';
const parent = alias(roles, 'parent');
const roleColumns = (({ isDeleted: _d, ...rest }) => rest)(getTableColumns(roles));

/** An id in the query string. */
const idParam = (_name: string) => idField();
/** A list of ids in a body: an array or a comma list; absent means none. */
export const idList = idsField({ allowEmpty: true, max: 5000 });
const grantBody = z.object({
  roleIds: idList.refine((ids) => ids.length > 0, '请选择角色'),
  menuIds: idList.optional(),
  dataScopeIds: idList.optional(),
  apiScopeIds: idList.optional(),
});

const treeNode = (r: Pick<RoleRow, 'id' | 'parentId' | 'roleName'>) => ({ id: r.id, parentId: r.parentId, title: r.roleName, key: r.id, value: r.id });

/** Live roles of a tenant, in tree order. */
export async function tenantRoles(db: Db, tenantId: string, where: SQL[] = []) {
  return db
    .select({ ...roleColumns, parentName: parent.roleName })
    .from(roles)
    .leftJoin(parent, and(eq(parent.id, roles.parentId), eq(parent.isDeleted, 0)))
    .where(and(eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0), ...where))
    .orderBy(asc(roles.sort), asc(roles.id));
}

/** Ids of the roles below each of `ids` (not the roles themselves). */
function descendants(all: Pick<RoleRow, 'id' | 'parentId'>[], ids: Iterable<string>): string[] {
  const children = new Map<string, string[]>();
  for (const r of all) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out = new Set<string>();
  const stack = [...ids].flatMap((id) => children.get(id) ?? []);
  let id: string | undefined;
  while ((id = stack.pop()) !== undefined) {
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...out];
}

export function registerRole(ctx: ModuleContext & { systemAccess: SystemAccess }) {
  const { route, database, systemAccess } = ctx;
  const db = database.db;
  const body = submitSchema(roleEntity);
  const tags = [roleEntity.label.zh];

  const findRole = async (tenantId: string, id: string) =>
    (
      await db
        .select()
        .from(roles)
        .where(and(eq(roles.id, id), eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)))
        .limit(1)
    )[0];

  route({
    method: 'GET',
    url: `${roleEntity.api}/list`,
    summary: '角色树形列表',
    tags,
    requires: { code: codes.view },
    query: z.object({ roleName: optionalText, roleAlias: optionalText, tenantId: optionalTenant }),
    handler: async ({ user, query }) => {
      const where = [
        ...(query.roleName ? [ilike(roles.roleName, escapeLike(query.roleName))] : []),
        ...(query.roleAlias ? [ilike(roles.roleAlias, escapeLike(query.roleAlias))] : []),
      ];
      // A match whose parent did not match becomes a root of the answer.
      return buildTree(await tenantRoles(db, actingIn(user, query.tenantId).tenantId, where));
    },
  });

  route({
    method: 'GET',
    url: `${roleEntity.api}/detail`,
    summary: '角色详情',
    tags,
    requires: { code: codes.view },
    query: z.object({ id: idParam('id') }),
    handler: async ({ user, query }) => {
      const [row] = await tenantRoles(db, user.tenantId, [eq(roles.id, query.id)]);
      if (!row) throw notFound();
      return row;
    },
  });

  // Pickers (user forms, the role grant screen): any logged-in user, confined to their tenant.
  route({
    method: 'GET',
    url: `${roleEntity.api}/tree`,
    summary: '角色树',
    tags,
    requires: 'user',
    query: z.object({ tenantId: optionalTenant }),
    handler: async ({ user, query }) => buildTree((await tenantRoles(db, actingIn(user, query.tenantId).tenantId)).map(treeNode)),
  });

  route({
    method: 'GET',
    url: `${roleEntity.api}/tree-by-id`,
    summary: '角色所在租户的角色树',
    tags,
    requires: 'user',
    // Without roleId (as BladeX clients call it on a new role): the caller's tenant's role tree.
    query: z.object({ roleId: z.preprocess((v) => (v === '' ? undefined : v), idParam('roleId').optional()) }),
    handler: async ({ user, query }) => {
      if (!query.roleId) return buildTree((await tenantRoles(db, user.tenantId)).map(treeNode));
      const [r] = await db
        .select({ tenantId: roles.tenantId })
        .from(roles)
        .where(and(eq(roles.id, query.roleId), eq(roles.isDeleted, 0)))
        .limit(1);
      // Another tenant's role is answered like a missing one, except to the platform administrator.
      const tenantId = r && (r.tenantId === user.tenantId || isPlatformAdmin(user)) ? r.tenantId : user.tenantId;
      return buildTree((await tenantRoles(db, tenantId)).map(treeNode));
    },
  });

  route({
    method: 'GET',
    url: `${roleEntity.api}/select`,
    summary: '角色下拉数据',
    tags,
    requires: 'user',
    query: z.object({ userId: idParam('userId').optional() }),
    handler: async ({ user }) =>
      (await tenantRoles(db, user.tenantId)).map((r) => ({ id: r.id, parentId: r.parentId, roleName: r.roleName, roleAlias: r.roleAlias, sort: r.sort })),
  });

  route({
    method: 'POST',
    url: `${roleEntity.api}/submit`,
    summary: '角色新增或修改',
    tags,
    requires: { anyOf: [codes.add, codes.edit] },
    body,
    handler: async ({ user, body: data }) => {
      const id = data.id as string | undefined;
      await assertMayWrite(ctx.access, user, roleEntity, !!id);
      const current = id ? await findRole(user.tenantId, id) : undefined;
      if (id && !current) throw fail('数据不存在或已被删除');
      const roleAlias = (data.roleAlias as string | undefined) ?? current?.roleAlias;
      const touchesAdmin = roleAlias === ADMIN_ROLE_ALIAS || current?.roleAlias === ADMIN_ROLE_ALIAS;
      if (touchesAdmin && !isAdministrator(user)) throw fail(NO_ADMIN_GRANT);

      const parentId = data.parentId == null ? undefined : String(data.parentId);
      if (parentId !== undefined && parentId !== ROOT) {
        if (id && parentId === id) throw fail('父节点不可选择自身!');
        const up = await findRole(user.tenantId, parentId);
        if (!up) throw fail('上级角色不存在');
        if (id) {
          const all = await db
            .select({ id: roles.id, parentId: roles.parentId })
            .from(roles)
            .where(and(eq(roles.tenantId, user.tenantId), eq(roles.isDeleted, 0)));
          if (descendants(all, [id]).includes(parentId)) throw fail('父节点不可选择自身的下级角色!');
        }
      }
      if (data.roleAlias != null) {
        const [taken] = await db
          .select({ id: roles.id })
          .from(roles)
          .where(
            and(eq(roles.tenantId, user.tenantId), eq(roles.isDeleted, 0), eq(roles.roleAlias, data.roleAlias as string), ...(id ? [ne(roles.id, id)] : [])),
          )
          .limit(1);
        if (taken) throw fail('角色别名已存在');
      }
      const fields = {
        ...(data.roleName != null ? { roleName: data.roleName as string } : {}),
        ...(data.roleAlias != null ? { roleAlias: data.roleAlias as string } : {}),
        ...(data.sort != null ? { sort: data.sort as number } : {}),
        ...(parentId !== undefined ? { parentId } : {}),
      };
      if (current) {
        await db
          .update(roles)
          .set({ ...fields, updateUser: user.userId, updateTime: sql`now()` })
          .where(and(eq(roles.id, current.id), eq(roles.tenantId, user.tenantId)));
      } else {
        await db.insert(roles).values({
          sort: 0,
          parentId: ROOT,
          ...fields,
          roleName: data.roleName as string,
          roleAlias: data.roleAlias as string,
          id: nextId(),
          tenantId: user.tenantId,
          createUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          updateUser: user.userId,
        });
      }
      systemAccess.invalidate();
    },
  });

  route({
    method: 'POST',
    url: `${roleEntity.api}/remove`,
    summary: '角色删除',
    tags,
    requires: { code: codes.delete },
    query: z.object({ ids: z.string().optional() }),
    handler: async ({ user, query }) => {
      const ids = parseIds(query.ids);
      const mine = await db
        .select({ id: roles.id, roleAlias: roles.roleAlias })
        .from(roles)
        .where(and(inArray(roles.id, ids), eq(roles.tenantId, user.tenantId), eq(roles.isDeleted, 0)));
      if (!mine.length) throw fail('数据不存在或已被删除');
      if (mine.some((r) => r.roleAlias === ADMIN_ROLE_ALIAS) && !isAdministrator(user)) throw fail(NO_ADMIN_GRANT);
      const [child] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(
          and(
            inArray(
              roles.parentId,
              mine.map((r) => r.id),
            ),
            eq(roles.tenantId, user.tenantId),
            eq(roles.isDeleted, 0),
          ),
        )
        .limit(1);
      if (child) throw fail(MSG.hasChildren);
      const gone = mine.map((r) => r.id);
      await db.transaction(async (tx) => {
        await tx
          .update(roles)
          .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` })
          .where(inArray(roles.id, gone));
        await tx.delete(roleMenus).where(inArray(roleMenus.roleId, gone));
        await tx.delete(roleScopes).where(inArray(roleScopes.roleId, gone));
      });
      systemAccess.invalidate();
    },
  });

  route({
    method: 'POST',
    url: `${roleEntity.api}/grant`,
    summary: '角色权限设置(菜单、数据权限、接口权限)',
    tags,
    requires: { code: GRANT_CODE },
    body: grantBody,
    handler: async ({ user, body: b }) => {
      const roleIds = [...new Set(b.roleIds)];
      const menuIds = [...new Set(b.menuIds ?? [])];
      const dataIds = [...new Set(b.dataScopeIds ?? [])];
      const apiIds = [...new Set(b.apiScopeIds ?? [])];

      const all = await db
        .select({ id: roles.id, parentId: roles.parentId, roleAlias: roles.roleAlias })
        .from(roles)
        .where(and(eq(roles.tenantId, user.tenantId), eq(roles.isDeleted, 0)));
      const byId = new Map(all.map((r) => [r.id, r]));
      if (roleIds.some((id) => !byId.has(id))) throw fail('角色不存在或已被删除');
      if (!isAdministrator(user) && roleIds.some((id) => byId.get(id)?.roleAlias === ADMIN_ROLE_ALIAS)) throw fail(NO_ADMIN_GRANT);

      // What may be granted is what the caller may see: their menus, and the scopes of those menus.
      const visible = new Set((await systemAccess.menus(user)).map((m) => m.id));
      if (menuIds.some((id) => !visible.has(id))) throw fail('菜单不存在或无权授予');
      await checkScopes(db, dataIds, 'data', visible);
      await checkScopes(db, apiIds, 'api', visible);

      const below = descendants(all, roleIds).filter((id) => !roleIds.includes(id));
      await db.transaction(async (tx) => {
        await tx.delete(roleMenus).where(inArray(roleMenus.roleId, roleIds));
        await tx.delete(roleScopes).where(inArray(roleScopes.roleId, roleIds));
        const menuRows = roleIds.flatMap((roleId) => menuIds.map((menuId) => ({ id: nextId(), roleId, menuId })));
        const scopeRows = roleIds.flatMap((roleId) => [
          ...dataIds.map((scopeId) => ({ id: nextId(), roleId, scopeId, scopeCategory: SCOPE_CATEGORY.data })),
          ...apiIds.map((scopeId) => ({ id: nextId(), roleId, scopeId, scopeCategory: SCOPE_CATEGORY.api })),
        ]);
        if (menuRows.length) await tx.insert(roleMenus).values(menuRows);
        if (scopeRows.length) await tx.insert(roleScopes).values(scopeRows);
        // Roles below keep only what their parent now has.
        if (below.length) {
          await tx
            .delete(roleMenus)
            .where(and(inArray(roleMenus.roleId, below), ...(menuIds.length ? [sql`${roleMenus.menuId} <> ALL(${ids(menuIds)})`] : [])));
          for (const [category, kept] of [
            [SCOPE_CATEGORY.data, dataIds],
            [SCOPE_CATEGORY.api, apiIds],
          ] as const) {
            await tx
              .delete(roleScopes)
              .where(
                and(
                  inArray(roleScopes.roleId, below),
                  eq(roleScopes.scopeCategory, category),
                  ...(kept.length ? [sql`${roleScopes.scopeId} <> ALL(${ids(kept)})`] : []),
                ),
              );
          }
        }
      });
      systemAccess.invalidate();
    },
  });
}

const ids = (list: readonly string[]) =>
  sql`ARRAY[${sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  )}]::bigint[]`;

/** Every scope id exists and belongs to a menu the caller may see. */
async function checkScopes(db: Db, scopeIds: string[], kind: 'data' | 'api', visibleMenus: ReadonlySet<string>) {
  if (!scopeIds.length) return;
  const table = kind === 'data' ? dataScopes : apiScopes;
  const found = await db
    .select({ id: table.id, menuId: table.menuId })
    .from(table)
    .where(and(inArray(table.id, scopeIds), eq(table.isDeleted, 0)));
  const ok = found as { id: string; menuId: string }[];
  if (ok.length !== scopeIds.length || ok.some((s) => !visibleMenus.has(s.menuId))) {
    throw fail(kind === 'data' ? '数据权限不存在或无权授予' : '接口权限不存在或无权授予');
  }
}
