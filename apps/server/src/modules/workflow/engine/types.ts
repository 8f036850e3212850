/** The types of the engine's service API (engine.ts), shared by its parts. */
import { type SerialRule } from '@hjl/core';
import { type Clock } from './clock.ts';
import { BusinessHooks } from './hooks.ts';
import { type IdentityResolver, type KnownUsers, type ProxyLookup } from './identity.ts';
import { ListenerRegistry } from './listeners.ts';
import { wfProcDefs, type CommentAttachment } from './schema.ts';
import { type Tx } from './state.ts';

export interface Actor {
  id: string;
  name?: string;
}

export interface EngineOptions {
  timeZone: string;
  identity: IdentityResolver;
  clock?: Clock;
  proxies?: ProxyLookup;
  listeners?: ListenerRegistry;
  hooks?: BusinessHooks;
  /** Helper functions expressions may call (`${fn(x)}`). */
  functions?: Record<string, (...args: unknown[]) => unknown>;
  /** Sends notices (listener `notice`); the notification step wires it. */
  notify?: (tx: Tx, tenantId: string, userIds: string[], message: string) => Promise<void>;
  /** Warnings about a model that do not fail the command (an unknown variable in a task's name or documentation). */
  warn?: (message: string) => void;
  /** The serial-number rule of a process (its model's); none: DEFAULT_SERIAL_RULE (`<yyyyMMdd><4-digit daily counter>`). */
  serialRule?: (db: Tx, tenantId: string, processKey: string) => Promise<SerialRule | undefined>;
  /**
   * Hears a command that met another on its instance: it `waited` for the other's lock (and loaded what it wrote), or
   * the job runner `skipped` an instance another held (or one gone meanwhile; the metrics' conflicts).
   */
  onConflict?: (kind: 'waited' | 'skipped') => void;
}

export interface DeployOptions {
  name?: string;
  category?: string;
  resourceName?: string;
  deployUser?: string;
  extra?: Record<string, unknown>;
}

export interface StartOptions {
  processKey?: string;
  processDefinitionId?: string;
  /** The definition, already read by the caller (saves reading it again). */
  definition?: typeof wfProcDefs.$inferSelect;
  /**
   * The process's serial-number rule, already read by the caller (undefined: none, the default rule), made when the
   * engine would read it (it may throw the rule's mistake); absent: the engine reads it (`EngineOptions.serialRule`).
   */
  serialRule?: () => SerialRule | undefined;
  businessKey?: string;
  variables?: Record<string, unknown>;
  title?: string;
  /** Overrides the model's `hjl:skipFirstNode`. */
  skipFirstNode?: boolean;
  /** CC: users receiving a copy. */
  copyUsers?: string[];
  /**
   * Users the caller has looked up by these names (as `IdentityResolver.findUser` answers: the id, or null when the name
   * is nobody's), e.g. in the statement that read the definition: the start asks no statement for them again.
   */
  knownUsers?: KnownUsers;
  /**
   * The caller found no out-of-office proxy of the tenant in force at any time in this window: a start whose time
   * falls inside it looks up no proxy for its new tasks (`ProxyLookup.inForce`, asked ahead).
   */
  noProxyBetween?: { from: Date; to: Date };
  /**
   * Runs the start in the caller's transaction (a business record saved with its process: both commit or
   * neither); else the start has its own.
   */
  tx?: Tx;
}

/** What a start answers. */
export interface StartResult {
  processInstanceId: string;
  processDefinitionId: string;
  serialNumber: string;
  title: string;
  ended: boolean;
  /** The open tasks, oldest first. */
  tasks: { taskId: string; taskName: string | null; assignee: string | null }[];
}

/** A task by id, or a task already read (its instance is then known). */
export type TaskRef = string | { id: string; processInstanceId: string };

export interface TaskView {
  id: string;
  name: string | null;
  taskDefKey: string;
  processInstanceId: string;
  processDefinitionId: string;
  processKey: string;
  executionId: string;
  assignee: string | null;
  owner: string | null;
  delegationState: 'PENDING' | 'RESOLVED' | null;
  candidateUsers: string[];
  candidateGroups: string[];
  description: string | null;
  createTime: string;
  dueDate: string | null;
  suspended: boolean;
}

export interface BackNode {
  nodeId: string;
  nodeName: string | null;
}

/** `processFrom`: the business origin of the action (S1 L60), kept on its comment. */
export type Opts = { comment?: string; attachments?: CommentAttachment[]; processFrom?: string; guard?: TaskGuard };
/** The operations console acts on a task in the holder's place: the holder check is the route's permission code. */
export type ForceOpts = Opts & { force?: boolean };
/** Withdraw (撤回) kinds of the plugin: back to the start node, the process going on; or the end of the process. */
export type WithdrawType = 'wf_withdraw_start' | 'wf_withdraw_end';
/** Withdraw (撤回) kinds of the plugin: back to the start node, the process going on; or the end of the process. */
/** The tenant's Java listener classes mapped to built-in handlers, by class name. */
export type ClassMap = Map<string, { handler: string; params: Record<string, unknown> }>;

/**
 * The caller's checks of a task command, run under the instance lock on the task as the lock found it (and the
 * instance's own variables, read from the loaded rows; reads go through the command's transaction `tx`): may
 * refuse (throw), and may answer the variables and next assignees the command takes in place of those given.
 */
export type TaskGuard = (task: TaskView, instanceVariables: () => Record<string, unknown>, tx: Tx) => Promise<GuardResult | void> | GuardResult | void;
export interface GuardResult {
  variables?: Record<string, unknown>;
  nextAssignees?: string[];
}
