/**
 * 材料库 (S2 L481: material category tree, children list, details, history page), at paths of our choosing in the
 * specs' style (docs/compatibility.md): the category tree and one level of it, the materials of a category, one
 * material, and its information prices by month and region.
 */
import { LOOKUP_MENU, materialCategoryEntity, materialInfoEntity, materialPriceEntity } from '@hjl/core';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { categoryTree, DATABASE_API, idIs, optionalId, pageQuery, pageSchema, pathId, rowSchema, treeSchema, type LookupRouter } from './answers.ts';
import { materialCategories, materialInfos, materialPrices } from './schema.ts';

const requires = { code: LOOKUP_MENU.material };
const tags = ['材料库'];
const text = (max: number) => z.string().max(max, `查询条件最多${max}个字符`).optional();

export function registerMaterial(ctx: ModuleContext, route: LookupRouter) {
  const db = ctx.database.db;
  const categoryRepo = ctx.repo(materialCategoryEntity, materialCategories);
  const materialRepo = ctx.repo(materialInfoEntity, materialInfos);
  const priceRepo = ctx.repo(materialPriceEntity, materialPrices, materialRepo);

  route({
    url: `${DATABASE_API}/materialcategory/tree`,
    summary: '材料分类树',
    tags,
    requires,
    query: z.object({}),
    response: treeSchema(materialCategoryEntity),
    local: (user) => categoryTree(ctx, user, categoryRepo, materialCategories),
  });
  route({
    url: `${DATABASE_API}/materialcategory/children`,
    summary: '材料分类的下级(parentId; 0 为顶级)',
    tags,
    requires,
    query: z.object({ parentId: idField().default('0') }),
    response: z.array(rowSchema(materialCategoryEntity, { hasChildren: z.boolean() })),
    local: async (user, q) => {
      const rows = (await categoryRepo.page(user, { current: '1', size: '500' }, [eq(materialCategories.parentId, q.parentId)])).records;
      const ids = rows.map((r) => r.id);
      const parents = ids.length
        ? new Set(
            (
              await db
                .select({ parentId: materialCategories.parentId })
                .from(materialCategories)
                .where(and(...(await categoryRepo.scope(user)), inArray(materialCategories.parentId, ids)))
            ).map((r) => String(r.parentId)),
          )
        : new Set<string>();
      return rows.map((r) => ({ ...r, hasChildren: parents.has(r.id) }));
    },
  });
  route({
    url: `${DATABASE_API}/materialinfo/page`,
    summary: '材料分页(分类、名称、规格)',
    tags,
    requires,
    query: z.looseObject({ ...pageQuery, categoryId: optionalId(), materialName: text(100), materialCode: text(30), spec: text(100) }),
    response: pageSchema(rowSchema(materialInfoEntity)),
    local: (user, q, req) => materialRepo.page(user, req.query as Record<string, unknown>, idIs(materialRepo, 'categoryId', q.categoryId)),
  });
  route({
    url: `${DATABASE_API}/materialinfo/:id`,
    summary: '材料详情',
    tags,
    requires,
    query: z.object({}),
    response: rowSchema(materialInfoEntity, { categoryName: z.string().nullable() }),
    local: async (user, _q, req) => {
      const row = await materialRepo.detail(user, pathId(req));
      if (!row) throw notFound('材料不存在');
      const category = row.categoryId ? await categoryRepo.detail(user, row.categoryId) : undefined;
      return { ...row, categoryName: category?.categoryName ?? null };
    },
  });
  route({
    url: `${DATABASE_API}/materialprice/historyPage`,
    summary: '材料价格历史分页(materialId,按月份倒序)',
    tags,
    requires,
    query: z.looseObject({ ...pageQuery, materialId: idField(), regionName: text(50) }),
    response: pageSchema(rowSchema(materialPriceEntity)),
    local: (user, q, req) => priceRepo.page(user, req.query as Record<string, unknown>, [eq(materialPrices.materialId, q.materialId)]),
  });
}
