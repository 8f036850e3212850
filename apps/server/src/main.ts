/** Starts the product: opens (and migrates, and on first start seeds) the database, then serves. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/index.ts';
import { shutDown } from './platform/http/shutdown.ts';
import { demoApprovalsDue, startDemoApprovals } from './seed/approvals.ts';
import { prepareDatabase } from './seed/index.ts';

const started = Date.now();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir + '/pglite', timeZone: config.timeZone });
await prepareDatabase(database, config, build());
const app = await createApp(config, database);
if (await demoApprovalsDue(database)) await startDemoApprovals(app, database);
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

/**
 * The identity of the running code: the digest of the compiled bundle (scripts/build-server.mjs) when that is what
 * runs; none when the sources run through tsx (`npm run dev`), which may change without a build.
 */
function build(): string | undefined {
  const self = fileURLToPath(import.meta.url);
  return self.endsWith('.js') ? crypto.createHash('sha256').update(fs.readFileSync(self)).digest('hex') : undefined;
}
