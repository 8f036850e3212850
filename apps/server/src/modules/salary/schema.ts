/**
 * The tables of salary and attendance (BUSINESS.md WP6), derived from their definitions: a person's standard, a month's
 * attendance and a month's record unique per person, one payment per month and what it leaves owed (one row per kind).
 */
import {
  attendanceFieldConfigEntity,
  attendanceImportEntity,
  salaryConfigEntity,
  salaryLiabilityEntity,
  salaryPayEntity,
  salaryRecordEntity,
  userSalaryInfoEntity,
} from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

const live = sql`is_deleted = 0`;

export const salaryConfigs = entityTable(salaryConfigEntity);
export const salaryInfos = entityTable(userSalaryInfoEntity, (t) => [uniqueIndex('hjl_user_salary_info_user_uidx').on(t.tenantId, t.userId).where(live)]);
export const attendanceFields = entityTable(attendanceFieldConfigEntity);
export const attendances = entityTable(attendanceImportEntity, (t) => [
  uniqueIndex('hjl_attendance_import_month_user_uidx').on(t.tenantId, t.importMonth, t.userId).where(live),
]);
export const salaryRecords = entityTable(salaryRecordEntity, (t) => [
  uniqueIndex('hjl_salary_record_month_user_uidx').on(t.tenantId, t.importMonth, t.userId).where(live),
  index('hjl_salary_record_user_idx').on(t.tenantId, t.userId, t.importMonth).where(live),
]);
export const salaryPays = entityTable(salaryPayEntity, (t) => [uniqueIndex('hjl_salary_pay_month_uidx').on(t.tenantId, t.payMonth).where(live)]);
export const salaryLiabilities = entityTable(salaryLiabilityEntity, (t) => [
  uniqueIndex('hjl_salary_liability_month_kind_uidx').on(t.tenantId, t.payMonth, t.liabilityKind).where(live),
]);
