/**
 * The token call (issue 40 item 3, docs/performance.md "The token call"): `POST oauth/token` with the password
 * grant, one call at a time over HTTP against the product on a freshly seeded embedded database, and beside it the
 * password check alone (the same stored hash of the demo administrator), so the rest of the call (tenant, user,
 * lock-out, roles, the two signed tokens, the login log) is the difference.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/index.ts';
import { checkPassword } from '../apps/server/src/modules/user/api.ts';
import { prepareDatabase, webClientBasic } from '../apps/server/src/seed/index.ts';

export interface TokenBenchResult {
  calls: number;
  loadAverage: { start: number; end: number };
  /** The stored hash's algorithm and cost (`$2b$10$…`: bcrypt, 2^10 rounds). */
  hash: string;
  tokenP50Ms: number;
  tokenP90Ms: number;
  tokenMaxMs: number;
  passwordCheckP50Ms: number;
  /** token p50 − password check p50: everything but the hash. */
  restP50Ms: number;
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const round = (v: number) => Math.round(v * 10) / 10;

export async function benchToken(dataDir: string, calls: number): Promise<TokenBenchResult> {
  const loadAverage = { start: os.loadavg()[0]!, end: 0 };
  // The per-minute limit of token calls counts against one address and account: lifted for the bench's own calls.
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1', TOKEN_RATE_LIMIT: String(calls * 10) });
  const database = await openDatabase({ dataDir: path.join(config.dataDir, 'pglite'), timeZone: config.timeZone });
  try {
    await prepareDatabase(database, config);
    const app = await createApp(config, database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/blade-auth/oauth/token`;
      const password = crypto.createHash('md5').update('admin').digest('hex');
      const q = new URLSearchParams({ tenantId: '000000', username: 'admin', password, grant_type: 'password', scope: 'all' });
      const headers = { authorization: `Basic ${webClientBasic(config)}`, 'tenant-id': '000000' };
      const call = async () => {
        const t0 = performance.now();
        const res = await fetch(`${url}?${q}`, { method: 'POST', headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`token call answered ${res.status}`);
        return performance.now() - t0;
      };
      for (let i = 0; i < 3; i++) await call(); // warm-up: compiled statements, caches
      const token: number[] = [];
      for (let i = 0; i < calls; i++) token.push(await call());

      const [admin] = await database.raw(`SELECT password FROM blade_user WHERE tenant_id = '000000' AND account = 'admin' AND is_deleted = 0`);
      const hash = String(admin!.password);
      const check: number[] = [];
      for (let i = 0; i < calls; i++) {
        const t0 = performance.now();
        if (!(await checkPassword(password, hash))) throw new Error('the password check failed');
        check.push(performance.now() - t0);
      }
      loadAverage.end = os.loadavg()[0]!;
      const tokenP50Ms = percentile(token, 0.5);
      const passwordCheckP50Ms = percentile(check, 0.5);
      return {
        calls,
        loadAverage,
        hash: hash.slice(0, 7),
        tokenP50Ms: round(tokenP50Ms),
        tokenP90Ms: round(percentile(token, 0.9)),
        tokenMaxMs: round(Math.max(...token)),
        passwordCheckP50Ms: round(passwordCheckP50Ms),
        restP50Ms: round(tokenP50Ms - passwordCheckP50Ms),
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
