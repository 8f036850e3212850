/**
 * The guarantee-money pages (保证金, BUSINESS.md WP5): deposits by type with their actions (pay, refund, batch refund,
 * replace, return to a bidder, refund history), the refunds' list (derived from its definition) and the outstanding
 * report.
 */
import { depositEntity, depositRefundEntity } from '@hjl/core';
import { lazyPage } from '../../app/lazyPage';
import { entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(depositEntity, () => import('./DepositPage')),
  entityPage(depositRefundEntity),
  {
    path: `${depositEntity.path}/outstanding`,
    component: lazyPage(() => import('./OutstandingPage')),
    title: { zh: '未退保证金', en: 'Outstanding deposits' },
  },
];
