/**
 * Load with autocannon, run as a child process so the load generator never shares an event loop with the
 * servers under test: a short warm-up, then the measured run.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const run = promisify(execFile);

export interface LoadOptions {
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of unmeasured warm-up before. */
  warmup: number;
}

export interface LoadResult {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Non-2xx answers, errors and timeouts: a valid run has none. */
  failures: number;
  /**
   * CPU milliseconds per request of this process — the one serving both the product and the bare handler (the
   * load client is a child) — during the measured run: unlike req/s, hardly moved by other work on the machine.
   */
  cpuMsPerReq: number;
}

/** A POST with a JSON body (the ledger's `POST list`); GET without. */
export interface LoadRequest {
  method?: 'GET' | 'POST';
  body?: string;
}

async function autocannon(url: string, headers: Record<string, string>, connections: number, seconds: number, req: LoadRequest = {}) {
  const args = [autocannonCli, '-j', '-n', '-c', String(connections), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  if (req.method === 'POST') args.push('-m', 'POST', '-H', 'content-type=application/json', '-b', req.body ?? '{}');
  args.push(url);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
}

export async function load(url: string, headers: Record<string, string>, opts: LoadOptions, req: LoadRequest = {}): Promise<LoadResult> {
  if (opts.warmup > 0) await autocannon(url, headers, opts.connections, opts.warmup, req);
  const cpu0 = process.cpuUsage();
  const r = await autocannon(url, headers, opts.connections, opts.duration, req);
  const cpu = process.cpuUsage(cpu0);
  return {
    cpuMsPerReq: r.requests.total ? (cpu.user + cpu.system) / 1000 / r.requests.total : 0,
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
  };
}
