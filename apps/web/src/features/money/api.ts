/**
 * Project money (项目资金, BUSINESS.md WP3): the calls of the area and their query options (URLs and keys here only;
 * keys from app/queryKeys under each definition's api).
 */
import {
  invoiceEntity,
  labourFeeEntity,
  projectCollectEntity,
  projectCollectPersonEntity,
  projectExpenseEntity,
  projectExpensePayEntity,
  projectCompletionEntity,
  projectCompletionPayEntity,
  projectDecisionEntity,
  type ChartData,
  type ListRowOf,
} from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post, type Query } from '../../app/api';
import { download } from '../../app/download';
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

// ---------------------------------------------------------------------------------------------------------------
// 项目收支: the project 360 view and the cross-project report (modules/money/statement.ts).

export const PROJECT_API = '/api/business/hjlProject';
/** The detail pages the money pages link to (registry.ts routes; features do not import each other). */
export const projectDetailPath = (id: string) => `/hjlProject/hjlProjectDetail/${id}`;
export const contractDetailPath = (id: string) => `/contract/hjlContractDetail/${id}`;
export const LEDGER_PROJECT_API = '/api/business/hjlIncomeExpends';
/** Holders of the 项目收支 menu see projects' money (the 收支 tab, the report). */
export const STATEMENT_CODE = 'project_income_expend';
export const STATEMENT_EXPORT_CODE = 'project_income_expend_export';
export const statementKeys = queryKeys.entity(`${PROJECT_API}/statistics/project/money`);

export interface CostFigure {
  key: string;
  costType: number | null;
  name: string;
  amount: string;
  count: number;
}

/** The project's money (GET hjlProject/statistics/project/money/{id}); amounts are decimal strings. */
export interface ProjectStatement {
  projectId: string;
  projectName: string | null;
  contractId: string | null;
  contractName: string | null;
  contractAmount: string;
  invoiced: string;
  invoicedCount: number;
  collect: string;
  collectCount: number;
  outstanding: string;
  otherIncome: string;
  otherIncomeCount: number;
  costs: CostFigure[];
  cost: string;
  labour: string;
  labourCount: number;
  settlement: string;
  settlementCount: number;
  income: string;
  incomeCount: number;
  expend: string;
  expendCount: number;
  profit: string;
  margin: string | null;
  months: { month: string; income: string; expend: string; net: string }[];
  chart: ChartData;
}

export const statementQuery = (projectId: string) =>
  queryOptions({
    queryKey: statementKeys.call('project', projectId),
    queryFn: ({ signal }) => get<ProjectStatement>(`${PROJECT_API}/statistics/project/money/${projectId}`, undefined, { signal }),
    staleTime: 0,
    retry: false,
  });

export interface FigureRows {
  records: Record<string, unknown>[];
  total: number;
  current: number;
  size: number;
  /** The figure: the sum of all its rows. */
  sum: string;
}

/** The rows one figure sums (a figure key of core project-statement.ts, or `invoiced`), a page of them. */
export const figureRowsQuery = (projectId: string, figure: string, current: number, size: number) =>
  queryOptions({
    queryKey: statementKeys.call('rows', projectId, figure, current, size),
    queryFn: ({ signal }) => get<FigureRows>(`${LEDGER_PROJECT_API}/get/project-money/list`, { projectId, figure, current, size }, { signal }),
    staleTime: 0,
    retry: false,
  });

export type ReportGroup = 'project' | 'dept' | 'leader' | 'customer';

export interface ReportRow {
  /** The project's id, or the group's (department, leader, client). */
  key: string;
  id?: string;
  projectName?: string;
  projectNum?: string;
  deptId?: string;
  deptName?: string;
  leaderUser?: string;
  leaderName?: string;
  customerId?: string;
  customerName?: string;
  projectCount: number;
  contractAmount: string;
  invoiced: string;
  collect: string;
  outstanding: string;
  cost: string;
  labour: string;
  settlement: string;
  income: string;
  expend: string;
  profit: string;
  margin: string | null;
}

export interface ReportPage {
  records: ReportRow[];
  total: number;
  current: number;
  size: number;
  groupBy: ReportGroup;
  totals: Record<string, string | null>;
}

/** The cross-project report (GET hjlProject/list/income_expend): filters, groupBy, ascs/descs, current, size. */
export const reportQuery = (params: Query) =>
  queryOptions({
    queryKey: statementKeys.call('report', params),
    queryFn: ({ signal }) => get<ReportPage>(`${PROJECT_API}/list/income_expend`, params, { signal }),
    placeholderData: (prev) => prev,
    retry: false,
  });

/** The report as an Excel workbook (the same filters, grouping and order). */
export const exportReport = (params: Query) => download(`${PROJECT_API}/list/income_expend/export`, params);
// Labour fees (劳务费): the record with its persons, the calculations of a project's period.
export const LABOUR_API = labourFeeEntity.api;
export const labourKeys = queryKeys.entity(LABOUR_API);

export interface LabourPerson {
  id?: string;
  userId?: string | null;
  userName?: string | null;
  personName?: string | null;
  bankName?: string | null;
  bankAccount?: string | null;
  shareRatio: string;
  amount?: string;
  taxAmount?: string;
  netAmount?: string;
  remark?: string | null;
}

export interface LabourOught {
  labourRatio: string;
  collectAmount: string;
  expenseAmount: string;
  oughtAmount: string;
}

