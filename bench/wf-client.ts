/**
 * The workflow bench's load client, run as a child process (`node --import tsx wf-client.ts <job.json>`) so that it
 * never shares an event loop or CPU accounting with the server under test. `concurrency` lanes, each a loop of:
 * - `whole`: start a process, approve its first step, approve its second (checked to end), through the product's API;
 * - `single`: complete one prepared task (product: `completeTask`; bare: `POST /complete`).
 * Prints one JSON line: operations done, p50/p99 in ms, failures and the first error.
 */
import fs from 'node:fs';

export interface ClientJob {
  mode: 'whole' | 'single';
  url: string;
  /** The product's bearer token (none for the bare handler). */
  token?: string;
  /** `single` against the bare handler: POST {url}/complete. */
  bare?: boolean;
  concurrency: number;
  seconds: number;
  processKey?: string;
  assignee?: string;
  /** `single`: the tasks to complete, each once. */
  taskIds?: string[];
}

export interface ClientResult {
  ops: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  firstError: string;
  /** `single` ran out of prepared tasks before the time was up. */
  ranOut: boolean;
}

async function main() {
  const job = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as ClientJob;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(job.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(job.token ? { 'blade-auth': `bearer ${job.token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
    if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
    return json.data;
  };
  const complete = (taskId: string) =>
    (job.bare ? post('/complete', { taskId }) : post('/api/blade-workflow/process/completeTask', { taskId, pass: true, comment: '同意' })) as Promise<{
      createdTaskIds: string[];
      ended: boolean;
    }>;
  const pending = [...(job.taskIds ?? [])];
  let ranOut = false;
  const operation =
    job.mode === 'whole'
      ? async () => {
          const s = (await post('/api/blade-workflow/process/startProcess', { processDefKey: job.processKey, first: job.assignee, second: job.assignee })) as {
            tasks: { taskId: string }[];
          };
          const a = await complete(s.tasks[0]!.taskId);
          const b = await complete(a.createdTaskIds[0]!);
          if (!b.ended) throw new Error('process did not end');
          return true;
        }
      : async () => {
          const id = pending.pop();
          if (!id) return ((ranOut = true), false);
          await complete(id);
          return true;
        };

  const until = performance.now() + job.seconds * 1000;
  const times: number[] = [];
  let failures = 0;
  let firstError = '';
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          if (!(await operation())) return;
          times.push(performance.now() - t0);
        } catch (e) {
          failures++;
          firstError ||= e instanceof Error ? e.message : String(e);
        }
      }
    }),
  );
  times.sort((a, b) => a - b);
  const pct = (q: number) => (times.length ? Math.round(times[Math.min(times.length - 1, Math.floor(times.length * q))]! * 10) / 10 : 0);
  const result: ClientResult = { ops: times.length, p50Ms: pct(0.5), p99Ms: pct(0.99), failures, firstError, ranOut };
  console.log(JSON.stringify(result));
}

await main();
