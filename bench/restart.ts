/** Restart time: spawning the product on an existing data directory until GET / answers the login page. */
import { spawn } from 'node:child_process';
import net from 'node:net';

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

export async function measureRestart(root: string, dataDir: string, loginPage: boolean, timeoutMs = 30_000): Promise<Restart> {
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' };
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.slice(-2000)}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        const body = await res.text();
        if (!loginPage || (res.status === 200 && body.includes('id="root"') && body.includes('__APP_CONFIG__'))) {
          return { ms: Math.round(performance.now() - started), waitedFor: loginPage ? 'login page' : 'first HTTP answer' };
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no answer within ${timeoutMs} ms: ${stderr.slice(-2000)}`);
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  }
}
