/**
 * The demo roles' grants of an area's menus and buttons. A fresh installation gets every grant with the rest of the
 * demo data (seed/index.ts); an installation from before an area gets that area's on its next start — once: when a
 * demo role already holds any of them, nothing is given, so an administrator's later revocations stand.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../platform/crud/repo.ts';
import { nextId } from '../platform/db/ids.ts';
import { dataScopes, menus, roleMenus, roleScopes, roles } from '../modules/system/schema.ts';
import * as demo from './data.ts';

/** Grants each demo role the menus of `demo.roleGrants` for which `wanted(roleKey, code)` holds, unless the area was granted before. */
export async function grantDemoMenus(tx: Executor, tenantId: string, wanted: (roleKey: string, code: string) => boolean): Promise<void> {
  const roleRows = await tx
    .select({ id: roles.id, alias: roles.roleAlias })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)));
  const roleOf = (key: string) => roleRows.find((r) => r.alias === demo.roles.find((x) => x.key === key)?.roleAlias);
  const menuIds = new Map((await tx.select({ id: menus.id, code: menus.code }).from(menus).where(eq(menus.isDeleted, 0))).map((m) => [m.code, m.id]));
  const granted = new Set(
    (await tx.select({ roleId: roleMenus.roleId, menuId: roleMenus.menuId }).from(roleMenus)).map((r) => `${String(r.roleId)}|${String(r.menuId)}`),
  );
  const pairs = new Map<string, { roleId: string; menuId: string }>();
  for (const [key, codes] of Object.entries(demo.roleGrants)) {
    const role = roleOf(key);
    for (const c of codes) {
      const menuId = menuIds.get(c);
      if (role && menuId && wanted(key, c)) pairs.set(`${role.id}|${menuId}`, { roleId: role.id, menuId });
    }
  }
  if ([...pairs.keys()].some((k) => granted.has(k))) return;
  if (pairs.size) await tx.insert(roleMenus).values([...pairs.values()].map((p) => ({ id: nextId(), ...p })));
}

/**
 * The demo data scopes of `scopeMenus` (demo.dataScopes) an installation lacks, and their grants to the demo roles
 * (demo.dataScopeGrants) — given once, like the menus: when any of them is held, nothing is given.
 */
export async function grantDemoScopes(tx: Executor, tenantId: string, scopeMenus: readonly string[]): Promise<void> {
  const menuIds = new Map((await tx.select({ id: menus.id, code: menus.code }).from(menus).where(eq(menus.isDeleted, 0))).map((m) => [m.code, m.id]));
  const present = new Map(
    (
      await tx
        .select({ id: dataScopes.id, name: dataScopes.scopeName, code: dataScopes.resourceCode })
        .from(dataScopes)
        .where(and(inArray(dataScopes.resourceCode, [...scopeMenus]), eq(dataScopes.isDeleted, 0)))
    ).map((d) => [`${String(d.code)}|${String(d.name)}`, String(d.id)]),
  );
  const missing = demo.dataScopes
    .filter((d) => scopeMenus.includes(d.menu) && menuIds.has(d.menu) && !present.has(`${d.menu}|${d.scopeName}`))
    .map(({ menu: code, ...d }) => {
      const id = nextId();
      present.set(`${code}|${d.scopeName}`, id);
      return { id, menuId: String(menuIds.get(code)), resourceCode: code, ...d };
    });
  if (missing.length) await tx.insert(dataScopes).values(missing);
  const roleRows = await tx
    .select({ id: roles.id, alias: roles.roleAlias })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)));
  const held = new Set(
    (await tx.select({ roleId: roleScopes.roleId, scopeId: roleScopes.scopeId }).from(roleScopes)).map((r) => `${String(r.roleId)}|${String(r.scopeId)}`),
  );
  const wanted = new Map<string, { roleId: string; scopeId: string }>();
  for (const [roleKey, menu, scopeName] of demo.dataScopeGrants.filter(([, menu]) => scopeMenus.includes(menu))) {
    const role = roleRows.find((r) => r.alias === demo.roles.find((x) => x.key === roleKey)?.roleAlias);
    const scopeId = present.get(`${menu}|${scopeName}`);
    if (role && scopeId) wanted.set(`${role.id}|${scopeId}`, { roleId: role.id, scopeId });
  }
  if (wanted.size && ![...wanted.keys()].some((k) => held.has(k)))
    await tx.insert(roleScopes).values([...wanted.values()].map((w) => ({ id: nextId(), scopeCategory: 1, ...w })));
}
