import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { datetime } from '../../platform/db/columns.ts';

/** Issued captchas: single use, 30 minutes. Kept in the database so any server instance can check them. */
export const captchas = pgTable('blade_captcha', {
  key: varchar('key', { length: 64 }).primaryKey(),
  code: varchar('code', { length: 16 }).notNull(),
  expiresAt: datetime('expires_at').notNull(),
});

/**
 * Failed logins of accounts that do not exist (or of tenants that do not), counted like a user's own
 * `fail_count` / `lock_until`, so that an unknown account is answered exactly as a known one, lock-out included.
 * Keyed by the tenant id as sent and the account in lower case.
 */
export const unknownLoginFailures = pgTable(
  'blade_login_failure',
  {
    tenantId: varchar('tenant_id', { length: 64 }).notNull(),
    account: varchar('account', { length: 64 }).notNull(),
    failCount: integer('fail_count').notNull().default(0),
    lockUntil: datetime('lock_until'),
    updateTime: datetime('update_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.account] })],
);
