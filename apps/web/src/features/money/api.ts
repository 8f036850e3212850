/**
 * Project money (项目资金, issue 17): the calls of the area and their query options (URLs and keys here only;
 * keys from app/queryKeys under each definition's api).
 */
import { invoiceEntity, projectCollectEntity, projectCollectPersonEntity } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

export const COLLECT_API = projectCollectEntity.api;
/** The collection calls the specs put under the capital-P service (ought_income, get/invoice …). */
export const COLLECT_MORE_API = '/api/business/hjlProjectCollect';
export const PERSON_API = projectCollectPersonEntity.api;
export const INVOICE_API = invoiceEntity.api;
export const collectKeys = queryKeys.entity(COLLECT_API);
export const invoiceKeys = queryKeys.entity(INVOICE_API);

export interface SharePerson {
  id?: string;
  userId: string;
  userName?: string | null;
  shareRatio: string;
  shareAmount?: string;
  remark?: string | null;
}

export interface IssuedInvoice {
  id: string;
  invoiceNum: string | null;
  invoiceTitle: string | null;
  invoiceAmount: string;
}

export interface InvoiceTitle {
  id: string;
  invoiceTitle: string;
  taxNumber: string;
}

export interface OughtIncome {
  contractName: string | null;
  contractAmount: string;
  collectedAmount: string;
  pendingAmount: string;
  oughtIncome: string;
}

/** The persons sharing a collection. */
export const personsQuery = (collectId: string) =>
  queryOptions({
    queryKey: collectKeys.call('persons', collectId),
    queryFn: ({ signal }) => get<SharePerson[]>(`${PERSON_API}/get/persons/${collectId}`, undefined, { signal }),
    retry: false,
  });

/** Replaces the persons of a collection (ratios in percent). */
export const saveShares = (collectId: string, persons: Pick<SharePerson, 'userId' | 'shareRatio' | 'remark'>[]) =>
  post<SharePerson[]>(`${PERSON_API}/save-batch`, { collectId, persons });

/** The issued invoices of a project a collection may name. */
export const projectInvoicesQuery = (projectId: string | undefined) =>
  queryOptions({
    queryKey: collectKeys.call('invoices', projectId ?? ''),
    queryFn: ({ signal }) => get<IssuedInvoice[]>(`${COLLECT_MORE_API}/get/invoice/${projectId}`, undefined, { signal, silent: true }),
    enabled: !!projectId,
    retry: false,
  });

/** What a project's contract may still receive. */
export const oughtQuery = (projectId: string | undefined) =>
  queryOptions({
    queryKey: collectKeys.call('ought', projectId ?? ''),
    queryFn: ({ signal }) => get<OughtIncome>(`${COLLECT_MORE_API}/ought_income/${projectId}`, undefined, { signal, silent: true }),
    enabled: !!projectId,
    retry: false,
  });

/** The invoice titles of a project's client. */
export const titlesQuery = (projectId: string | undefined) =>
  queryOptions({
    queryKey: invoiceKeys.call('titles', projectId ?? ''),
    queryFn: ({ signal }) => get<InvoiceTitle[]>(`${INVOICE_API}/titles/${projectId}`, undefined, { signal, silent: true }),
    enabled: !!projectId,
    retry: false,
  });

/** Starts the voiding (作废) of an issued invoice. */
export const cancelInvoice = (id: string, voidReason: string) => get(`${INVOICE_API}/cancellation/${id}`, { voidReason });
