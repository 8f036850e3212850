/** The report list's calls beyond its CrudPage: the statistics a report may show, a report's figures, its export. */
import { reportEntity, type ChartData } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

export interface ReportData {
  id: string;
  name: string;
  view?: string;
  pagePath?: string;
  chart: (ChartData & { key: string }) | null;
}

const keys = queryKeys.entity(reportEntity.api);

export const reportStatisticsQuery = () =>
  queryOptions({
    queryKey: keys.call('statistics'),
    queryFn: () => get<{ key: string; title: string }[]>(`${reportEntity.api}/statistics`),
    staleTime: 60_000,
  });

export const reportDataQuery = (id: string | null) =>
  queryOptions({ queryKey: keys.call('data', id), queryFn: () => get<ReportData>(`${reportEntity.api}/data`, { id }), enabled: id !== null });

export const REPORT_EXPORT_URL = `${reportEntity.api}/export`;
