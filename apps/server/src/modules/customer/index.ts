/**
 * Customers (/api/business/hjlCustomer and its children; spec 2 section 7): the first business area, built
 * on the entity definitions (docs/business-area.md). Everything generic — routes, validation, tenant and
 * data scope (the owner's 本人可见), children confined to visible customers, Excel export — comes from
 * packages/core/src/entities/customer.ts and platform/crud; this module adds only what is the customers' own:
 * derived names, "my customers", the import, enterprise information and the report.
 */
import {
  customerAccountEntity,
  customerChanceEntity,
  customerContactsEntity,
  customerEntity,
  customerInvoiceEntity,
  customerVisitEntity,
  type EntityDef,
} from '@hjl/core';
import { eq } from 'drizzle-orm';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { EntityTable } from '../../platform/crud/table.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { DictStores } from '../dict/api.ts';
import type { StatisticsRegistry } from '../statistics/api.ts';
import { customerRefResolver } from './api.ts';
import { registerCustomerExcel } from './excel.ts';
import { CustomerRecordsProvider, registerEnterpriseInfo, type EnterpriseInfoProvider } from './enterprise.ts';
import { registerCustomerReport } from './report.ts';
import { customerAccounts, customerChances, customerContacts, customerInvoices, customerVisits, customers } from './schema.ts';

/** The enterprise information provider the server's assembly (app.ts) chooses by configuration. */
export { enterpriseProvider } from './enterprise.ts';

export interface CustomerModule {
  repo: EntityRepo<typeof customerEntity>;
}

export interface CustomerModuleContext extends ModuleContext {
  dicts: DictStores;
  statistics: StatisticsRegistry;
  /** The enterprise-information provider, given the default one over our own customer records. */
  enterprise?: (own: EnterpriseInfoProvider) => EnterpriseInfoProvider;
}

export function registerCustomer(ctx: CustomerModuleContext): CustomerModule {
  const db = ctx.database.db;
  const dictionary = ctx.dicts.optionsOf;
  ctx.refs.register('customer', customerRefResolver(db));

  // The owner's name (负责人, a `user` reference) and the region's full name (a `region` reference stored
  // beside its code) come from the definition; a new customer is the creator's unless it names an owner.
  const repo = ctx.repo(customerEntity, customers);
  registerEntityRoutes(ctx.route, repo, ctx.access, {
    dictionary,
    beforeWrite(user, data, id) {
      if (!id && data.ownerUser == null) data.ownerUser = user.userId;
    },
  });

  // The customer's records: each confined to customers the caller may see, listed with the customer's name
  // (their `customer` reference).
  const children: [EntityDef, EntityTable][] = [
    [customerContactsEntity, customerContacts],
    [customerVisitEntity, customerVisits],
    [customerAccountEntity, customerAccounts],
    [customerInvoiceEntity, customerInvoices],
    [customerChanceEntity, customerChances],
  ];
  for (const [def, table] of children) registerEntityRoutes(ctx.route, ctx.repo(def, table, repo), ctx.access, { dictionary });

  // GET hjlCustomer/my: the customers the caller owns (within their data scope like every list).
  ctx.route({
    method: 'GET',
    url: `${customerEntity.api}/my`,
    summary: '我的客户(负责人是本人)',
    tags: [customerEntity.label.zh],
    requires: { anyOf: ['customer', 'customer_my'] },
    handler: async ({ user, req }) => {
      const p = await repo.page(user, req.query as Record<string, unknown>, [eq(customers.ownerUser, user.userId)]);
      return { ...p, records: await repo.withNames(user, p.records) };
    },
  });

  registerCustomerExcel(ctx, dictionary);
  // Our own records answer unless the application chose another provider (app.ts: ENTERPRISE_PROVIDER);
  // a registry's detail is linked to them.
  const own = new CustomerRecordsProvider(repo, (user, rows) => repo.withNames(user, rows));
  registerEnterpriseInfo(ctx, ctx.enterprise ? ctx.enterprise(own) : own);
  registerCustomerReport(ctx, repo);
  return { repo };
}
