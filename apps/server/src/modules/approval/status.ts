/**
 * The approval status a record (or a batch) takes after an engine event (BUSINESS.md §1, S2 L240): started → 1,
 * finished → 2, rejected back to the start (the instance ends, or waits at a task of the applicant) → 3, rejected
 * back to an earlier approval node → stays 1 (no event), terminated → 3, withdrawn → 6, deleted by operations → 0.
 */
import { APPROVAL_STATUS } from '@hjl/core';
import type { WorkflowEvent } from '../workflow/api.ts';

export function statusAfter(event: WorkflowEvent): number | undefined {
  switch (event.type) {
    case 'started':
      return APPROVAL_STATUS.approving;
    case 'finished':
      return APPROVAL_STATUS.approved;
    case 'rejected':
      // The engine says so only when the process is back with the applicant (a rollback to an earlier approver
      // runs on under approval and says nothing); the instance waits at the start node for the applicant.
      return APPROVAL_STATUS.rejected;
    case 'terminated':
      return APPROVAL_STATUS.rejected;
    case 'withdrawn':
      return APPROVAL_STATUS.withdrawn;
    case 'deleted':
      return APPROVAL_STATUS.draft;
    default:
      return undefined;
  }
}
