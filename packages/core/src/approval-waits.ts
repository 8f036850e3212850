/**
 * The answer of 审批时效分析 (GET /api/blade-workflow/waits/summary): approval durations per process node and per
 * approver, in working hours on the tenant's business calendar (working-hours.ts; docs/workflow.md "Approval
 * durations"). Computed by the server's modules/workflow/waits.ts, shown by the web's features/workflow/waits.
 */
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
