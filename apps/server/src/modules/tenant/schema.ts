/** Tables of the tenant module: tenants, their product packages, and the OAuth clients. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, datetime, id, platformAuditColumns } from '../../platform/db/columns.ts';

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
    /** `sha256:<hex>` of the generated secret (see modules/tenant/api.ts). */
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
