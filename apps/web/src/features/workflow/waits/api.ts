/** The call of 审批时效分析 (GET /api/blade-workflow/waits/summary; server modules/workflow/waits.ts). */
import type { WaitsSummary } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../../app/api';
import { queryKeys } from '../../../app/queryKeys';

export const WAITS_URL = '/api/blade-workflow/waits/summary';

export const waitsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.workflow.waits(from, to),
    queryFn: ({ signal }) => get<WaitsSummary>(WAITS_URL, { from, to }, { signal }),
  });
