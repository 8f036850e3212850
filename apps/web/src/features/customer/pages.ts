/**
 * The customer pages (客户管理): the list and its detail page (no tab; other areas add their lists of the customer as
 * tabs, `detailTabs` of their pages.ts), my customers, each kind of record, enterprise information, the report.
 */
import { customerAccountEntity, customerChanceEntity, customerContactsEntity, customerEntity, customerInvoiceEntity, customerVisitEntity } from '@hjl/core';
import { lazyPage } from '../../app/lazyPage';
import { detailPage, entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(customerEntity, () => import('./CustomerPage')),
  { path: '/marketing/hjlCustomer/my', component: lazyPage(() => import('./MyCustomerPage')), title: { zh: '我的客户', en: 'My customers' } },
  {
    path: '/marketing/hjlCustomersDetail/:id',
    component: detailPage('customer', () => import('./CustomerDetailPage')),
    title: { zh: '客户详情', en: 'Customer' },
    open: true,
  },
  entityPage(customerContactsEntity, () => import('./ContactsPage')),
  entityPage(customerVisitEntity, () => import('./VisitPage')),
  entityPage(customerAccountEntity, () => import('./AccountPage')),
  entityPage(customerInvoiceEntity, () => import('./InvoicePage')),
  entityPage(customerChanceEntity, () => import('./ChancePage')),
  {
    path: '/marketing/enterprise',
    component: lazyPage(() => import('./EnterprisePage')),
    title: { zh: '企业信息查询', en: 'Enterprise information' },
  },
  { path: '/marketing/customerReport', component: lazyPage(() => import('./CustomerReportPage')), title: { zh: '客户统计', en: 'Customer report' } },
];
