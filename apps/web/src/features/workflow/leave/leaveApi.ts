/** The leave process's calls (docs/workflow.md "Leave process") and its page addresses. */
import { leaveEntity } from '@hjl/core';

export const LEAVE_API = leaveEntity.api;
export const LEAVE_START_URL = `${LEAVE_API}/start`;
export const LEAVE_DETAIL_URL = `${LEAVE_API}/detail`;
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
