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
  entityPage(deptEntity, () => import('./dept/DeptPage')),
  entityPage(postEntity),
  entityPage(regionEntity, () => import('./region/RegionPage')),
  entityPage(topmenuEntity, () => import('./topmenu/TopMenuPage')),
  entityPage(menuEntity, () => import('./menu/MenuPage')),
];