/** A labour fee with its persons (form and view). */
export const labourDetailQuery = (id: string | null) =>
  queryOptions({
    queryKey: labourKeys.detail(id),
    queryFn: ({ signal }) => get<ListRowOf<typeof labourFeeEntity> & { persons?: LabourPerson[] }>(`${LABOUR_API}/detail`, { id }, { signal }),
    enabled: id !== null,
    gcTime: 0,
  });

/** What a project's period may pay: collections × ratio − expenses (the server's rule). */
export const labourOughtQuery = (projectId: string | null, periodStart?: string, periodEnd?: string, labourRatio?: string) =>
  queryOptions({
    queryKey: labourKeys.call('ought', projectId, periodStart ?? '', periodEnd ?? '', labourRatio ?? ''),
    queryFn: ({ signal }) =>
      get<LabourOught>(
        `${LABOUR_API}/calculate/ought-to/${projectId}`,
        { periodStart, periodEnd, ...(labourRatio ? { labourRatio } : {}) },
        { signal, silent: true },
      ),
    enabled: !!projectId && !!periodStart && !!periodEnd,
    retry: false,
  });

/** Saves (a draft) or saves and starts (提交审批: 劳务费申请, then 劳务费发放) a labour fee with its persons. */
export const saveLabour = (body: Record<string, unknown>, how: 'save' | 'update' | 'start') => post<unknown>(`${LABOUR_API}/${how}`, body);

// ---------------------------------------------------------------------------------------------------------------
// Project expenses (项目费用申请) and their payment (项目付款).
export const EXPENSE_API = projectExpenseEntity.api;
export const MY_EXPENSES_URL = `${EXPENSE_API}/my`;
export const EXPENSE_PAY_API = projectExpensePayEntity.api;
export const expenseKeys = queryKeys.entity(EXPENSE_API);

export interface ExpenseLine {
  id?: string;
  expenseDate?: string;
  expenseType?: number | string;
  amount?: string;
  bills?: number | null;
  remark?: string | null;
}

export interface ExpenseStatistics {
  count: number;
  applyMoney: string;
  approvedMoney: string;
  paidMoney: string;
  pendingMoney: string;
}

/** An expense with its lines (form and view). */
export const expenseDetailQuery = (id: string | null) =>
  queryOptions({
    queryKey: expenseKeys.detail(id),
    queryFn: ({ signal }) => get<Record<string, unknown> & { lines?: ExpenseLine[] }>(`${EXPENSE_API}/detail`, { id }, { signal }),
    enabled: id !== null,
    gcTime: 0,
  });

/** The caller's own sums (我的项目费用). */
export const expenseStatisticsQuery = () =>
  queryOptions({
    queryKey: expenseKeys.call('statistics'),
    queryFn: ({ signal }) => get<ExpenseStatistics>(`${EXPENSE_API}/statistics/money`, undefined, { signal }),
  });

/** Saves (a draft) or saves and starts (提交审批, projectApplyExpence) an expense with its lines. */
export const saveExpense = (body: Record<string, unknown>, how: 'save' | 'update' | 'start') => post<unknown>(`${EXPENSE_API}/${how}`, body);
/** Pays an approved expense: the payment form, started on projectMakePayment. */
export const payExpense = (expenseId: string, payment: Record<string, unknown>) => post<unknown>(`${EXPENSE_PAY_API}/start`, { ...payment, expenseId });

/** The unclaimed money (待认领款项, finance's list) a collection may claim, newest first. */
export const pendingMoneyQuery = () =>
  queryOptions({
    queryKey: collectKeys.call('pending-money'),
    queryFn: ({ signal }) =>
      get<{ records: Record<string, unknown>[] }>('/api/business/hjlPendingAccount/list', { size: 100, descs: 'transactionDate' }, { signal }),
  });

/** Takes unclaimed bank money (its ledger row) as a collection of a project (认领). */
export const claimAsCollection = (body: { incomeExpendId: string; projectId: string; collectType: number }) =>
  post<Record<string, unknown>>(`${COLLECT_MORE_API}/claim`, body);

// ---------------------------------------------------------------------------------------------------------------
// 项目完工 (a project without a settlement) and 完工付款 (an approved settlement's fee, the payment form).
export const COMPLETION_API = projectCompletionEntity.api;
export const COMPLETION_PAY_API = projectCompletionPayEntity.api;
export const SETTLEMENT_API = projectDecisionEntity.api;
export const settlementKeys = queryKeys.entity(SETTLEMENT_API);

/** 发起完工: saves and starts a project's completion (projectCompletion). */
export const startCompletion = (body: { projectId: string; completionDate: string; summary?: string }) => post<unknown>(`${COMPLETION_API}/start`, body);
/** 完工付款: pays an approved settlement's fee (projectCompletionPay) with the payment form; the amount defaults to the fee. */
export const payCompletionFee = (decisionId: string, payment: Record<string, unknown>) =>
  post<unknown>(`${COMPLETION_PAY_API}/start`, { ...payment, decisionId });

/** A settlement as the 结算记录 picker shows it (approval status, fee and whether it is paid). */
export interface SettlementOption {
  id: string;
  projectName: string | null;
  settlementFee: string | null;
  status: number;
  feePayStatus?: number;
}

/** The caller's approved settlements (their fee's payment state decorated by the server), for the 结算记录 picker. */
export const approvedSettlementsQuery = () =>
  queryOptions({
    queryKey: settlementKeys.options('approved'),
    queryFn: ({ signal }) =>
      get<{ records: SettlementOption[] }>(`${SETTLEMENT_API}/list`, { current: 1, size: 500, status: 2, descs: 'createTime' }, { signal, silent: true }),
    staleTime: 30_000,
    retry: false,
  });
