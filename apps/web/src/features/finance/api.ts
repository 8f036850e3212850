/**
 * Finance (财务管理, BUSINESS.md WP4): the calls of the area and their query options. URLs and keys live
 * here only (keys from app/queryKeys: the records of each definition's `api`).
 * - the ledger (收支明细) is `hjlIncomeExpends`: `POST list` with the conditions in the body and the range
 *   `start_transactionDate` / `end_transactionDate`, hand entries by `save` / `update` (in effect at once), `remove`,
 *   `reset/get/{id}` (重置认领) and the Excel export with the list's conditions;
 * - internal accounts: `setting/practical`, `sum-practical/{id}` and their history (`hjlAccountHisInfo`);
 * - expense claims: `my`, `statistics/money`, budgets' `check/{id}`; loans: `return-money/{id}`;
 * - pending money: `submitApproval` of several rows in one batch.
 */
import {
  accountHisInfoEntity,
  accountInfoEntity,
  applyExpenseEntity,
  applyPaymentEntity,
  applyRefundEntity,
  budgetExpendEntity,
  financeFormEntity,
  incomeExpendEntity,
  lendMoneyEntity,
  paymentHisEntity,
  pendingAccountEntity,
  returnMoneyEntity,
  type ChartData,
  type EntityDef,
  type Page,
} from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { get, post, type Query } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import type { ListSource, Row } from '../../components/CrudPage';

// ---------------------------------------------------------------------------------------------------------------
// The ledger

export const LEDGER_API = '/api/business/hjlIncomeExpends';
/**
 * The ledger as CrudPage works it: the rows of `hjl_income_expend` under `hjlIncomeExpends` (detail, save, update,
 * remove, export there; the list is the POST list of `ledgerList`). Same name, so the same permission codes.
 */
export const ledgerEntity: EntityDef = { ...incomeExpendEntity, api: LEDGER_API, routes: ['list', 'detail', 'save', 'update', 'remove'] };
export const ledgerKeys = queryKeys.entity(LEDGER_API);

/** What a page of the ledger answers besides its rows: the sums of income and expense in effect (when counted exactly). */
export interface LedgerSums {
  incomeTotal: string | null;
  expendTotal: string | null;
  totalExact?: boolean;
}

/**
 * A search form's date range on `transactionDate` (`transactionDate_dategt` the second before the first day,
 * `transactionDate_datelt` the start of the day after the last, components/CrudPage dateRangeQuery) as the ledger
 * list takes it: whole days `start_transactionDate` / `end_transactionDate` (yyyy-MM-dd).
 */
export function ledgerConditions(params: Query): Query {
  const out: Query = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'transactionDate_dategt') out.start_transactionDate = dayjs(String(value)).add(1, 'second').format('YYYY-MM-DD');
    else if (key === 'transactionDate_datelt') out.end_transactionDate = dayjs(String(value)).subtract(1, 'second').format('YYYY-MM-DD');
    else out[key] = value;
  }
  return out;
}

/** The ledger's pages: paging in the query, the conditions in the body (`onSums` gets the sums of each page). */
export function ledgerList(onSums?: (sums: LedgerSums) => void): ListSource<Row> {
  return {
    key: ledgerKeys.lists(),
    fetch: async (params, signal) => {
      const { current, size, ...rest } = params;
      const answer = await post<Page<Row> & LedgerSums>(`${LEDGER_API}/list`, ledgerConditions(rest), { current, size }, { signal });
      onSums?.({ incomeTotal: answer.incomeTotal ?? null, expendTotal: answer.expendTotal ?? null, totalExact: answer.totalExact });
      return answer.totalExact === false ? { ...answer, totalEstimated: true } : answer;
    },
  };
}

/** 重置认领: a claimed income row becomes unclaimed again (a pending account to claim anew). */
export const resetClaim = (id: string) => get<{ id: string; isKnowGet: number }>(`${LEDGER_API}/reset/get/${id}`);

// ---------------------------------------------------------------------------------------------------------------
// Internal accounts

export const accountKeys = queryKeys.entity(accountInfoEntity.api);
export const accountHisKeys = queryKeys.entity(accountHisInfoEntity.api);

export interface AccountSums {
  id: string;
  accountName: string;
  accountNum: string;
  openingBalance: string;
  incomeAmount: string;
  expendAmount: string;
  sumPractical: string;
  balance: string;
  practicalAmount: string | null;
  practicalTime: string | null;
  difference: string | null;
}

