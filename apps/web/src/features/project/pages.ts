/**
 * The project register's pages (项目管理): the list and a project's detail page (no tab; project money adds its lists
 * as tabs, money/pages.ts), my tasks, templates, seals, quality checks, reminders, the report; the customer's 项目 tab.
 */
import { auditSealEntity, permissionCodes, projectEntity, projectQualityEntity, taskTemplateEntity } from '@hjl/core';
import { lazy } from 'react';
import { lazyPage } from '../../app/lazyPage';
import { detailPage, entityPage, type DetailTab, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(projectEntity, () => import('./ProjectPage')),
  {
    path: '/hjlProject/hjlProjectDetail/:id',
    component: detailPage('project', () => import('./ProjectDetailPage')),
    title: { zh: '项目详情', en: 'Project' },
    open: true,
  },
  { path: '/hjlProject/myTask', component: lazyPage(() => import('./ProjectTasks')), title: { zh: '我的任务', en: 'My tasks' } },
  entityPage(taskTemplateEntity),
  entityPage(auditSealEntity),
  entityPage(projectQualityEntity),
  { path: '/hjlProject/hjlExpireNotice', component: lazyPage(() => import('./ExpireNoticePage')), title: { zh: '到期提醒', en: 'Expiry reminders' } },
  { path: '/hjlProject/projectReport', component: lazyPage(() => import('./ProjectReportPage')), title: { zh: '项目统计', en: 'Project report' } },
];

/** The customer's projects on its detail page: the project list confined to it. */
export const detailTabs: DetailTab[] = [
  {
    host: 'customer',
    order: 20,
    tab: {
      key: 'project',
      label: { zh: '项目', en: 'Projects' },
      code: permissionCodes(projectEntity).view,
      List: lazy(() => import('./ProjectPage').then((m) => ({ default: m.ProjectList }))),
    },
  },
];
