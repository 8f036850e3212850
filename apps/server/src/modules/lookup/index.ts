/**
 * The lookup databases (BUSINESS.md §3 WP8a; S1 L16, L51, L159-160; S2 L52, L480-483): 价格库, 人才库/专家库,
 * 材料库, 知识库 and 企业库 at the specs' /prod-api paths, read-only for users (GET calls only, each checking its
 * page's menu code), answered by the LookupProvider the application chose (default: the tenant's own tables); the
 * tables are filled by an administrator's Excel import (excel.ts).
 */
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ModuleContext } from '../../platform/module.ts';
import type { DictStores } from '../dict/api.ts';
import { lookupRouter } from './answers.ts';
import { registerEnterprise } from './enterprise.ts';
import { registerLookupImport, type ImportRef, type ImportTable } from './excel.ts';
import { registerKnowledge } from './knowledge.ts';
import { registerMaterial } from './material.ts';
import { registerPrice } from './price.ts';
import { localLookups, type LookupProvider } from './provider.ts';
import * as s from './schema.ts';
import { registerTalent } from './talent.ts';
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

export { lookupProvider } from './provider.ts';

export interface LookupModuleContext extends ModuleContext {
  dicts: DictStores;
  /** Who answers the lookup calls (app.ts: LOOKUP_PROVIDER); the tenant's own tables when absent. */
  lookups?: LookupProvider;
}

type Named = PgTable & { id: PgColumn; tenantId: PgColumn; isDeleted: PgColumn };
const ref = (header: string, table: Named, by: PgColumn, self?: { blank: string }): ImportRef => ({
  header,
  table,
  by,
  id: table.id,
  tenant: table.tenantId,
  live: table.isDeleted,
  ...(self ? { self } : {}),
});
const parent = (table: Named & { categoryName: PgColumn }) => ({ parentId: ref('上级分类', table, table.categoryName, { blank: '0' }) });

/** Every lookup table an administrator may import, with how its references are written. */
const importTables: ImportTable[] = [
  { def: projectPriceIndexEntity, table: s.projectPriceIndices },
  { def: projectPriceDetailEntity, table: s.projectPriceDetails, refs: { indexId: ref('所属指标', s.projectPriceIndices, s.projectPriceIndices.indexName) } },
  { def: unitPriceIndexEntity, table: s.unitPriceIndices },
  { def: talentCategoryEntity, table: s.talentCategories, refs: parent(s.talentCategories) },
  { def: specialityEntity, table: s.specialities, refs: { categoryId: ref('所属分类', s.talentCategories, s.talentCategories.categoryName) } },
  {
    def: certificationInfoEntity,
    table: s.certificationInfos,
    refs: {
      categoryId: ref('所属分类', s.talentCategories, s.talentCategories.categoryName),
      specialityId: ref('专业', s.specialities, s.specialities.specialityName),
    },
  },
  { def: materialCategoryEntity, table: s.materialCategories, refs: parent(s.materialCategories) },
  { def: materialInfoEntity, table: s.materialInfos, refs: { categoryId: ref('材料分类', s.materialCategories, s.materialCategories.categoryName) } },
  { def: materialPriceEntity, table: s.materialPrices, refs: { materialId: ref('材料编码', s.materialInfos, s.materialInfos.materialCode) } },
  { def: knowledgeCategoryEntity, table: s.knowledgeCategories, refs: parent(s.knowledgeCategories) },
  { def: knowledgeInfoEntity, table: s.knowledgeInfos, refs: { categoryId: ref('知识分类', s.knowledgeCategories, s.knowledgeCategories.categoryName) } },
  { def: enterpriseCategoryEntity, table: s.enterpriseCategories, refs: parent(s.enterpriseCategories) },
  {
    def: enterpriseAuthenticationEntity,
    table: s.enterpriseAuthentications,
    refs: { categoryId: ref('企业分类', s.enterpriseCategories, s.enterpriseCategories.categoryName) },
  },
];

export function registerLookup(ctx: LookupModuleContext) {
  const route = lookupRouter(ctx, ctx.lookups ?? localLookups);
  registerPrice(ctx, route, ctx.dicts);
  registerTalent(ctx, route, ctx.dicts);
  registerMaterial(ctx, route);
  registerKnowledge(ctx, route);
  registerEnterprise(ctx, route);
  registerLookupImport(ctx, ctx.dicts, importTables);
}
