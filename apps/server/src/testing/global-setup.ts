/**
 * Runs once before the server's tests: prepares a migrated and seeded database that every test file starts
 * from. On PGlite it is a dumped data directory (loading it takes well under a second, instead of seconds
 * for migrating and seeding); on PostgreSQL (TEST_DATABASE_URL) it is a template database that each file
 * clones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/index.ts';
import { prepareDatabase } from '../seed/index.ts';

/**
 * The names of the test databases on the server of `url`: `hjl_test_…`, or — when the URL names a database other
 * than `postgres` — that name and `_` (TEST_DATABASE_URL=…/trgm_test: `trgm_test_template`, `trgm_test_<random>`),
 * so that test runs of several people on one server neither share a template nor drop each other's databases.
 */
export function testDatabasePrefix(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  return /^[a-z][a-z0-9_]{0,40}$/.test(name) && name !== 'postgres' ? `${name}_` : 'hjl_test_';
}
export const templateDatabase = (url: string) => `${testDatabasePrefix(url)}template`;

declare module 'vitest' {
  export interface ProvidedContext {
    testDataDir: string;
  }
}

export function adminUrl(url: string, database = 'postgres') {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hjl-test-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    const prefix = testDatabasePrefix(url);
    const stale = await admin.query(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [prefix]);
    for (const r of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateDatabase(url)}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: adminUrl(url, templateDatabase(url)), timeZone: config.timeZone, poolSize: 2 });
    await prepareDatabase(database, config);
    await database.close();
  } else {
    const database = await openDatabase({ timeZone: config.timeZone });
    await prepareDatabase(database, config);
    const dump = await database.dump!();
    fs.writeFileSync(path.join(dir, 'snapshot.tar'), Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide('testDataDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
