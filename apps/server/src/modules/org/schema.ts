/** Tables of the organisation module: departments, posts, regions, top menus and the menus granted to each top menu. */
import { topmenuEntity } from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, platformAuditColumns } from '../../platform/db/columns.ts';
import { entityTable } from '../../platform/crud/table.ts';

/** Administrative regions (platform-wide). Provinces have parent code `00`; `ancestors` lists the codes above. */
export const regions = pgTable(
  'blade_region',
  {
    ...platformAuditColumns(),
    code: varchar('code', { length: 12 }).notNull(),
    parentCode: varchar('parent_code', { length: 12 }).notNull(),
    ancestors: varchar('ancestors', { length: 255 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    provinceCode: varchar('province_code', { length: 12 }),
    provinceName: varchar('province_name', { length: 32 }),
    cityCode: varchar('city_code', { length: 12 }),
    cityName: varchar('city_name', { length: 32 }),
    districtCode: varchar('district_code', { length: 12 }),
    districtName: varchar('district_name', { length: 32 }),
    townCode: varchar('town_code', { length: 12 }),
    townName: varchar('town_name', { length: 32 }),
    villageCode: varchar('village_code', { length: 12 }),
    villageName: varchar('village_name', { length: 32 }),
    /** 1 province, 2 city, 3 district, 4 town, 5 village. */
    regionLevel: integer('region_level').notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    // Serves detail by code, the uniqueness check and the list's default order (code).
    uniqueIndex('blade_region_code_uq')
      .on(t.code)
      .where(sql`is_deleted = 0`),
    // Serves the lazy tree: children of one code in their order.
    index('blade_region_parent_idx')
      .on(t.parentCode, t.sort, t.code)
      .where(sql`is_deleted = 0`),
  ],
);

export const topMenus = entityTable(topmenuEntity);

/** Menus granted to a top menu (replaced as a whole by /topmenu/grant). */
export const topMenuSettings = pgTable(
  'blade_top_menu_setting',
  {
    id: id('id').primaryKey(),
    topMenuId: id('top_menu_id').notNull(),
    menuId: id('menu_id').notNull(),
  },
  (t) => [uniqueIndex('blade_top_menu_setting_uq').on(t.topMenuId, t.menuId), index('blade_top_menu_setting_menu_idx').on(t.menuId)],
);

/** Departments (a tree per tenant: `ancestors` lists the ids above). */
export const depts = pgTable(
  'blade_dept',
  {
    ...auditColumns(),
    parentId: id('parent_id').notNull().default('0'),
    ancestors: varchar('ancestors', { length: 2000 }).notNull().default('0'),
    deptCategory: integer('dept_category').notNull().default(1),
    deptName: varchar('dept_name', { length: 45 }).notNull(),
    fullName: varchar('full_name', { length: 45 }),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [index('blade_dept_tenant_idx').on(t.tenantId, t.parentId, t.sort)],
);

export const posts = pgTable(
  'blade_post',
  {
    ...auditColumns(),
    category: integer('category').notNull().default(1),
    postCode: varchar('post_code', { length: 12 }).notNull(),
    postName: varchar('post_name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [index('blade_post_tenant_idx').on(t.tenantId, t.sort)],
);
