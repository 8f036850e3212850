/** The user picker's one call: the users of the tenant by name, department and post, or by ids. */
import type { Page } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import { pagedList } from '../CrudPage/useList';

export const USER_SEARCH_URL = '/api/blade-user/search/user';

export interface PickedUser {
  id: string;
  account?: string;
  realName: string;
  /** The name to show (the server's one rule: real name, else nickname, else account). */
  displayName: string;
  deptName?: string;
  postName?: string;
}

/** The search as a list (useList): pages of the users by realName, deptName, postName. */
export const userSearchList = pagedList<PickedUser>(queryKeys.org.userSearch(), USER_SEARCH_URL);

/** The users a value holds, by their ids (a picker shows their names). */
export const usersByIdsQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: queryKeys.org.usersByIds(ids.join(',')),
    queryFn: ({ signal }) => get<Page<PickedUser>>(USER_SEARCH_URL, { ids: ids.join(','), size: ids.length }, { signal }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
