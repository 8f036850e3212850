/**
 * The project register (项目管理, BUSINESS.md WP2): the calls of the area and their query options (URLs and keys here
 * only; keys from app/queryKeys under `projectEntity.api`).
 */
import { projectEntity, projectTaskEntity, type ChartData } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post, request } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import type { Row } from '../../components/CrudPage';

export const PROJECT_API = projectEntity.api;
export const TASK_API = projectTaskEntity.api;
export const projectDetailPath = (id: string) => `/hjlProject/hjlProjectDetail/${id}`;
/** The contract's detail page (features/contract), opened from the project's. */
export const contractDetailPath = (id: string) => `/contract/hjlContractDetail/${id}`;
/** The task templates (the `task_template` reference kind). */
export const TEMPLATE_LIST_URL = '/api/business/hjlTaskTemplate/list';
export const projectKeys = queryKeys.entity(PROJECT_API);
export const taskKeys = queryKeys.entity(TASK_API);

export interface ProjectFull extends Row {
  contract: { id: string; contractNum: string; contractName: string; contractAmount: string; effectiveAmount: string; status: number } | null;
  persons: Row[];
}

export const projectFullQuery = (id: string) =>
  queryOptions({
    queryKey: projectKeys.call('full', id),
    queryFn: ({ signal }) => get<ProjectFull>(`${PROJECT_API}/get/${id}`, undefined, { signal }),
    retry: false,
  });

export const projectTasksQuery = (id: string) =>
  queryOptions({
    queryKey: taskKeys.call('of-project', id),
    queryFn: ({ signal }) => get<Row[]>(`${PROJECT_API}/get/project/task/${id}`, undefined, { signal }),
  });

export const taskHistoryQuery = (taskId: string) =>
  queryOptions({
    queryKey: taskKeys.call('his', taskId),
    queryFn: ({ signal }) => get<Row[]>(`${TASK_API}/get/his/${taskId}`, undefined, { signal }),
  });

export const linkContract = (projectId: string, contractId: string) => post(`${PROJECT_API}/link/contract`, { projectId, contractId });
export const updateBidStatus = (id: string, bidStatus: string | number) => post(`${PROJECT_API}/update/bid_status`, { id, bidStatus });
export const savePerson = (body: Record<string, unknown>) => post<{ id: string }>(`${PROJECT_API}/save/person`, body);
export const deletePerson = (projectId: string, id: string) => request(`${PROJECT_API}/del/person`, { method: 'DELETE', params: { ids: id, projectId } });
export const startReview = (level: 'two' | 'three', body: Record<string, unknown>) =>
  post<{ id: string; processInstanceId: string }>(`${PROJECT_API}/start/${level}/audit`, body);
export const assignTask = (id: string, userId: string) => post(`${TASK_API}/conf/person`, undefined, { id, userId });
export const updateRate = (id: string, rate: number) => post(`${TASK_API}/update/rate`, undefined, { id, rate });
export const finishTask = (id: string) => post(`${TASK_API}/finish`, undefined, { id });
export const myTasksUrl = (userId: string) => `${TASK_API}/person/${userId}`;
export const MY_EXPIRE_URL = '/api/business/hjlExpireNotice/my';

export interface ProjectReport {
  byStatus: ChartData;
  byType: ChartData;
  byDept: ChartData;
  byLeader: ChartData;
  totals: { count: number; amount: string; running: number; done: number };
}

export const projectReportQuery = () =>
  queryOptions({
    queryKey: queryKeys.report('project'),
    queryFn: ({ signal }) => get<ProjectReport>('/api/business/report/project', undefined, { signal }),
  });
