/**
 * What other modules may use of the workflow module (the only file of it they import; the lint rule of
 * docs/architecture.md): the module handle, the shared request fields, the read side and the engine's events.
 */
export {
  actorOf,
  attachmentsField,
  deleteDraft,
  idField,
  mayStart,
  OPS_CODE,
  setModelDeployer,
  startFilesVariable,
  userListField,
  WorkflowHistory,
  WorkflowQueries,
  type FormSnapshot,
  type HistoryRow,
  type ModelDeployer,
  type Tx,
  type WorkflowEvent,
  type WorkflowModule,
} from './index.ts';
