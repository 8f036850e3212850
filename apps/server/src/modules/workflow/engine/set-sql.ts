/**
 * Set-based reads and writes of drizzle tables through JSON, so that a command's whole instance is read in one
 * statement and all its changes are written in one (data-modifying CTEs): each statement costs a round trip
 * and the driver's and the database's per-statement work, which dominated a command's cost.
 *
 * Rows read here equal what `tx.select().from(table)` answers: bigint and date-time columns travel as text
 * (what the driver gives), then every column goes through its drizzle mapping. Rows written equal what
 * `tx.insert(table).values(rows)` writes: a column left undefined takes its default (`$defaultFn` or the
 * database's), json columns are written as JSON, the others as their driver value.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { quoteName, recordBuilder } from '../../../platform/crud/statements.ts';
import type { Statement } from '../../../platform/db/index.ts';

export type AnyTable = PgTable;

export type Change =
  | { kind: 'delete'; table: AnyTable; ids: string[] }
  /** Inserted, or replaced when the id exists: every column, or only `set` (database names). */
  | { kind: 'upsert'; table: AnyTable; rows: object[]; set?: string[] }
  | { kind: 'insert'; table: AnyTable; rows: object[] };

/** What the reads and writes need of a table's columns, worked out once per table. */
interface TableShape {
  /** [property, column] in definition order. */
  cols: [string, PgColumn][];
  /** Per column: written as JSON as it is (json/jsonb), not through its driver mapping. */
  json: boolean[];
  /** A row from a `jsonRows` element as the table's record (`rowBuilder`). */
  row: (raw: Record<string, unknown>) => Record<string, unknown>;
}

const shapes = new WeakMap<AnyTable, TableShape>();

function shapeOf(table: AnyTable): TableShape {
  let shape = shapes.get(table);
  if (!shape) {
    const cols = Object.entries(getTableColumns(table)) as [string, PgColumn][];
    shape = { cols, json: cols.map(([, c]) => isJson(c)), row: rowBuilder(cols) };
    shapes.set(table, shape);
  }
  return shape;
}

/** A row from a `jsonRows` element (keyed by column name) as the table's record (`recordBuilder`). */
function rowBuilder(cols: [string, PgColumn][]) {
  const names = cols.map(([, c]) => c.name);
  const build = recordBuilder(cols);
  return (raw: Record<string, unknown>) => build(names.map((n) => raw[n]));
}

const asText = (c: PgColumn) => /^(bigint|timestamp|date|time|numeric)/.test(c.getSQLType());
const isJson = (c: PgColumn) => /^json/.test(c.getSQLType());

/** `(SELECT json array of the table's rows WHERE where)`, for `fromJsonRows`. */
export function jsonRows(table: AnyTable, where: SQL): SQL {
  const cols = shapeOf(table).cols.map(([, c]) => (asText(c) ? sql`${sql.identifier(c.name)}::text AS ${sql.identifier(c.name)}` : sql.identifier(c.name)));
  return sql`(SELECT coalesce(json_agg(x), '[]'::json) FROM (SELECT ${sql.join(cols, sql`, `)} FROM ${table} WHERE ${where}) x)`;
}

/** The rows of a `jsonRows` cell, as drizzle's select answers them. */
export function fromJsonRows(table: AnyTable, cell: unknown): Record<string, unknown>[] {
  const list = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Record<string, unknown>[];
  return list.map(shapeOf(table).row);
}

/** Rows as JSON for json_populate_recordset, grouped by the columns they give (the others take their defaults). */
function groups(table: AnyTable, rows: object[]) {
  const { cols, json: isJsonCol } = shapeOf(table);
  const out = new Map<string, { names: string[]; json: Record<string, unknown>[] }>();
  for (const r of rows as Record<string, unknown>[]) {
    const json: Record<string, unknown> = {};
    const names: string[] = [];
    cols.forEach(([prop, c], i) => {
      let v = r[prop];
      if (v === undefined && c.defaultFn) v = c.defaultFn();
      if (v === undefined) return;
      names.push(c.name);
      json[c.name] = v === null || isJsonCol[i] ? v : c.mapToDriverValue(v);
    });
    const key = names.join(',');
    const g = out.get(key) ?? { names, json: [] };
    g.json.push(json);
    out.set(key, g);
  }
  return [...out.values()];
}

/** Ids as a PostgreSQL array literal (`{1,2}`), for a `::bigint[]` parameter; anything but digits is refused. */
export function bigintArray(ids: readonly string[]): string {
  for (const id of ids) if (!/^-?\d+$/.test(id)) throw new Error(`not a bigint key: ${JSON.stringify(id)}`);
  return `{${ids.join(',')}}`;
}

/**
 * The statements of one change, written as text (no query builder: building them through drizzle was a third of
 * a completion's CPU). `value` adds a parameter and answers its placeholder.
 */
function statementsOf(change: Change, value: (v: unknown) => string): string[] {
  const name = quoteName(getTableName(change.table));
  if (change.kind === 'delete') {
    // `id = ANY(array)`: the generic plan of a prepared statement looks the ids up by the key. (`id IN (SELECT …
    // json_array_elements_text(…))` planned a hash semi-join over a sequential scan of the whole table: every
    // completion read all open tasks.) The ids are the tables' bigint keys; one that is not fails the cast.
    return [`DELETE FROM ${name} WHERE id = ANY(${value(bigintArray(change.ids))}::bigint[])`];
  }
  return groups(change.table, change.rows).map(({ names, json }) => {
    const cols = names.map(quoteName).join(', ');
    const insert = `INSERT INTO ${name} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${name}, ${value(JSON.stringify(json))}::json)`;
    if (change.kind === 'insert') return insert;
    const set = (change.set ?? names).filter((n) => n !== 'id' && names.includes(n));
    if (!set.length) return `${insert} ON CONFLICT (id) DO NOTHING`;
    return `${insert} ON CONFLICT (id) DO UPDATE SET ${set.map((n) => `${quoteName(n)} = excluded.${quoteName(n)}`).join(', ')}`;
  });
}

/**
 * All changes as one statement (data-modifying CTEs), or null when there are none. The parts run on one
 * snapshot in no set order: a caller must not delete and insert rows that collide on a unique key in the same
 * statement (ids removed and added again are written once by `Rows`).
 */
export function writeStatement(changes: Change[]): Statement | null {
  const params: unknown[] = [];
  const value = (v: unknown) => `$${params.push(v)}`;
  const parts = changes.flatMap((c) => statementsOf(c, value));
  if (parts.length <= 1) return parts.length ? { sql: parts.join(''), params } : null;
  return { sql: `WITH ${parts.map((p, i) => `${quoteName(`w${i}`)} AS (${p})`).join(', ')} SELECT 1`, params };
}
