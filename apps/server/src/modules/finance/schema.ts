/**
 * The finance tables (BUSINESS.md WP4), each derived from its definition, with the indexes its lists and rules
 * need. The ledger's partial unique index on the producing record (tenant, biz_type, biz_id) is what makes a
 * posting idempotent: a hook that runs twice writes one row.
 */
import {
  accountHisInfoEntity,
  accountInfoEntity,
  accountSettlementEntity,
  applyExpenseEntity,
  applyExpenseInfoEntity,
  applyPaymentEntity,
  applyRefundEntity,
  budgetExpendEntity,
  expendFromEntity,
  financeFormEntity,
  fullTaxEntity,
  incomeExpendEntity,
  lendMoneyEntity,
  paymentHisEntity,
  pendingAccountEntity,
  returnMoneyEntity,
  userAccountEntity,
} from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

const live = sql`is_deleted = 0`;

export const accountInfos = entityTable(accountInfoEntity);
export const accountHisInfos = entityTable(accountHisInfoEntity, (t) => [index('hjl_account_his_info_account_idx').on(t.accountInfoId, t.operateTime)]);
export const userAccounts = entityTable(userAccountEntity, (t) => [index('hjl_user_account_user_idx').on(t.tenantId, t.userId).where(live)]);

/**
 * The ledger: listed by date (the list index), by account and date, by account, type and date (covering the count
 * and sums of the list), by project; one row per producing record.
 */
export const incomeExpends = entityTable(incomeExpendEntity, (t) => [
  uniqueIndex('hjl_income_expend_biz_uq')
    .on(t.tenantId, t.bizType, t.bizId)
    .where(sql`biz_type IS NOT NULL`),
  index('hjl_income_expend_account_idx').on(t.tenantId, t.accountInfoId, t.transactionDate, t.id).where(live),
  // The list filtered by account and type over a date range (the bench's query): its page in date order, and its
  // count with the sums (status, amount) from the index alone.
  index('hjl_income_expend_account_type_idx').on(t.tenantId, t.accountInfoId, t.incomeOrExpend, t.transactionDate, t.id, t.status, t.tradeAmount).where(live),
  index('hjl_income_expend_type_idx').on(t.tenantId, t.incomeOrExpend, t.transactionDate, t.id).where(live),
  index('hjl_income_expend_project_idx').on(t.tenantId, t.projectId).where(live),
  // The row a record claimed (a claimed collection's income-expend/{id}).
  index('hjl_income_expend_claim_idx')
    .on(t.tenantId, t.claimBizType, t.claimBizId)
    .where(sql`claim_biz_type IS NOT NULL`),
]);

export const applyPayments = entityTable(applyPaymentEntity, (t) => [index('hjl_apply_payment_user_idx').on(t.tenantId, t.applyUser)]);
export const applyExpenses = entityTable(applyExpenseEntity, (t) => [index('hjl_apply_expense_user_idx').on(t.tenantId, t.applyUser)]);
export const applyExpenseInfos = entityTable(applyExpenseInfoEntity, (t) => [
  index('hjl_apply_expense_info_claim_idx').on(t.applyExpenseId),
  index('hjl_apply_expense_info_budget_idx').on(t.budgetId),
]);
export const budgetExpends = entityTable(budgetExpendEntity, (t) => [
  index('hjl_budget_expend_dept_idx').on(t.tenantId, t.deptId, t.budgetYear, t.budgetType).where(live),
]);
export const expendFroms = entityTable(expendFromEntity, (t) => [index('hjl_expend_from_user_idx').on(t.tenantId, t.applyUser)]);
export const applyRefunds = entityTable(applyRefundEntity, (t) => [index('hjl_apply_refund_user_idx').on(t.tenantId, t.applyUser)]);
export const lendMoneys = entityTable(lendMoneyEntity, (t) => [index('hjl_apply_lend_return_money_user_idx').on(t.tenantId, t.applyUser)]);
export const returnMoneys = entityTable(returnMoneyEntity, (t) => [index('hjl_apply_return_money_lend_idx').on(t.lendId)]);
export const fullTaxes = entityTable(fullTaxEntity);
export const financeForms = entityTable(financeFormEntity, (t) => [index('hjl_finance_form_user_idx').on(t.tenantId, t.applyUser)]);
export const pendingAccounts = entityTable(pendingAccountEntity, (t) => [
  uniqueIndex('hjl_pending_account_row_uq').on(t.tenantId, t.incomeExpendId).where(live),
]);
/** Payments by the record paid (one live payment at a time per record, checked under a lock of that record). */
export const paymentHis = entityTable(paymentHisEntity, (t) => [index('hjl_payment_his_biz_idx').on(t.tenantId, t.bizType, t.bizId)]);
export const accountSettlements = entityTable(accountSettlementEntity);
