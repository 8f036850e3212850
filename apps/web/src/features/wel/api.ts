/**
 * The workbench's calls: the newest notices, the user's newest to-dos, the home statistics and the shortcut
 * blocks (userMenu). Keys from app/queryKeys.
 */
import { noticeEntity, type ChartData, type Page, type Shortcut } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

export interface Notice {
  id: string;
  title: string;
  category: number | string;
  releaseTime: string;
  content?: string;
}

export interface Todo {
  taskId: string;
  taskName: string;
  processDefinitionName: string;
  title: string | null;
  startUserName: string;
  createTime: string;
}

export interface HomeStatistic extends ChartData {
  key: string;
}

const NEWEST = { current: 1, size: 5 };
const notices = queryKeys.entity(noticeEntity.api);

/** The five newest notices (the notice list's first page). */
export const newestNoticesQuery = () =>
  queryOptions({ queryKey: [...notices.lists(), NEWEST], queryFn: () => get<Page<Notice>>(`${noticeEntity.api}/list`, NEWEST) });

export const noticeQuery = (id: string | null) =>
  queryOptions({ queryKey: notices.detail(id), queryFn: () => get<Notice>(`${noticeEntity.api}/detail`, { id }), enabled: id !== null });

/** The user's five newest to-dos and their count (the 待办事务 list's first page). */
export const newestTodosQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.workflow.list('todo'), NEWEST],
    queryFn: () => get<Page<Todo>>('/api/blade-workflow/process/todo', NEWEST),
  });

/** The signed-in user's role name (超级管理员 from blade-user/info), not the alias the token carries; a refusal is not shown. */
export const myRoleQuery = () =>
  queryOptions({
    queryKey: queryKeys.entity('/api/blade-user').call('info'),
    queryFn: () => get<{ roleName?: string }>('/api/blade-user/info', undefined, { silent: true }),
  });

export const homeStatisticsQuery = () =>
  queryOptions({ queryKey: queryKeys.workbench.statistics(), queryFn: () => get<HomeStatistic[]>('/api/business-module/statistics/home/statistics') });

const USER_MENU_API = '/api/business/userMenu';

/** The pages the user pinned. */
export const shortcutsQuery = () => queryOptions({ queryKey: queryKeys.workbench.shortcuts(), queryFn: () => get<Shortcut[]>(`${USER_MENU_API}/list`) });

export const saveShortcuts = (menuIds: string[]) => post(`${USER_MENU_API}/update`, { menuIds });
