/**
 * Regions in Excel (platform/excel, docs/excel.md): export of the list as filtered, the import template, and
 * the import with its dry run. A row names its parent by code: a region already there or one earlier or
 * later in the same sheet (parents are placed first). `isCovered` lets the import rename existing regions.
 */
import { REGION_ROOT_CODE, regionEntity } from '@hjl/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { nextId } from '../../platform/db/ids.ts';
import { readUpload, readWorkbook, runImport, sendWorkbook, templateWorkbook, writeWorkbook, type ExcelColumn } from '../../platform/excel/index.ts';
import { parseListQuery } from '../../platform/http/query.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import type { Db } from '../../platform/db/index.ts';
import { placeRegion } from './region.ts';
import { regions } from './schema.ts';
import { dictValues } from '../dict/api.ts';

type RegionRow = typeof regions.$inferSelect;

const MAX_EXPORT_ROWS = 10_000;
const MAX_LEVEL = 5;
const CODE = /^\d{2,12}$/;

/** The sheet; levels are labelled from the system dictionary `region_level`. */
const columnsOf = async (db: Db): Promise<ExcelColumn[]> => [
  { key: 'code', header: '区划编号', required: '请输入区划编号', check: (v) => (CODE.test(v) ? undefined : '区划编号须为2到12位数字'), width: 16 },
  { key: 'parentCode', header: '上级区划编号', check: (v) => (CODE.test(v) ? undefined : '上级区划编号须为2到12位数字'), width: 16 },
  { key: 'name', header: '区划名称', required: '请输入区划名称', max: 32, width: 20 },
  { key: 'sort', header: '排序', type: 'int' },
  { key: 'remark', header: '备注', max: 255, width: 24 },
  { key: 'regionLevel', header: '区划层级', dict: [...(await dictValues(db, 'region_level'))].map(([key, label]) => ({ key, label })), exportOnly: true },
];

const truthy = (v: unknown) => v === true || v === '1' || v === 'true';

interface ImportItem {
  code: string;
  parentCode: string;
  name: string;
  sort: number | null;
  remark: string | null;
  /** The live region of that code, when the import covers it. */
  existing?: RegionRow;
}

