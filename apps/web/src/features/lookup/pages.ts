/** The lookup databases' pages (数据库: 价格库, 人才库, 专家库, 材料库, 知识库, 企业库, 数据导入). */
import { lazyPage } from '../../app/lazyPage';
import type { PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  { path: '/databaseData/price', component: lazyPage(() => import('./PricePage')), title: { zh: '价格库', en: 'Price database' } },
  { path: '/databaseData/talent', component: lazyPage(() => import('./TalentPage')), title: { zh: '人才库', en: 'Talent pool' } },
  { path: '/databaseData/expert', component: lazyPage(() => import('./ExpertPage')), title: { zh: '专家库', en: 'Expert pool' } },
  { path: '/databaseData/material', component: lazyPage(() => import('./MaterialPage')), title: { zh: '材料库', en: 'Materials' } },
  { path: '/databaseData/knowledge', component: lazyPage(() => import('./KnowledgePage')), title: { zh: '知识库', en: 'Knowledge' } },
  { path: '/databaseData/enterprise', component: lazyPage(() => import('./EnterprisePage')), title: { zh: '企业库', en: 'Enterprises' } },
  { path: '/databaseData/import', component: lazyPage(() => import('./ImportPage')), title: { zh: '数据导入', en: 'Import' } },
];
