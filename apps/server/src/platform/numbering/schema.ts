/** The numbering service's counters: one row per tenant and rendered head (kind, type and period). */
import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

export const numberCounters = pgTable(
  'blade_number_counter',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    head: varchar('head', { length: 128 }).notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.head] })],
);
