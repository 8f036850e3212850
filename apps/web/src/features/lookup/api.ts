/**
 * The lookup databases' calls (/prod-api, docs/compatibility.md): pages, trees and lists, and the dictionary items
 * of their filters. Keys from app/queryKeys.
 */
import type { ChartData, Page } from '@hjl/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get, type Query } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

export const DATABASE = '/prod-api/database';

/** Any lookup call; `enabled` false while a required parameter is missing. */
export const lookupQuery = <T>(path: string, query: Query = {}, enabled = true) =>
  queryOptions({
    queryKey: queryKeys.lookup(path, query),
    queryFn: () => get<T>(path, query),
    enabled,
    placeholderData: keepPreviousData,
  });

export type Row = Record<string, unknown> & { id: string };
export type TreeNode = Row & { parentId: string; categoryName: string; children?: TreeNode[] };
export type LookupPage = Page<Row>;
export type { ChartData };

export interface DictItemRow {
  id: string;
  itemValue: string;
  label: string;
}

/** The items of a dictType (`/prod-api/admin/dict/item/page`), as select options. */
export function useLookupDict(dictType: string): { value: string; label: string }[] {
  const q = useQuery(lookupQuery<Page<DictItemRow>>('/prod-api/admin/dict/item/page', { current: 1, size: 200, dictType }));
  return (q.data?.records ?? []).map((d) => ({ value: d.itemValue, label: d.label }));
}

/** A dictionary label of a stored value. */
export const labelOf = (options: { value: string; label: string }[], v: unknown) =>
  options.find((o) => o.value === String(v))?.label ?? (v == null ? '' : String(v));

/** The quarters 2020Q1 … this year's Q4, newest first (the price pages' period filter). */
export function quarters(now = new Date()): string[] {
  const out: string[] = [];
  for (let y = now.getFullYear(); y >= 2020; y--) for (let q = 4; q >= 1; q--) out.push(`${y}Q${q}`);
  return out;
}

/** The import of one lookup table (数据导入, administrators). */
export const importUrl = (table: string) => `/api/business/lookup/${table}/import`;
export const templateUrl = (table: string) => `/api/business/lookup/${table}/import-template`;
