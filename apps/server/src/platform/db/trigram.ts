/**
 * Trigram indexes (pg_trgm, GIN): what serves a substring filter (`LIKE '%…%'`, the lists' "contains" filters) of
 * a large table, which no b-tree can. Declared with the tables — `FieldDef.trigramIndex` on an entity's field
 * (crud/table.ts), `trigramIndex(...)` on a hand-written table — and created by a migration that runs only where
 * the server has pg_trgm (migration 0029: a PostgreSQL server without contrib starts without them and scans).
 * PGlite loads the extension when the database opens (db/index.ts). docs/performance.md "Substring filters".
 */
import { index, type ExtraConfigColumn, type IndexBuilder } from 'drizzle-orm/pg-core';

/** The operator class of pg_trgm's GIN indexes. */
export const TRIGRAM_OPS = 'gin_trgm_ops';

/** The name of the trigram index of a table's column: `<table>_<column>_trgm_idx`. */
export function trigramIndexName(table: string, column: string): string {
  const name = `${table}_${column}_trgm_idx`;
  // PostgreSQL cuts longer names to 63 bytes, which drizzle-kit would then see as another index.
  if (Buffer.byteLength(name) > 63) throw new Error(`${name}: index name longer than 63 bytes`);
  return name;
}

/**
 * The trigram index of `column` of `table`, for a table's extra config. Whole-table (not partial on live rows):
 * the planner then needs no proof of a predicate to use it, whatever a statement's other conditions.
 */
export function trigramIndex(table: string, column: ExtraConfigColumn): IndexBuilder {
  return index(trigramIndexName(table, column.name)).using('gin', column.op(TRIGRAM_OPS));
}
