import {
  certificationInfoEntity,
  enterpriseAuthenticationEntity,
  enterpriseCategoryEntity,
  knowledgeCategoryEntity,
  knowledgeInfoEntity,
  materialCategoryEntity,
  materialInfoEntity,
  materialPriceEntity,
  projectPriceDetailEntity,
  projectPriceIndexEntity,
  specialityEntity,
  talentCategoryEntity,
  unitPriceIndexEntity,
} from '@hjl/core';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

/** The lookup databases' tables (packages/core/src/entities/lookup-*.ts), each indexed by what its pages filter on. */
export const projectPriceIndices = entityTable(projectPriceIndexEntity, (t) => [
  index('db_project_price_index_type_idx').on(t.tenantId, t.projectType, t.period),
]);
export const projectPriceDetails = entityTable(projectPriceDetailEntity, (t) => [index('db_project_price_detail_index_idx').on(t.indexId)]);
export const unitPriceIndices = entityTable(unitPriceIndexEntity, (t) => [index('db_unit_price_index_category_idx').on(t.tenantId, t.category, t.period)]);
export const talentCategories = entityTable(talentCategoryEntity, (t) => [index('db_talent_category_pool_idx').on(t.tenantId, t.pool)]);
export const specialities = entityTable(specialityEntity, (t) => [index('db_speciality_category_idx').on(t.tenantId, t.categoryId)]);
export const certificationInfos = entityTable(certificationInfoEntity, (t) => [
  index('db_certification_info_category_idx').on(t.tenantId, t.pool, t.categoryId),
]);
export const materialCategories = entityTable(materialCategoryEntity, (t) => [index('db_material_category_parent_idx').on(t.tenantId, t.parentId)]);
export const materialInfos = entityTable(materialInfoEntity, (t) => [index('db_material_info_category_idx').on(t.tenantId, t.categoryId)]);
export const materialPrices = entityTable(materialPriceEntity, (t) => [index('db_material_price_material_idx').on(t.materialId, t.priceMonth)]);
export const knowledgeCategories = entityTable(knowledgeCategoryEntity);
export const knowledgeInfos = entityTable(knowledgeInfoEntity, (t) => [index('db_knowledge_info_category_idx').on(t.tenantId, t.categoryId)]);
export const enterpriseCategories = entityTable(enterpriseCategoryEntity);
export const enterpriseAuthentications = entityTable(enterpriseAuthenticationEntity, (t) => [
  index('db_enterprise_authentication_category_idx').on(t.tenantId, t.categoryId),
]);
