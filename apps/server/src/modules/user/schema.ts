import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, datetime, id } from '../../platform/db/columns.ts';

export const users = pgTable(
  'blade_user',
  {
    ...auditColumns(),
    code: varchar('code', { length: 12 }),
    /** 1 web, 2 app, 3 other. */
    userType: integer('user_type').notNull().default(1),
    account: varchar('account', { length: 45 }).notNull(),
    /** bcrypt of the md5 hex the client sends. */
    password: varchar('password', { length: 100 }).notNull(),
    name: varchar('name', { length: 20 }),
    realName: varchar('real_name', { length: 10 }),
    avatar: varchar('avatar', { length: 500 }),
    email: varchar('email', { length: 45 }),
    phone: varchar('phone', { length: 45 }),
    birthday: date('birthday', { mode: 'string' }),
    sex: integer('sex'),
    /** Comma lists of ids. */
    roleId: varchar('role_id', { length: 1000 }).notNull().default(''),
    deptId: varchar('dept_id', { length: 1000 }).notNull().default(''),
    postId: varchar('post_id', { length: 1000 }).notNull().default(''),
    /** 1 approved; 0 a registered guest awaiting an administrator's approval. */
    approvalStatus: integer('approval_status').notNull().default(1),
    /** Consecutive failed logins, and until when the account is locked. */
    failCount: integer('fail_count').notNull().default(0),
    lockUntil: datetime('lock_until'),
  },
  (t) => [
    uniqueIndex('blade_user_account_uq').on(t.tenantId, t.account).where(sql`is_deleted = 0`),
    index('blade_user_list_idx').on(t.tenantId, t.createTime),
  ],
);

/** Third-party identities bound to users (register-guest carries the oauth id). */
export const userOauth = pgTable('blade_user_oauth', {
  id: id('id').primaryKey(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  uuid: varchar('uuid', { length: 64 }).notNull(),
  userId: id('user_id').notNull(),
  source: varchar('source', { length: 64 }),
  createTime: datetime('create_time').notNull().default(sql`now()`),
});
