#!/usr/bin/env node
// Starts the product: builds the web app and compiles the server (scripts/build-server.mjs) when either is
// missing or older than its sources, then runs the server from its compiled JavaScript (it migrates and, on
// first start, seeds the database). `--dev` skips both builds and runs the TypeScript sources through tsx.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, serverBundle, serverBundleStale } from './build-server.mjs';
import { linkGenerated } from './link-generated.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

// Generated modules dropped into the checkout are listed before anything is built or run (docs/codegen.md).
linkGenerated();

if (!process.argv.includes('--dev')) {
  const sources = Math.max(newest(path.join(root, 'apps/web')), newest(path.join(root, 'packages/core/src')));
  if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
    console.log('Building the web app ...');
    const r = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  if (serverBundleStale()) {
    console.log('Compiling the server ...');
    await buildServer();
  }
}

const dev = process.argv.includes('--dev');
const server = spawn(process.execPath, dev ? ['--import', 'tsx', 'apps/server/src/main.ts'] : [serverBundle], { cwd: root, stdio: 'inherit' });
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => server.kill(s));
server.on('exit', (code) => process.exit(code ?? 0));
