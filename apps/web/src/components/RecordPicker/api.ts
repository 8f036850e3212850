/**
 * The record pickers' calls: a kind's list (a page of it) and one record (the name an input shows), and the
 * API bases of the kinds whose areas come later (projects, contracts, internal accounts; ./kinds.tsx).
 * Keys under the records' base (queryKeys.entity(kind.api)), so a change to the records refreshes them.
 */
import type { Page } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, type Query } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import type { PickerKind, PickerRow } from './RecordPicker';

export const PROJECT_API = '/api/business/hjlProject';
export const CONTRACT_API = '/api/business/hjlContract';
export const ACCOUNT_API = '/api/business/hjlAccountInfo';

/** A page of the kind's list under the picker's conditions. */
export const pickerPageQuery = <T extends PickerRow>(kind: PickerKind, params: Query) =>
  queryOptions({
    queryKey: queryKeys.entity(kind.api).options('picker', kind.listUrl ?? 'list', params),
    queryFn: ({ signal }) => get<Page<T>>(kind.listUrl ?? `${kind.api}/list`, params, { signal }),
  });

/** One record of the kind (its detail call). */
export const pickerRecordQuery = <T extends PickerRow>(kind: PickerKind, id: string | null | undefined) =>
  queryOptions({
    queryKey: queryKeys.entity(kind.api).detail(id ?? null),
    queryFn: ({ signal }) => get<T>(kind.detailUrl ?? `${kind.api}/detail`, { id }, { signal }),
    staleTime: 60_000,
  });
