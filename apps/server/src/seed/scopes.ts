/**
 * Demo data scopes, seeded once (when their tables have never had a row, so an administrator's
 * deletions stay deleted), and the scope dictionaries for installations seeded before they existed.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { dataScopes, menus } from '../modules/system/schema.ts';
import { dicts } from '../modules/dict/schema.ts';
import * as demo from './data.ts';

const SCOPE_DICTS = ['data_scope_type', 'api_scope_type'] as const;

export async function seedScopes(db: Db) {
  const present = new Set(
    (
      await db
        .select({ code: dicts.code })
        .from(dicts)
        .where(and(inArray(dicts.code, [...SCOPE_DICTS]), eq(dicts.parentId, '0')))
    ).map((d) => d.code),
  );
  for (const code of SCOPE_DICTS) {
    if (present.has(code)) continue;
    const d = demo.systemDicts[code]!;
    const rootId = nextId();
    await db
      .insert(dicts)
      .values([
        { id: rootId, parentId: '0', code, dictKey: '-1', dictValue: d.name, sort: 0 },
        ...d.items.map(([k, v], i) => ({ id: nextId(), parentId: rootId, code, dictKey: k, dictValue: v, sort: i + 1 })),
      ]);
  }

  const menuIds = new Map((await db.select({ id: menus.id, code: menus.code }).from(menus).where(eq(menus.isDeleted, 0))).map((m) => [m.code, m.id]));
  const ever = async (table: string) =>
    Number(((await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if ((await ever('blade_scope_data')) === 0) {
    const rows = demo.dataScopes
      .filter((s) => menuIds.has(s.menu))
      .map(({ menu, ...s }) => ({ id: nextId(), menuId: menuIds.get(menu)!, resourceCode: menu, ...s }));
    if (rows.length) await db.insert(dataScopes).values(rows);
  }
}
