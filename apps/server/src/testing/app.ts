/** A server on its own copy of the seeded database, for one test file, and helpers to call it as a user. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import { openDatabase, type Database } from '../platform/db/index.ts';
import { webClientBasic } from '../seed/index.ts';
import { adminUrl, templateDatabase, testDatabasePrefix } from './global-setup.ts';
import type { GeneratedModule } from '../modules/generated/api.ts';

export const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  basic: string;
  /** Logs in with the password grant; answers the token answer. */
  login(account?: string, password?: string, tenantId?: string): Promise<Record<string, string>>;
  /** Calls the API as the holder of `token` and answers status and parsed body. */
  call(token: string | undefined, opts: InjectOptions): Promise<{ status: number; body: any; res: LightMyRequestResponse }>;
  /**
   * PostgreSQL only: a second server instance on this one's database (its own pool, caches, job runner), as a
   * scale-out deployment runs N of them behind a load balancer. Closed with this one.
   */
  peer(): Promise<TestApp>;
  close(): Promise<void>;
}

async function testDatabase(config: Config): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `${testDatabasePrefix(url)}${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase(url)}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: adminUrl(url, name), timeZone: config.timeZone, poolSize: 5 });
    return {
      database,
      url: adminUrl(url, name),
      drop: async () => {
        const a = new pg.Client({ connectionString: adminUrl(url) });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const snapshot = fs.readFileSync(path.join(config.dataDir, 'snapshot.tar'));
  const database = await openDatabase({ loadDataDir: new Blob([snapshot]), timeZone: config.timeZone });
  return { database, drop: async () => {} };
}

/** `generated`: record kinds of the code generator to serve besides the linked ones (the generator's own test). */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  options: { generated?: readonly GeneratedModule[] } = {},
): Promise<TestApp> {
  const config = loadConfig({ DATA_DIR: inject('testDataDir'), LOG_LEVEL: 'silent', CAPTCHA_TEST_MODE: 'enabled-for-tests', WEB_DIR: '/nonexistent', ...env });
  const { database, url, drop } = await testDatabase(config);
  return serve(config, database, url, drop, beforeReady, options.generated);
}

async function serve(
  config: Config,
  database: Database,
  url: string | undefined,
  drop: () => Promise<void>,
  beforeReady?: (app: FastifyInstance) => void,
  generated?: readonly GeneratedModule[],
): Promise<TestApp> {
  const peers: TestApp[] = [];
  const app = await createApp(config, database, generated ? { generated } : {});
  beforeReady?.(app);
  await app.ready();
  const basic = webClientBasic(config);

  const call: TestApp['call'] = async (token, opts) => {
    const res = await app.inject({ ...opts, headers: { ...(token ? { 'blade-auth': `bearer ${token}` } : {}), ...(opts.headers ?? {}) } });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, res };
  };

  return {
    app,
    database,
    config,
    basic,
    call,
    async login(account = 'admin', password = 'admin', tenantId = '000000') {
      const res = await app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        query: { tenantId, username: account, password: md5(password), grant_type: 'password', scope: 'all' },
        headers: { authorization: `Basic ${basic}`, 'tenant-id': tenantId },
      });
      if (res.statusCode !== 200) throw new Error(`login ${account} failed: ${res.body}`);
      return res.json();
    },
    async peer() {
      if (!url) throw new Error('a second instance needs PostgreSQL (TEST_DATABASE_URL): the embedded database is one process’s');
      const other = await openDatabase({ databaseUrl: url, timeZone: config.timeZone, poolSize: 5 });
      const p = await serve(config, other, url, async () => {});
      peers.push(p);
      return p;
    },
    async close() {
      for (const p of peers) await p.close();
      await app.close();
      await database.close();
      await drop();
    },
  };
}
