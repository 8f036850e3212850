/** The regions of the region select and the region page, one level at a time (region/lazy-tree). */
import { REGION_ROOT_CODE } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

export interface LazyRegion {
  code: string;
  parentCode: string;
  name: string;
  hasChildren: boolean;
}

const LAZY_TREE_URL = '/api/blade-system/region/lazy-tree';

/** The regions under `parentCode` (one level; the provinces under the root). Regions rarely change: kept 10 minutes. */
export const regionChildrenQuery = (parentCode: string = REGION_ROOT_CODE) =>
  queryOptions({
    queryKey: queryKeys.org.regionChildren(parentCode),
    queryFn: ({ signal }) => get<LazyRegion[]>(LAZY_TREE_URL, parentCode === REGION_ROOT_CODE ? undefined : { parentCode }, { signal }),
    staleTime: 10 * 60_000,
  });
