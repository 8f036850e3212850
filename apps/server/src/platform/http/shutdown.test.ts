/**
 * Graceful shutdown of the real server process (the compiled bundle, as `npm start` runs it): under load, SIGTERM
 * makes it stop being ready and stop accepting, and every request it had accepted is answered, none with a 5xx —
 * requests whose body was still arriving when the signal came included —; then it exits 0. A connection refused
 * (or closed unused) after the signal is what a load balancer expects of an instance leaving.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { md5 } from '../../testing/app.ts';
import { adminUrl, templateDatabase, testDatabasePrefix } from '../../testing/global-setup.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { webClientBasic } from '../../seed/index.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** What became of one request: its status, or the error of its connection. */
interface Outcome {
  startedAt: number;
  endedAt: number;
  status?: number;
  error?: string;
}

let dataDir: string;
let dropDatabase = async () => {};
let server: ChildProcess;
let output = '';
let port: number;
let basic: string;

/** A database of its own for the process: the seeded snapshot on disk (PGlite), or a clone of the template (PostgreSQL). */
async function prepareData(): Promise<Record<string, string>> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hjl-shutdown-'));
  const url = process.env.TEST_DATABASE_URL;
  const config = loadConfig({ DATA_DIR: dataDir });
  // The demo records' processes are not what this test is about: no start spends its time on them.
  const notDue = `DELETE FROM hjl_start_state WHERE key = 'demo-approvals'`;
  if (url) {
    const name = `${testDatabasePrefix(url)}${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase(url)}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: adminUrl(url, name), timeZone: config.timeZone, poolSize: 1 });
    await database.raw(notDue);
    await database.close();
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: adminUrl(url) });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
    return { DATABASE_URL: adminUrl(url, name) };
  }
  const snapshot = fs.readFileSync(path.join(inject('testDataDir'), 'snapshot.tar'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([snapshot]), timeZone: config.timeZone });
  await database.raw(notDue);
  await database.close();
  return { DATABASE_URL: '' };
}

beforeAll(async () => {
  const build = (await import(path.join(root, 'scripts/build-server.mjs'))) as {
    serverBundle: string;
    serverBundleStale(): boolean;
    buildServer(): Promise<number>;
  };
  if (build.serverBundleStale()) await build.buildServer();
  const db = await prepareData();
  // The web client's secret, generated into the data directory now: the server reads the same file.
  basic = webClientBasic(loadConfig({ DATA_DIR: dataDir }));
  port = await freePort();
  server = spawn(process.execPath, [build.serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      ...db,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      JOB_POLL_MS: '200',
      SHUTDOWN_TIMEOUT_MS: '15000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}: ${output.slice(-2000)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ready`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server not ready within 120 s: ${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
  }
  await dropDatabase();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One request; resolves with its outcome (never rejects). */
function call(agent: http.Agent | false, method: string, url: string, headers: Record<string, string>, body?: string): Promise<Outcome> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ startedAt, endedAt: Date.now(), status: res.statusCode ?? 0 }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ startedAt, endedAt: Date.now(), error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ startedAt, endedAt: Date.now(), error: e.code ?? e.message }));
    req.end(body);
  });
}

describe('SIGTERM under load', () => {
  it('answers every request it accepted, none with a 5xx, and exits 0', async () => {
    const tokenRes = await fetch(
      `http://127.0.0.1:${port}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5('admin')}&grant_type=password&scope=all`,
      {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'tenant-id': '000000' },
      },
    );
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const auth = { 'blade-auth': `bearer ${token}` };

    // Load: clients on keep-alive connections, as a load balancer keeps them, reading lists until refused.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    const outcomes: Outcome[] = [];
    let signalledAt = Number.POSITIVE_INFINITY;
    const client = async () => {
      for (;;) {
        const o = await call(agent, 'GET', '/api/blade-system/param/list?current=1&size=20', auth);
        outcomes.push(o);
        if (o.error && o.startedAt > signalledAt) return;
        if (Date.now() > signalledAt + 20_000) return;
      }
    };
    const clients = Array.from({ length: 6 }, client);

    // Writes whose body is still arriving when the signal comes: the server has their headers, the rest follows.
    const slow = Array.from({ length: 3 }, (_, i) => {
      const body = JSON.stringify({ paramName: `停机测试${i}`, paramKey: `test.shutdown.${i}`, paramValue: String(i) });
      const half = Math.floor(body.length / 2);
      const startedAt = Date.now();
      let finish = () => {};
      const outcome = new Promise<Outcome>((resolve) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/blade-system/param/submit',
            agent: false,
            headers: { ...auth, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
          },
          (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () => resolve({ startedAt, endedAt: Date.now(), status: res.statusCode ?? 0, error: res.statusCode === 200 ? undefined : text }));
          },
        );
        req.on('error', (e: NodeJS.ErrnoException) => resolve({ startedAt, endedAt: Date.now(), error: e.code ?? e.message }));
        req.write(body.slice(0, half));
        finish = () => req.end(body.slice(half));
      });
      return { outcome, finish: () => finish() };
    });

    await new Promise((r) => setTimeout(r, 1500));
    const answeredBefore = outcomes.filter((o) => o.status === 200).length;
    signalledAt = Date.now();
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    // The server stops accepting: a new connection is refused, while the accepted writes still send their rest.
    const refusedAt = Date.now() + 10_000;
    while ((await call(false, 'GET', '/health', {})).error === undefined && Date.now() < refusedAt) await new Promise((r) => setTimeout(r, 20));
    for (const s of slow) s.finish();
    const writes = await Promise.all(slow.map((s) => s.outcome));
    await Promise.all(clients);
    agent.destroy();
    const code = await exited;

    expect(code, output.slice(-3000)).toBe(0);
    expect(answeredBefore).toBeGreaterThan(0);
    // Every write whose headers had arrived is answered, and succeeds.
    expect(writes.map((w) => w.status ?? w.error)).toEqual([200, 200, 200]);
    // No 5xx; no request sent well before the signal lost; errors only for connections after it.
    expect(outcomes.filter((o) => o.status !== undefined && o.status >= 500)).toEqual([]);
    expect(outcomes.filter((o) => o.status !== undefined && o.status !== 200)).toEqual([]);
    const lost = outcomes.filter((o) => o.error !== undefined && o.startedAt < signalledAt - 100);
    expect(lost).toEqual([]);
    for (const o of outcomes.filter((x) => x.error !== undefined)) expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'socket hang up']).toContain(o.error);
    // The writes were in flight across the signal.
    for (const w of writes) expect(w.startedAt < signalledAt && w.endedAt > signalledAt).toBe(true);
    expect(output).toMatch(/shut down in \d+ ms/);
  }, 120_000);
});
