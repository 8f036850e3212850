/**
 * Project money's pages (BUSINESS.md WP3): collections, invoices, labour fees, settlements, expenses (all and mine),
 * 项目完工 and 完工付款 (their lists in approval mode, started from the settlement list and the 结算 tab), the
 * cross-project report; and its lists confined to a project or a customer as tabs of their detail pages.
 */
import {
  invoiceEntity,
  labourFeeEntity,
  permissionCodes,
  projectCollectEntity,
  projectCompletionEntity,
  projectCompletionPayEntity,
  projectDecisionEntity,
  projectExpenseEntity,
} from '@hjl/core';
import { lazy } from 'react';
import type { RelatedTab } from '../../components/RelatedTab';
import { lazyPage } from '../../app/lazyPage';
import { entityPage, type DetailTab, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(projectCollectEntity, () => import('./CollectPage')),
  entityPage(invoiceEntity, () => import('./InvoicePage')),
  entityPage(labourFeeEntity, () => import('./LabourPage')),
  entityPage(projectDecisionEntity, () => import('./SettlementPage')),
  entityPage(projectExpenseEntity, () => import('./ExpensePage')),
  entityPage(projectCompletionEntity),
  entityPage(projectCompletionPayEntity),
  {
    path: `${projectExpenseEntity.path}/my`,
    component: lazyPage(() => import('./MyExpensePage')),
    title: { zh: '我的项目费用', en: 'My project expenses' },
  },
  {
    path: '/hjlProject/incomeExpend',
    component: lazyPage(() => import('./ProjectMoneyReportPage')),
    title: { zh: '项目收支', en: 'Project income and expense' },
  },
];

const invoiceTab: RelatedTab = {
  key: 'invoice',
  label: { zh: '开票', en: 'Invoices' },
  code: permissionCodes(invoiceEntity).view,
  List: lazy(() => import('./InvoicePage').then((m) => ({ default: m.InvoiceList }))),
};
const collectTab: RelatedTab = {
  key: 'collect',
  label: { zh: '收款', en: 'Collections' },
  code: permissionCodes(projectCollectEntity).view,
  List: lazy(() => import('./CollectPage').then((m) => ({ default: m.CollectList }))),
};

/** The project's money on its detail page (开票, 收款, 劳务费, 结算, 费用, 收支), and the customer's collections and invoices. */
export const detailTabs: DetailTab[] = [
  { host: 'project', order: 10, tab: invoiceTab },
  { host: 'project', order: 20, tab: collectTab },
  {
    host: 'project',
    order: 30,
    tab: {
      key: 'labour',
      label: { zh: '劳务费', en: 'Labour fees' },
      code: permissionCodes(labourFeeEntity).view,
      List: lazy(() => import('./LabourPage').then((m) => ({ default: m.LabourList }))),
    },
  },
  {
    host: 'project',
    order: 40,
    tab: {
      key: 'settlement',
      label: { zh: '结算', en: 'Settlement' },
      code: permissionCodes(projectDecisionEntity).view,
      List: lazy(() => import('./SettlementPage').then((m) => ({ default: m.SettlementList }))),
    },
  },
  {
    host: 'project',
    order: 50,
    tab: {
      key: 'expense',
      label: { zh: '费用', en: 'Expenses' },
      code: permissionCodes(projectExpenseEntity).view,
      List: lazy(() => import('./ExpensePage').then((m) => ({ default: m.ExpenseList }))),
    },
  },
  {
    // The project 360 view: its money from the ledger, each figure opening its rows.
    host: 'project',
    order: 60,
    tab: { key: 'money', label: { zh: '收支', en: 'Money' }, code: 'project_income_expend', List: lazy(() => import('./ProjectMoney')) },
  },
  { host: 'customer', order: 30, tab: collectTab },
  { host: 'customer', order: 40, tab: invoiceTab },
];
