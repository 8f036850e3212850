/** The log pages (日志管理). */
import { lazyPage } from '../../app/lazyPage';
import type { PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  { path: '/monitor/log/usual', component: lazyPage(() => import('./log/usual/UsualLogPage')), title: { zh: '通用日志', en: 'Usual logs' } },
  { path: '/monitor/log/api', component: lazyPage(() => import('./log/api/ApiLogPage')), title: { zh: '接口日志', en: 'API logs' } },
  { path: '/monitor/log/error', component: lazyPage(() => import('./log/error/ErrorLogPage')), title: { zh: '错误日志', en: 'Error logs' } },
];
