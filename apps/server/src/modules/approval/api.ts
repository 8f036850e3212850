/**
 * What other modules may use of the approval module (the only file of it they import; docs/architecture.md):
 * the kit a business area binds its records to processes with, and who sees an area's applications
 * (`ApplicantScope`).
 */
export { ApplicantScope, MANAGER_POST, type ApplicantColumns } from './applicant-scope.ts';
export {
  ROUTE_DICT,
  anotherCounted,
  COUNTED_STATUSES,
  linesOf,
  type ApprovalKit,
  type NextStart,
  type ApprovalOptions,
  type BatchOption,
  type LinesMessages,
  type LinesSlot,
  type StartRecord,
  type StepForm,
  type StoredRow,
} from './index.ts';
