/**
 * Statements run through the driver (`runPrepared`, `runOnConnection`) read their values as drizzle's selects do,
 * named or not, inside a transaction or not, on both databases; a failing one rejects with its SQLSTATE and leaves the
 * connection usable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { runPrepared } from './prepared.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const VALUES = {
  sql: `SELECT '2026-03-02 09:30:00'::timestamp AS at, '2026-03-02'::date AS day, 12.50::numeric AS money,
    '{"a":[1]}'::json AS doc, true AS yes, 7::int AS small, $1::text AS given`,
  params: ['是'],
};
const READ = { at: '2026-03-02 09:30:00', day: '2026-03-02', money: '12.50', doc: { a: [1] }, yes: true, small: 7, given: '是' };

describe('runPrepared', () => {
  it('reads dates as text, numerics as strings and JSON as values, every time it runs', async () => {
    for (let i = 0; i < 7; i++) expect(await runPrepared(t.database.db, VALUES)).toEqual([READ]);
  });

  it('reads the same inside a transaction', async () => {
    const rows = await t.database.db.transaction(async (tx) => [await runPrepared(tx, VALUES), await runPrepared(tx, VALUES)]);
    expect(rows).toEqual([[READ], [READ]]);
  });

  it('rejects with the SQLSTATE of a failing statement, and the connection goes on', async () => {
    const failing = t.database.db.transaction((tx) => runPrepared(tx, { sql: `SELECT 1 / $1::int AS n`, params: [0] }));
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    expect(await runPrepared(t.database.db, { sql: `SELECT 1 / $1::int AS n`, params: [1] })).toEqual([{ n: 1 }]);
  });
});
