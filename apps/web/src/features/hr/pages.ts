/**
 * The people pages (人事管理): the staff files (a person's file page with its tabs, 我的档案), certificates with
 * sharing, the derived list pages of the other records, 人事统计; assets list through `asset/page`.
 */
import {
  assetEntity,
  socialSecurityEntity,
  staffFileEntity,
  userCertificateEntity,
  userEducationEntity,
  userHomeInfoEntity,
  userOuterEntity,
  userSocialSecurityEntity,
  userWorkHisEntity,
  workContractEntity,
} from '@hjl/core';
import { createElement } from 'react';
import { lazyPage } from '../../app/lazyPage';
import { entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(staffFileEntity, () => import('./StaffFileListPage')),
  {
    path: `${staffFileEntity.path}/detail/:userId`,
    component: lazyPage(() => import('./StaffFilePage')),
    title: { zh: '员工档案详情', en: 'Staff file' },
    open: true,
  },
  {
    path: '/hr/myFile',
    component: lazyPage(() => import('./StaffFilePage').then((m) => ({ default: m.MyFilePage }))),
    title: { zh: '我的档案', en: 'My file' },
  },
  { path: '/hr/report', component: lazyPage(() => import('./HrReportPage')), title: { zh: '人事统计', en: 'People statistics' } },
  entityPage(userEducationEntity),
  entityPage(userWorkHisEntity),
  entityPage(userHomeInfoEntity),
  entityPage(userCertificateEntity, () => import('./StaffFileListPage').then((m) => ({ default: () => createElement(m.CertificatePage) }))),
  entityPage(workContractEntity),
  entityPage(userSocialSecurityEntity),
  entityPage(socialSecurityEntity),
  entityPage(userOuterEntity),
  entityPage(assetEntity, () =>
    Promise.all([import('../../components/CrudPage'), import('./api')]).then(([{ CrudPage }, { assetListUrl }]) => ({
      default: () => createElement(CrudPage, { def: assetEntity, listUrl: assetListUrl }),
    })),
  ),
];
