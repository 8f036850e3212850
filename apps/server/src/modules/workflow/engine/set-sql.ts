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

export type AnyTable = PgTable;

export type Change =
  | { kind: 'delete'; table: AnyTable; ids: string[] }
  /** Inserted, or replaced when the id exists: every column, or only `set` (database names). */
  | { kind: 'upsert'; table: AnyTable; rows: object[]; set?: string[] }
  | { kind: 'insert'; table: AnyTable; rows: object[] };

const columnsOf = (table: AnyTable) => Object.entries(getTableColumns(table)) as [string, PgColumn][];
const asText = (c: PgColumn) => /^(bigint|timestamp|date|time|numeric)/.test(c.getSQLType());
const isJson = (c: PgColumn) => /^json/.test(c.getSQLType());

/** `(SELECT json array of the table's rows WHERE where)`, for `fromJsonRows`. */
export function jsonRows(table: AnyTable, where: SQL): SQL {
  const cols = columnsOf(table).map(([, c]) => (asText(c) ? sql`${sql.identifier(c.name)}::text AS ${sql.identifier(c.name)}` : sql.identifier(c.name)));
  return sql`(SELECT coalesce(json_agg(x), '[]'::json) FROM (SELECT ${sql.join(cols, sql`, `)} FROM ${table} WHERE ${where}) x)`;
}

/** The rows of a `jsonRows` cell, as drizzle's select answers them. */
export function fromJsonRows(table: AnyTable, cell: unknown): Record<string, unknown>[] {
  const list = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Record<string, unknown>[];
  const cols = columnsOf(table);
  return list.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [prop, c] of cols) {
      const v = raw[c.name];
      row[prop] = v === null || v === undefined ? null : c.mapFromDriverValue(v);
    }
    return row;
  });
}

/** Rows as JSON for json_populate_recordset, grouped by the columns they give (the others take their defaults). */
function groups(table: AnyTable, rows: object[]) {
  const cols = columnsOf(table);
  const out = new Map<string, { names: string[]; json: Record<string, unknown>[] }>();
  for (const r of rows as Record<string, unknown>[]) {
    const json: Record<string, unknown> = {};
    const names: string[] = [];
    for (const [prop, c] of cols) {
      let v = r[prop];
      if (v === undefined && c.defaultFn) v = c.defaultFn();
      if (v === undefined) continue;
      names.push(c.name);
      json[c.name] = v === null || isJson(c) ? v : c.mapToDriverValue(v);
    }
    const key = names.join(',');
    const g = out.get(key) ?? { names, json: [] };
    g.json.push(json);
    out.set(key, g);
  }
  return [...out.values()];
}

function statementsOf(change: Change): SQL[] {
  const t = change.table;
  const name = sql.identifier(getTableName(t));
  if (change.kind === 'delete') {
    return [sql`DELETE FROM ${name} WHERE id IN (SELECT value::bigint FROM json_array_elements_text(${JSON.stringify(change.ids)}::json))`];
  }
  return groups(t, change.rows).map(({ names, json }) => {
    const cols = sql.join(
      names.map((n) => sql.identifier(n)),
      sql`, `,
    );
    const insert = sql`INSERT INTO ${name} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${name}, ${JSON.stringify(json)}::json)`;
    if (change.kind === 'insert') return insert;
    const set = (change.set ?? names).filter((n) => n !== 'id' && names.includes(n));
    if (!set.length) return sql`${insert} ON CONFLICT (id) DO NOTHING`;
    return sql`${insert} ON CONFLICT (id) DO UPDATE SET ${sql.join(
      set.map((n) => sql`${sql.identifier(n)} = excluded.${sql.identifier(n)}`),
      sql`, `,
    )}`;
  });
}

/**
 * All changes as one statement (data-modifying CTEs), or null when there are none. The parts run on one
 * snapshot in no set order: a caller must not delete and insert rows that collide on a unique key in the same
 * statement (ids removed and added again are written once by `Rows`).
 */
export function writeStatement(changes: Change[]): SQL | null {
  const parts = changes.flatMap(statementsOf);
  if (!parts.length) return null;
  if (parts.length === 1) return parts[0]!;
  return sql`WITH ${sql.join(
    parts.map((p, i) => sql`${sql.identifier(`w${i}`)} AS (${p})`),
    sql`, `,
  )} SELECT 1`;
}
