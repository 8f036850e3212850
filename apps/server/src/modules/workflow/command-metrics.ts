/**
 * The engine's commands timed at their boundary for the metrics (platform/metrics.ts): each public command of the
 * engine, by name, with its outcome — done, refused (a WorkflowError, answered as a 400) or failed. The engine itself
 * only reports its conflicts (EngineOptions.onConflict).
 */
import type { WorkflowCommandObserver } from '../../platform/metrics.ts';
import type { WorkflowEngine } from './engine/engine.ts';
import { WorkflowError } from './engine/errors.ts';

/**
 * The commands: what changes an instance (a timer's run included: `runJob`, also under the console's 立即执行). Not
 * the reads, and not `runJobNow` / `runDueJobs`, which run `runJob` (a command counted once).
 */
export const TIMED_COMMANDS = [
  'startProcess',
  'completeTask',
  'approve',
  'reject',
  'rollback',
  'terminate',
  'transfer',
  'delegate',
  'resolve',
  'claim',
  'unclaim',
  'addCountersign',
  'removeCountersign',
  'withdraw',
  'copy',
  'urge',
  'setSuspended',
  'changeAssignee',
  'dispatch',
  'deleteProcess',
  'closeForResubmit',
  'setVariables',
  'runJob',
] as const satisfies readonly (keyof WorkflowEngine)[];

/** Replaces each command of this engine object by one that reports its duration and outcome. */
export function timeCommands(engine: WorkflowEngine, observer: WorkflowCommandObserver) {
  const commands = engine as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of TIMED_COMMANDS) {
    const command = commands[name];
    if (typeof command !== 'function') throw new Error(`the workflow engine has no command ${name}`);
    commands[name] = async (...args: unknown[]) => {
      const t0 = performance.now();
      try {
        const out = await command.apply(engine, args);
        observer.command(name, (performance.now() - t0) / 1000, 'ok');
        return out;
      } catch (e) {
        observer.command(name, (performance.now() - t0) / 1000, e instanceof WorkflowError ? 'refused' : 'error');
        throw e;
      }
    };
  }
}
