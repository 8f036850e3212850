import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { datetime } from '../../platform/db/columns.ts';

/** Issued captchas: single use, 30 minutes. Kept in the database so any server instance can check them. */
export const captchas = pgTable('blade_captcha', {
  key: varchar('key', { length: 64 }).primaryKey(),
  code: varchar('code', { length: 16 }).notNull(),
  expiresAt: datetime('expires_at').notNull(),
});
