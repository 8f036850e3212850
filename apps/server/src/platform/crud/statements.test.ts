/**
 * The list path's own reading (statements.ts) answers what the ORM answers: every table of every module, its
 * demo rows read both ways, on the database of the run (PGlite, and PostgreSQL in its pass).
 */
import fs from 'node:fs';
import path from 'node:path';
import { desc, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { fromWhere, TableReader } from './statements.ts';
import { pageTotal, totalStatements } from './total.ts';
import { render } from '../db/index.ts';

const src = path.resolve(import.meta.dirname, '../..');

/** Every table declared in a module's or the platform's schema.ts (as drizzle-kit finds them). */
async function allTables(): Promise<PgTable[]> {
  const files = ['platform', 'modules'].flatMap((dir) =>
    fs
      .readdirSync(path.join(src, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => path.basename(f) === 'schema.ts')
      .map((f) => path.join(dir, f)),
  );
  const tables = new Map<string, PgTable>();
  for (const f of files) for (const v of Object.values(await import(path.join(src, f)))) if (is(v, PgTable)) tables.set(getTableName(v), v);
  return [...tables.values()];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('list statements', () => {
  it('read every table as the ORM does, column by column', async () => {
    const tables = await allTables();
    expect(tables.length).toBeGreaterThan(50);
    let compared = 0;
    for (const table of tables) {
      const id = (getTableColumns(table) as Record<string, PgColumn>).id;
      if (!id) continue;
      const viaOrm = await t.database.db.select().from(table).orderBy(desc(id)).limit(50);
      const reader = new TableReader(table);
      const viaText = await reader.read(t.database, reader.pageStatement(fromWhere(table, undefined), [{ column: id, dir: 'desc' }], 50, 0));
      expect(viaText, getTableName(table)).toEqual(viaOrm);
      compared += viaOrm.length;
    }
    // Not vacuous: the demo data fills many tables.
    expect(compared).toBeGreaterThan(1000);
  });

  it('number the page parameters after the conditions', async () => {
    const from = render(sql`from blade_param where tenant_id = ${'000000'} and param_key like ${'%page%'}`);
    const { capped, estimate, exact } = totalStatements(from, 5);
    expect(capped.sql).toContain('limit $3');
    expect(capped.params).toEqual(['000000', '%page%', 6]);
    expect(estimate.params).toEqual(['000000', '%page%']);
    const [n] = await t.database.arrays(exact);
    expect(Number(n?.[0])).toBeGreaterThan(0);
    const total = await pageTotal(t.database, from, { offset: 0, size: 1, onPage: 1 }, 1000);
    expect(total).toEqual({ total: Number(n?.[0]), estimated: false });
  });
});
