/** The leave process's calls (docs/workflow.md "Leave process") and its page addresses. */
import { leaveEntity } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../../app/api';
import { queryKeys } from '../../../app/queryKeys';
import { startApproval } from '../../../components/ApprovalMode';
import { entityApi } from '../../../components/CrudPage/api';

const leaves = entityApi(leaveEntity);
/** The tenant's business dictionary of leave types. */
export const LEAVE_TYPE_DICT = 'biz:leave_type';

export const leaveFormPath = (processDefinitionId: string) => `/work/process/leave/form/${processDefinitionId}`;
export const leaveHandlePath = (taskId: string, processInstanceId: string, businessId: string) =>
  `/work/process/leave/handle/${taskId}/${processInstanceId}/${businessId}`;
export const leaveDetailPath = (processInstanceId: string, businessId: string) => `/work/process/leave/detail/${processInstanceId}/${businessId}`;

export interface LeaveRow {
  id: string;
  leaveType: number;
  startTime: string;
  endTime: string;
  days: number;
  reason: string;
  taskUser: string;
  taskUserName: string;
  applyUserName: string;
  status: number;
  processInstanceId: string | null;
  serialNumber?: string | null;
  tasks?: { taskId: string; taskName: string; assignee: string | null }[];
}

/** A leave request by its id, or the one of a process instance (a refusal shown by the screen). */
export const leaveRecordQuery = (by: { id: string } | { processInstanceId: string | undefined }) =>
  queryOptions({
    queryKey: queryKeys.entity(leaveEntity.api).call('record', by),
    queryFn: ({ signal }) => get<LeaveRow>(leaves.url('detail'), by, { signal }),
    retry: false,
  });

/** Saves and starts a leave request (the approval kit's `<api>/start`). */
export const startLeave = (body: Record<string, unknown>) => startApproval(leaveEntity, body);
