/**
 * The archive and KPI pages (档案管理, 绩效考核: BUSINESS.md WP7): archives with their detail page (no tab), borrowings,
 * document templates and record columns, the template library, KPI tasks, one's own KPI, the ranking and project
 * performance; the project detail's 档案 tab.
 */
import {
  archiveApplyEntity,
  archivesColumnEntity,
  archivesEntity,
  archivesTemplateEntity,
  kpiTaskEntity,
  permissionCodes,
  templateLibraryEntity,
} from '@hjl/core';
import { lazy } from 'react';
import { lazyPage } from '../../app/lazyPage';
import { entityPage, type DetailTab, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(archivesEntity, () => import('./ArchivePage')),
  {
    path: '/hjlArchives/hjlArchivesDetail/:id/:type?',
    component: lazyPage(() => import('./ArchiveDetailPage')),
    title: { zh: '档案详情', en: 'Archive' },
    open: true,
  },
  entityPage(archiveApplyEntity, () => import('./ArchiveApplyPage')),
  entityPage(archivesTemplateEntity),
  entityPage(archivesColumnEntity, () => import('./ColumnPage')),
  entityPage(templateLibraryEntity),
  entityPage(kpiTaskEntity),
  { path: '/kpi/kpiParterRecord', component: lazyPage(() => import('./MyKpiPage')), title: { zh: '个人任务明细', en: 'My KPI' } },
  { path: '/kpi/ranking', component: lazyPage(() => import('./RankingPage')), title: { zh: '排行榜', en: 'Ranking' } },
  { path: '/kpi/projectPerformance', component: lazyPage(() => import('./PerformancePage')), title: { zh: '项目绩效', en: 'Project performance' } },
];

export const detailTabs: DetailTab[] = [
  {
    host: 'project',
    order: 70,
    tab: { key: 'archive', label: { zh: '档案', en: 'Archives' }, code: permissionCodes(archivesEntity).view, List: lazy(() => import('./ProjectArchives')) },
  },
];
