/**
 * The pages of the main layout: a menu path (or route pattern) → its lazily loaded page. A menu item whose
 * path is not here leads to /404. Add a page here and nowhere else.
 */
import {
  attachEntity, backupsEntity, datasourceEntity, ossEntity, putDatabaseEntity, smsEntity,
  clientEntity, deptEntity, wfProxyEntity, dictBizEntity, dictEntity, noticeEntity, paramEntity, postEntity, regionEntity, tenantEntity, tenantPackageEntity, topmenuEntity, userEntity, type Label } from '@hjl/core';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';

export interface PageEntry {
  /** Route pattern (react-router syntax, e.g. `/project/detail/:id`). */
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** Tab label when the menu does not name the page. */
  title?: Label;
}

export const pages: PageEntry[] = [
  { path: '/wel/index', component: lazy(() => import('./wel/WelcomePage')), title: { zh: '工作台', en: 'Workbench' } },
  { path: paramEntity.path, component: lazy(() => import('./system/param/ParamPage')), title: paramEntity.label },
  { path: noticeEntity.path, component: lazy(() => import('./desk/notice/NoticePage')), title: noticeEntity.label },
  { path: userEntity.path, component: lazy(() => import('./system/user/UserPage')), title: userEntity.label },
  { path: '/info/index', component: lazy(() => import('./info/ProfilePage')), title: { zh: '个人信息', en: 'Profile' } },
  { path: tenantEntity.path, component: lazy(() => import('./system/tenant/TenantPage')), title: tenantEntity.label },
  { path: tenantPackageEntity.path, component: lazy(() => import('./system/tenantpackage/TenantPackagePage')), title: tenantPackageEntity.label },
  { path: clientEntity.path, component: lazy(() => import('./system/client/ClientPage')), title: clientEntity.label },
  { path: dictEntity.path, component: lazy(() => import('./system/dict/SystemDictPage')), title: dictEntity.label },
  { path: dictBizEntity.path, component: lazy(() => import('./system/dictbiz/DictBizPage')), title: dictBizEntity.label },
  { path: deptEntity.path, component: lazy(() => import('./system/dept/DeptPage')), title: deptEntity.label },
  { path: postEntity.path, component: lazy(() => import('./system/post/PostPage')), title: postEntity.label },
  { path: regionEntity.path, component: lazy(() => import('./system/region/RegionPage')), title: regionEntity.label },
  { path: topmenuEntity.path, component: lazy(() => import('./system/topmenu/TopMenuPage')), title: topmenuEntity.label },
  { path: ossEntity.path, component: lazy(() => import('./resource/oss/OssPage')), title: ossEntity.label },
  { path: attachEntity.path, component: lazy(() => import('./resource/attach/AttachPage')), title: attachEntity.label },
  { path: smsEntity.path, component: lazy(() => import('./resource/sms/SmsPage')), title: smsEntity.label },
  { path: '/monitor/log/usual', component: lazy(() => import('./monitor/log/usual/UsualLogPage')), title: { zh: '通用日志', en: 'Usual logs' } },
  { path: '/monitor/log/api', component: lazy(() => import('./monitor/log/api/ApiLogPage')), title: { zh: '接口日志', en: 'API logs' } },
  { path: '/monitor/log/error', component: lazy(() => import('./monitor/log/error/ErrorLogPage')), title: { zh: '错误日志', en: 'Error logs' } },
  { path: datasourceEntity.path, component: lazy(() => import('./tool/datasource/DatasourcePage')), title: datasourceEntity.label },
  { path: backupsEntity.path, component: lazy(() => import('./tool/backups/BackupsPage')), title: backupsEntity.label },
  { path: putDatabaseEntity.path, component: lazy(() => import('./tool/putDatabase/PutDatabasePage')), title: putDatabaseEntity.label },
  { path: wfProxyEntity.path, component: lazy(() => import('./workflow/proxy/ProxyPage')), title: wfProxyEntity.label },
];

/** The page that serves a pathname, if any. */
export function findPage(pathname: string): PageEntry | undefined {
  return pages.find((page) => matchPath({ path: page.path, end: true }, pathname));
}
