/**
 * 人才库 and 专家库 (S1 L160; S2 L52 /databaseData/expert): the category trees, the specialities of a category
 * (by expertTalentCategoryId) and the certificate pages ("senior" search: category, speciality, certificate,
 * level, name), one set of tables for both pools (LOOKUP_POOL). Also the dictionary item page of those pages
 * (`/prod-api/admin/dict/item/page`, pig's sys_dict_item shape) over the tenant's business dictionary.
 */
import { certificationInfoEntity, LOOKUP_MENU, LOOKUP_POOL, specialityEntity, talentCategoryEntity, type LookupPool } from '@hjl/core';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { page } from '../../platform/http/envelope.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { DictStores } from '../dict/api.ts';
import { categoryTree, DATABASE_API, idIs, optionalId, pageQuery, pageSchema, PROD_API, rowSchema, treeSchema, type LookupRouter } from './answers.ts';
import { certificationInfos, specialities, talentCategories } from './schema.ts';

const tags = ['人才库/专家库'];
const text = (max: number) => z.string().max(max, `查询条件最多${max}个字符`).optional();
const POOLS: { pool: LookupPool; code: string; tree: string; speciality: string; label: string }[] = [
  { pool: 'talent', code: LOOKUP_MENU.talent, tree: 'talentcategory', speciality: 'talentspeciality', label: '人才' },
  { pool: 'expert', code: LOOKUP_MENU.expert, tree: 'expertTalentCategory', speciality: 'experttalentspeciality', label: '专家' },
];

export function registerTalent(ctx: ModuleContext, route: LookupRouter, dicts: DictStores) {
  const categoryRepo = ctx.repo(talentCategoryEntity, talentCategories);
  const specialityRepo = ctx.repo(specialityEntity, specialities);
  const certificateRepo = ctx.repo(certificationInfoEntity, certificationInfos);

  for (const p of POOLS) {
    const pool = LOOKUP_POOL[p.pool];
    const requires = { code: p.code };
    route({
      url: `${DATABASE_API}/${p.tree}/tree`,
      summary: `${p.label}分类树`,
      tags,
      requires,
      query: z.object({}),
      response: treeSchema(talentCategoryEntity),
      local: (user) => categoryTree(ctx, user, categoryRepo, talentCategories, [eq(talentCategories.pool, pool)]),
    });
    route({
      url: `${DATABASE_API}/${p.speciality}/list`,
      summary: `${p.label}专业列表(按分类 expertTalentCategoryId)`,
      tags,
      requires,
      query: z.looseObject({ expertTalentCategoryId: optionalId() }),
      response: z.array(rowSchema(specialityEntity)),
      local: async (user, q) =>
        (
          await specialityRepo.page(user, { current: '1', size: '500' }, [
            eq(specialities.pool, pool),
            ...idIs(specialityRepo, 'categoryId', q.expertTalentCategoryId),
          ])
        ).records,
    });
    route({
      url: `${DATABASE_API}/certificationinfo/index/${p.pool}/seniorPage`,
      summary: `${p.label}证书分页(高级查询: 分类、专业、证书、等级、姓名)`,
      tags,
      requires,
      query: z.looseObject({
        ...pageQuery,
        categoryId: optionalId(),
        expertTalentCategoryId: optionalId(),
        specialityId: optionalId(),
        personName: text(30),
        certificateName: text(50),
        certificateLevel: text(20),
        workUnit: text(100),
      }),
      response: pageSchema(rowSchema(certificationInfoEntity)),
      local: (user, q, req) =>
        certificateRepo.page(user, req.query as Record<string, unknown>, [
          eq(certificationInfos.pool, pool),
          ...idIs(certificateRepo, 'categoryId', q.categoryId ?? q.expertTalentCategoryId),
          ...idIs(certificateRepo, 'specialityId', q.specialityId),
        ]),
    });
  }

  route({
    url: `${PROD_API}/admin/dict/item/page`,
    summary: '字典项分页(dictType; 人才库、专家库、价格库等页面的选项)',
    tags: ['数据库字典'],
    requires: { anyOf: Object.values(LOOKUP_MENU).filter((c) => c !== LOOKUP_MENU.folder) },
    query: z.object({
      dictType: z.string({ message: '缺少必要的请求参数: dictType' }).min(1, '缺少必要的请求参数: dictType').max(64),
      current: z.coerce.number({ message: '请求参数类型错误' }).int('请求参数类型错误').min(1, '请求参数类型错误').default(1),
      size: z.coerce.number({ message: '请求参数类型错误' }).int('请求参数类型错误').min(1, '请求参数类型错误').max(1000, '每页最多1000条').default(20),
    }),
    response: pageSchema(
      z.object({
        id: z.string(),
        dictId: z.string(),
        dictType: z.string(),
        itemValue: z.string(),
        label: z.string(),
        sortOrder: z.number(),
        description: z.string(),
      }),
    ),
    local: async (user, q) => {
      // The tenant's business dictionary of that code, else the platform's system one.
      const biz = await dicts.biz.items(user.tenantId, q.dictType);
      const items = biz.length ? biz : await dicts.system.items(user.tenantId, q.dictType);
      const records = items.slice((q.current - 1) * q.size, q.current * q.size).map((d) => ({
        id: d.id,
        dictId: d.parentId,
        dictType: d.code,
        itemValue: d.dictKey,
        label: d.dictValue,
        sortOrder: d.sort,
        description: d.dictValue,
        remark: d.remark ?? '',
      }));
      return page(records, items.length, q.current, q.size);
    },
  });
}
