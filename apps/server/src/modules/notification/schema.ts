/** Per-user read state of notifications (notices and workflow events are read from their own tables). */
import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { datetime, id } from '../../platform/db/columns.ts';

export const notificationReads = pgTable(
  'blade_notification_read',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: id('user_id').notNull(),
    /** notice, todo, urge, copy. */
    type: varchar('type', { length: 16 }).notNull(),
    /** Id of the notice, task, urge or copy row. */
    sourceId: id('source_id').notNull(),
    readTime: datetime('read_time')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('blade_notification_read_uq').on(t.tenantId, t.userId, t.type, t.sourceId)],
);
