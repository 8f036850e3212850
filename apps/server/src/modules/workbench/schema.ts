/** Home shortcut blocks of the workbench: the menus a user pinned, in their order (blade_user_menu). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { datetime, id } from '../../platform/db/columns.ts';

export const userMenus = pgTable(
  'blade_user_menu',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: id('user_id').notNull(),
    menuId: id('menu_id').notNull(),
    sort: integer('sort').notNull().default(0),
    createTime: datetime('create_time')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('blade_user_menu_uq').on(t.tenantId, t.userId, t.menuId), index('blade_user_menu_user_idx').on(t.tenantId, t.userId, t.sort)],
);
