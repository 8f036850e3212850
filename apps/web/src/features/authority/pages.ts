/** The authority pages (权限管理): roles, data and API scopes, and 权限解释. */
import { apiScopeEntity, dataScopeEntity, roleEntity } from '@hjl/core';
import { lazyPage } from '../../app/lazyPage';
import { entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(roleEntity, () => import('./role/RolePage')),
  entityPage(dataScopeEntity, () => import('./scope/DataScopePage')),
  entityPage(apiScopeEntity, () => import('./scope/ApiScopePage')),
  { path: '/authority/explain', component: lazyPage(() => import('./explain/ExplainPage')), title: { zh: '权限解释', en: 'Access explained' } },
];
