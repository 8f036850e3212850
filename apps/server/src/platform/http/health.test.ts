/**
 * /health and /ready: answered without a login (a token sent along, even a bad one, changes nothing), nothing but
 * the status in them; readiness false until the migrations of this build ran, while the database does not answer,
 * and once the server drains for its shutdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { newestMigration, Readiness } from './health.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and readiness over HTTP', () => {
  it('GET /health and /ready answer UP without a login, and nothing else', async () => {
    for (const url of ['/health', '/ready']) {
      for (const headers of [{}, { 'blade-auth': 'bearer not-a-token' }]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.json()).toEqual({ status: 'UP' });
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
  });

  it('is not the web app: other methods are refused as on any API path', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/ready' });
    expect(res.statusCode).toBe(405);
  });
});

describe('readiness', () => {
  it('is false until the migrations of this build ran, true after, false once the database is gone', async () => {
    const database = await openDatabase({ timeZone: 'Asia/Shanghai' });
    const readiness = new Readiness(database);
    expect(await readiness.check()).toBe(false);
    // What the migrator records (drizzle's table), up to an older migration, then up to this build's newest.
    await database.raw('CREATE SCHEMA drizzle');
    await database.raw('CREATE TABLE drizzle.__drizzle_migrations (id serial, hash text, created_at bigint)');
    await database.raw('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', ['older', newestMigration() - 1]);
    expect(await readiness.check()).toBe(false);
    await database.raw('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', ['newest', newestMigration()]);
    expect(await readiness.check()).toBe(true);
    await database.close();
    expect(await readiness.check()).toBe(false);
  });

  it('is true on a migrated database, false for a build carrying a migration it lacks', async () => {
    expect(await new Readiness(t.database).check()).toBe(true);
    expect(await new Readiness(t.database, undefined, newestMigration() + 1).check()).toBe(false);
  });

  it('is false when the database does not answer within its time, and checks at once share one statement', async () => {
    let asked = 0;
    const hanging = { raw: () => (asked++, new Promise(() => {})) } as unknown as Database;
    const readiness = new Readiness(hanging, undefined, 0, 50);
    const started = Date.now();
    expect(await Promise.all([readiness.check(), readiness.check(), readiness.check()])).toEqual([false, false, false]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(asked).toBe(1);
  });
});

describe('draining', () => {
  it('GET /ready answers 503 DOWN once the server drains, /health stays UP', async () => {
    // Last: this server stays drained.
    t.app.readiness.drain();
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'DOWN' });
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
