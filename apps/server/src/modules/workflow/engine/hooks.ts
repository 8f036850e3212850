/**
 * Business hooks: a module registers a process key and hears, inside the engine's transaction, when its
 * instances start, are rejected, withdrawn, finished, terminated or deleted — so a business record's status
 * (1 under approval, 2 approved, 3 rejected, 6 withdrawn) commits or rolls back with the engine's rows.
 */
import type { Tx } from './state.ts';

export type WorkflowEventType = 'started' | 'rejected' | 'withdrawn' | 'finished' | 'terminated' | 'deleted';

export interface WorkflowEvent {
  type: WorkflowEventType;
  tenantId: string;
  processKey: string;
  processInstanceId: string;
  businessKey: string | null;
  /** Who acted (the starter for `started`). */
  userId: string | null;
  /** `started` after a rejection: the starter resubmitted. */
  resubmitted?: boolean;
  comment?: string;
}

export type WorkflowSubscriber = (event: WorkflowEvent, tx: Tx) => Promise<void> | void;

export class BusinessHooks {
  private readonly byKey = new Map<string, WorkflowSubscriber[]>();

  /** Subscribes to the events of a process key; answers a function that unsubscribes. */
  on(processKey: string, subscriber: WorkflowSubscriber): () => void {
    const list = this.byKey.get(processKey) ?? [];
    list.push(subscriber);
    this.byKey.set(processKey, list);
    return () => {
      const l = this.byKey.get(processKey) ?? [];
      this.byKey.set(
        processKey,
        l.filter((s) => s !== subscriber),
      );
    };
  }

  async emit(event: WorkflowEvent, tx: Tx) {
    for (const s of this.byKey.get(event.processKey) ?? []) await s(event, tx);
  }
}
