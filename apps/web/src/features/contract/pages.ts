/** The contract pages (合同管理): the list, a contract's detail page (no tab), the report; the customer's 合同 tab. */
import { contractEntity, permissionCodes } from '@hjl/core';
import { lazy } from 'react';
import { lazyPage } from '../../app/lazyPage';
import { entityPage, type DetailTab, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(contractEntity, () => import('./ContractPage')),
  {
    path: '/contract/hjlContractDetail/:id',
    component: lazyPage(() => import('./ContractDetailPage')),
    title: { zh: '合同详情', en: 'Contract' },
    open: true,
  },
  { path: '/contract/contractReport', component: lazyPage(() => import('./ContractReportPage')), title: { zh: '合同统计', en: 'Contract report' } },
];

/** The customer's contracts on its detail page: the contract list (search, approval status, 详情 …) confined to it. */
export const detailTabs: DetailTab[] = [
  {
    host: 'customer',
    order: 10,
    tab: {
      key: 'contract',
      label: { zh: '合同', en: 'Contracts' },
      code: permissionCodes(contractEntity).view,
      List: lazy(() => import('./ContractPage').then((m) => ({ default: m.ContractList }))),
    },
  },
];
