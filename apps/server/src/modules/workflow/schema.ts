/** Tables of the workflow module kept outside the engine: out-of-office proxies and the design-time records. */
import {
  wfButtonEntity,
  wfCalendarEntity,
  wfCategoryEntity,
  wfConditionEntity,
  wfDraftEntity,
  wfFormDefaultEntity,
  wfFormEntity,
  wfFormHistoryEntity,
  wfModelEntity,
  wfModelHistoryEntity,
  wfModelScopeEntity,
  wfProxyEntity,
} from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';
import { datetime, id } from '../../platform/db/columns.ts';

// The engine looks up the proxy of a user whenever it assigns a task.
export const wfProxies = entityTable(wfProxyEntity, (c) => [
  index('blade_wf_proxy_user_idx')
    .on(c.tenantId, c.userId)
    .where(sql`is_deleted = 0`),
]);

// Design time (design-*.ts, draft.ts).
export const wfCategories = entityTable(wfCategoryEntity, (c) => [
  index('blade_wf_category_parent_idx')
    .on(c.tenantId, c.parentId)
    .where(sql`is_deleted = 0`),
]);
export const wfConditions = entityTable(wfConditionEntity);
export const wfButtons = entityTable(wfButtonEntity);
export const wfFormDefaults = entityTable(wfFormDefaultEntity);
export const wfForms = entityTable(wfFormEntity, (c) => [
  index('blade_wf_form_key_idx')
    .on(c.tenantId, c.formKey)
    .where(sql`is_deleted = 0`),
]);
export const wfFormHistories = entityTable(wfFormHistoryEntity, (c) => [
  index('blade_wf_form_history_form_idx')
    .on(c.formId, c.version)
    .where(sql`is_deleted = 0`),
]);
export const wfModels = entityTable(wfModelEntity, (c) => [
  index('blade_wf_model_key_idx')
    .on(c.tenantId, c.modelKey)
    .where(sql`is_deleted = 0`),
]);
export const wfModelHistories = entityTable(wfModelHistoryEntity, (c) => [
  index('blade_wf_model_history_model_idx')
    .on(c.modelId, c.version)
    .where(sql`is_deleted = 0`),
]);
export const wfModelScopes = entityTable(wfModelScopeEntity, (c) => [
  index('blade_wf_model_scope_key_idx')
    .on(c.tenantId, c.modelKey)
    .where(sql`is_deleted = 0`),
]);
export const wfDrafts = entityTable(wfDraftEntity, (c) => [
  index('blade_wf_draft_user_idx')
    .on(c.tenantId, c.createUser)
    .where(sql`is_deleted = 0`),
]);

/**
 * The forms a deployment was made with (WORKFLOW.md: deploying a model snapshots its forms), so that running
 * instances keep the form they started with. Written once per deploy, never changed.
 */
export const wfDeployForms = pgTable(
  'blade_wf_deploy_form',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    deploymentId: varchar('deployment_id', { length: 64 }).notNull(),
    processDefinitionId: varchar('process_definition_id', { length: 128 }).notNull(),
    modelId: id('model_id').notNull(),
    modelVersion: integer('model_version').notNull(),
    formKey: varchar('form_key', { length: 64 }).notNull(),
    formName: varchar('form_name', { length: 64 }).notNull(),
    formVersion: integer('form_version').notNull(),
    content: text('content').notNull(),
    createUser: id('create_user'),
    createTime: datetime('create_time')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('blade_wf_deploy_form_def_idx').on(t.tenantId, t.processDefinitionId, t.formKey)],
);

/** The business calendar's days (calendar.ts); the default sort's index (tenant, day) serves its reads. */
export const wfCalendarDays = entityTable(wfCalendarEntity);

/**
 * The overdue open tasks whose assignee has been urged (waits-reminders.ts): one row per task, so that a task is
 * urged once however often the job runs.
 */
export const wfOverdueNotices = pgTable(
  'blade_wf_overdue_notice',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    taskId: id('task_id').notNull(),
    createTime: datetime('create_time')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.taskId] })],
);
