/**
 * Office approvals (行政审批, BUSINESS.md WP6): the calls of the area and their query options. URLs and keys live
 * here only (keys from app/queryKeys: the records of each definition's `api`). A trip (出差) and a purchase (采购)
 * travel with their lines (`lines`) on `save`, `update` and `start`; their detail carries them.
 */
import { type EntityDef } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import type { Row } from '../../components/CrudPage';

export type LineRow = Record<string, unknown> & { id?: string };
export type RecordWithLines = Row & { lines?: LineRow[] };

/** The keys of a definition's records. */
export const officeKeys = (def: EntityDef) => queryKeys.entity(def.api);

/** A record with its lines, fetched afresh on every opening. */
export const withLinesQuery = (def: EntityDef, id: string | null) =>
  queryOptions({
    queryKey: officeKeys(def).detail(id),
    queryFn: ({ signal }) => get<RecordWithLines>(`${def.api}/detail`, { id }, { signal }),
    enabled: id !== null,
    gcTime: 0,
  });

/** Saves a record with its lines (a draft, 未发起): `save`, or `update` of an existing one. */
export const saveWithLines = (def: EntityDef, body: Record<string, unknown>, editing: boolean) =>
  post<{ id: string }>(`${def.api}/${editing ? 'update' : 'save'}`, body);

/** Saves and starts it in one call (提交审批; with `id`: 重新提交). */
export const startWithLines = (def: EntityDef, body: Record<string, unknown>) => post<{ id: string }>(`${def.api}/start`, body);
