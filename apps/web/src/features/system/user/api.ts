/**
 * The user page's calls (/api/blade-user): the users of a department, the registrations awaiting approval,
 * a user's detail and platform, and the actions on users. Keys: queryKeys.entity(userEntity.api) — a change
 * invalidates `.all`, which reloads both lists.
 */
import { userEntity } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post, type Query } from '../../../app/api';
import { download } from '../../../app/download';
import { queryKeys } from '../../../app/queryKeys';
import { pagedList } from '../../../components/CrudPage';

export type UserRecord = {
  id: string;
  account: string;
  name?: string;
  realName?: string;
  phone?: string;
  email?: string;
  sex?: number | null;
  birthday?: string | null;
  roleId: string;
  deptId: string;
  postId: string;
  roleName?: string;
  deptName?: string;
  postName?: string;
  status: number;
  locked?: boolean;
  createTime?: string;
  userType?: number;
};

const API = userEntity.api;
/** Every list and record of users (invalidate `.all` after a change: both lists reload). */
export const userKeys = queryKeys.entity(API);
const keys = userKeys;

const USER_PAGE_URL = `${API}/page`;
const AUDIT_PAGE_URL = `${API}/audit-page`;
/** The users of the tenant (a department: it and those below it). */
export const userList = pagedList<UserRecord>(keys.lists(USER_PAGE_URL), USER_PAGE_URL);
/** The registered guests awaiting approval. */
export const auditList = pagedList<UserRecord>(keys.lists(AUDIT_PAGE_URL), AUDIT_PAGE_URL);

/** One user, as it is now (never cached). */
export const userDetailQuery = (id: string | null) =>
  queryOptions({ queryKey: keys.detail(id), queryFn: () => get<UserRecord>(`${API}/detail`, { id }), enabled: id !== null, gcTime: 0 });

/** A user's platform and its extension text. */
export const platformDetailQuery = (id: string | null) =>
  queryOptions({
    queryKey: keys.call('platform-detail', id),
    queryFn: () => get<{ userType: number; userExt: string }>(`${API}/platform-detail`, { id }),
    enabled: id !== null,
    gcTime: 0,
  });

const ids = (list: readonly string[]) => list.join(',');

export const submitUser = (body: Record<string, unknown>) => post(`${API}/submit`, body);
export const dimissionUser = (id: string) => post(`${API}/dimission/${id}`);
export const grantRoles = (userIds: readonly string[], roleIds: readonly string[]) =>
  post(`${API}/grant`, undefined, { userIds: ids(userIds), roleIds: ids(roleIds) });
export const resetPasswords = (userIds: readonly string[]) => post(`${API}/reset-password`, undefined, { userIds: ids(userIds) });
export const unlockUsers = (userIds: readonly string[]) => post(`${API}/unlock`, undefined, { userIds: ids(userIds) });
export const updatePlatform = (body: { userId: string | null; userType: number; userExt?: string }) => post(`${API}/update-platform`, body);
/** 注册审核-通过: the roles (and optionally departments) the approved guests get. */
export const passRegistrations = (userIds: readonly string[], roleIds: readonly string[], deptIds?: readonly string[]) =>
  post(`${API}/audit-pass`, { userIds: ids(userIds), roleIds: ids(roleIds), deptIds: deptIds?.length ? ids(deptIds) : undefined });
export const refuseRegistrations = (userIds: readonly string[]) => post(`${API}/audit-refuse`, undefined, { userIds: ids(userIds) });
/** 同步: users from the company directory (DingTalk); answers how many were updated and added. */
export const syncDirectory = () => get<{ updated: number; added: number }>(`${API}/dingTalk/syncDingTalkData`);
/** The list's users as an Excel file, under the list's conditions. */
export const exportUsers = (filters: Query) => download(`${API}/export-user`, filters);
export const USER_IMPORT_URL = `${API}/import-user`;
export const USER_TEMPLATE_URL = `${API}/export-template`;
