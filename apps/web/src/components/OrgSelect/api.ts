/**
 * The organisation's choices every form picks from — departments, roles and posts — fetched here and only
 * here (the user forms, the process designer, model scopes, dynamic forms and reference fields share them).
 * The calls need the organisation menus' codes; without them the choices are empty, silently.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

/** A node of the organisation trees (dept/tree, role/tree): the id as `id`, `key` and `value`. */
export interface TreeOption {
  id: string;
  parentId?: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeOption[];
}

export interface PostRow {
  id: string;
  postName: string;
}

export const DEPT_TREE_URL = '/api/blade-system/dept/tree';
export const ROLE_TREE_URL = '/api/blade-system/role/tree';
export const POST_SELECT_URL = '/api/blade-system/post/select';

const shared = { staleTime: 60_000, retry: false } as const;

export const deptTreeQuery = () =>
  queryOptions({
    queryKey: queryKeys.org.deptTree(),
    queryFn: ({ signal }) => get<TreeOption[]>(DEPT_TREE_URL, undefined, { signal, silent: true }),
    ...shared,
  });

export const roleTreeQuery = () =>
  queryOptions({
    queryKey: queryKeys.org.roleTree(),
    queryFn: ({ signal }) => get<TreeOption[]>(ROLE_TREE_URL, undefined, { signal, silent: true }),
    ...shared,
  });

/** The tenant's posts (post/select answers plain posts, as in BladeX). */
export const postsQuery = () =>
  queryOptions({
    queryKey: queryKeys.org.postOptions(),
    queryFn: ({ signal }) => get<PostRow[]>(POST_SELECT_URL, undefined, { signal, silent: true }),
    ...shared,
  });

export const useDeptTree = (enabled = true): TreeOption[] => useQuery({ ...deptTreeQuery(), enabled }).data ?? [];
export const useRoleTree = (enabled = true): TreeOption[] => useQuery({ ...roleTreeQuery(), enabled }).data ?? [];

/** The posts as tree-select options. */
export function usePostOptions(enabled = true): TreeOption[] {
  const posts = useQuery({ ...postsQuery(), enabled }).data;
  return (posts ?? []).map((p) => ({ id: p.id, title: p.postName, key: p.id, value: p.id }));
}
