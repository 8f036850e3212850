import type { Dayjs } from 'dayjs';
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

/**
 * A date range of a search form as the list conditions of spec 2 ("A date range is sent as createTime_dategt
 * and createTime_datelt"; the server compares strictly). Days are whole: from the start of the first day to
 * the end of the last. With `time` the chosen moments are sent as they are.
 */
export function dateRangeQuery(
  range: readonly [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined,
  opts: { field?: string; time?: boolean } = {},
): Query {
  const field = opts.field ?? 'createTime';
  const [from, to] = range ?? [];
  const fmt = 'YYYY-MM-DD HH:mm:ss';
  const query: Query = {};
  if (from) query[`${field}_dategt`] = (opts.time ? from : from.startOf('day').subtract(1, 'second')).format(fmt);
  if (to) query[`${field}_datelt`] = (opts.time ? to : to.startOf('day').add(1, 'day')).format(fmt);
  return query;
}
