/**
 * Administrative regions (/api/blade-system/region), platform-wide: read by every user (address pickers),
 * changed by the platform administrator only. A region's level, ancestors and its province / city /
 * district / town / village columns come from its parent.
 */
import { MSG, permissionCodes, REGION_ROOT_CODE, regionEntity, submitSchema, type RowOf } from '@hjl/core';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import { assertMayWrite, registerEntityRoutes } from '../../platform/crud/routes.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { regions } from './schema.ts';

type RegionRow = typeof regions.$inferSelect;

const MAX_LEVEL = 5;
/** The columns naming each level: level 1 fills province*, 2 city*, and so on. */
const LEVEL_COLUMNS = [
  ['provinceCode', 'provinceName'],
  ['cityCode', 'cityName'],
  ['districtCode', 'districtName'],
  ['townCode', 'townName'],
  ['villageCode', 'villageName'],
] as const;

/** Level, ancestors and level columns of a region placed under `parent` (undefined: a province). */
export function placeRegion(code: string, name: string, parent: RegionRow | undefined) {
  const level = parent ? parent.regionLevel + 1 : 1;
  const placed: Partial<RegionRow> = {
    parentCode: parent?.code ?? REGION_ROOT_CODE,
    ancestors: parent ? `${parent.ancestors},${parent.code}` : REGION_ROOT_CODE,
    regionLevel: level,
  };
  LEVEL_COLUMNS.forEach(([codeCol, nameCol], i) => {
    placed[codeCol] = i + 1 === level ? code : i + 1 < level ? (parent?.[codeCol] ?? null) : null;
    placed[nameCol] = i + 1 === level ? name : i + 1 < level ? (parent?.[nameCol] ?? null) : null;
  });
  return placed;
}

const live = eq(regions.isDeleted, 0);
// Written out qualified: drizzle leaves columns unqualified in single-table selects, which the subquery would capture.
const childrenExist = sql<boolean>`EXISTS (SELECT 1 FROM blade_region c WHERE c.parent_code = blade_region.code AND c.is_deleted = 0)`;
const codeText = z
  .string()
  .max(12)
  .regex(/^\d{2,12}$/, '请求参数类型错误');

