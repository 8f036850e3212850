/**
 * Restart time and memory of the product as `npm start` runs it: the compiled server
 * (scripts/build-server.mjs, apps/server/dist/main.js) spawned on an existing data directory, timed until GET /
 * answers the login page; its resident memory read from /proc after the start and after list load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Restart {
  ms: number;
  /** What the timer waited for: the login page (200 with the app's HTML), or any answer when the web app is not built. */
  waitedFor: 'login page' | 'first HTTP answer';
}

export interface Started extends Restart {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The compiled server, built when missing or older than its sources (as `npm start` does). */
export async function ensureServerBuilt(root: string): Promise<string> {
  const build = (await import(path.join(root, 'scripts/build-server.mjs'))) as {
    serverBundle: string;
    serverBundleStale(): boolean;
    buildServer(): Promise<number>;
  };
  if (build.serverBundleStale()) await build.buildServer();
  return build.serverBundle;
}

/** Starts the compiled server on `dataDir` (embedded database) and waits for the login page; `extraEnv` goes on top. */
export async function startServer(
  root: string,
  dataDir: string,
  loginPage: boolean,
  timeoutMs = 60_000,
  extraEnv: Record<string, string> = {},
): Promise<Started> {
  const bundle = await ensureServerBuilt(root);
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...extraEnv };
  const started = performance.now();
  const child = spawn(process.execPath, [bundle], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.slice(-2000)}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        const body = await res.text();
        if (!loginPage || (res.status === 200 && body.includes('id="root"') && body.includes('__APP_CONFIG__'))) {
          const ms = Math.round(performance.now() - started);
          return { ms, waitedFor: loginPage ? 'login page' : 'first HTTP answer', url: `http://127.0.0.1:${port}`, child, stop };
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no answer within ${timeoutMs} ms: ${stderr.slice(-2000)}`);
  } catch (e) {
    await stop();
    throw e;
  }
}

export async function measureRestart(root: string, dataDir: string, loginPage: boolean): Promise<Restart> {
  const s = await startServer(root, dataDir, loginPage);
  await s.stop();
  return { ms: s.ms, waitedFor: s.waitedFor };
}

/** Resident memory of a process now and at its peak (VmRSS, VmHWM of /proc/<pid>/status), in MB. */
export function residentMb(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}
