/** The history of a process instance (history-flow-list), shared by the timeline and the circulation drawer. */
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import type { FlowHistoryItem } from './WorkflowTimeline';

export const HISTORY_URL = '/api/blade-workflow/process/history-flow-list';

export const flowHistoryQuery = (processInstanceId: string | null | undefined) =>
  queryOptions({
    queryKey: queryKeys.workflow.history(processInstanceId ?? null),
    queryFn: ({ signal }) => get<FlowHistoryItem[]>(HISTORY_URL, { processInstanceId: processInstanceId! }, { signal }),
    enabled: !!processInstanceId,
  });
