import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { datetime } from '../db/columns.ts';

/** Revoked token ids (logout). Rows past their expiry are useless and are purged. */
export const revokedTokens = pgTable(
  'blade_token_revoked',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    expiresAt: datetime('expires_at').notNull(),
  },
  (t) => [index('blade_token_revoked_expires_idx').on(t.expiresAt)],
);
