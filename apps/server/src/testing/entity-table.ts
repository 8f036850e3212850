/**
 * Creates the table of a definition that exists only in a test (the migrations know only the product's tables),
 * from the drizzle table `entityTable` derives: columns with their types, NOT NULL, defaults and primary key.
 */
import { getTableConfig, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { is, SQL } from 'drizzle-orm';
import type { Database } from '../platform/db/index.ts';

export async function createTestTable(database: Database, table: PgTable) {
  const config = getTableConfig(table);
  const dialect = new PgDialect();
  const defaultOf = (v: unknown) => (is(v, SQL) ? dialect.sqlToQuery(v).sql : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  const columns = config.columns.map((c) =>
    [
      `"${c.name}" ${c.getSQLType()}`,
      c.primary ? 'PRIMARY KEY' : '',
      c.notNull && !c.primary ? 'NOT NULL' : '',
      c.hasDefault && c.default !== undefined ? `DEFAULT ${defaultOf(c.default)}` : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
  await database.raw(`CREATE TABLE "${config.name}" (${columns.join(', ')})`);
}
