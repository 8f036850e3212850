/**
 * A transaction's BEGIN goes with its first statement and its COMMIT may go with its last (pg-client.ts), and
 * nothing of a transaction's meaning changes: what it wrote is seen by others only once it commits, a failure
 * anywhere undoes all of it, and the connection goes on clean. The meaning is checked on both databases; the round
 * trips on PostgreSQL, where there is a wire.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { statementsOf } from '../../testing/db.ts';
import { runPrepared } from './prepared.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.raw('CREATE TABLE IF NOT EXISTS test_pg_client (id int PRIMARY KEY, v text NOT NULL)');
});
afterAll(() => t?.close());
beforeEach(() => t.database.raw('DELETE FROM test_pg_client'));

const db = () => t.database.db;
const insert = (id: number, v = '值') => ({ sql: 'INSERT INTO test_pg_client (id, v) VALUES ($1, $2)', params: [id, v] });
const ids = async () => (await t.database.raw('SELECT id FROM test_pg_client ORDER BY id')).map((r) => Number(r.id));
/** A promise held open until `release` is called. */
function gate() {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  return { held, release };
}

describe('a transaction', () => {
  // PGlite has one connection: a read outside the transaction waits for it to end.
  it.runIf(onPostgres)('is seen by others only when it commits', async () => {
    const g = gate();
    const inside = gate();
    const tx = db().transaction(async (tx) => {
      await runPrepared(tx, insert(1));
      inside.release();
      await g.held;
      await runPrepared(tx, insert(2));
    });
    await inside.held;
    expect(await ids()).toEqual([]);
    g.release();
    await tx;
    expect(await ids()).toEqual([1, 2]);
  });

  it('undoes its first statement when a later one fails, and the connection goes on', async () => {
    const failing = db().transaction(async (tx) => {
      await runPrepared(tx, insert(1));
      await runPrepared(tx, insert(1));
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual([]);
    await db().transaction(async (tx) => runPrepared(tx, insert(3)));
    expect(await ids()).toEqual([3]);
  });

  it('undoes a first statement without parameters (sent as a plain query)', async () => {
    const failing = db().transaction(async (tx) => {
      await tx.execute(sql.raw(`INSERT INTO test_pg_client (id, v) VALUES (4, '四')`));
      await runPrepared(tx, insert(4));
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual([]);
  });

  it('undoes a first statement that is a savepoint’s', async () => {
    const failing = db().transaction(async (tx) => {
      await tx.transaction(async (inner) => runPrepared(inner, insert(6)));
      await runPrepared(tx, insert(6));
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual([]);
  });

  it('commits with its last statement when told so, and undoes it all when that statement fails', async () => {
    await db().transaction(async (tx) => {
      await runPrepared(tx, insert(7));
      await runPrepared(tx, insert(8), { commit: true });
    });
    expect(await ids()).toEqual([7, 8]);
    const failing = db().transaction(async (tx) => {
      await runPrepared(tx, insert(9));
      await runPrepared(tx, insert(7), { commit: true });
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual([7, 8]);
    // The connections are clean: every one of the pool runs a transaction of its own again.
    await Promise.all(Array.from({ length: 12 }, (_, i) => db().transaction(async (tx) => runPrepared(tx, insert(100 + i), { commit: true }))));
    expect((await ids()).length).toBe(14);
  });
});

describe.runIf(onPostgres)('its round trips (PostgreSQL)', () => {
  it('sends BEGIN with the first statement, COMMIT with the last when told so, and nothing for an empty transaction', async () => {
    const sent = await statementsOf(() =>
      db().transaction(async (tx) => {
        await runPrepared(tx, insert(1));
        await runPrepared(tx, insert(2));
        await runPrepared(tx, insert(3), { commit: true });
      }),
    );
    expect(sent).toEqual([
      'BEGIN; INSERT INTO test_pg_client (id, v) VALUES ($1, $2)',
      'INSERT INTO test_pg_client (id, v) VALUES ($1, $2)',
      'INSERT INTO test_pg_client (id, v) VALUES ($1, $2); COMMIT',
    ]);
    // One statement: BEGIN, it and COMMIT in one round trip.
    expect(await statementsOf(() => db().transaction(async (tx) => runPrepared(tx, insert(4), { commit: true })))).toEqual([
      'BEGIN; INSERT INTO test_pg_client (id, v) VALUES ($1, $2); COMMIT',
    ]);
    // Not told: drizzle's commit is a round trip of its own.
    expect(await statementsOf(() => db().transaction(async (tx) => runPrepared(tx, insert(5))))).toEqual([
      'BEGIN; INSERT INTO test_pg_client (id, v) VALUES ($1, $2)',
      'commit',
    ]);
    expect(await statementsOf(() => db().transaction(async () => undefined))).toEqual([]);
    expect(await ids()).toEqual([1, 2, 3, 4, 5]);
  });

  it('sends BEGIN in front of a plain query of several statements, and undoes them all on failure', async () => {
    const several = `INSERT INTO test_pg_client (id, v) VALUES (4, '四'); INSERT INTO test_pg_client (id, v) VALUES (5, '五')`;
    const failing = () =>
      db().transaction(async (tx) => {
        await tx.execute(sql.raw(several));
        await runPrepared(tx, insert(5));
      });
    expect(await statementsOf(() => failing().catch(() => undefined))).toEqual([
      `BEGIN; ${several}`,
      'INSERT INTO test_pg_client (id, v) VALUES ($1, $2)',
      'rollback',
    ]);
    await expect(failing()).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual([]);
  });

  it('a savepoint’s last statement does not carry the transaction’s COMMIT', async () => {
    const failing = db().transaction(async (tx) => {
      await tx.transaction(async (inner) => runPrepared(inner, insert(1), { commit: true }));
      await runPrepared(tx, insert(1));
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual([]);
  });

  it('refuses a statement after a commit that went with the last one', async () => {
    const late = db().transaction(async (tx) => {
      await runPrepared(tx, insert(1), { commit: true });
      await runPrepared(tx, insert(2));
    });
    await expect(late).rejects.toThrow('statement after its transaction was committed');
    expect(await ids()).toEqual([1]);
  });

  it('a named statement refused by its Parse, sent with BEGIN, is refused the same way again', async () => {
    const bad = { sql: 'SELECT no_such_column FROM test_pg_client WHERE id = $1', params: [1] };
    for (let i = 0; i < 3; i++) {
      // Every connection of the pool meets it once at least (its size is 5).
      const runs = Array.from({ length: 6 }, () => db().transaction(async (tx) => runPrepared(tx, bad)));
      for (const r of await Promise.allSettled(runs)) expect(r).toMatchObject({ status: 'rejected', reason: { code: '42703' } });
    }
  });
});
