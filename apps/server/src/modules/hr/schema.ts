/**
 * The tables of the people area (BUSINESS.md WP6), derived from their definitions, with the indexes
 * their lists (by person), the self-service data scope (user_id) and the rules need.
 */
import {
  assetEntity,
  auditCarEntity,
  auditEvectionEntity,
  auditEvectionInfoEntity,
  auditGoOutEntity,
  auditShoppingEntity,
  auditShoppingInfoEntity,
  socialSecurityEntity,
  staffFileEntity,
  userCertificateEntity,
  userEducationEntity,
  userHomeInfoEntity,
  userOuterEntity,
  userSocialSecurityEntity,
  userWorkHisEntity,
  workContractEntity,
} from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

const live = sql`is_deleted = 0`;

/** One staff file per person. */
export const staffFiles = entityTable(staffFileEntity, (t) => [uniqueIndex('blade_user_ext_user_uidx').on(t.tenantId, t.userId).where(live)]);
export const educations = entityTable(userEducationEntity, (t) => [index('hjl_user_education_user_idx').on(t.tenantId, t.userId).where(live)]);
export const workHis = entityTable(userWorkHisEntity, (t) => [index('hjl_user_work_his_user_idx').on(t.tenantId, t.userId).where(live)]);
export const homeInfos = entityTable(userHomeInfoEntity, (t) => [index('hjl_user_home_info_user_idx').on(t.tenantId, t.userId).where(live)]);
export const certificates = entityTable(userCertificateEntity, (t) => [index('hjl_user_certificate_user_idx').on(t.tenantId, t.userId).where(live)]);
export const workContracts = entityTable(workContractEntity, (t) => [
  index('hjl_work_contract_user_idx').on(t.tenantId, t.userId, t.startDate).where(live),
  uniqueIndex('hjl_work_contract_num_uidx')
    .on(t.tenantId, t.contractNum)
    .where(sql`is_deleted = 0 AND contract_num IS NOT NULL`),
]);
export const socialSchemes = entityTable(socialSecurityEntity);
export const userSocials = entityTable(userSocialSecurityEntity, (t) => [
  index('hjl_user_social_security_user_idx').on(t.tenantId, t.userId, t.payMonth).where(live),
]);
export const outers = entityTable(userOuterEntity);
export const assets = entityTable(assetEntity, (t) => [
  uniqueIndex('hjl_asset_num_uidx')
    .on(t.tenantId, t.assetNum)
    .where(sql`is_deleted = 0 AND asset_num IS NOT NULL`),
]);

// Office approvals (行政审批): each applicant's own (data scope, 本人), the lines by their record.
export const evections = entityTable(auditEvectionEntity, (t) => [index('hjl_audit_evection_user_idx').on(t.tenantId, t.applyUser)]);
export const evectionInfos = entityTable(auditEvectionInfoEntity, (t) => [index('hjl_audit_evection_info_parent_idx').on(t.auditEvectionId)]);
export const goOuts = entityTable(auditGoOutEntity, (t) => [index('hjl_audit_go_out_user_idx').on(t.tenantId, t.applyUser)]);
export const cars = entityTable(auditCarEntity, (t) => [index('hjl_audit_car_user_idx').on(t.tenantId, t.applyUser)]);
export const shoppings = entityTable(auditShoppingEntity, (t) => [index('hjl_audit_shopping_user_idx').on(t.tenantId, t.applyUser)]);
export const shoppingInfos = entityTable(auditShoppingInfoEntity, (t) => [index('hjl_audit_shopping_info_parent_idx').on(t.auditShoppingId)]);
