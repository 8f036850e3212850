/** Starts the product: opens (and migrates, and on first start seeds) the database, then serves. */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/index.ts';
import { shutDown } from './platform/http/shutdown.ts';
import { demoApprovalsDue, startDemoApprovals } from './seed/approvals.ts';
import { isPrepared, prepareDatabase } from './seed/index.ts';

/** Set for the child process that prepares the embedded database and exits (below). */
const PREPARE_ONLY = 'HJL_PREPARE_ONLY';

const started = Date.now();
const config = loadConfig();
const pgliteDir = config.dataDir + '/pglite';
const open = () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir, timeZone: config.timeZone });
// The compiled server on the embedded database creates, migrates and seeds it in a child process: the embedded
// database's memory (WebAssembly, which never shrinks) grows to 800 MB while it creates and seeds a new data
// directory, and that memory goes with the child. The server then opens the prepared database as a restart does
// (docs/performance.md "Memory"). PostgreSQL, and the sources run through tsx, prepare in this process.
const inChild = !config.databaseUrl && build() !== undefined && process.env[PREPARE_ONLY] !== '1';
// A new data directory (no PG_VERSION yet) is not even opened here: opening it creates the database.
if (inChild && !fs.existsSync(`${pgliteDir}/PG_VERSION`)) await prepareInChild();
let database = await open();
if (inChild && !(await isPrepared(database, config, build()))) {
  await database.close();
  await prepareInChild();
  database = await open();
}
await prepareDatabase(database, config, build());
const app = await createApp(config, database);
if (await demoApprovalsDue(database)) await startDemoApprovals(app, database);
if (process.env[PREPARE_ONLY] === '1') {
  await app.close();
  await database.close();
  process.exit(0);
}
await app.listen({ port: config.port, host: config.host });
app.log.info(`工程咨询管理系统 serving http://localhost:${config.port} on ${database.kind} (ready in ${Date.now() - started} ms)`);

// Graceful: the requests in flight are finished within SHUTDOWN_TIMEOUT_MS (platform/http/shutdown.ts).
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    shutDown(app, database, config.shutdownTimeoutMs).then(
      () => process.exit(0),
      (e: unknown) => {
        app.log.error({ err: e }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

/** Runs this server as a child that prepares the database (migrations, seeds, the demo's processes) and exits. */
async function prepareInChild(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, [PREPARE_ONLY]: '1' },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  if (code !== 0) throw new Error(`preparing the database failed (exit ${code})`);
}

/**
 * The identity of the running code: the digest of the compiled bundle (scripts/build-server.mjs) when that is what
 * runs; none when the sources run through tsx (`npm run dev`), which may change without a build.
 */
function build(): string | undefined {
  const self = fileURLToPath(import.meta.url);
  return self.endsWith('.js') ? crypto.createHash('sha256').update(fs.readFileSync(self)).digest('hex') : undefined;
}
