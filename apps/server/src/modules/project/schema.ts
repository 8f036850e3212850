/**
 * The tables of contracts and the project register (BUSINESS.md WP2), derived from their definitions, with the
 * indexes the lists, the data scope (members), the numbering and the rules need.
 */
import {
  auditSealEntity,
  contractEntity,
  expireNoticeEntity,
  projectEntity,
  projectPersonEntity,
  projectQualityEntity,
  projectSecondCheckEntity,
  projectTaskEntity,
  projectThirdCheckEntity,
  taskTemplateEntity,
} from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';
import { auditColumns, id } from '../../platform/db/columns.ts';

const live = sql`is_deleted = 0`;

/** Contracts: number unique per tenant; by customer, main contract and handler; members for the data scope. */
export const contracts = entityTable(contractEntity, (t) => [
  uniqueIndex('hjl_contract_num_uidx')
    .on(t.tenantId, t.contractNum)
    .where(sql`is_deleted = 0 AND contract_num IS NOT NULL`),
  index('hjl_contract_customer_idx').on(t.customerId),
  index('hjl_contract_parent_idx').on(t.parentId),
  index('hjl_contract_end_idx').on(t.tenantId, t.endDate).where(live),
  index('hjl_contract_members_idx').using('gin', sql`string_to_array(${t.memberUsers}, ',')`),
  // The contract list filtered by type and sorted by amount (the register's most used sort): page 1 reads ten
  // index entries instead of sorting every contract of the type (docs/performance.md).
  index('hjl_contract_type_amount_idx').on(t.tenantId, t.businessType, t.contractAmount, t.id).where(live),
]);

/** Projects: number unique per tenant; by customer, contract, department and leader; members for the data scope. */
export const projects = entityTable(projectEntity, (t) => [
  uniqueIndex('hjl_project_num_uidx')
    .on(t.tenantId, t.projectNum)
    .where(sql`is_deleted = 0 AND project_num IS NOT NULL`),
  index('hjl_project_customer_idx').on(t.customerId),
  index('hjl_project_contract_idx').on(t.contractId),
  index('hjl_project_dept_idx').on(t.tenantId, t.deptId).where(live),
  index('hjl_project_filiale_idx').on(t.tenantId, t.filialeId).where(live),
  index('hjl_project_members_idx').using('gin', sql`string_to_array(${t.memberUsers}, ',')`),
  // The project list filtered by type and status and sorted by number (docs/performance.md).
  index('hjl_project_type_status_num_idx').on(t.tenantId, t.projectType, t.projectStatus, t.projectNum, t.id).where(live),
]);

/** A person holds a role in a project once. */
export const projectPersons = entityTable(projectPersonEntity, (t) => [
  uniqueIndex('hjl_project_person_uidx').on(t.projectId, t.userId, t.projectRole).where(live),
]);

export const projectTasks = entityTable(projectTaskEntity, (t) => [
  index('hjl_project_task_project_idx').on(t.projectId),
  index('hjl_project_task_assignee_idx').on(t.tenantId, t.assigneeUser).where(live),
]);

/** What happened to a task (get/his/{id}): each change of a field with the old and new value, who and when. */
export const projectTaskHis = pgTable(
  'hjl_project_task_his',
  {
    ...auditColumns(),
    taskId: id('task_id').notNull(),
    projectId: id('project_id'),
    field: varchar('field', { length: 64 }).notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
  },
  (t) => [index('hjl_project_task_his_task_idx').on(t.taskId, t.createTime)],
);

export const taskTemplates = entityTable(taskTemplateEntity);
export const secondChecks = entityTable(projectSecondCheckEntity, (t) => [index('hjl_project_second_check_project_idx').on(t.projectId)]);
export const thirdChecks = entityTable(projectThirdCheckEntity, (t) => [index('hjl_project_third_check_project_idx').on(t.projectId)]);
export const auditSeals = entityTable(auditSealEntity, (t) => [
  index('hjl_audit_seal_project_idx').on(t.projectId),
  uniqueIndex('hjl_audit_seal_num_uidx')
    .on(t.tenantId, t.sealNum)
    .where(sql`is_deleted = 0 AND seal_num IS NOT NULL`),
]);
export const qualities = entityTable(projectQualityEntity, (t) => [index('hjl_project_quality_project_idx').on(t.projectId)]);

/** One reminder per user and record (the daily job adds what is missing). */
export const expireNotices = entityTable(expireNoticeEntity, (t) => [
  // Once per person, record and end date: a record whose end moves (a renewed certificate) is reminded again.
  uniqueIndex('hjl_expire_notice_uidx').on(t.tenantId, t.userId, t.bizType, t.bizId, t.expireDate).where(live),
  index('hjl_expire_notice_user_idx').on(t.tenantId, t.userId, t.expireDate).where(live),
]);