/** 汇总: opening + Σ income − Σ expense in effect, the book balance and the practical amount with the difference. */
export const sumPracticalQuery = (id: string | null) =>
  queryOptions({
    queryKey: accountKeys.call('sum-practical', id),
    queryFn: ({ signal }) => get<AccountSums>(`${accountInfoEntity.api}/sum-practical/${id}`, undefined, { signal }),
    enabled: !!id,
  });

/** 设置实际金额: the counted balance after reconciliation (written to the account's history). */
export const settingPractical = (body: { id: string; practicalAmount: string; remark?: string | null }) =>
  post<{ id: string; practicalAmount: string }>(`${accountInfoEntity.api}/setting/practical`, body);

/** The history of one account (变动历史), newest first. */
export const accountHistoryQuery = (accountInfoId: string | null, current: number, size: number) =>
  queryOptions({
    queryKey: accountHisKeys.call('of-account', accountInfoId, current, size),
    queryFn: ({ signal }) => get<Page<Row>>(`${accountHisInfoEntity.api}/list`, { accountInfoId, current, size, descs: 'operateTime' }, { signal }),
    enabled: !!accountInfoId,
  });

// ---------------------------------------------------------------------------------------------------------------
// Expense claims

export const CLAIM_API = applyExpenseEntity.api;
export const claimKeys = queryKeys.entity(CLAIM_API);
/** 我的报销: the caller's own claims. */
export const MY_CLAIMS_URL = `${CLAIM_API}/my`;

export interface ClaimLine {
  expenseDate: string;
  expenseType: number | string;
  amount: string;
  billCount?: number | null;
  remark?: string | null;
}

/** A claim with its lines (the detail decorates the record with `lines`), fetched afresh on every opening. */
export const claimDetailQuery = (id: string | null) =>
  queryOptions({
    queryKey: claimKeys.detail(id),
    queryFn: ({ signal }) => get<Row & { lines?: (ClaimLine & { id: string })[] }>(`${CLAIM_API}/detail`, { id }, { signal }),
    enabled: id !== null,
    gcTime: 0,
  });

/** Saves a claim with its lines (a draft, 未发起). */
export const saveClaim = (body: Record<string, unknown>, editing: boolean) => post<{ id: string }>(`${CLAIM_API}/${editing ? 'update' : 'save'}`, body);
/** Saves and starts a claim in one call (提交审批; the budgets are checked there: 超出预算,剩余可用金额为x元). */
export const startClaim = (body: Record<string, unknown>) => post<{ id: string }>(`${CLAIM_API}/start`, body);

export interface ClaimStatistics {
  count: number;
  applyMoney: string;
  approvedMoney: string;
  paidMoney: string;
  byUser: { applyUser: string; applyUserName: string; count: number; applyMoney: string; approvedMoney: string; paidMoney: string }[];
}

/** 报销金额统计: applied (under approval or approved), approved and paid — the caller's own with `my`. */
export const claimStatisticsQuery = (my: boolean) =>
  queryOptions({
    queryKey: claimKeys.call('statistics', my),
    queryFn: ({ signal }) => get<ClaimStatistics>(`${CLAIM_API}/statistics/money`, my ? { my: 'true' } : {}, { signal }),
  });

export interface BudgetCheck {
  id: string;
  budgetAmount: string;
  usedAmount: string;
  pendingAmount: string;
  remaining: string;
}

/** 预算检查: what a budget still allows; with `amount`, an overrun is refused (超出预算,剩余可用金额为x元). */
export const checkBudget = (id: string, amount?: string) => get<BudgetCheck>(`${budgetExpendEntity.api}/check/${id}`, amount ? { amount } : undefined);

// ---------------------------------------------------------------------------------------------------------------
// Loans and repayments

export const lendKeys = queryKeys.entity(lendMoneyEntity.api);

/** The repayments of a loan (还款记录). */
export const returnMoneyQuery = (lendId: string | null) =>
  queryOptions({
    queryKey: lendKeys.call('return-money', lendId),
    queryFn: ({ signal }) => get<Row[]>(`${lendMoneyEntity.api}/return-money/${lendId}`, undefined, { signal }),
    enabled: !!lendId,
  });

/** Starts a repayment of a loan (还款: its approval, the cashier's payment information at the last node). */
export const startRepayment = (body: Record<string, unknown>) => post<{ id: string }>(`${returnMoneyEntity.api}/start`, body);

// ---------------------------------------------------------------------------------------------------------------
// Pending money

