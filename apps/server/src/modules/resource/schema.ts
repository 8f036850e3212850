import { attachEntity, ossEntity, smsEntity } from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';
import { datetime, id } from '../../platform/db/columns.ts';

/** Status of the one enabled configuration of a tenant (BladeX: 1 not enabled, 2 enabled). */
export const ENABLED = 2;
export const DISABLED = 1;

// At most one enabled configuration per tenant, also under concurrent enables.
export const ossConfigs = entityTable(ossEntity, (c) => [
  uniqueIndex('blade_oss_enabled_uq')
    .on(c.tenantId)
    .where(sql`status = 2 AND is_deleted = 0`),
]);
export const smsConfigs = entityTable(smsEntity, (c) => [
  uniqueIndex('blade_sms_enabled_uq')
    .on(c.tenantId)
    .where(sql`status = 2 AND is_deleted = 0`),
]);
export const attaches = entityTable(attachEntity);

/** Every message the default SMS provider "sent": one row per phone. */
export const smsLog = pgTable(
  'blade_sms_log',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    smsId: id('sms_id'),
    smsCode: varchar('sms_code', { length: 32 }),
    category: integer('category'),
    phone: varchar('phone', { length: 20 }).notNull(),
    templateId: varchar('template_id', { length: 64 }),
    signName: varchar('sign_name', { length: 64 }),
    params: text('params'),
    /** 1 sent, 0 failed. */
    status: integer('status').notNull().default(1),
    createUser: id('create_user'),
    createTime: datetime('create_time')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('blade_sms_log_tenant_time_idx').on(t.tenantId, t.createTime.desc())],
);
