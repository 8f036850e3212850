/** The developer tools (研发工具): data sources, backups, table deployments, data models and the code generator. */
import { backupsEntity, codeEntity, datasourceEntity, modelEntity, putDatabaseEntity } from '@hjl/core';
import { entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(datasourceEntity, () => import('./datasource/DatasourcePage')),
  entityPage(backupsEntity, () => import('./backups/BackupsPage')),
  entityPage(putDatabaseEntity),
  entityPage(modelEntity, () => import('./model/ModelPage')),
  entityPage(codeEntity, () => import('./code/CodePage')),
];