/** 认领: several pending rows in one batch approval. */
export const submitPendingClaim = (ids: readonly string[]) => post<unknown>(`${pendingAccountEntity.api}/submitApproval`, { ids: ids.join(',') });

// ---------------------------------------------------------------------------------------------------------------
// Finance forms

export const FINANCE_FORM_API = financeFormEntity.api;
export const financeFormKeys = queryKeys.entity(FINANCE_FORM_API);
export interface FormLine {
  name: string;
  amount: string;
}
/** A finance form; its lines are the JSON text `content`. */
export const financeFormDetailQuery = (id: string | null) =>
  queryOptions({
    queryKey: financeFormKeys.detail(id),
    queryFn: ({ signal }) => get<Row>(`${FINANCE_FORM_API}/detail`, { id }, { signal }),
    enabled: id !== null,
    gcTime: 0,
  });
/** Saves a finance form with its lines (a draft), or saves and starts it (提交审批). */
export const saveFinanceForm = (body: Record<string, unknown>, start: boolean) =>
  post<{ id: string }>(`${FINANCE_FORM_API}/${start ? 'start' : 'submit'}`, body);

// ---------------------------------------------------------------------------------------------------------------
// Payments of approved applications

/**
 * Pays an approved application (付款, makePayment; a refund's payment is refundMakePay): a payment record with the
 * payment information, started for approval; approved, it writes the ledger and marks the application paid.
 */
export const startPayment = (body: Record<string, unknown>) => post<{ id: string }>(`${paymentHisEntity.api}/start`, body);

// ---------------------------------------------------------------------------------------------------------------
// 财务报表

export const FINANCE_REPORT_API = '/api/business/report/finance';

interface DimensionTotals {
  income: string;
  expend: string;
  net: string;
}
export interface FinanceReport {
  year: number;
  monthly: {
    perMonth: ChartData;
    byCostType: { chart: ChartData; totals: (DimensionTotals & { costType: string | null; costTypeName: string })[] };
    byAccount: { chart: ChartData; totals: (DimensionTotals & { accountInfoId: string | null; accountName: string })[] };
    totals: DimensionTotals & { count: number };
  };
  budget: {
    chart: ChartData;
    rows: {
      deptId: string;
      deptName: string;
      budgets: number;
      budgetAmount: string;
      usedAmount: string;
      pendingAmount: string;
      remaining: string;
      useRate: string;
    }[];
    totals: { budgetAmount: string; usedAmount: string; pendingAmount: string; remaining: string };
  };
  loans: {
    chart: ChartData;
    rows: {
      id: string;
      applyUserName: string;
      applyDeptName: string;
      purpose: string;
      lendAmount: string;
      returnedAmount: string;
      balance: string;
      heldAmount: string;
      planReturnDate: string | null;
      payDate: string | null;
      overdue: boolean;
      overdueDays: number;
    }[];
    totals: { count: number; lendAmount: string; balance: string; heldAmount: string; overdueCount: number; overdueBalance: string };
  };
}

/** The finance report of a year: income and expense per month, by cost type and by account; budgets; loans not repaid. */
export const financeReportQuery = (year: number) =>
  queryOptions({
    queryKey: [...queryKeys.report('finance'), year],
    queryFn: ({ signal }) => get<FinanceReport>(FINANCE_REPORT_API, { year }, { signal }),
  });

/** The applications a payment record may pay, by `bizType` (the table): their list and the field naming them. */
export const PAYABLE_KINDS: Record<string, { api: string; title: string; amount: string }> = {
  [applyExpenseEntity.table]: { api: applyExpenseEntity.api, title: 'title', amount: 'totalAmount' },
  [applyRefundEntity.table]: { api: applyRefundEntity.api, title: 'title', amount: 'refundAmount' },
  [applyPaymentEntity.table]: { api: applyPaymentEntity.api, title: 'title', amount: 'amount' },
  [lendMoneyEntity.table]: { api: lendMoneyEntity.api, title: 'purpose', amount: 'lendAmount' },
};

/** Approved, unpaid applications of a kind (what 付款 may pay), the first 100. */
export const payableQuery = (bizType: string | undefined) => {
  const kind = bizType ? PAYABLE_KINDS[bizType] : undefined;
  return queryOptions({
    queryKey: queryKeys.entity(kind?.api ?? 'none').call('payable'),
    queryFn: ({ signal }) => get<Page<Row>>(`${kind!.api}/list`, { status: 2, payStatus: 0, current: 1, size: 100 }, { signal }),
    enabled: !!kind,
  });
};