export function registerRegionExcel(ctx: ModuleContext, repo: EntityRepo) {
  const { route } = ctx;
  const db = ctx.database.db;
  const tags = [regionEntity.label.zh];
  const live = eq(regions.isDeleted, 0);

  route({
    method: 'GET',
    url: '/api/blade-system/region/export-region',
    summary: '导出行政区划(按列表条件,令牌也可用 ?blade-auth=)',
    tags,
    requires: { code: 'region_export' },
    raw: true,
    query: z.looseObject({ code: z.string().optional(), name: z.string().optional(), parentCode: z.string().optional() }),
    handler: async ({ req, reply }) => {
      const q = parseListQuery(
        { ...(req.query as Record<string, unknown>), current: undefined, size: undefined },
        { ...repo.listSpec, maxSize: MAX_EXPORT_ROWS },
      );
      const rows = await db
        .select()
        .from(regions)
        .where(and(live, ...q.filters.map((f) => repo.filterCondition(f))))
        .orderBy(asc(regions.code))
        .limit(MAX_EXPORT_ROWS);
      return sendWorkbook(reply, '行政区划数据.xlsx', await writeWorkbook('行政区划数据', await columnsOf(db), rows));
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/region/export-template',
    summary: '行政区划导入模板',
    tags,
    requires: { code: 'region_import' },
    raw: true,
    handler: async ({ reply }) => sendWorkbook(reply, '行政区划导入模板.xlsx', await templateWorkbook('行政区划数据', await columnsOf(db))),
  });

  route({
    method: 'POST',
    url: '/api/blade-system/region/import-region',
    summary: '导入行政区划(multipart file; isCovered 覆盖已有区划; dryRun 只校验)',
    tags,
    requires: { code: 'region_import', platform: true },
    query: z.looseObject({ isCovered: z.string().optional(), dryRun: z.string().optional() }),
    handler: async ({ user, req }) => {
      const upload = await readUpload(req);
      const opts = { ...upload.fields, ...(req.query as Record<string, string>) };
      const isCovered = truthy(opts.isCovered);
      const sheet = await readWorkbook(upload.buffer, await columnsOf(db));
      const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
      const named = [...new Set(sheet.rows.flatMap((r) => [text(r.values.code), text(r.values.parentCode)]).filter((c): c is string => !!c))];
      const known = new Map(
        (named.length
          ? await db
              .select()
              .from(regions)
              .where(and(live, inArray(regions.code, named)))
          : []
        ).map((r) => [r.code, r]),
      );
      const inSheet = new Map<string, string>(); // code → parent code, for rows of this sheet
      for (const r of sheet.rows) {
        const code = text(r.values.code);
        if (code) inSheet.set(code, text(r.values.parentCode) ?? REGION_ROOT_CODE);
      }
      /** Depth of a code below the root, through the sheet and the database; undefined if its chain breaks or loops. */
      const depth = (code: string, seen = new Set<string>()): number | undefined => {
        if (code === REGION_ROOT_CODE) return 0;
        const stored = known.get(code);
        if (stored && !inSheet.has(code)) return stored.regionLevel;
        if (seen.has(code)) return undefined;
        seen.add(code);
        const parent = inSheet.get(code) ?? stored?.parentCode;
        if (parent === undefined) return undefined;
        const d = depth(parent, seen);
        return d === undefined ? undefined : d + 1;
      };
      const seen = new Set<string>();

      return runImport<ImportItem>(sheet, {
        dryRun: truthy(opts.dryRun),
        check(row, error) {
          const code = text(row.values.code);
          const name = text(row.values.name);
          const parentCode = text(row.values.parentCode) ?? REGION_ROOT_CODE;
          if (!code || !name) return undefined;
          if (seen.has(code)) error('区划编号', `文件中区划编号 [${code}] 重复`);
          seen.add(code);
          const existing = known.get(code);
          if (existing && !isCovered) error('区划编号', '区划编号已存在');
          if (existing && existing.parentCode !== parentCode) error('上级区划编号', '上级区划不可修改');
          const level = depth(code);
          if (parentCode !== REGION_ROOT_CODE && !known.has(parentCode) && !inSheet.has(parentCode)) error('上级区划编号', `上级区划不存在: ${parentCode}`);
          else if (level === undefined) error('上级区划编号', '上级区划不存在或关系有循环');
          else if (level > MAX_LEVEL) error('上级区划编号', `行政区划最多${MAX_LEVEL}级`);
          const sort = row.values.sort;
          return { code, parentCode, name, sort: typeof sort === 'number' ? sort : null, remark: text(row.values.remark) ?? null, existing };
        },
        async save(items) {
          // Parents before their children, so each new region is placed under a row that exists.
          const ordered = [...items].sort((x, y) => (depth(x.code) ?? 0) - (depth(y.code) ?? 0));
          await db.transaction(async (tx) => {
            const placed = new Map(known);
            for (const i of ordered) {
              const own = { name: i.name, ...(i.sort !== null ? { sort: i.sort } : {}), ...(i.remark !== null ? { remark: i.remark } : {}) };
              if (i.existing) {
                await tx
                  .update(regions)
                  .set({ ...own, updateUser: user.userId, updateTime: sql`now()` })
                  .where(eq(regions.id, i.existing.id));
                placed.set(i.code, { ...i.existing, ...own });
                continue;
              }
              const parent = i.parentCode === REGION_ROOT_CODE ? undefined : placed.get(i.parentCode);
              const row = {
                sort: 0,
                ...own,
                ...placeRegion(i.code, i.name, parent),
                id: nextId(),
                code: i.code,
                createUser: user.userId,
                createDept: user.deptIds[0] ?? null,
                updateUser: user.userId,
              } as typeof regions.$inferInsert;
              await tx.insert(regions).values(row);
              placed.set(i.code, row as RegionRow);
            }
          });
        },
      });
    },
  });
}
