/** The built web app: building it when missing, and the gzip size of the JavaScript the login page loads. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface WebBuild {
  built: boolean;
  /** Built by this run (apps/web/dist/index.html was missing). */
  builtNow: boolean;
  error?: string;
}

export function ensureWebBuilt(root: string): WebBuild {
  if (fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return { built: true, builtNow: false };
  const r = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, encoding: 'utf8', timeout: 150_000 });
  if (r.status === 0 && fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return { built: true, builtNow: true };
  // eslint-disable-next-line no-control-regex
  const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
  const lines = out
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /error|not found|could not|failed/i.test(l) && !l.startsWith('at '));
  const reason = lines.slice(0, 3).join(' | ') || `exit ${r.status ?? r.signal}`;
  return { built: false, builtNow: false, error: `npm run build --workspace apps/web failed: ${reason}` };
}

export interface JsFile {
  file: string;
  /** entry: script / modulepreload tag of index.html; login: the login page's own chunk when it is lazy; import: a static import of those. */
  role: 'entry' | 'login' | 'import';
  bytes: number;
  gzipBytes: number;
}

export interface LoginJs {
  /** How the login route's lazy chunks were found. */
  loginChunksBy: 'vite manifest' | 'file name' | 'not found';
  files: JsFile[];
  totalBytes: number;
  totalGzipBytes: number;
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

/** Files index.html loads up front: module scripts and modulepreload links (paths relative to dist). */
function entryFiles(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src) files.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if (href && attr(tag, 'rel') === 'modulepreload') files.push(href);
  }
  return files.filter((f) => !/^(https?:)?\/\//.test(f)).map((f) => f.replace(/^\//, ''));
}

/**
 * The login page's chunk when the router loads it lazily (none when it is in the entry): from Vite's manifest when
 * the build wrote one, else by file name. Its dialogs (LoginDialogs) load when opened and are not counted.
 */
function loginChunks(dist: string): { files: string[]; by: LoginJs['loginChunksBy'] } {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; imports?: string[] }>;
    const files = Object.entries(manifest)
      .filter(([src]) => /features\/login\/LoginPage\./.test(src))
      .map(([, chunk]) => chunk.file);
    return { files, by: 'vite manifest' };
  }
  const assets = path.join(dist, 'assets');
  const files = fs.existsSync(assets)
    ? fs
        .readdirSync(assets)
        .filter((f) => /login/i.test(f) && f.endsWith('.js'))
        .map((f) => `assets/${f}`)
    : [];
  return { files, by: files.length ? 'file name' : 'not found' };
}

/** Static imports of a built chunk (not dynamic import(), which loads later). */
function staticImports(dist: string, file: string): string[] {
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  const out: string[] = [];
  for (const [, spec] of code.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g)) {
    if (spec!.startsWith('/')) out.push(spec!.slice(1));
    else if (spec!.startsWith('.')) out.push(path.posix.join(path.posix.dirname(file), spec!));
  }
  return out;
}

export function loginPageJs(root: string): LoginJs {
  const dist = path.join(root, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const login = loginChunks(dist);
  const roles = new Map<string, JsFile['role']>();
  const queue: string[] = [];
  const add = (file: string, role: JsFile['role']) => {
    if (roles.has(file) || !file.endsWith('.js') || !fs.existsSync(path.join(dist, file))) return;
    roles.set(file, role);
    queue.push(file);
  };
  for (const f of entryFiles(html)) add(f, 'entry');
  for (const f of login.files) add(f, 'login');
  while (queue.length) for (const f of staticImports(dist, queue.shift()!)) add(f, 'import');

  const files = [...roles].map(([file, role]) => {
    const buf = fs.readFileSync(path.join(dist, file));
    return { file, role, bytes: buf.length, gzipBytes: zlib.gzipSync(buf).length };
  });
  return {
    loginChunksBy: login.by,
    files,
    totalBytes: files.reduce((s, f) => s + f.bytes, 0),
    totalGzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
  };
}
