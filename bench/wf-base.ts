/**
 * The workflow bench of another checkout (the baseline: e.g. the commit before an engine change), run as a child
 * process so that its server is that checkout's code: `node --import tsx wf-base.ts <checkout> <databaseUrl> <dataDir>`.
 * The checkout needs its own node_modules (or links to these, with `@hjl/*` pointing into the checkout).
 * Imports `<checkout>/bench/workflow.ts`, runs its `benchWorkflow('postgres', …)` on the (fresh) database and prints
 * the result as one JSON line.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WorkflowBenchResult } from './workflow.ts';

const [dir, databaseUrl, dataDir] = process.argv.slice(2) as [string, string, string];
const mod = (await import(pathToFileURL(path.join(dir, 'bench', 'workflow.ts')).href)) as {
  benchWorkflow: (kind: 'postgres', dataDir: string, url: string) => Promise<WorkflowBenchResult>;
};
const result = await mod.benchWorkflow('postgres', dataDir, databaseUrl);
console.log(JSON.stringify(result));
process.exit(0);
