/**
 * 价格库 (S1 L159-160): project cost indices with their details and unit-price indices at the specs' paths, and
 * the trend of an index over its periods in several regions (the page's chart: two regions side by side).
 */
import { LOOKUP_MENU, PERIOD_RE, projectPriceDetailEntity, projectPriceIndexEntity, unitPriceIndexEntity, type ChartData, type RowOf } from '@hjl/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { DictStores } from '../dict/api.ts';
import { DATABASE_API, optionalId, pageQuery, pageSchema, pathId, rowSchema, type LookupRouter } from './answers.ts';
import { projectPriceDetails, projectPriceIndices, unitPriceIndices } from './schema.ts';

const requires = { code: LOOKUP_MENU.price };
const tags = ['价格库'];
const period = z
  .string()
  .regex(/^\d{4}(Q[1-4])?$/, '期次格式应为年份加季度,如2026Q3')
  .optional();
const text = (max: number) => z.string().max(max, `查询条件最多${max}个字符`).optional();

const detailRow = rowSchema(projectPriceDetailEntity);
const indexRow = rowSchema(projectPriceIndexEntity);

export function registerPrice(ctx: ModuleContext, route: LookupRouter, dicts: DictStores) {
  const indexRepo = ctx.repo(projectPriceIndexEntity, projectPriceIndices);
  const detailRepo = ctx.repo(projectPriceDetailEntity, projectPriceDetails, indexRepo);
  const unitRepo = ctx.repo(unitPriceIndexEntity, unitPriceIndices);

  // Filters by the definition (regionName, regionCode with the regions under it, period, projectType,
  // structureType, indexName); a year alone (period=2026) matches its quarters.
  route({
    url: `${DATABASE_API}/projectpriceindex/indexPage`,
    summary: '工程造价指标分页(地区、期次、工程类型)',
    tags,
    requires,
    query: z.looseObject({ ...pageQuery, regionName: text(50), regionCode: text(12), period, projectType: text(30), indexName: text(100) }),
    response: pageSchema(indexRow),
    local: (user, _q, req) => indexRepo.page(user, req.query as Record<string, unknown>),
  });
  route({
    url: `${DATABASE_API}/projectpriceindex/trend`,
    summary: '造价指标走势(一个工程类型在各地区各期次的指标)',
    tags,
    requires,
    query: z.object({
      projectType: z.coerce.number({ message: '请选择工程类型' }).int('请选择工程类型').min(1, '请选择工程类型'),
      regionNames: z.string().max(200).optional(),
      structureType: text(30),
    }),
    response: z.object({
      kind: z.string(),
      title: z.string(),
      categories: z.array(z.string()),
      series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
    }),
    local: async (user, q) => {
      const regions = (q.regionNames ?? '')
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      const rows = (await ctx.database.db
        .select({ regionName: projectPriceIndices.regionName, period: projectPriceIndices.period, unitPrice: projectPriceIndices.unitPrice })
        .from(projectPriceIndices)
        .where(
          and(
            ...(await indexRepo.scope(user)),
            eq(projectPriceIndices.projectType, q.projectType),
            ...(regions.length ? [inArray(projectPriceIndices.regionName, regions)] : []),
            ...(q.structureType ? [eq(projectPriceIndices.structureType, q.structureType)] : []),
          ),
        )
        .orderBy(asc(projectPriceIndices.period))) as TrendRow[];
      const typeName =
        (await dicts.biz.labels(user.tenantId, projectPriceIndexEntity.fields.projectType.dict)).get(String(q.projectType)) ?? String(q.projectType);
      return trendChart(typeName, rows);
    },
  });
  route({
    url: `${DATABASE_API}/projectpriceindex/:id`,
    summary: '工程造价指标详情(含费用组成明细)',
    tags,
    requires,
    query: z.object({}),
    response: indexRow.extend({ details: z.array(detailRow) }),
    local: async (user, _q, req) => {
      const row = await indexRepo.detail(user, pathId(req));
      if (!row) throw notFound('造价指标不存在');
      const details = await detailRepo.page(user, { current: '1', size: '100' }, [eq(projectPriceDetails.indexId, row.id)]);
      return { ...row, details: details.records };
    },
  });
  route({
    url: `${DATABASE_API}/projectpricedetail/indexPage`,
    summary: '造价指标明细分页(按所属指标)',
    tags,
    requires,
    query: z.looseObject({ ...pageQuery, indexId: optionalId() }),
    response: pageSchema(detailRow),
    local: (user, q, req) => detailRepo.page(user, req.query as Record<string, unknown>, q.indexId ? [eq(projectPriceDetails.indexId, q.indexId)] : []),
  });
  route({
    url: `${DATABASE_API}/unitpriceindex/indexPage`,
    summary: '单价指标分页(地区、期次、类别)',
    tags,
    requires,
    query: z.looseObject({ ...pageQuery, regionName: text(50), regionCode: text(12), period, category: text(30), itemName: text(100) }),
    response: pageSchema(rowSchema(unitPriceIndexEntity)),
    local: (user, _q, req) => unitRepo.page(user, req.query as Record<string, unknown>),
  });
  route({
    url: `${DATABASE_API}/unitpriceindex/:id`,
    summary: '单价指标详情',
    tags,
    requires,
    query: z.object({}),
    response: rowSchema(unitPriceIndexEntity),
    local: async (user, _q, req) => {
      const row = await unitRepo.detail(user, pathId(req));
      if (!row) throw notFound('单价指标不存在');
      return row;
    },
  });
}

type TrendRow = Pick<RowOf<typeof projectPriceIndexEntity>, 'regionName' | 'period' | 'unitPrice'>;

/** One line per region over the periods any of them has (a period a region lacks is 0). */
export function trendChart(projectType: string, rows: TrendRow[]): ChartData {
  const periods = [...new Set(rows.map((r) => r.period ?? '').filter((p) => PERIOD_RE.test(p)))].sort();
  const regions = [...new Set(rows.map((r) => r.regionName ?? ''))].filter(Boolean);
  const at = new Map(rows.map((r) => [`${r.regionName}|${r.period}`, r.unitPrice]));
  return {
    kind: 'line',
    title: `${projectType}造价指标走势(元/m²)`,
    categories: periods,
    // A chart's values are numbers: the yuan per m² as the chart draws them, never added up.
    series: regions.map((name) => ({ name, data: periods.map((p) => Number(at.get(`${name}|${p}`) ?? 0)) })),
  };
}
