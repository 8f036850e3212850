import type { Query } from '../../app/api';

export interface Paging {
  current: number;
  size: number;
}

export interface Sort {
  field: string;
  dir: 'asc' | 'desc';
}

/** Query of GET <api>/list: paging, the search conditions and the chosen sort (ascs / descs). */
export function listParams(paging: Paging, filters: Query, sort: Sort | null): Query {
  const params: Query = { current: paging.current, size: paging.size, ...filters };
  if (sort) params[sort.dir === 'asc' ? 'ascs' : 'descs'] = sort.field;
  return params;
}
