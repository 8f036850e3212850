/**
 * The shell's calls: the top bar's notifications, the 用户信息选择 (switch mode) choices and 清除缓存.
 * Keys from app/queryKeys.
 */
import type { Page } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../api';
import { queryKeys } from '../queryKeys';

export type NotificationCategory = 'mail' | 'message' | 'notice';

export interface NotificationItem {
  id: string;
  type: 'notice' | 'todo' | 'urge' | 'copy';
  category: NotificationCategory;
  title: string;
  content: string;
  fromUserName: string;
  time: string;
  read: boolean;
  /** Workflow items: the process instance (and task) they concern. */
  processInstanceId?: string | null;
  taskId?: string | null;
}

export interface NotificationCounts {
  mail: number;
  message: number;
  notice: number;
  total: number;
}

const NOTIFICATION_API = '/api/blade-desk/notification';

/** The newest notifications of a tab (10). */
export const notificationListQuery = (category: NotificationCategory) =>
  queryOptions({
    queryKey: queryKeys.notification.list(category),
    queryFn: ({ signal }) => get<Page<NotificationItem>>(`${NOTIFICATION_API}/list`, { category, current: 1, size: 10 }, { signal }),
  });

/** The unread counts per tab (polled; a failure is not shown). */
export const notificationCountQuery = () =>
  queryOptions({
    queryKey: queryKeys.notification.count(),
    queryFn: ({ signal }) => get<NotificationCounts>(`${NOTIFICATION_API}/unread-count`, undefined, { signal, silent: true }),
  });

export const markNotificationRead = (id: string) => post(`${NOTIFICATION_API}/read`, undefined, { ids: id }, { silent: true });
export const markAllNotificationsRead = (category: NotificationCategory) => post(`${NOTIFICATION_API}/read-all`, undefined, { category });

interface UserInfo {
  deptId: string;
  roleId: string;
}
interface DeptOption {
  id: string;
  deptName: string;
}
interface RoleOption {
  id: string;
  roleName: string;
}
export interface SwitchOption {
  value: string;
  label: string;
}

/** The ids of a comma-separated list (the token's dept_id and role_id, the user's deptId and roleId). */
export const splitIds = (list: string | undefined) => (list ?? '').split(',').filter(Boolean);

/** The user's own departments and roles (the token may carry only the current ones). */
export const switchOptionsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.account.switchOptions(userId),
    queryFn: async (): Promise<{ depts: SwitchOption[]; roles: SwitchOption[] }> => {
      const [info, depts, roles] = await Promise.all([
        get<UserInfo>('/api/blade-auth/oauth/user-info'),
        get<DeptOption[]>('/api/blade-system/dept/select'),
        get<RoleOption[]>('/api/blade-system/role/select'),
      ]);
      const ownDepts = new Set(splitIds(info.deptId));
      const ownRoles = new Set(splitIds(info.roleId));
      return {
        depts: depts.filter((d) => ownDepts.has(String(d.id))).map((d) => ({ value: String(d.id), label: d.deptName })),
        roles: roles.filter((r) => ownRoles.has(String(r.id))).map((r) => ({ value: String(r.id), label: r.roleName })),
      };
    },
  });

/** 清除缓存: the server's caches of the user's session. */
export const clearServerCache = () => get('/api/blade-auth/oauth/clear-cache');
