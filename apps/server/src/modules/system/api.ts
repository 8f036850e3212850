/**
 * What other modules may use of the system module (the only file of it they import): the access provider,
 * roles and menus.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '../../platform/auth/user.ts';
import type { Executor } from '../../platform/crud/repo.ts';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import type { Db } from '../../platform/db/index.ts';
import { nextId } from '../../platform/db/ids.ts';
import { menus, params, roleMenus, roles } from './schema.ts';

export type { MenuRow, SystemAccess } from './access.ts';

/** The tenant's live roles among `roleIds`: id, name and alias. One statement; `db` may be a transaction. */
export async function rolesOf(db: Executor, tenantId: string, roleIds: readonly string[]) {
  if (!roleIds.length) return [];
  return db
    .select({ id: roles.id, roleName: roles.roleName, roleAlias: roles.roleAlias })
    .from(roles)
    .where(and(inArray(roles.id, [...roleIds]), eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)));
}

/** The ids of the tenant's live roles whose alias is one of `aliases`, as a subquery `SELECT r.id ...`. */
export function roleIdsWithAliasSql(tenantId: string, aliases: readonly string[]): SQL {
  return sql`SELECT r.id FROM ${roles} r WHERE r.tenant_id = ${tenantId} AND r.is_deleted = 0 AND r.role_alias = ANY(ARRAY[${sql.join(
    aliases.map((a) => sql`${a}`),
    sql`, `,
  )}]::text[])`;
}

/** Ids of the tenant's live roles with an alias (e.g. `hr`). */
export async function roleIdsOfAlias(db: Db, tenantId: string, alias: string): Promise<string[]> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.roleAlias, alias), eq(roles.isDeleted, 0)));
  return rows.map((r) => String(r.id));
}

/** The ids among `ids` that name live menus or buttons (menus are platform-wide). */
export async function liveMenuIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.isDeleted, 0), inArray(menus.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Every live menu (not button) in its order: id, parent and name (the trees of grant dialogs). */
export function menuOutline(db: Db) {
  return db
    .select({ id: menus.id, parentId: menus.parentId, name: menus.name })
    .from(menus)
    .where(and(eq(menus.isDeleted, 0), eq(menus.category, 1)))
    .orderBy(asc(menus.sort), asc(menus.id));
}

/** Who a tenant's provisioning rows are written as (its administrator, in its root dept). */
export interface TenantAudit {
  tenantId: string;
  createUser: string;
  updateUser: string;
  createDept: string;
}

/** Menus a new tenant's roles are granted: the package's (live ones), or every live menu without a package. */
export async function grantableMenus(db: Db, packageMenuIds: string[] | undefined) {
  const all = await db.select({ id: menus.id, code: menus.code }).from(menus).where(eq(menus.isDeleted, 0));
  if (!packageMenuIds) return all;
  const allowed = new Set(packageMenuIds);
  return all.filter((m) => allowed.has(m.id));
}

/**
 * A new tenant's roles 管理员 (every menu given) and 普通用户 (the menus of `userMenuCodes`), in the
 * provisioning transaction.
 */
export async function createTenantRoles(
  tx: Executor,
  audit: TenantAudit,
  ids: { adminRoleId: string; userRoleId: string },
  menuRows: { id: string; code: string }[],
  userMenuCodes: ReadonlySet<string>,
) {
  await tx.insert(roles).values([
    { id: ids.adminRoleId, ...audit, roleName: '管理员', roleAlias: 'administrator', sort: 1 },
    { id: ids.userRoleId, ...audit, roleName: '普通用户', roleAlias: 'user', sort: 2 },
  ]);
  const grants = [
    ...menuRows.map((m) => ({ id: nextId(), roleId: ids.adminRoleId, menuId: m.id })),
    ...menuRows.filter((m) => userMenuCodes.has(m.code)).map((m) => ({ id: nextId(), roleId: ids.userRoleId, menuId: m.id })),
  ];
  if (grants.length) await tx.insert(roleMenus).values(grants);
}

/** Parameters of the platform tenant that configure tenant creation (tenant.*) are not copied to tenants. */
const PLATFORM_ONLY_PARAMS = 'tenant.%';

/** Copies of the platform's default parameters for a new tenant (set-based, in the provisioning transaction). */
export async function copyPlatformParams(tx: Executor, audit: TenantAudit) {
  const paramRows = await tx
    .select()
    .from(params)
    .where(sql`tenant_id = ${PLATFORM_TENANT_ID} AND is_deleted = 0 AND param_key NOT LIKE ${PLATFORM_ONLY_PARAMS}`);
  if (paramRows.length)
    await tx
      .insert(params)
      .values(paramRows.map((r) => ({ paramName: r.paramName, paramKey: r.paramKey, paramValue: r.paramValue, remark: r.remark, id: nextId(), ...audit })));
}

/** The tenant's live roles: id, name and alias. */
export function tenantRoles(db: Db, tenantId: string) {
  return db
    .select({ id: roles.id, name: roles.roleName, alias: roles.roleAlias })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)));
}

/** The `role` reference kind: a role of the tenant, named by its role name. */
export function roleRefResolver(db: Db): RefResolver {
  return tableResolver(db, { table: roles, key: roles.id, name: roles.roleName, tenant: roles.tenantId, live: eq(roles.isDeleted, 0) });
}
