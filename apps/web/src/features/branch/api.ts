/**
 * The branch area's calls beside its definitions' derived ones: a branch, a dividend with its profit items, paying a
 * dividend, an investment record's history and a branch's statement. Keys from app/queryKeys.
 */
import { dividendEntity, filialeEntity, investInfoEntity, type Page } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { entityApi } from '../../components/CrudPage/api';
import type { Row } from '../../components/CrudPage/fields';

export const branches = entityApi(filialeEntity);
export const dividendCalls = entityApi(dividendEntity);
const invest = entityApi(investInfoEntity);

/** One branch (the detail page). */
export const branchQuery = (id: string) => branches.detailQuery(id);
/** One dividend with its profit items (`components`). */
export const dividendQuery = (id: string | null) => dividendCalls.detailQuery(id, { fresh: true });

/** Pays a dividend from an internal account on a date (one expense in the ledger). */
export const payDividend = (body: { id: string; accountInfoId: string; payDate: string }) => post(dividendCalls.url('pay'), body);

/** The snapshots of an investment record, newest first. */
export const investHistoryQuery = (investInfoId: string | null) =>
  queryOptions({
    queryKey: [...invest.keys.all, 'his', investInfoId],
    queryFn: ({ signal }) => get<Page<Row>>(invest.url('his/page'), { investInfoId, size: 100 }, { signal }),
    enabled: investInfoId !== null,
    gcTime: 0,
  });

/** The figures of a branch's statement (server: modules/branch/statement.ts). */
export interface BranchStatement {
  filialeId: string;
  filialeName: string;
  leaderName: string | null;
  from: string;
  to: string;
  collect: string;
  collectCount: number;
  cost: string;
  costCount: number;
  labour: string;
  labourCount: number;
  profit: string;
  managementFee: string;
  managementFeeCount: number;
  dividend: string;
  dividendCount: number;
  withdraw: string;
  withdrawCount: number;
  depositsPaid: string;
  depositsRefunded: string;
  depositsOutstanding: string;
}

export const statementQuery = (id: string | null, period: { from?: string; to?: string }) =>
  queryOptions({
    queryKey: [...branches.keys.all, 'statement', id, period.from ?? '', period.to ?? ''],
    queryFn: ({ signal }) => get<BranchStatement>(branches.url(`statement/${id}`), period, { signal }),
    enabled: id !== null,
  });
