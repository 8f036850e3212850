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
  /** The table's name, quoted. */
  name: string;
  /** Per column: `"column_name":`, the start of its member in a row's JSON text. */
  keys: string[];
  /** Per column: its name, quoted. */
  quoted: string[];
  /** The text of a change's statement around its one parameter, per kind, `set` and columns given (`textOf`). */
  texts: Map<string, Text>;
  /**
   * The text of a delete by ids. `id = ANY(array)`: the generic plan of a prepared statement looks the ids up by the
   * key. (`id IN (SELECT … json_array_elements_text(…))` planned a hash semi-join over a sequential scan of the whole
   * table: every completion read all open tasks.)
   */
  deleteText: Text;
}

/** A statement's text around its one parameter, and the key naming it among all tables' (`writeStatement`). */
interface Text {
  key: string;
  before: string;
  after: string;
}

const shapes = new WeakMap<AnyTable, TableShape>();

/**
 * Columns the engine's loads and writes leave out: the instance row's lock count, written by the lock statements
 * alone (schema.ts `lockRev`). A write of a loaded execution row would otherwise put back the count its load saw.
 */
const LEFT_OUT = new Set(['lock_rev']);

function shapeOf(table: AnyTable): TableShape {
  let shape = shapes.get(table);
  if (!shape) {
    const cols = (Object.entries(getTableColumns(table)) as [string, PgColumn][]).filter(([, c]) => !LEFT_OUT.has(c.name));
    const name = quoteName(getTableName(table));
    shape = {
      cols,
      json: cols.map(([, c]) => isJson(c)),
      row: rowBuilder(cols),
      name,
      keys: cols.map(([, c]) => `${JSON.stringify(c.name)}:`),
      quoted: cols.map(([, c]) => quoteName(c.name)),
      texts: new Map(),
      deleteText: { key: `${name}|delete`, before: `DELETE FROM ${name} WHERE id = ANY(`, after: '::bigint[])' },
    };
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

/**
 * Rows as JSON text for json_populate_recordset, grouped by the columns they give (the others take their defaults):
 * per group, the given columns' indexes (`1,4,…`, the key of `textOf`) and the rows' JSON array. The text is written
 * member by member (`"column":value`, in column order), the same JSON as an object of those members stringified, a
 * value the driver mapping makes undefined written as null (json_populate_recordset reads an absent member as null).
 */
function groups(shape: TableShape, rows: object[]) {
  const { cols, json: isJsonCol, keys } = shape;
  const out = new Map<string, string[]>();
  for (const r of rows as Record<string, unknown>[]) {
    let given = '';
    let text = '';
    for (const [i, [prop, c]] of cols.entries()) {
      let v = r[prop];
      if (v === undefined && c.defaultFn) v = c.defaultFn();
      if (v === undefined) continue;
      given += `${i},`;
      text += `${text ? ',' : '{'}${keys[i]}${JSON.stringify(v === null || isJsonCol[i] ? v : c.mapToDriverValue(v)) ?? 'null'}`;
    }
    const list = out.get(given);
    const row = text ? `${text}}` : '{}';
    if (list) list.push(row);
    else out.set(given, [row]);
  }
  return out;
}

/**
 * The text of the statement of a change of `kind` to the columns `given` (indexes, as `groups` keys them), before and
 * after its one parameter (the rows' JSON): built once per shape and kept.
 */
function textOf(shape: TableShape, kind: 'upsert' | 'insert', given: string, set: string[] | undefined): Text {
  const key = `${kind}|${set?.join(',') ?? ''}|${given}`;
  let text = shape.texts.get(key);
  if (!text) {
    const at = new Set(given.split(',').filter(Boolean).map(Number));
    const names = shape.cols.filter((_, i) => at.has(i)).map(([, c]) => c.name);
    const cols = shape.quoted.filter((_, i) => at.has(i)).join(', ');
    const insert = `INSERT INTO ${shape.name} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${shape.name}, `;
    let after = '::json)';
    if (kind === 'upsert') {
      const updated = (set ?? names).filter((n) => n !== 'id' && names.includes(n));
      after += updated.length
        ? ` ON CONFLICT (id) DO UPDATE SET ${updated.map((n) => `${quoteName(n)} = excluded.${quoteName(n)}`).join(', ')}`
        : ' ON CONFLICT (id) DO NOTHING';
    }
    text = { key: `${shape.name}|${key}`, before: insert, after };
    shape.texts.set(key, text);
  }
  return text;
}

/** Ids as a PostgreSQL array literal (`{1,2}`), for a `::bigint[]` parameter; anything but digits is refused. */
export function bigintArray(ids: readonly string[]): string {
  for (const id of ids) if (!/^-?\d+$/.test(id)) throw new Error(`not a bigint key: ${JSON.stringify(id)}`);
  return `{${ids.join(',')}}`;
}

/** One part of a write statement: its text and its parameter. */
interface Part {
  text: Text;
  param: unknown;
}

/**
 * The parts of one change, written as text (no query builder: building them through drizzle was a third of a
 * completion's CPU; the text of each shape is built once, `textOf`).
 */
function partsOf(change: Change): Part[] {
  const shape = shapeOf(change.table);
  if (change.kind === 'delete') {
    // The ids are the tables' bigint keys; one that is not fails the cast (deleteText).
    return [{ text: shape.deleteText, param: bigintArray(change.ids) }];
  }
  const out: Part[] = [];
  for (const [given, rows] of groups(shape, change.rows)) {
    out.push({ text: textOf(shape, change.kind, given, change.kind === 'upsert' ? change.set : undefined), param: `[${rows.join(',')}]` });
  }
  return out;
}

/**
 * Statement texts by their parts' keys: the text of a shape of change is put together once, and the same string
 * then names its prepared statement (platform/db/prepared.ts) without being hashed again. Bounded like the named
 * statements: past it, a text is put together per call.
 */
const writeTexts = new Map<string, string>();
const MAX_WRITE_TEXTS = 2000;

/**
 * All changes as one statement (data-modifying CTEs), or null when there are none. The parts run on one
 * snapshot in no set order: a caller must not delete and insert rows that collide on a unique key in the same
 * statement (ids removed and added again are written once by `Rows`).
 */
export function writeStatement(changes: Change[]): Statement | null {
  const parts = changes.flatMap(partsOf);
  const [first] = parts;
  if (!first) return null;
  const params = parts.map((p) => p.param);
  const key = parts.map((p) => p.text.key).join(';');
  let text = writeTexts.get(key);
  if (text === undefined) {
    text =
      parts.length === 1
        ? `${first.text.before}$1${first.text.after}`
        : `WITH ${parts.map((p, i) => `${quoteName(`w${i}`)} AS (${p.text.before}$${i + 1}${p.text.after})`).join(', ')} SELECT 1`;
    if (writeTexts.size < MAX_WRITE_TEXTS) writeTexts.set(key, text);
  }
  return { sql: text, params };
}
