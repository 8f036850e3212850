/**
 * Contracts (合同管理, BUSINESS.md WP2): the calls of the area and their query options. URLs and keys live here only
 * (keys from app/queryKeys: the records of `contractEntity.api`).
 */
import { contractEntity, type ChartData } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import type { Row } from '../../components/CrudPage';

export const CONTRACT_API = contractEntity.api;
export const contractDetailPath = (id: string) => `/contract/hjlContractDetail/${id}`;
export const contractKeys = queryKeys.entity(CONTRACT_API);

/** A contract as `get/{id}` answers it: the record with its supplementary agreements and linked projects. */
export interface ContractFull extends Row {
  replenishments: Row[];
  projects: { id: string; projectNum: string; projectName: string; projectStatus: number; status: number }[];
}

export const contractFullQuery = (id: string) =>
  queryOptions({
    queryKey: contractKeys.call('full', id),
    queryFn: ({ signal }) => get<ContractFull>(`${CONTRACT_API}/get/${id}`, undefined, { signal }),
    retry: false,
  });

/** A supplementary agreement of an approved main contract (its own approval follows through `start`). */
export const replenish = (body: Record<string, unknown>) => post<{ id: string; contractNum: string }>(`${CONTRACT_API}/replenish`, body);
/** Unlinks the contract from its projects. */
export const resetLink = (id: string) => get<unknown>(`${CONTRACT_API}/reset/link/${id}`);

export interface ContractReport {
  byType: ChartData;
  perMonth: ChartData;
  byStatus: ChartData;
  totals: { count: number; amount: string; effectiveAmount: string; approved: number; linked: number };
}

export const contractReportQuery = () =>
  queryOptions({
    queryKey: queryKeys.report('contract'),
    queryFn: ({ signal }) => get<ContractReport>('/api/business/report/contract', undefined, { signal }),
  });
