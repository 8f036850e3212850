/**
 * The demo roles' grants of an area's menus and buttons. A fresh installation gets every grant with the rest of the
 * demo data (seed/index.ts); an installation from before an area gets that area's on its next start — once: when a
 * demo role already holds any of them, nothing is given, so an administrator's later revocations stand.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../platform/crud/repo.ts';
import { nextId } from '../platform/db/ids.ts';
import { menus, roleMenus, roles } from '../modules/system/schema.ts';
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
