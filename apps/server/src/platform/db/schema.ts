/**
 * What a start has already done to this database (seed/index.ts prepareDatabase): the fingerprint of the build,
 * migrations, configuration and day that last migrated and seeded it, so that a restart of the same build the same
 * day skips both; and whether the demo tenant's processes are still to be started (seed/approvals.ts).
 */
import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export const startState = pgTable('hjl_start_state', {
  /** `prepared`: the fingerprint; `demo-approvals`: the demo tenant's records still wait for their processes. */
  key: varchar('key', { length: 32 }).primaryKey(),
  fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
