#!/usr/bin/env node
// Starts the product: builds the web app when its build is missing or older than its sources, then runs the
// server (which migrates and, on first start, seeds the database). `--dev` skips the build check.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

if (!process.argv.includes('--dev')) {
  const sources = Math.max(newest(path.join(root, 'apps/web')), newest(path.join(root, 'packages/core/src')));
  if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
    console.log('Building the web app ...');
    const r = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => server.kill(s));
server.on('exit', (code) => process.exit(code ?? 0));
