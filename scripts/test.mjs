#!/usr/bin/env node
// Runs every test: unit and API tests (PGlite), the API tests again on a real PostgreSQL when
// TEST_DATABASE_URL is set, then the browser tests against the built app. Ends with one summary line
// "N passed, N failed" over all stages and exits non-zero if any stage failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { linkGenerated } from './link-generated.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Generated modules dropped into the checkout are tested with the rest (docs/codegen.md).
linkGenerated();
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'hjl-test-report-'));
const stages = [];

// Vitest's default is one worker less than the cores: one on CI's two, leaving a core idle. The test files are
// independent (each has its own database), so two run at once there.
const workers = String(Math.max(2, os.availableParallelism() - 1));

function vitest(name, args, env = {}) {
  const report = path.join(out, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const r = spawnSync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  let passed = 0,
    failed = 0,
    skipped = 0;
  if (fs.existsSync(report)) {
    const j = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed = j.numPassedTests;
    failed = j.numFailedTests;
    skipped = j.numPendingTests + (j.numTodoTests ?? 0);
  }
  const ok = r.status === 0 && (passed > 0 || failed === 0);
  if (r.status !== 0 && failed === 0) failed = 1; // the run itself failed (setup error, no report)
  stages.push({ name, passed, failed, skipped, ok });
}

// CI exports TEST_DATABASE_URL for the second pass; the first pass must still run on the embedded database.
vitest('unit and API tests (PGlite)', ['--maxWorkers', workers], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) vitest('API tests (PostgreSQL)', ['--project', 'server', '--maxWorkers', workers]);
else console.log('\nTEST_DATABASE_URL is not set: the API tests were not repeated on PostgreSQL (CI sets it).');

console.log('\n=== building the web app for the browser tests ===');
const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) stages.push({ name: 'web build', passed: 0, failed: 1, skipped: 0, ok: false });
else vitest('browser tests', ['--config', 'e2e/vitest.config.ts']);

console.log('\n=== summary ===');
for (const s of stages) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name}: ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`);
const passed = stages.reduce((n, s) => n + s.passed, 0);
const failed = stages.reduce((n, s) => n + s.failed, 0);
const skipped = stages.reduce((n, s) => n + s.skipped, 0);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(stages.every((s) => s.ok) ? 0 : 1);
