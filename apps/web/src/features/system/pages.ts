/** The system pages (系统管理) and the notices (通知公告). */
import {
  clientEntity,
  deptEntity,
  dictBizEntity,
  dictEntity,
  menuEntity,
  noticeEntity,
  paramEntity,
  postEntity,
  regionEntity,
  tenantEntity,
  tenantPackageEntity,
  topmenuEntity,
  userEntity,
} from '@hjl/core';
import { lazyPage } from '../../app/lazyPage';
import { entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(paramEntity),
  entityPage(noticeEntity),
  entityPage(userEntity, () => import('./user/UserPage')),
  entityPage(tenantEntity, () => import('./tenant/TenantPage')),
  entityPage(tenantPackageEntity, () => import('./tenantpackage/TenantPackagePage')),
  entityPage(clientEntity, () => import('./client/ClientPage')),
  entityPage(dictEntity, () => import('./dict/SystemDictPage')),
  entityPage(dictBizEntity, () => import('./dictbiz/DictBizPage')),
  // The dictionary as a parent list with the entries beside or below it (S2 L36-37), open to every signed-in user.
  {
    path: '/dict-horizontal/index',
    component: lazyPage(() => import('./dict/DictSplitPage').then((m) => ({ default: m.DictHorizontalPage }))),
    title: { zh: '字典(横向)', en: 'Dictionary (horizontal)' },
    open: true,
  },
  {
    path: '/dict-vertical/index',
    component: lazyPage(() => import('./dict/DictSplitPage').then((m) => ({ default: m.DictVerticalPage }))),
    title: { zh: '字典(纵向)', en: 'Dictionary (vertical)' },
    open: true,
  },
  entityPage(deptEntity, () => import('./dept/DeptPage')),
  entityPage(postEntity),
  entityPage(regionEntity, () => import('./region/RegionPage')),
  entityPage(topmenuEntity, () => import('./topmenu/TopMenuPage')),
  entityPage(menuEntity, () => import('./menu/MenuPage')),
];
