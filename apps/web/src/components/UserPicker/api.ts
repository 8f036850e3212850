/** The user picker's one call: the users of the tenant by name, department and post, or by ids. */
import type { Page } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, type Query } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

export const USER_SEARCH_URL = '/api/blade-user/search/user';

export interface PickedUser {
  id: string;
  account?: string;
  realName: string;
  deptName?: string;
  postName?: string;
}

/** A page of the search (conditions, current, size). */
export const userSearchQuery = (params: Query) =>
  queryOptions({
    queryKey: queryKeys.org.userSearch(params),
    queryFn: ({ signal }) => get<Page<PickedUser>>(USER_SEARCH_URL, params, { signal }),
  });

/** The users a value holds, by their ids (a picker shows their names). */
export const usersByIdsQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: queryKeys.org.usersByIds(ids.join(',')),
    queryFn: ({ signal }) => get<Page<PickedUser>>(USER_SEARCH_URL, { ids: ids.join(','), size: ids.length }, { signal }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
