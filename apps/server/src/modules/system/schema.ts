/** Tables of system administration: roles and their grants, menus, parameters, data and API scopes. */
import { apiScopeEntity, dataScopeEntity, paramEntity } from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, platformAuditColumns } from '../../platform/db/columns.ts';
import { entityTable } from '../../platform/crud/table.ts';

export const roles = pgTable(
  'blade_role',
  {
    ...auditColumns(),
    parentId: id('parent_id').notNull().default('0'),
    roleName: varchar('role_name', { length: 255 }).notNull(),
    sort: integer('sort').notNull().default(0),
    roleAlias: varchar('role_alias', { length: 255 }).notNull(),
  },
  (t) => [
    index('blade_role_tenant_idx').on(t.tenantId, t.sort),
    uniqueIndex('blade_role_alias_uq')
      .on(t.tenantId, t.roleAlias)
      .where(sql`is_deleted = 0`),
  ],
);

export const roleMenus = pgTable(
  'blade_role_menu',
  {
    id: id('id').primaryKey(),
    menuId: id('menu_id').notNull(),
    roleId: id('role_id').notNull(),
  },
  (t) => [uniqueIndex('blade_role_menu_uq').on(t.roleId, t.menuId)],
);

/** Data scopes (category 1) and API scopes (category 2) granted to roles. */
export const roleScopes = pgTable(
  'blade_role_scope',
  {
    id: id('id').primaryKey(),
    /** 1 data scope, 2 API scope. */
    scopeCategory: integer('scope_category').notNull(),
    scopeId: id('scope_id').notNull(),
    roleId: id('role_id').notNull(),
  },
  (t) => [uniqueIndex('blade_role_scope_uq').on(t.roleId, t.scopeCategory, t.scopeId), index('blade_role_scope_scope_idx').on(t.scopeId)],
);

/** Menus (category 1) and buttons (category 2). Platform-wide; tenants see them through packages and roles. */
export const menus = pgTable(
  'blade_menu',
  {
    ...platformAuditColumns(),
    parentId: id('parent_id').notNull().default('0'),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    alias: varchar('alias', { length: 255 }),
    path: varchar('path', { length: 255 }),
    /** Icon name. */
    source: varchar('source', { length: 255 }),
    sort: integer('sort').notNull().default(0),
    /** 1 menu, 2 button. */
    category: integer('category').notNull().default(1),
    /** Button position: 0 toolbar, 1 row, 2 both. */
    action: integer('action').notNull().default(0),
    /** 1 in the app, 2 opens in a new window. */
    isOpen: integer('is_open').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    index('blade_menu_parent_idx').on(t.parentId, t.sort),
    uniqueIndex('blade_menu_code_uq')
      .on(t.code)
      .where(sql`is_deleted = 0`),
  ],
);

export const params = entityTable(paramEntity);

/** Data scopes and API scopes of menu resources (platform-wide, like menus). */
export const dataScopes = entityTable(dataScopeEntity, (c) => [
  index('blade_scope_data_menu_idx')
    .on(c.menuId)
    .where(sql`is_deleted = 0`),
]);
export const apiScopes = entityTable(apiScopeEntity, (c) => [
  index('blade_scope_api_menu_idx')
    .on(c.menuId)
    .where(sql`is_deleted = 0`),
]);
