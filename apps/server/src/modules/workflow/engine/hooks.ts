/**
 * Business hooks: a module registers a process key (or the table of its business keys) and hears, inside the
 * engine's transaction, when its instances start, are rejected, withdrawn, finished, terminated or deleted, and
 * when one of their tasks is completed — so a business record's status (1 under approval, 2 approved,
 * 3 rejected, 6 withdrawn) and the values of a step's business form commit or roll back with the engine's rows.
 * A subscriber that throws refuses the command: nothing of it is saved.
 */
import type { Tx } from './state.ts';

export type WorkflowEventType = 'started' | 'rejected' | 'withdrawn' | 'finished' | 'terminated' | 'deleted' | 'taskCompleted';

export interface WorkflowEvent {
  type: WorkflowEventType;
  tenantId: string;
  processKey: string;
  processDefinitionId: string;
  processInstanceId: string;
  businessKey: string | null;
  /** Who acted (the starter for `started`). */
  userId: string | null;
  /** The instance has ended with this command (finished, rejected back to the start, withdrawn, terminated, deleted). */
  ended: boolean;
  /** `started` after a rejection: the starter resubmitted. */
  resubmitted?: boolean;
  comment?: string;
  /** `taskCompleted`: the node of the task, whether it was approved (false: rejected), the variables sent with it. */
  taskId?: string;
  taskDefinitionKey?: string;
  pass?: boolean;
  variables?: Record<string, unknown>;
}

export type WorkflowSubscriber = (event: WorkflowEvent, tx: Tx) => Promise<void> | void;

export class BusinessHooks {
  private readonly byKey = new Map<string, WorkflowSubscriber[]>();
  private readonly byTable = new Map<string, WorkflowSubscriber[]>();

  /** Subscribes to the events of a process key; answers a function that unsubscribes. */
  on(processKey: string, subscriber: WorkflowSubscriber): () => void {
    return add(this.byKey, processKey, subscriber);
  }

  /**
   * Subscribes to the events of every instance whose business key is `<table>:<id>`, whatever its process key
   * (a record's process can be re-pointed to another model); answers a function that unsubscribes.
   */
  onBusinessTable(table: string, subscriber: WorkflowSubscriber): () => void {
    return add(this.byTable, table, subscriber);
  }

  async emit(event: WorkflowEvent, tx: Tx) {
    for (const s of this.byKey.get(event.processKey) ?? []) await s(event, tx);
    const table = tableOf(event.businessKey);
    if (table) for (const s of this.byTable.get(table) ?? []) await s(event, tx);
  }

  /** Whether any subscriber hears the events of an instance of this process key and business key. */
  hears(processKey: string, businessKey: string | null): boolean {
    const table = tableOf(businessKey);
    return !!this.byKey.get(processKey)?.length || (!!table && !!this.byTable.get(table)?.length);
  }
}

/** The business table of a business key `<table>:<id>`. */
function tableOf(businessKey: string | null): string | undefined {
  return /^([a-z][a-z0-9_]*):/.exec(businessKey ?? '')?.[1];
}

function add(map: Map<string, WorkflowSubscriber[]>, key: string, subscriber: WorkflowSubscriber) {
  map.set(key, [...(map.get(key) ?? []), subscriber]);
  return () => {
    map.set(
      key,
      (map.get(key) ?? []).filter((s) => s !== subscriber),
    );
  };
}
