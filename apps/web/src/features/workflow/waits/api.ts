/** The call of 审批时效分析 (GET /api/blade-workflow/waits/summary; server modules/workflow/waits.ts). */
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../../app/api';
import { queryKeys } from '../../../app/queryKeys';

export const WAITS_URL = '/api/blade-workflow/waits/summary';

export interface NodeWaits {
  processKey: string;
  processName: string;
  nodeKey: string;
  nodeName: string;
  timeLimitHours: number | null;
  done: number;
  medianHours: number | null;
  p90Hours: number | null;
  open: number;
  overdue: number;
}

export interface ApproverWaits {
  userId: string;
  userName: string;
  done: number;
  medianHours: number | null;
  p90Hours: number | null;
  open: number;
}

export interface OverdueTask {
  taskId: string;
  processInstanceId: string;
  processName: string;
  nodeName: string;
  assignee: string;
  assigneeName: string;
  startTime: string;
  dueTime: string | null;
  waitedHours: number;
  timeLimitHours: number;
}

export interface WaitsSummary {
  from: string;
  to: string;
  firmWide: boolean;
  hoursPerDay: number;
  openByAge: { categories: string[]; counts: number[] };
  nodes: NodeWaits[];
  approvers: ApproverWaits[];
  overdue: OverdueTask[];
}

export const waitsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.workflow.waits(from, to),
    queryFn: ({ signal }) => get<WaitsSummary>(WAITS_URL, { from, to }, { signal }),
  });
