/**
 * The tables of archives, borrowings, document templates, the template library and KPI (BUSINESS.md WP7), derived
 * from their definitions, with the indexes the checklists, the borrow rule, the reminders and the ranking need.
 */
import {
  archiveApplyEntity,
  archivesColumnEntity,
  archivesEntity,
  archivesFileEntity,
  archivesTemplateEntity,
  kpiRecordEntity,
  kpiTaskEntity,
  templateLibraryEntity,
  templateLibraryVersionEntity,
} from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

const live = sql`is_deleted = 0`;

/** Archives: number unique per tenant; by project (the project's 档案 tab, the archive of a type). */
export const archives = entityTable(archivesEntity, (t) => [
  uniqueIndex('hjl_archives_num_uidx')
    .on(t.tenantId, t.archiveNum)
    .where(sql`is_deleted = 0 AND archive_num IS NOT NULL`),
  index('hjl_archives_project_idx').on(t.projectId, t.archiveType),
]);

/** What is submitted for a record column of an archive: one live row per archive and column. */
export const archivesFiles = entityTable(archivesFileEntity, (t) => [uniqueIndex('hjl_archives_file_column_uidx').on(t.archivesId, t.columnId).where(live)]);

/** Borrowings: by archive (the borrow rule), by due date (overdue reminders), by borrower. */
export const archiveApplies = entityTable(archiveApplyEntity, (t) => [
  index('hjl_archive_apply_archive_idx').on(t.archivesId, t.status),
  index('hjl_archive_apply_due_idx')
    .on(t.tenantId, t.planReturnDate)
    .where(sql`is_deleted = 0 AND apply_stage = 2`),
  index('hjl_archive_apply_user_idx').on(t.tenantId, t.applyUser).where(live),
]);

export const archivesTemplates = entityTable(archivesTemplateEntity);

/** Record columns of a template, in order. */
export const archivesColumns = entityTable(archivesColumnEntity, (t) => [index('hjl_archives_column_template_idx').on(t.templateId, t.sort)]);

export const templateLibraries = entityTable(templateLibraryEntity);

/** Earlier versions of a library template, newest first. */
export const templateLibraryVersions = entityTable(templateLibraryVersionEntity, (t) => [
  index('hjl_template_library_version_idx').on(t.libraryId, t.createTime),
]);

export const kpiTasks = entityTable(kpiTaskEntity);

/** A person's record of a task: one per task and person; the month's ranking by final score. */
export const kpiRecords = entityTable(kpiRecordEntity, (t) => [
  uniqueIndex('kpi_parter_record_task_user_uidx').on(t.taskId, t.userId).where(live),
  index('kpi_parter_record_month_idx').on(t.tenantId, t.month, t.finalScore).where(live),
]);
