/** Trees the user forms pick from (built by the organisation and role screens): dept, role and post. */
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../app/api';

export interface TreeOption {
  id: string;
  parentId?: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeOption[];
}

const STALE_MS = 60_000;

/** A tree of options; empty (and silent) while the call is not available. */
export function useTree(url: string, enabled = true): TreeOption[] {
  return (
    useQuery({
      queryKey: ['options', url],
      queryFn: () => get<TreeOption[]>(url, undefined, { silent: true }),
      staleTime: STALE_MS,
      retry: false,
      enabled,
    }).data ?? []
  );
}

/** The tenant's posts as options (post/select answers plain posts, as in BladeX). */
export function usePostOptions(enabled = true): TreeOption[] {
  return (
    useQuery({
      queryKey: ['options', POST_SELECT],
      queryFn: async () =>
        (await get<{ id: string; postName: string }[]>(POST_SELECT, undefined, { silent: true })).map((p) => ({
          id: p.id,
          title: p.postName,
          key: p.id,
          value: p.id,
        })),
      staleTime: STALE_MS,
      retry: false,
      enabled,
    }).data ?? []
  );
}

export const DEPT_TREE = '/api/blade-system/dept/tree';
export const ROLE_TREE = '/api/blade-system/role/tree';
export const POST_SELECT = '/api/blade-system/post/select';
