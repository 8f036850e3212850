/**
 * The finance pages (财务管理, BUSINESS.md WP4): pages of their own where a list has more than its definition (forms
 * with lines, payee pickers, row actions); the other record kinds' lists derive from their definitions.
 */
import {
  accountInfoEntity,
  applyExpenseEntity,
  applyPaymentEntity,
  applyRefundEntity,
  budgetExpendEntity,
  financeEntities,
  financeFormEntity,
  incomeExpendEntity,
  lendMoneyEntity,
  paymentHisEntity,
  pendingAccountEntity,
} from '@hjl/core';
import type { PageModule } from '../../app/lazyPage';
import { lazyPage } from '../../app/lazyPage';
import { entityPage, type PageEntry } from '../../app/pageEntry';

/** Finance pages of their own, by definition name. */
const OWN_PAGES: Record<string, (() => Promise<PageModule>) | undefined> = {
  [incomeExpendEntity.name]: () => import('./LedgerPage'),
  [accountInfoEntity.name]: () => import('./AccountPage'),
  [applyExpenseEntity.name]: () => import('./ClaimPage'),
  [applyPaymentEntity.name]: () => import('./PaymentApplyPage'),
  [lendMoneyEntity.name]: () => import('./LendPage'),
  [applyRefundEntity.name]: () => import('./RefundPage'),
  [budgetExpendEntity.name]: () => import('./BudgetPage'),
  [financeFormEntity.name]: () => import('./FinanceFormPage'),
  [pendingAccountEntity.name]: () => import('./PendingPage'),
  [paymentHisEntity.name]: () => import('./PaymentRecordPage'),
};

export const pages: PageEntry[] = [
  ...financeEntities.map((def) => entityPage(def, OWN_PAGES[def.name])),
  { path: `${applyExpenseEntity.path}/my`, component: lazyPage(() => import('./MyClaimPage')), title: { zh: '我的报销', en: 'My claims' } },
  { path: '/finance/report', component: lazyPage(() => import('./FinanceReportPage')), title: { zh: '财务报表', en: 'Finance report' } },
];
