/**
 * A list page's statements written as text around its conditions, rendered once per request, and its rows read
 * as arrays and mapped by the columns' own decoders — instead of building and rendering a drizzle select for the
 * rows, the capped count and the estimate, and mapping through the ORM: that was a third of a list request's CPU
 * (docs/performance.md). The rows equal what `db.select().from(table)` answers (statements.test.ts).
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { render, type Database, type Statement } from '../db/index.ts';

export const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `from "table" where …` of a page: the rows and the total statements are written around it. */
export function fromWhere(table: PgTable, where: SQL | undefined): Statement {
  return render(where ? sql`from ${table} where ${where}` : sql`from ${table}`);
}

/** One column of an order: `"table"."column" asc|desc`. */
export interface OrderTerm {
  column: PgColumn;
  dir: 'asc' | 'desc';
}

/** Every column of a table, selected and mapped in the order of its definition (as `db.select().from(table)`). */
/**
 * A record of the columns' fields from a row's values in column order, decoded by each column, null for null: one
 * object literal of every field, compiled once per table, so that its records share one shape. Set field by field,
 * a record of more than a few dozen fields became a dictionary — three times slower to build, copy and serialize
 * (docs/performance.md). The keys are the table definition's field names, quoted.
 */
export function recordBuilder(columns: readonly [string, PgColumn][]): (values: readonly unknown[]) => Record<string, unknown> {
  const decoders = columns.map(
    ([, column]) =>
      (v: unknown) =>
        column.mapFromDriverValue(v),
  );
  const body = columns.map(([key], i) => `${JSON.stringify(key)}: v[${i}] == null ? null : d[${i}](v[${i}])`).join(',\n');
  const build = new Function('v', 'd', `return {\n${body}\n};`) as (v: readonly unknown[], d: typeof decoders) => Record<string, unknown>;
  return (values) => build(values, decoders);
}

export class TableReader {
  private readonly fields: [string, PgColumn][];
  private readonly list: string;
  private readonly tableName: string;
  /** One record from the values of a row (`recordBuilder`), compiled at the first read: a start builds every reader. */
  private record: ((values: readonly unknown[]) => Record<string, unknown>) | undefined;

  constructor(table: PgTable) {
    this.fields = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
    this.list = this.fields.map(([, c]) => quoteName(c.name)).join(', ');
    this.tableName = quoteName(getTableName(table));
  }

  /** `select <every column> <from> order by … limit … offset …`. */
  pageStatement(from: Statement, order: readonly OrderTerm[], limit: number, offset: number): Statement {
    const n = from.params.length;
    const orderBy = order.map((o) => `${this.tableName}.${quoteName(o.column.name)} ${o.dir}`).join(', ');
    return { sql: `select ${this.list} ${from.sql} order by ${orderBy} limit $${n + 1} offset $${n + 2}`, params: [...from.params, limit, offset] };
  }

  /** The rows of `statement` (a select of every column) as records keyed by field. */
  async read<R = Record<string, unknown>>(database: Database, statement: Statement): Promise<R[]> {
    const rows = await database.arrays(statement);
    const record = (this.record ??= recordBuilder(this.fields));
    return rows.map((values) => record(values) as R);
  }
}
