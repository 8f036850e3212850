/**
 * 档案 (hjlArchives, BUSINESS.md WP7): a project's archive of a type, numbered by the numbering service on save
 * (`archive.numberRule`, HJ-DA-{type}-{yyyy}-{seq:4}); its files are submitted against the checklist of the type's
 * document template (`hjlArchives-file/submit`, `project/file-info/{id}`); archiving (`hjlArchivesProcess/{type}`)
 * is refused while a required file is missing (请先上传必须归档的文件: …), for a project not yet finished, and for a
 * second archive of the same project and type; approved, the archive is in the store on its archive date and the
 * project shows 已归档. `updateProjectPerformance` records the archive's performance score (0–100) that project
 * performance (performance.ts) multiplies by.
 */
import {
  APPROVAL_STATUS,
  ARCHIVE_BORROW_STATUS,
  ARCHIVE_MSG as MSG,
  ARCHIVE_SERVER_FIELDS,
  NUMBER_KINDS,
  PROJECT_STATUS,
  archivesEntity,
  archivesFileEntity,
  permissionCodes,
  scoreText,
  submitSchema,
} from '@hjl/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import type { Db } from '../../platform/db/index.ts';
import { nextId } from '../../platform/db/ids.ts';
import { executeRows } from '../../platform/db/rows.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { anotherCounted } from '../approval/api.ts';
import { archiveProject } from '../project/api.ts';
import { userNames } from '../user/api.ts';
import type { ArchiveShared } from './context.ts';
import { archives, archivesColumns, archivesFiles, archivesTemplates } from './schema.ts';

const A = archivesEntity.api;
const codes = permissionCodes(archivesEntity);
const idParam = z.object({ id: idField() });
const scoreBody = z.object({
  id: idField({ message: '档案格式不正确' }),
  performanceScore: z.union([z.string(), z.number()], { message: MSG.scoreRange }).transform((v) => String(v).trim()),
});

/** One line of an archive's checklist: a record column of its template with what is submitted for it. */
export interface ChecklistItem {
  columnId: string;
  columnLabel: string;
  columnType: number | null;
  required: boolean;
  submitted: boolean;
  fileName: string | null;
  content: string | null;
  files: unknown;
  submitTime: string | null;
  submitUser: string | null;
}

/** The record columns of the template of an archive type, in order (none without a template). */
export async function columnsOfType(tx: Executor, tenantId: string, archiveType: number | null) {
  if (archiveType === null) return [];
  return tx
    .select({
      id: archivesColumns.id,
      label: archivesColumns.columnLabel,
      type: archivesColumns.columnType,
      required: archivesColumns.required,
      templateId: archivesTemplates.id,
    })
    .from(archivesColumns)
    .innerJoin(archivesTemplates, eq(archivesTemplates.id, archivesColumns.templateId))
    .where(
      and(
        eq(archivesTemplates.tenantId, tenantId),
        eq(archivesTemplates.archiveType, archiveType),
        eq(archivesTemplates.isDeleted, 0),
        eq(archivesColumns.isDeleted, 0),
      ),
    )
    .orderBy(asc(archivesColumns.sort), asc(archivesColumns.id));
}

/** The checklist of an archive: its type's record columns, each with the submitted file (if any). */
export async function checklistOf(tx: Executor, tenantId: string, archive: { id: string; archiveType: number | null }): Promise<ChecklistItem[]> {
  const columns = await columnsOfType(tx, tenantId, archive.archiveType);
  const submitted = await tx
    .select()
    .from(archivesFiles)
    .where(and(eq(archivesFiles.tenantId, tenantId), eq(archivesFiles.archivesId, archive.id), eq(archivesFiles.isDeleted, 0)));
  const byColumn = new Map(submitted.map((f) => [String(f.columnId), f]));
  return columns.map((c) => {
    const f = byColumn.get(String(c.id));
    const hasFiles = Array.isArray(f?.files) && f.files.length > 0;
    return {
      columnId: String(c.id),
      columnLabel: String(c.label),
      columnType: c.type == null ? null : Number(c.type),
      required: Number(c.required) === 1,
      submitted: !!f && (hasFiles || !!String(f.content ?? '').trim()),
      fileName: f?.fileName == null ? null : String(f.fileName),
      content: f?.content == null ? null : String(f.content),
      files: f?.files ?? [],
      submitTime: f?.submitTime == null ? null : String(f.submitTime),
      submitUser: f?.submitUser ? String(f.submitUser) : null,
    };
  });
}

