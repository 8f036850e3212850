/** Column helpers shared by every table: ids as strings, date-times as 'yyyy-MM-dd HH:mm:ss', audit columns. */
import { sql } from 'drizzle-orm';
import { bigint, customType, integer, timestamp, varchar } from 'drizzle-orm/pg-core';

/** bigint column read and written as a decimal string. */
export const id = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (v) => String(v),
  toDriver: (v) => v,
});

/** timestamp(0) without zone, in the server's zone (the session TimeZone), as 'yyyy-MM-dd HH:mm:ss'. */
export const datetime = (name: string) => timestamp(name, { precision: 0, mode: 'string' });

export const auditColumns = () => ({
  id: id('id').primaryKey(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull().default('000000'),
  createUser: id('create_user'),
  createDept: id('create_dept'),
  createTime: datetime('create_time')
    .notNull()
    .default(sql`now()`),
  updateUser: id('update_user'),
  updateTime: datetime('update_time')
    .notNull()
    .default(sql`now()`),
  status: integer('status').notNull().default(1),
  isDeleted: integer('is_deleted').notNull().default(0),
});

/** Audit columns of platform-wide tables (no tenant). */
export const platformAuditColumns = () => {
  const { tenantId: _t, ...rest } = auditColumns();
  return rest;
};

export { bigint };
