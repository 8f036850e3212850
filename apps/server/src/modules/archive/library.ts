/**
 * 模板库 (hjlTemplateLibrary, S2 L440; BUSINESS.md WP7): the firm's document templates (contract models, cost
 * report forms …) with their files, uploaded through the resource module (docs/resources.md). Every version is kept
 * with its files (`GET versions/{id}`, newest first: the current one, then the earlier ones); a submit changing the
 * files must name a new version number, so a version always names one set of files.
 */
import { ARCHIVE_MSG as MSG, templateLibraryEntity } from '@hjl/core';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ArchiveShared } from './context.ts';
import { templateLibraries, templateLibraryVersions } from './schema.ts';

const sameFiles = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

export function registerTemplateLibrary(s: ArchiveShared) {
  const { ctx, db } = s;
  const repo = ctx.repo(templateLibraryEntity, templateLibraries);
  registerEntityRoutes(ctx.route, repo, ctx.access, {
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      if (!id) return;
      const current = await repo.find(user, [eq(templateLibraries.id, id)]);
      if (!current) throw fail(MSG.libraryMissing);
      const version = data.version === undefined ? current.version : String(data.version);
      if (version === current.version && data.files !== undefined && !sameFiles(data.files, current.files)) throw fail('模板文件已变更,请填写新的版本号');
    },
    // Every version is kept with its files as written: a new template's first, and each new version number.
    async inTransaction(tx, user, change) {
      const [row] = await tx.select().from(templateLibraries).where(eq(templateLibraries.id, change.id));
      if (!row) return;
      const [latest] = await tx
        .select({ version: templateLibraryVersions.version })
        .from(templateLibraryVersions)
        .where(and(eq(templateLibraryVersions.libraryId, change.id), eq(templateLibraryVersions.isDeleted, 0)))
        .orderBy(desc(templateLibraryVersions.createTime), desc(templateLibraryVersions.id))
        .limit(1);
      if (latest?.version === row.version) return;
      await tx.insert(templateLibraryVersions).values({
        id: nextId(),
        tenantId: user.tenantId,
        libraryId: change.id,
        version: row.version,
        files: row.files ?? [],
        remark: row.remark,
        createUser: user.userId,
        createDept: user.deptIds[0] ?? null,
        updateUser: user.userId,
      });
    },
  });

  ctx.route({
    method: 'GET',
    url: `${templateLibraryEntity.api}/versions/:id`,
    summary: '模板的历史版本(含当时的文件),新的在前',
    tags: [templateLibraryEntity.label.zh],
    requires: { code: templateLibraryEntity.name },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      if (!(await repo.find(user, [eq(templateLibraries.id, id)]))) throw fail(MSG.libraryMissing);
      return db
        .select({
          id: templateLibraryVersions.id,
          version: templateLibraryVersions.version,
          files: templateLibraryVersions.files,
          remark: templateLibraryVersions.remark,
          createTime: templateLibraryVersions.createTime,
        })
        .from(templateLibraryVersions)
        .where(and(eq(templateLibraryVersions.tenantId, user.tenantId), eq(templateLibraryVersions.libraryId, id), eq(templateLibraryVersions.isDeleted, 0)))
        .orderBy(desc(templateLibraryVersions.createTime), desc(templateLibraryVersions.id));
    },
  });
  return repo;
}
