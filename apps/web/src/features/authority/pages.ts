/** The authority pages (权限管理): roles, data and API scopes. */
import { apiScopeEntity, dataScopeEntity, roleEntity } from '@hjl/core';
import { entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(roleEntity, () => import('./role/RolePage')),
  entityPage(dataScopeEntity, () => import('./scope/DataScopePage')),
  entityPage(apiScopeEntity, () => import('./scope/ApiScopePage')),
];
