/**
 * Guarantee money (保证金, BUSINESS.md WP5): the calls of the area and their query options. URLs and keys live here
 * only: a deposit's refund history (`refund/{id}`), a project's bidders' deposits (`get/attract/{id}`), refunds one
 * at a time (`hjlRefundGuaranteeMoney/start`) or several in one instance (`start/batch`), a replacement (`replace`),
 * the return of a bidder's deposit (`return/attract`), the outstanding report and a batch's records.
 */
import { depositEntity, depositRefundEntity, type ChartData } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post, type Query } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import type { Row } from '../../components/CrudPage';

const D = depositEntity.api;
const R = depositRefundEntity.api;
export const depositKeys = queryKeys.entity(D);
export const refundKeys = queryKeys.entity(R);

export interface RefundHistory {
  deposit: Row;
  paid: string;
  refunded: string;
  refunding: string;
  remaining: string;
  records: Row[];
}

/** A deposit's refunds with what is paid, refunded, being refunded and left. */
export const refundHistoryQuery = (id: string | null) =>
  queryOptions({
    queryKey: depositKeys.call('refund', id),
    queryFn: ({ signal }) => get<RefundHistory>(`${D}/refund/${id}`, undefined, { signal }),
    enabled: !!id,
    gcTime: 0,
  });

/** One deposit (its detail), e.g. the one a refund refunds. */
export const depositDetailQuery = (id: string | null) =>
  queryOptions({
    queryKey: depositKeys.detail(id),
    queryFn: ({ signal }) => get<Row>(`${D}/detail`, { id }, { signal }),
    enabled: !!id,
  });

/** Deposits that may still be refunded (approved, not all back): the refund forms' choices. */
export const refundableDepositsQuery = () =>
  queryOptions({
    queryKey: depositKeys.options('refundable'),
    queryFn: ({ signal }) => get<{ records: Row[] }>(`${D}/list`, { current: 1, size: 500, status: 2, descs: 'payDate' }, { signal, silent: true }),
    staleTime: 30_000,
    retry: false,
  });

export const startRefund = (body: Record<string, unknown>) => post<Row>(`${R}/start`, body);
export const startBatchRefund = (refunds: Record<string, unknown>[]) => post<Row>(`${R}/start/batch`, { refunds });
export const replaceDeposit = (body: Record<string, unknown>) => post<Row>(`${D}/replace`, body);
export const returnAttract = (body: Record<string, unknown>) => post<Row>(`${D}/return/attract`, body);

export interface OutstandingGroup {
  key: string;
  name: string;
  count: number;
  amount: string;
}
export interface OutstandingReport {
  asOf: string;
  records: Row[];
  total: number;
  current: number;
  size: number;
  totalAmount: string;
  byBucket: OutstandingGroup[];
  byType: OutstandingGroup[];
  byProject: OutstandingGroup[];
  chart: ChartData;
}

/** 未退保证金: the outstanding deposits with their ages and totals, as of a day. */
export const outstandingQuery = (params: Query) =>
  queryOptions({
    queryKey: depositKeys.call('outstanding', params),
    queryFn: ({ signal }) => get<OutstandingReport>(`${D}/outstanding`, params, { signal }),
  });

/** The records of a batch refund (its instance). */
export const batchRefundQuery = (processInstanceId: string) =>
  queryOptions({
    queryKey: refundKeys.call('batch', processInstanceId),
    queryFn: ({ signal }) =>
      get<{ records: Row[]; totalMoney: string }>('/api/business/hjlBatchApproval/detailByProcessInstanceId', { processInstanceId }, { signal }),
  });
