/**
 * 企业库 (S2 L483: enterprise category tree and authentication page), at paths of our choosing in the specs'
 * style (docs/compatibility.md): the category tree and the page of enterprises' qualifications (资质认证).
 */
import { enterpriseAuthenticationEntity, enterpriseCategoryEntity, LOOKUP_MENU } from '@hjl/core';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { ModuleContext } from '../../platform/module.ts';
import { categoryTree, DATABASE_API, optionalId, pageQuery, pageSchema, rowSchema, treeSchema, type LookupRouter } from './answers.ts';
import { enterpriseAuthentications, enterpriseCategories } from './schema.ts';

const requires = { code: LOOKUP_MENU.enterprise };
const tags = ['企业库'];
const text = (max: number) => z.string().max(max, `查询条件最多${max}个字符`).optional();

type Node = { id: string; children?: Node[] };
const idsUnder = (nodes: Node[], id: string): string[] => {
  for (const n of nodes) {
    if (n.id === id) return [n.id, ...(n.children ?? []).flatMap((c) => idsUnder([c], c.id))];
    const inner = idsUnder(n.children ?? [], id);
    if (inner.length) return inner;
  }
  return [];
};

export function registerEnterprise(ctx: ModuleContext, route: LookupRouter) {
  const categoryRepo = ctx.repo(enterpriseCategoryEntity, enterpriseCategories);
  const authRepo = ctx.repo(enterpriseAuthenticationEntity, enterpriseAuthentications);

  route({
    url: `${DATABASE_API}/enterprisecategory/tree`,
    summary: '企业分类树',
    tags,
    requires,
    query: z.object({}),
    response: treeSchema(enterpriseCategoryEntity),
    local: (user) => categoryTree(ctx, user, categoryRepo, enterpriseCategories),
  });
  // A category answers its own enterprises and those of the categories under it (施工总承包 → 房屋建筑 …).
  route({
    url: `${DATABASE_API}/enterpriseauthentication/page`,
    summary: '企业资质分页(分类及其下级、企业名称、资质、等级)',
    tags,
    requires,
    query: z.looseObject({
      ...pageQuery,
      categoryId: optionalId(),
      enterpriseName: text(100),
      qualificationName: text(100),
      qualificationLevel: text(20),
      creditCode: text(18),
    }),
    response: pageSchema(rowSchema(enterpriseAuthenticationEntity)),
    local: async (user, q, req) => {
      const under = q.categoryId ? idsUnder(await categoryTree(ctx, user, categoryRepo, enterpriseCategories), q.categoryId) : [];
      const where = q.categoryId ? [inArray(enterpriseAuthentications.categoryId, under.length ? under : [q.categoryId])] : [];
      // The category is this condition, not the list's plain filter on the one id.
      const { categoryId: _category, ...filters } = req.query as Record<string, unknown>;
      return authRepo.page(user, filters, where);
    },
  });
}
