/** Tables of the dictionary module: the system dictionary (platform-wide) and the business dictionary (per tenant). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, platformAuditColumns } from '../../platform/db/columns.ts';

const dictColumns = () => ({
  parentId: id('parent_id').notNull().default('0'),
  code: varchar('code', { length: 255 }).notNull(),
  dictKey: varchar('dict_key', { length: 255 }).notNull().default('-1'),
  dictValue: varchar('dict_value', { length: 255 }).notNull(),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 255 }),
  isSealed: integer('is_sealed').notNull().default(0),
  /** Display hints of the dictData view (spec 2). */
  colorType: varchar('color_type', { length: 100 }),
  cssClass: varchar('css_class', { length: 100 }),
});

/** System dictionary: platform-wide. */
export const dicts = pgTable('blade_dict', { ...platformAuditColumns(), ...dictColumns() }, (t) => [
  index('blade_dict_code_idx').on(t.code, t.parentId, t.sort),
  // parent-list and child-list: a node's children in sort order.
  index('blade_dict_parent_idx')
    .on(t.parentId, t.sort, t.id)
    .where(sql`is_deleted = 0`),
]); /** Business dictionary: per tenant. */
export const dictBiz = pgTable('blade_dict_biz', { ...auditColumns(), ...dictColumns() }, (t) => [
  index('blade_dict_biz_code_idx').on(t.tenantId, t.code, t.parentId, t.sort),
  index('blade_dict_biz_parent_idx')
    .on(t.tenantId, t.parentId, t.sort, t.id)
    .where(sql`is_deleted = 0`),
]);
