/**
 * The one list hook of the app: the state of a server-paged list (search conditions, page, sort, selected
 * rows), its query, and the table's pagination. CrudPage is built on it, and so is every hand-written list
 * (the process lists, the operations console, drafts, logs, deployments, the 人员选择 dialog …).
 *
 *   // features/<area>/api.ts
 *   export const draftList = pagedList<DraftRow>(queryKeys.entity(wfDraftEntity.api).lists(), `${wfDraftEntity.api}/list`);
 *   // the page
 *   const drafts = useList(draftList);
 *   <SearchForm onSearch={drafts.search} />
 *   <div ref={drafts.setAnchor}><Table rowKey="id" columns={columns} {...drafts.tableProps} /></div>
 *
 * - `search(conditions)` starts again from page 1 (and clears the selection); the same conditions again reload.
 *   So do other `fixed` conditions (e.g. the node chosen in a tree beside the list).
 * - `reload()` invalidates every page of the list (its source's key), e.g. after a change.
 * - A sortable column asks `sortOrderOf(field)`; `tableProps.onChange` turns a click on it into ascs / descs.
 * - After the last rows of the last page are deleted, the page that now is the last is shown.
 */
import { LIST_PAGE_SIZES, type Page } from '@hjl/core';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { Dayjs } from 'dayjs';
import { useState, type Key } from 'react';
import { get, type Query } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import { useListPagination } from '../PaginationBar';

export interface Paging {
  current: number;
  size: number;
}

export interface Sort {
  field: string;
  dir: 'asc' | 'desc';
}

/** Where a list's pages come from: built in the feature's api.ts. */
export interface ListSource<T> {
  /** Prefix of the key of every page (from app/queryKeys): invalidating it reloads the list. */
  key: QueryKey;
  /** Loads one page for the query (paging, conditions, sort). */
  fetch: (params: Query, signal: AbortSignal) => Promise<Page<T>>;
}

/** A list answered by GET `url` (the `Page` envelope of API.md), cached under `key`. */
export function pagedList<T>(key: QueryKey, url: string): ListSource<T> {
  return { key, fetch: (params, signal) => get<Page<T>>(url, params, { signal }) };
}

export interface ListOptions {
  /** Conditions every call carries besides the search (e.g. the customer of a detail-page tab, a tree's node). */
  fixed?: Query;
  /** Page sizes offered (default the list sizes, LIST_PAGE_SIZES). */
  sizes?: readonly number[];
  /** The page size at first (default the first of `sizes`). */
  size?: number;
  /** Whether the list loads (a list in a dialog: only while it is open). Default true. */
  enabled?: boolean;
}

/** Query of a list call: paging, the search conditions and the chosen sort (ascs / descs). */
export function listParams(paging: Paging, filters: Query, sort: Sort | null): Query {
  const params: Query = { current: paging.current, size: paging.size, ...filters };
  if (sort) params[sort.dir === 'asc' ? 'ascs' : 'descs'] = sort.field;
  return params;
}

const sameConditions = (a: Query, b: Query) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

export function useList<T>(source: ListSource<T>, { fixed, sizes, size, enabled }: ListOptions = {}) {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Query>({});
  const [paging, setPaging] = useState<Paging>({ current: 1, size: size ?? (sizes ?? LIST_PAGE_SIZES)[0]! });
  const [sort, setSort] = useState<Sort | null>(null);
  const [selected, setSelected] = useState<string[]>([]);

  // Other fixed conditions (a tree's node chosen) start again from page 1, nothing selected.
  const fixedKey = JSON.stringify(fixed ?? {});
  const [shownFixed, setShownFixed] = useState(fixedKey);
  if (fixedKey !== shownFixed) {
    setShownFixed(fixedKey);
    setPaging({ ...paging, current: 1 });
    setSelected([]);
  }

  const params: Query = { ...listParams(paging, filters, sort), ...fixed };
  const list = useQuery({
    queryKey: queryKeys.listPage(source.key, params),
    queryFn: ({ signal }) => source.fetch(params, signal),
    placeholderData: keepPreviousData,
    enabled: enabled ?? true,
  });

  // After deleting the last rows of the last page, show the page that now is the last.
  const pages = list.data?.pages ?? 0;
  if (list.data && !list.isPlaceholderData && list.data.records.length === 0 && paging.current > 1 && pages < paging.current) {
    setPaging({ ...paging, current: Math.max(1, pages) });
  }

  const { setAnchor, pagination } = useListPagination({ paging, setPaging, total: list.data?.total ?? 0, estimated: list.data?.totalEstimated, sizes });

  const reload = () => queryClient.invalidateQueries({ queryKey: source.key });

  /** New conditions from page 1; searching again with the same conditions reloads. */
  const search = (next: Query) => {
    const same = paging.current === 1 && sameConditions(next, filters);
    setFilters(next);
    setPaging((p) => ({ ...p, current: 1 }));
    setSelected([]);
    if (same) void list.refetch();
  };

  const sortOrderOf = (field: string): SortOrder => (sort?.field === field ? (sort.dir === 'asc' ? 'ascend' : 'descend') : null);

  const onChange: NonNullable<TableProps<T>['onChange']> = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.order ? String(s.columnKey ?? s.field) : null;
    setSort(field && s?.order ? { field, dir: s.order === 'ascend' ? 'asc' : 'desc' } : null);
    setPaging((p) => ({ ...p, current: 1 }));
  };

  return {
    /** The query of the page shown (the previous page stays while the next loads). */
    list,
    rows: list.data?.records ?? [],
    total: list.data?.total ?? 0,
    /** The total is the server's estimate (a large list; the pagination shows 约 …). */
    totalEstimated: list.data?.totalEstimated === true,
    /** The query of the page shown: paging, conditions, sort and the fixed conditions. */
    params,
    /** The search conditions (without paging and sort), e.g. for an export. */
    filters,
    sort,
    search,
    reload,
    selected,
    setSelected,
    sortOrderOf,
    /** Goes on the element around the table: a page change scrolls from there to the top. */
    setAnchor,
    pagination,
    /** Spread on the antd Table: rows, loading, pagination and the sort handler. */
    tableProps: { dataSource: list.data?.records ?? [], loading: list.isFetching, pagination, onChange },
    /** The Table's rowSelection over `selected` (rows keyed by their id). */
    rowSelection: { selectedRowKeys: selected, onChange: (keys: Key[]) => setSelected(keys.map(String)) },
  };
}

export type ListState<T> = ReturnType<typeof useList<T>>;

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
