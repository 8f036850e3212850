#!/usr/bin/env node
// Compiles the server to JavaScript: apps/server/src/main.ts and what it imports of ours (@hjl/core included)
// bundled into apps/server/dist/main.js with esbuild; packages from node_modules stay imports. `npm start`
// runs it when the bundle is missing or older than the sources (so a start never compiles TypeScript at run
// time); `node scripts/build-server.mjs` builds it on demand.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { linkGenerated } from './link-generated.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const serverBundle = path.join(root, 'apps/server/dist/main.js');
const outDir = path.dirname(serverBundle);
/** What the bundle is built from: a newer file here means a rebuild. */
const SOURCES = ['apps/server/src', 'packages/core/src', 'apps/server/package.json', 'packages/core/package.json', 'package-lock.json'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const e of fs.readdirSync(p, { withFileTypes: true })) if (e.name !== 'node_modules') t = Math.max(t, newest(path.join(p, e.name)));
  return t;
}

export function serverBundleStale() {
  if (!fs.existsSync(serverBundle)) return true;
  const built = fs.statSync(serverBundle).mtimeMs;
  return SOURCES.some((s) => newest(path.join(root, s)) > built);
}

/**
 * Our modules find files next to them with import.meta.dirname (the migrations, the repository root); in the
 * bundle that is apps/server/dist, so each use is pointed back at the source file's directory, relative to the
 * bundle (the checkout can move).
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return { contents: text, loader: 'ts' };
      const rel = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify('/' + rel)})`), loader: 'ts' };
    });
  },
};

/** Packages stay imports resolved from node_modules at run time; only our workspace package is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@hjl/core' || args.path.startsWith('@hjl/core/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  linkGenerated();
  const esbuild = await import('esbuild');
  const t0 = performance.now();
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: serverBundle,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages, sourceDirname],
  });
  // Written next to their place and renamed: a server starting meanwhile never reads half a file.
  fs.mkdirSync(outDir, { recursive: true });
  for (const f of result.outputFiles) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, f.contents);
    fs.renameSync(tmp, f.path);
  }
  return Math.round(performance.now() - t0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ms = await buildServer();
  console.log(`Built ${path.relative(root, serverBundle)} in ${ms} ms`);
}
