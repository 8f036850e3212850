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
    /** 1: the password was generated (a new tenant's administrator) and must be changed before anything else. */
    mustChangePassword: integer('must_change_password').notNull().default(0),
    /**
     * The user's department leader (director/info) and area leader (areaLeader/info), as user ids of the
     * same tenant. They are kept per user rather than per dept: depts belong to the organisation module,
     * and a leader is often assigned per person (a branch's staff report to an area leader elsewhere).
     */
    directorId: id('director_id'),
    areaLeaderId: id('area_leader_id'),
  },
  (t) => [
    // Accounts are compared case-insensitively (admin and ADMIN are one account, as on BladeX's MySQL).
    uniqueIndex('blade_user_account_ci_uq')
      .on(t.tenantId, sql`lower(${t.account})`)
      .where(sql`is_deleted = 0`),
    index('blade_user_list_idx').on(t.tenantId, t.createTime),
    index('blade_user_approval_idx')
      .on(t.tenantId, t.approvalStatus, t.createTime)
      .where(sql`is_deleted = 0`),
  ],
);

/**
 * Per-platform extension of a user (update-platform / platform-detail): one row per user and platform
 * (user_type 1 web, 2 app, 3 other) with free-form extension text (e.g. JSON the client defines).
 */
export const userPlatforms = pgTable(
  'blade_user_platform',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: id('user_id').notNull(),
    userType: integer('user_type').notNull(),
    userExt: varchar('user_ext', { length: 2000 }),
    updateUser: id('update_user'),
    updateTime: datetime('update_time')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('blade_user_platform_uq').on(t.userId, t.userType)],
);

/** Third-party identities bound to users (register-guest carries the oauth id). */
export const userOauth = pgTable('blade_user_oauth', {
  id: id('id').primaryKey(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  uuid: varchar('uuid', { length: 64 }).notNull(),
  userId: id('user_id').notNull(),
  source: varchar('source', { length: 64 }),
  createTime: datetime('create_time')
    .notNull()
    .default(sql`now()`),
});
