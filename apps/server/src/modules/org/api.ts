/**
 * What other modules may use of the organisation module (the only file of it they import): region full
 * names and the `region` reference kind.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import { regions } from './schema.ts';

/** A region's full name: its province, city and district names joined by '/' (江苏省/南京市/建邺区), else its own name. */
export const regionFullNameExpr: SQL<string> = sql<string>`coalesce(nullif(concat_ws('/', nullif(${regions.provinceName}, ''), nullif(${regions.cityName}, ''), nullif(${regions.districtName}, '')), ''), ${regions.name})`;

/** The `region` reference kind: a region's code, named by its full name (regions are platform-wide). */
export function regionRefResolver(db: Db): RefResolver {
  return tableResolver(db, { table: regions, key: regions.code, name: regionFullNameExpr, live: eq(regions.isDeleted, 0) });
}

/** A live region whose own name is one of `names`. */
export interface RegionMatch {
  code: string;
  /** Its own name (南京市). */
  name: string;
  /** Its full name (江苏省/南京市). */
  full: string;
}

/** The live regions with any of these names, in one query (an import matching the region column's text). */
export async function regionsNamed(db: Db, names: readonly string[]): Promise<RegionMatch[]> {
  if (!names.length) return [];
  return db
    .select({ code: regions.code, name: regions.name, full: regionFullNameExpr })
    .from(regions)
    .where(and(inArray(regions.name, [...names]), eq(regions.isDeleted, 0)));
}
