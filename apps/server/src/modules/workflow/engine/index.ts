/** The workflow engine's public surface (docs/workflow.md). */
export {
  DefinitionRead,
  WorkflowEngine,
  type Actor,
  type BackNode,
  type DeployOptions,
  type EngineOptions,
  type StartOptions,
  type StartResult,
  type TaskView,
} from './engine.ts';
export { WorkflowError } from './errors.ts';
export { BusinessHooks, type WorkflowEvent, type WorkflowEventType, type WorkflowSubscriber } from './hooks.ts';
export { ListenerRegistry, type ListenerContext, type ListenerHandler, type ListenerTask } from './listeners.ts';
export {
  TableIdentityResolver,
  knownUsersOf,
  namedUsersSql,
  noProxies,
  type IdentityResolver,
  type KnownUsers,
  type ProxyLookup,
  type WfUser,
} from './identity.ts';
export { systemClock, TestClock, type Clock } from './clock.ts';
export type { Tx } from './state.ts';
export type { ProcessModel, FlowNode, Flow } from './model.ts';
export type { Template } from './expression.ts';
export { ZoneTime } from './clock.ts';
// The read side: the one definition of to-do and claimable tasks and of holding a task, the paged lists.
export { holdsTask, isCandidate, mayClaim, inboxSql, candidateSql, type InboxKind, type TaskHolding } from './inbox.ts';
export { WorkflowQueries, nameOf, type ListKind } from './lists.ts';
