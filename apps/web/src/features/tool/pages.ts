/** The developer tools (研发工具): data sources, backups, table deployments. */
import { backupsEntity, datasourceEntity, putDatabaseEntity } from '@hjl/core';
import { entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(datasourceEntity, () => import('./datasource/DatasourcePage')),
  entityPage(backupsEntity, () => import('./backups/BackupsPage')),
  entityPage(putDatabaseEntity),
];
