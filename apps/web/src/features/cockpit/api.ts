/** The data cockpit's call: the statistics of its board (GET …/home/statistics?board=cockpit), refreshed on its own. */
import type { ChartData } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

export interface CockpitStatistic extends ChartData {
  key: string;
}

/** How often the charts are read again while the cockpit is open (a wall screen is left open all day). */
export const COCKPIT_REFRESH_MS = 60_000;

export const cockpitStatisticsQuery = () =>
  queryOptions({
    queryKey: queryKeys.workbench.cockpit(),
    queryFn: () => get<CockpitStatistic[]>('/api/business-module/statistics/home/statistics', { board: 'cockpit' }),
    refetchInterval: COCKPIT_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
