/**
 * The branch pages (财务管理 / 分公司管理): the branches and the detail page of one (no tab, S2 L91), each kind of
 * branch record, the dividend pages of S2 L50-51, the withdrawals (approval mode) and the branch statement.
 */
import {
  filialeAccountEntity,
  filialeContractEntity,
  filialeDepositEntity,
  filialeEntity,
  filialeMgmtEntity,
  dividendEntity,
  investInfoEntity,
  withdrawShareEntity,
} from '@hjl/core';
import { lazyPage } from '../../app/lazyPage';
import { entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(filialeEntity, () => import('./BranchPage')),
  {
    path: '/finance/hjlFilialeDetail/:id',
    component: lazyPage(() => import('./BranchDetailPage')),
    title: { zh: '分公司详情', en: 'Branch' },
    open: true,
  },
  entityPage(filialeMgmtEntity),
  entityPage(filialeDepositEntity),
  entityPage(filialeContractEntity),
  entityPage(filialeAccountEntity),
  entityPage(dividendEntity, () => import('./BranchRecords').then((m) => ({ default: m.DividendPage }))),
  {
    path: '/finance/hjlDividend_Details',
    component: lazyPage(() => import('./DividendView').then((m) => ({ default: m.DividendDetailsPage }))),
    title: { zh: '分红详情', en: 'Dividend' },
    open: true,
  },
  {
    path: '/finance/hjlDividend_component_details',
    component: lazyPage(() => import('./DividendView').then((m) => ({ default: m.DividendItemsPage }))),
    title: { zh: '分红利润项目', en: 'Dividend profit items' },
    open: true,
  },
  entityPage(withdrawShareEntity),
  entityPage(investInfoEntity, () => import('./BranchRecords').then((m) => ({ default: m.InvestPage }))),
  { path: '/finance/hjlFilialeStatement', component: lazyPage(() => import('./StatementPage')), title: { zh: '分公司收支', en: 'Branch statement' } },
];
