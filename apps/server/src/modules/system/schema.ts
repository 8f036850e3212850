/** Tables of system administration: tenants, clients, roles, depts, posts, menus, dictionaries, parameters. */
import { apiScopeEntity, dataScopeEntity, paramEntity } from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, datetime, id, platformAuditColumns } from '../../platform/db/columns.ts';
import { entityTable } from '../../platform/crud/table.ts';

export const tenants = pgTable(
  'blade_tenant',
  {
    ...auditColumns(),
    tenantName: varchar('tenant_name', { length: 50 }).notNull(),
    domainUrl: varchar('domain_url', { length: 255 }),
    backgroundUrl: varchar('background_url', { length: 1000 }),
    linkman: varchar('linkman', { length: 20 }),
    contactNumber: varchar('contact_number', { length: 20 }),
    address: varchar('address', { length: 255 }),
    /** -1 means unlimited. */
    accountNumber: integer('account_number').notNull().default(-1),
    expireTime: datetime('expire_time'),
    packageId: id('package_id'),
    datasourceId: id('datasource_id'),
    licenseKey: varchar('license_key', { length: 1000 }),
  },
  (t) => [
    uniqueIndex('blade_tenant_tenant_id_uq')
      .on(t.tenantId)
      .where(sql`is_deleted = 0`),
    index('blade_tenant_list_idx')
      .on(t.createTime, t.id)
      .where(sql`is_deleted = 0`),
  ],
);

export const tenantPackages = pgTable(
  'blade_tenant_package',
  {
    ...platformAuditColumns(),
    packageName: varchar('package_name', { length: 50 }).notNull(),
    /** Menu ids, comma separated. */
    menuId: text('menu_id').notNull().default(''),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    index('blade_tenant_package_list_idx')
      .on(t.createTime, t.id)
      .where(sql`is_deleted = 0`),
  ],
);

export const clients = pgTable(
  'blade_client',
  {
    ...platformAuditColumns(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    /** `sha256:<hex>` of the generated secret (see modules/system/service.ts). */
    clientSecret: varchar('client_secret', { length: 256 }).notNull(),
    resourceIds: varchar('resource_ids', { length: 256 }),
    scope: varchar('scope', { length: 256 }).notNull().default('all'),
    authorizedGrantTypes: varchar('authorized_grant_types', { length: 256 }).notNull(),
    webServerRedirectUri: varchar('web_server_redirect_uri', { length: 256 }),
    authorities: varchar('authorities', { length: 256 }),
    accessTokenValidity: integer('access_token_validity').notNull().default(3600),
    refreshTokenValidity: integer('refresh_token_validity').notNull().default(604800),
    additionalInformation: varchar('additional_information', { length: 4096 }),
    autoapprove: varchar('autoapprove', { length: 256 }),
  },
  (t) => [
    uniqueIndex('blade_client_client_id_uq')
      .on(t.clientId)
      .where(sql`is_deleted = 0`),
    index('blade_client_list_idx')
      .on(t.createTime, t.id)
      .where(sql`is_deleted = 0`),
  ],
);

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
]);
/** Business dictionary: per tenant. */
export const dictBiz = pgTable('blade_dict_biz', { ...auditColumns(), ...dictColumns() }, (t) => [
  index('blade_dict_biz_code_idx').on(t.tenantId, t.code, t.parentId, t.sort),
  index('blade_dict_biz_parent_idx')
    .on(t.tenantId, t.parentId, t.sort, t.id)
    .where(sql`is_deleted = 0`),
]);

export const params = entityTable(paramEntity);

/** Data scopes and API scopes of menu resources (platform-wide, like menus). */
export const dataScopes = entityTable(dataScopeEntity, (c) => [
  index('blade_scope_data_menu_idx')
    .on(c.menuId!)
    .where(sql`is_deleted = 0`),
]);
export const apiScopes = entityTable(apiScopeEntity, (c) => [
  index('blade_scope_api_menu_idx')
    .on(c.menuId!)
    .where(sql`is_deleted = 0`),
]);