/** Registers the region routes; answers the list's repository (the Excel routes filter like the list). */
export function registerRegion(ctx: ModuleContext): EntityRepo {
  const { route, database, access } = ctx;
  const db = database.db;
  const codes = permissionCodes(regionEntity);
  const tags = [regionEntity.label.zh];
  const body = submitSchema(regionEntity);
  const parentRegion = alias(regions, 'parent');

  // list: paged, filtered by code, name, parentCode and level (the entity's declared filters).
  const repo = ctx.repo(regionEntity, regions as never);
  registerEntityRoutes(route, repo, access);

  const byCode = async (code: string) =>
    (
      await db
        .select()
        .from(regions)
        .where(and(live, eq(regions.code, code)))
        .limit(1)
    )[0];

  // BladeX's cascading picker: the regions directly under a code (the provinces under 00 by default).
  route({
    method: 'GET',
    url: '/api/blade-system/region/select',
    summary: '行政区划下拉数据',
    tags,
    requires: 'user',
    query: z.object({ code: codeText.optional() }),
    handler: async ({ query }) =>
      db
        .select({ id: regions.id, code: regions.code, parentCode: regions.parentCode, name: regions.name, regionLevel: regions.regionLevel })
        .from(regions)
        .where(and(live, eq(regions.parentCode, query.code || REGION_ROOT_CODE)))
        .orderBy(asc(regions.sort), asc(regions.code)),
  });

  route({
    method: 'GET',
    url: '/api/blade-system/region/lazy-tree',
    summary: '行政区划懒加载树',
    tags,
    requires: 'user',
    query: z.object({ parentCode: codeText.optional() }),
    handler: async ({ query }) => {
      const rows = await db
        .select({
          id: regions.id,
          code: regions.code,
          parentCode: regions.parentCode,
          name: regions.name,
          regionLevel: regions.regionLevel,
          hasChildren: childrenExist,
        })
        .from(regions)
        .where(and(live, eq(regions.parentCode, query.parentCode ?? REGION_ROOT_CODE)))
        .orderBy(asc(regions.sort), asc(regions.code));
      return rows.map((r) => ({ ...r, title: r.name, key: r.code, value: r.code, hasChildren: Boolean(r.hasChildren) }));
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/region/detail',
    summary: '行政区划详情',
    tags,
    requires: { code: codes.view },
    query: z.object({ code: codeText }),
    handler: async ({ query }) => {
      const [row] = await db
        .select({ region: regions, parentName: parentRegion.name })
        .from(regions)
        .leftJoin(parentRegion, and(eq(parentRegion.code, regions.parentCode), eq(parentRegion.isDeleted, 0)))
        .where(and(live, eq(regions.code, query.code)))
        .limit(1);
      if (!row) throw notFound();
      const { isDeleted: _d, ...region } = row.region;
      return { ...region, parentName: row.parentName ?? '' };
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-system/region/submit',
    summary: '行政区划新增或修改',
    tags,
    requires: { anyOf: [codes.add, codes.edit], platform: true },
    body,
    handler: async ({ user, body }) => {
      // The body as the definition's fields validated it.
      const data = body as Partial<RowOf<typeof regionEntity>> & { id?: string };
      const id = data.id;
      await assertMayWrite(access, user, regionEntity, !!id);
      const code = data.code;
      const parentCode = data.parentCode ?? undefined;
      const own = {
        ...(data.sort != null ? { sort: data.sort } : {}),
        ...(data.remark !== undefined ? { remark: data.remark } : {}),
      };

      if (id) {
        const [current] = await db
          .select()
          .from(regions)
          .where(and(live, eq(regions.id, id)))
          .limit(1);
        if (!current) throw fail('数据不存在或已被删除');
        // The code is the key other rows and records refer to; a region is not moved either.
        if (code != null && code !== current.code) throw fail('区划编号不可修改');
        if (parentCode !== undefined && parentCode !== current.parentCode) throw fail('上级区划不可修改');
        const name = (data.name as string | undefined) ?? current.name;
        const levelColumns = LEVEL_COLUMNS[current.regionLevel - 1];
        if (!levelColumns) throw new Error(`region ${id} is stored at level ${current.regionLevel}`);
        const [levelCode, levelName] = levelColumns;
        await db.transaction(async (tx) => {
          await tx
            .update(regions)
            .set({ ...own, name, [levelName]: name, updateUser: user.userId, updateTime: sql`now()` })
            .where(eq(regions.id, id));
          // The regions below carry this one's name in their level columns.
          if (name !== current.name)
            await tx
              .update(regions)
              .set({ [levelName]: name })
              .where(and(live, eq(regions[levelCode], current.code), ne(regions.id, id)));
        });
        return;
      }

      // A new region's code is required (submitSchema refused a blank one already).
      if (!code) throw fail('请输入区划编号');
      if (await byCode(code)) throw fail('区划编号已存在');
      let up: RegionRow | undefined;
      if (parentCode !== undefined && parentCode !== REGION_ROOT_CODE) {
        up = await byCode(parentCode);
        if (!up) throw fail('上级区划不存在');
        if (up.regionLevel >= MAX_LEVEL) throw fail(`行政区划最多${MAX_LEVEL}级`);
      }
      await db.insert(regions).values({
        sort: 0,
        ...own,
        ...placeRegion(code, data.name as string, up),
        id: nextId(),
        code,
        name: data.name as string,
        createUser: user.userId,
        createDept: user.deptIds[0] ?? null,
        updateUser: user.userId,
      } as typeof regions.$inferInsert);
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-system/region/remove',
    summary: '行政区划删除(id 为区划编号,BladeX 以编号为主键;也接受记录 id)',
    tags,
    requires: { code: codes.delete, platform: true },
    query: z.object({ id: z.string().optional() }),
    handler: async ({ user, query }) => {
      // BladeX keys a region by its code (at most 12 digits), which `id` names; a row id (longer) is taken too.
      const keys = parseIds(query.id, 'id');
      const byCodes = keys.filter((k) => k.length <= 12);
      const byIds = keys.filter((k) => k.length > 12);
      const mine = await db
        .select({ id: regions.id, code: regions.code })
        .from(regions)
        .where(and(live, or(...(byCodes.length ? [inArray(regions.code, byCodes)] : []), ...(byIds.length ? [inArray(regions.id, byIds)] : []))));
      if (!mine.length) throw fail('数据不存在或已被删除');
      const [child] = await db
        .select({ id: regions.id })
        .from(regions)
        .where(
          and(
            live,
            inArray(
              regions.parentCode,
              mine.map((r) => r.code),
            ),
          ),
        )
        .limit(1);
      if (child) throw fail(MSG.hasChildren);
      await db
        .update(regions)
        .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` })
        .where(
          inArray(
            regions.id,
            mine.map((r) => r.id),
          ),
        );
    },
  });

  return repo;
}