/** A checklist with the names of who submitted each file. */
async function withSubmitNames(db: Db, tenantId: string, list: ChecklistItem[]) {
  const names = await userNames(
    db,
    tenantId,
    list.map((c) => c.submitUser),
  );
  return list.map((c) => ({ ...c, submitUserName: c.submitUser ? (names.get(c.submitUser) ?? null) : null }));
}

export function registerArchives(s: ArchiveShared): EntityRepo<typeof archivesEntity> {
  const { ctx, db, projects } = s;

  /** The archiving rules, in the start's transaction under a lock of the project row. */
  const assertArchivable = async (tx: Executor, tenantId: string, id: string, projectId: string, archiveType: number | null) => {
    const [p] = await executeRows<{ projectStatus: number | null }>(
      tx,
      sql`SELECT project_status AS "projectStatus" FROM hjl_project WHERE id = ${projectId} AND tenant_id = ${tenantId} AND is_deleted = 0 FOR UPDATE`,
    );
    if (!p) throw fail(MSG.projectMissing);
    if (Number(p.projectStatus) < PROJECT_STATUS.done) throw fail(MSG.projectNotDone);
    if (
      archiveType !== null &&
      (await anotherCounted(tx, archives, tenantId, [eq(archives.projectId, projectId), eq(archives.archiveType, archiveType)], { except: id }))
    )
      throw fail(MSG.projectArchived);
    const checklist = await checklistOf(tx, tenantId, { id, archiveType });
    if (!checklist.length) throw fail(MSG.noTemplate);
    const missing = checklist.filter((c) => c.required && !c.submitted).map((c) => c.columnLabel);
    if (missing.length) throw fail(`${MSG.missingFiles}${missing.join('、')}`);
  };

  const repo: EntityRepo<typeof archivesEntity> = ctx.approval.register(archivesEntity, archives, {
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      for (const f of ARCHIVE_SERVER_FIELDS) delete data[f];
      const current = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      const projectId = String(data.projectId ?? current?.projectId ?? '');
      if (!(await projects.projectOf(user, projectId))) throw fail(MSG.projectMissing);
      if (!id && data.archivistUser == null) data.archivistUser = user.userId;
    },
    async inTransaction(tx, user, change) {
      if (change.op !== 'insert') return;
      const [row] = await tx.select({ type: archives.archiveType }).from(archives).where(eq(archives.id, change.id));
      const num = await s.numbering.take(tx, user.tenantId, NUMBER_KINDS.archive, row?.type == null ? undefined : String(row.type));
      await tx.update(archives).set({ archiveNum: num }).where(eq(archives.id, change.id));
    },
    async startWith(tx, user, id, record) {
      const stored = await repo.tenantRow(user.tenantId, id, { tx });
      const type = record.archiveType ?? stored?.archiveType ?? null;
      await assertArchivable(tx, user.tenantId, id, String(record.projectId ?? stored?.projectId), type === null ? null : Number(type));
    },
    async onStatus(tx, rec, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      await tx.update(archives).set({ archiveDate: s.clock.today(), borrowStatus: ARCHIVE_BORROW_STATUS.inStore }).where(eq(archives.id, rec.id));
      if (rec.projectId) await archiveProject(tx, rec.tenantId, String(rec.projectId));
    },
    async beforeRemove(user, ids) {
      await db
        .update(archivesFiles)
        .set({ isDeleted: 1, updateTime: sql`now()` })
        .where(and(eq(archivesFiles.tenantId, user.tenantId), inArray(archivesFiles.archivesId, ids)));
    },
    decorate: async (user, row) => ({
      ...row,
      checklist: await withSubmitNames(db, user.tenantId, await checklistOf(db, user.tenantId, { id: String(row.id), archiveType: row.archiveType })),
    }),
  });

  registerFileRoutes(s, repo);
  registerPerformanceScore(s, repo);
  return repo;
}

