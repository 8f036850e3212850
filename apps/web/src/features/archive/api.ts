/** The archive and KPI area's calls (features/archive): checklists, file submission, borrow return, KPI, performance. */
import { archiveApplyEntity, archivesEntity, archivesTemplateEntity, kpiRecordEntity, type KpiRankingRow, type Page } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { download } from '../../app/download';

export interface ChecklistItem {
  columnId: string;
  columnLabel: string;
  required: boolean;
  submitted: boolean;
  fileName: string | null;
  files: { label: string; value: string }[];
  submitTime: string | null;
  submitUserName?: string | null;
}
export interface ArchiveInfo {
  id: string;
  archiveNum: string | null;
  archiveName: string;
  archiveType: number;
  status: number;
  borrowStatus: number;
  checklist: ChecklistItem[];
  missing: string[];
}

export const fileInfoQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['archive', 'file-info', projectId],
    queryFn: () => get<{ projectId: string; projectName: string; archives: ArchiveInfo[] }>(`${archivesEntity.api}/project/file-info/${projectId}`),
  });
export const archiveDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['archive', 'detail', id],
    queryFn: () => get<ArchiveInfo & { projectId: string; projectName?: string }>(`${archivesEntity.api}/detail`, { id }),
  });

export const submitArchiveFile = (body: { archivesId: string; columnId: string; files: { label: string; value: string }[] }) =>
  post('/api/business/hjlArchives-file/submit', body);
export const startArchive = (id: string) => post(`${archivesEntity.api}/start`, { id });
export const returnArchive = (id: string) => post(`${archiveApplyEntity.api}/return`, { id });

const K = kpiRecordEntity.api;
export interface KpiItem {
  item: string;
  weight: number;
  selfScore: string | null;
  leaderScore: string | null;
}
export interface KpiTask {
  id: string;
  month: string;
  taskName: string;
  myStatus: number | null;
  myFinalScore: string | null;
}
/** A row of a month's ranking (the server's KpiRankingRow). */
export type RankingRow = KpiRankingRow;
export const kpiTasksQuery = () => queryOptions({ queryKey: ['kpi', 'tasks'], queryFn: () => get<KpiTask[]>(`${K}/getKpiTaskTopList`) });
export const myKpiQuery = (taskId: string) =>
  queryOptions({
    queryKey: ['kpi', 'mine', taskId],
    queryFn: () => get<{ id: string; items: KpiItem[]; selfSubmitTime: string | null; finalScore: string | null }>(`${K}/getMyTaskDetail`, { taskId }),
    enabled: !!taskId,
  });
export const submitMyKpi = (taskId: string, items: { item: string; selfScore: string }[]) => post(`${K}/submitMyTaskDetail`, { taskId, items });
/** A person's record of a task as the leader scores it (getKpiTaskNextList: one's department, or all with kpi_task_all). */
export interface KpiRecordRow {
  id: string;
  userId: string;
  userName?: string;
  deptName?: string;
  items: KpiItem[];
  selfScore: string | null;
  leaderScore: string | null;
  finalScore: string | null;
  selfSubmitTime: string | null;
  recordStatus: number;
}
export const kpiTaskRecordsQuery = (taskId: string, current: number) =>
  queryOptions({
    queryKey: ['kpi', 'records', taskId, current],
    queryFn: () => get<Page<KpiRecordRow>>(`${K}/getKpiTaskNextList`, { taskId, current, size: 10 }),
    enabled: !!taskId,
  });
/** The key every KPI query starts with (a score changes the records, the ranking and one's own detail). */
export const kpiQueriesKey = ['kpi'] as const;
export const submitLeaderKpi = (id: string, items: { item: string; leaderScore: string }[]) => post(`${K}/submitLeaderScore`, { id, items });
export const rankingQuery = (month: string) =>
  queryOptions({ queryKey: ['kpi', 'ranking', month], queryFn: () => get<RankingRow[]>(`${K}/getRanking`, { month }), enabled: !!month });
export const exportRanking = (month: string) => download(`${K}/exportKpiOrder`, { month });

export interface PerformanceRow {
  projectId: string;
  projectNum: string;
  projectName: string;
  projectAmount: string;
  performanceScore: string | null;
  userName: string;
  shareRatio: string;
  outputValue: string | null;
}
export const performanceQuery = (current: number) =>
  queryOptions({
    queryKey: ['kpi', 'performance', current],
    queryFn: () => get<{ records: PerformanceRow[]; total: number; formula: string }>('/api/business/projectPerformance/page', { current, size: 10 }),
  });

/** Archived archives in the store whose name contains `text` (the borrowing form's archive select). */
export const borrowableArchives = (text: string, signal: AbortSignal) =>
  get<Page<{ id: string; archiveName: string; archiveNum: string | null }>>(
    `${archivesEntity.api}/list`,
    { current: 1, size: 50, status: 2, borrowStatus: 0, archiveName: text || undefined },
    { signal, silent: true },
  );
/** The document templates as select options. */
export const templateOptions = (signal: AbortSignal) =>
  get<{ value: string; label: string }[]>(`${archivesTemplateEntity.api}/select-options`, undefined, { signal, silent: true });
