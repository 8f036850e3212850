/**
 * 档案文档模板 and 著录项 (S2 L467, under /api/server; BUSINESS.md WP7): the template of an archive type and its
 * record columns, in the record style of that service — create, update by **PUT** (S2 L377; a POST to it answers
 * 404), delete, get, page, export-excel — plus the select options, `archives/get` (an archive with its template's
 * columns and what is recorded for each) and `archives/treeDate` (archive types → years → months with the count of
 * archives archived then). A template with columns is not removed (its columns first).
 */
import { APPROVAL_STATUS, ARCHIVE_MSG as MSG, archivesColumnEntity, archivesEntity, archivesTemplateEntity } from '@hjl/core';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { executeRows } from '../../platform/db/rows.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField, optionalId } from '../../platform/http/params.ts';
import { checklistOf } from './archives.ts';
import type { ArchiveShared } from './context.ts';
import { archives, archivesColumns, archivesTemplates } from './schema.ts';

const T = archivesTemplateEntity.api;
const C = archivesColumnEntity.api;

export function registerTemplates(s: ArchiveShared, archiveRepo: EntityRepo<typeof archivesEntity>) {
  const { ctx, db } = s;
  const templateRepo = ctx.repo(archivesTemplateEntity, archivesTemplates);
  registerEntityRoutes(ctx.route, templateRepo, ctx.access, {
    dictionary: s.dictionary,
    async beforeRemove(user, ids) {
      const [used] = await db
        .select({ n: count() })
        .from(archivesColumns)
        .where(and(eq(archivesColumns.tenantId, user.tenantId), inArray(archivesColumns.templateId, ids), eq(archivesColumns.isDeleted, 0)));
      if (Number(used?.n ?? 0) > 0) throw fail(MSG.templateInUse);
    },
  });
  const columnRepo = ctx.repo(archivesColumnEntity, archivesColumns, templateRepo);
  registerEntityRoutes(ctx.route, columnRepo, ctx.access, { dictionary: s.dictionary });

  ctx.route({
    method: 'GET',
    url: `${T}/select-options`,
    summary: '文档模板下拉选项(全部,按档案类型)',
    tags: [archivesTemplateEntity.label.zh],
    requires: { code: archivesTemplateEntity.name },
    handler: async ({ user }) => {
      const page = await templateRepo.page(user, { size: '500', ascs: 'archiveType' }, [], 500);
      return page.records.map((r) => ({ value: r.id, label: r.templateName, archiveType: r.archiveType }));
    },
  });

  ctx.route({
    method: 'GET',
    url: `${C}/select-options`,
    summary: '著录项下拉选项(一个文档模板的,按排序)',
    tags: [archivesColumnEntity.label.zh],
    requires: { code: archivesColumnEntity.name },
    query: z.object({ templateId: idField({ message: '文档模板格式不正确' }) }),
    handler: async ({ user, query }) => {
      const page = await columnRepo.page(user, { size: '500', ascs: 'sort' }, [eq(archivesColumns.templateId, query.templateId)], 500);
      return page.records.map((r) => ({ value: r.id, label: r.columnLabel, required: r.required === 1 }));
    },
  });

  ctx.route({
    method: 'GET',
    url: `${T}/archives/get`,
    summary: '档案的著录:其档案类型的文档模板、著录项与已著录的内容',
    tags: [archivesTemplateEntity.label.zh],
    requires: { code: archivesTemplateEntity.name },
    query: z.object({ id: idField({ message: '档案格式不正确' }) }),
    handler: async ({ user, query }) => {
      const archive = await archiveRepo.find(user, [eq(archives.id, query.id)]);
      if (!archive) throw notFound();
      const [template] = await db
        .select({ id: archivesTemplates.id, templateName: archivesTemplates.templateName })
        .from(archivesTemplates)
        .where(
          and(
            eq(archivesTemplates.tenantId, user.tenantId),
            eq(archivesTemplates.archiveType, Number(archive.archiveType)),
            eq(archivesTemplates.isDeleted, 0),
          ),
        );
      return {
        archivesId: archive.id,
        archiveNum: archive.archiveNum,
        archiveName: archive.archiveName,
        archiveType: archive.archiveType,
        templateId: template?.id ?? null,
        templateName: template?.templateName ?? null,
        columns: await checklistOf(db, user.tenantId, { id: archive.id, archiveType: archive.archiveType }),
      };
    },
  });

  ctx.route({
    method: 'GET',
    url: `${T}/archives/treeDate`,
    summary: '档案日期树:档案类型 → 年 → 月(已归档档案数),可按档案类型',
    tags: [archivesTemplateEntity.label.zh],
    requires: { code: archivesTemplateEntity.name },
    query: z.looseObject({ templateId: optionalId }),
    handler: async ({ user, query }) => {
      const scope = await archiveRepo.scope(user);
      const template = query.templateId
        ? (
            await db
              .select()
              .from(archivesTemplates)
              .where(and(eq(archivesTemplates.id, query.templateId), eq(archivesTemplates.tenantId, user.tenantId)))
          )[0]
        : undefined;
      if (query.templateId && !template) throw fail(MSG.templateMissing);
      const rows = await executeRows<{ archiveType: number; y: string; m: string; n: number }>(
        db,
        sql`SELECT archive_type AS "archiveType", to_char(archive_date, 'YYYY') AS y, to_char(archive_date, 'MM') AS m, count(*)::int AS n
              FROM hjl_archives WHERE ${sql.join(scope, sql` AND `)} AND status = ${APPROVAL_STATUS.approved} AND archive_date IS NOT NULL
              ${template ? sql`AND archive_type = ${template.archiveType}` : sql``}
             GROUP BY 1, 2, 3 ORDER BY 1, 2 DESC, 3 DESC`,
      );
      const types = await s.dictionary(user, archivesEntity.fields.archiveType);
      const label = (k: number) => types.find((t) => t.key === String(k))?.label ?? String(k);
      const tree: {
        id: string;
        label: string;
        count: number;
        children: { id: string; label: string; count: number; children: { id: string; label: string; count: number }[] }[];
      }[] = [];
      for (const r of rows) {
        let type = tree.find((t) => t.id === String(r.archiveType));
        if (!type) tree.push((type = { id: String(r.archiveType), label: label(r.archiveType), count: 0, children: [] }));
        let year = type.children.find((y) => y.label === `${r.y}年`);
        if (!year) type.children.push((year = { id: `${type.id}-${r.y}`, label: `${r.y}年`, count: 0, children: [] }));
        year.children.push({ id: `${year.id}-${r.m}`, label: `${Number(r.m)}月`, count: r.n });
        year.count += r.n;
        type.count += r.n;
      }
      return tree;
    },
  });

  return { templateRepo, columnRepo };
}
