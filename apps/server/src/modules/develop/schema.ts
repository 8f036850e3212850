import { backupsEntity, datasourceEntity, putDatabaseEntity } from '@hjl/core';
import { entityTable } from '../../platform/crud/table.ts';

export const datasources = entityTable(datasourceEntity);
export const databaseBackups = entityTable(backupsEntity);
export const putDatabases = entityTable(putDatabaseEntity);
