/** The menus granted to top menus (read by the system module's menu routes through org/api.ts). */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import type { MenuRow } from '../system/api.ts';
import { topMenus, topMenuSettings } from './schema.ts';

/** The columns of the derived table these queries name (its columns are known by name at run time only). */
const top = { id: topMenus.id, isDeleted: topMenus.isDeleted, sort: topMenus.sort };

/** Menu ids granted to live top menus among `topMenuIds`. */
export async function grantedMenuIds(db: Db, topMenuIds: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ menuId: topMenuSettings.menuId })
    .from(topMenuSettings)
    .innerJoin(topMenus, and(eq(top.id, topMenuSettings.topMenuId), eq(top.isDeleted, 0)))
    .where(inArray(topMenuSettings.topMenuId, topMenuIds));
  return rows.map((r) => r.menuId);
}

/**
 * The caller's menus that belong to a top menu: those granted to it, with the menus above them so the tree
 * stays whole. `menu/routes?topMenuId=` answers these.
 */
export async function menusOfTopMenu(db: Db, topMenuId: string, mine: MenuRow[]): Promise<MenuRow[]> {
  const granted = new Set(await grantedMenuIds(db, [topMenuId]));
  const byId = new Map(mine.map((m) => [m.id, m]));
  const keep = new Set<string>();
  for (const m of mine) {
    if (!granted.has(m.id)) continue;
    for (let cur: MenuRow | undefined = m; cur && !keep.has(cur.id); cur = byId.get(cur.parentId)) keep.add(cur.id);
  }
  return mine.filter((m) => keep.has(m.id));
}
