// Prints the gzip size of what each route loads: the entry plus the route's chunk and their static imports.
// Usage (after `vite build`): node apps/web/scripts/bundle-report.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

function report(name, keys) {
  const chunks = closure(keys);
  let js = 0;
  let css = 0;
  for (const key of chunks) {
    js += gz(manifest[key].file);
    for (const file of manifest[key].css ?? []) css += gz(file);
  }
  console.log(
    `${name.padEnd(28)} js ${(js / 1024).toFixed(1).padStart(7)} KB gzip   css ${(css / 1024).toFixed(1).padStart(5)} KB gzip   (${chunks.size} chunks)`,
  );
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const byName = (suffix) => Object.keys(manifest).find((k) => k.endsWith(suffix));
report('entry (every route)', [entry]);
for (const [name, suffix] of [
  ['/login', 'features/login/LoginPage.tsx'],
  ['/404 /403 /500', 'features/errors/ErrorPage.tsx'],
  ['layout', 'app/layout/Layout.tsx'],
]) {
  report(name, [entry, byName(suffix)]);
}
report('/wel/index', [entry, byName('app/layout/Layout.tsx'), byName('features/wel/WelcomePage.tsx')]);
report('/system/param', [entry, byName('app/layout/Layout.tsx'), byName('features/system/param/ParamPage.tsx')]);