/** The project's checklist (file-info) and the submission of one file of an archive. */
function registerFileRoutes(s: ArchiveShared, repo: EntityRepo<typeof archivesEntity>) {
  const { ctx, db, projects } = s;
  const fileBody = submitSchema(archivesFileEntity);

  ctx.route({
    method: 'GET',
    url: `${A}/project/file-info/:id`,
    summary: '项目的归档清单:各档案的模板著录项(是否必须归档)与已提交的文件',
    tags: [archivesEntity.label.zh],
    requires: { code: codes.view },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(idParam, req.params);
      const project = await projects.projectOf(user, id);
      if (!project) throw fail(MSG.projectMissing);
      const page = await repo.page(user, { size: '100', ascs: 'archiveType' }, [eq(archives.projectId, id)], 100);
      const rows = await repo.withNames(user, page.records);
      const list = [];
      for (const a of rows) {
        const checklist = await withSubmitNames(db, user.tenantId, await checklistOf(db, user.tenantId, { id: String(a.id), archiveType: a.archiveType }));
        list.push({
          ...a,
          checklist,
          missing: checklist.filter((c) => c.required && !c.submitted).map((c) => c.columnLabel),
        });
      }
      return { projectId: id, projectName: project.projectName, projectStatus: project.projectStatus, archives: list };
    },
  });

  ctx.route({
    method: 'POST',
    url: '/api/business/hjlArchives-file/submit',
    summary: '提交档案的一个著录项(归档文件或内容);审批中或已归档的档案不能修改',
    tags: [archivesEntity.label.zh],
    requires: { anyOf: [codes.add, codes.edit] },
    body: fileBody,
    handler: async ({ user, body }) => {
      const v = body as Row;
      const archive = await repo.find(user, [eq(archives.id, String(v.archivesId))]);
      if (!archive) throw fail(MSG.missing);
      if (archive.status === APPROVAL_STATUS.approving || archive.status === APPROVAL_STATUS.approved) throw fail(MSG.locked);
      const columns = await columnsOfType(db, user.tenantId, archive.archiveType);
      const column = columns.find((c) => String(c.id) === String(v.columnId));
      if (!column) throw fail(MSG.columnMissing);
      const values = {
        projectId: archive.projectId,
        fileName: typeof v.fileName === 'string' && v.fileName.trim() ? v.fileName.trim() : String(column.label),
        content: (v.content as string | null | undefined) ?? null,
        files: (v.files as unknown[] | null | undefined) ?? [],
        submitTime: s.clock.now(),
        submitUser: user.userId,
        updateUser: user.userId,
        updateTime: sql`now()`,
      };
      await db.transaction(async (tx) => {
        const [stored] = await tx
          .select({ id: archivesFiles.id })
          .from(archivesFiles)
          .where(and(eq(archivesFiles.archivesId, archive.id), eq(archivesFiles.columnId, String(column.id)), eq(archivesFiles.isDeleted, 0)))
          .for('update');
        if (stored) await tx.update(archivesFiles).set(values).where(eq(archivesFiles.id, stored.id));
        else
          await tx.insert(archivesFiles).values({
            id: nextId(),
            tenantId: user.tenantId,
            archivesId: archive.id,
            columnId: String(column.id),
            createUser: user.userId,
            createDept: user.deptIds[0] ?? null,
            ...values,
          });
      });
      return withSubmitNames(db, user.tenantId, await checklistOf(db, user.tenantId, { id: archive.id, archiveType: archive.archiveType }));
    },
  });
}

/** `updateProjectPerformance`: the performance score of an archived project's archive (0–100, two decimals). */
function registerPerformanceScore(s: ArchiveShared, repo: EntityRepo<typeof archivesEntity>) {
  s.ctx.route({
    method: 'POST',
    url: `${A}/updateProjectPerformance`,
    summary: '更新档案的项目绩效得分(0到100),项目绩效的产值按此计算',
    tags: [archivesEntity.label.zh],
    requires: { code: 'archives_performance' },
    body: scoreBody,
    handler: async ({ user, body }: { user: AuthUser; body: z.output<typeof scoreBody> }) => {
      const score = scoreText(body.performanceScore);
      if (score === undefined) throw fail(MSG.scoreRange);
      const archive = await repo.find(user, [eq(archives.id, body.id)]);
      if (!archive) throw fail(MSG.missing);
      if (archive.status !== APPROVAL_STATUS.approved) throw fail('档案未归档,不能评定绩效');
      await s.db
        .update(archives)
        .set({ performanceScore: score, updateUser: user.userId, updateTime: sql`now()` })
        .where(eq(archives.id, archive.id));
      return { id: archive.id, performanceScore: score };
    },
  });
}
