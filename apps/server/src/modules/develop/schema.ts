import { backupsEntity, codeEntity, datasourceEntity, modelEntity, modelPrototypeEntity, putDatabaseEntity } from '@hjl/core';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

export const datasources = entityTable(datasourceEntity);
export const databaseBackups = entityTable(backupsEntity);
export const putDatabases = entityTable(putDatabaseEntity);

/** The code generator's data models, their columns and generation settings (代码生成, BUSINESS.md WP8b). */
export const models = entityTable(modelEntity);
export const modelPrototypes = entityTable(modelPrototypeEntity, (t) => [index('blade_model_prototype_model_idx').on(t.tenantId, t.modelId)]);
export const codes = entityTable(codeEntity);
