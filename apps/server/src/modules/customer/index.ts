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
  type FieldDef,
} from '@hjl/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail } from '../../platform/http/errors.ts';
import type { EntityTable } from '../../platform/crud/table.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { DictStores } from '../dict/index.ts';
import type { StatisticsRegistry } from '../statistics/registry.ts';
import { regions } from '../org/schema.ts';
import { users } from '../user/schema.ts';
import { registerCustomerExcel, type RegionMatch } from './excel.ts';
import { CustomerRecordsProvider, registerEnterpriseInfo, type EnterpriseInfoProvider } from './enterprise.ts';
import { registerCustomerReport } from './report.ts';
import { customerAccounts, customerChances, customerContacts, customerInvoices, customerVisits, customers } from './schema.ts';

export interface CustomerModule {
  repo: EntityRepo;
}

export interface CustomerModuleContext extends ModuleContext {
  dicts: DictStores;
  statistics: StatisticsRegistry;
  /** The enterprise-information provider, given the default one over our own customer records. */
  enterprise?: (own: EnterpriseInfoProvider) => EnterpriseInfoProvider;
}

export function registerCustomer(ctx: CustomerModuleContext): CustomerModule {
  const db = ctx.database.db;
  const dictionary = async (user: AuthUser, field: FieldDef) =>
    (await (field.bizDict ? ctx.dicts.biz : ctx.dicts.system).items(user.tenantId, field.dict!)).map((d) => ({ key: d.dictKey, label: d.dictValue }));

  /** Real names of users by id, within the caller's tenant. */
  const userNames = async (tenantId: string, ids: unknown[]) => {
    const wanted = [...new Set(ids.filter((v): v is string => typeof v === 'string' && v !== ''))];
    if (!wanted.length) return new Map<string, string>();
    const rows = await db
      .select({ id: users.id, realName: users.realName })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, wanted)));
    return new Map(rows.map((u) => [u.id, u.realName ?? '']));
  };
  const withOwnerNames = async (user: AuthUser, rows: Row[]) => {
    const names = await userNames(
      user.tenantId,
      rows.map((r) => r.ownerUser),
    );
    return rows.map((r) => ({ ...r, ownerName: names.get(String(r.ownerUser)) ?? '' }));
  };

  const repo = ctx.repo(customerEntity, customers);
  registerEntityRoutes(ctx.route, repo, ctx.access, {
    dictionary,
    decorateRows: withOwnerNames,
    decorate: async (user, row) => (await withOwnerNames(user, [row]))[0]!,
    async beforeWrite(user, data, id) {
      // The owner is one of the tenant's users; the region's full name is kept beside its code.
      if (data.ownerUser != null && !(await userNames(user.tenantId, [data.ownerUser])).size) throw failOwner();
      if (!id && data.ownerUser == null) data.ownerUser = user.userId;
      if (data.regionCode === null) data.regionName = null;
      else if (typeof data.regionCode === 'string') {
        const name = await regionName(data.regionCode);
        if (!name) throw failRegion();
        data.regionName = name;
      }
    },
  });

  // A region's full name (江苏省/南京市/建邺区), kept beside its code on the customer.
  const regionColumns = {
    code: regions.code,
    name: regions.name,
    provinceName: regions.provinceName,
    cityName: regions.cityName,
    districtName: regions.districtName,
  };
  const fullName = (r: { name: string; provinceName: string | null; cityName: string | null; districtName: string | null }) => {
    const parts = [r.provinceName, r.cityName, r.districtName].filter((p): p is string => !!p);
    return (parts.length ? parts : [r.name]).join('/');
  };
  const regionName = async (code: string) => {
    const [r] = await db
      .select(regionColumns)
      .from(regions)
      .where(and(eq(regions.code, code), eq(regions.isDeleted, 0)))
      .limit(1);
    return r ? fullName(r) : undefined;
  };
  /** The live regions with any of these names (their own name, the last part of a full name), in one query. */
  const regionsNamed = async (names: string[]): Promise<RegionMatch[]> => {
    if (!names.length) return [];
    const rows = await db
      .select(regionColumns)
      .from(regions)
      .where(and(inArray(regions.name, names), eq(regions.isDeleted, 0)));
    return rows.map((r) => ({ code: r.code, name: r.name, full: fullName(r) }));
  };

  // The customer's records: each confined to customers the caller may see, listed with the customer's name.
  const withCustomerNames = async (user: AuthUser, rows: Row[]) => {
    const ids = [...new Set(rows.map((r) => r.customerId).filter((v): v is string => typeof v === 'string'))];
    const names = new Map(
      ids.length
        ? (
            await db
              .select({ id: customers.id!, name: customers.customerName! })
              .from(customers)
              .where(and(eq(customers.tenantId!, user.tenantId), inArray(customers.id!, ids)))
          ).map((c) => [c.id, c.name])
        : [],
    );
    return rows.map((r) => ({ ...r, customerName: names.get(String(r.customerId)) ?? '' }));
  };
  const children: [EntityDef, EntityTable][] = [
    [customerContactsEntity, customerContacts],
    [customerVisitEntity, customerVisits],
    [customerAccountEntity, customerAccounts],
    [customerInvoiceEntity, customerInvoices],
    [customerChanceEntity, customerChances],
  ];
  for (const [def, table] of children) {
    registerEntityRoutes(ctx.route, ctx.repo(def, table, repo), ctx.access, {
      dictionary,
      decorateRows: withCustomerNames,
      decorate: async (user, row) => (await withCustomerNames(user, [row]))[0]!,
    });
  }

  // GET hjlCustomer/my: the customers the caller owns (within their data scope like every list).
  ctx.route({
    method: 'GET',
    url: `${customerEntity.api}/my`,
    summary: '我的客户(负责人是本人)',
    tags: [customerEntity.label.zh],
    requires: { anyOf: ['customer', 'customer_my'] },
    handler: async ({ user, req }) => {
      const p = await repo.page(user, req.query as Record<string, unknown>, [eq(customers.ownerUser!, user.userId)]);
      return { ...p, records: await withOwnerNames(user, p.records) };
    },
  });

  registerCustomerExcel(ctx, regionsNamed, dictionary);
  // Our own records answer unless the application chose another provider (app.ts: ENTERPRISE_PROVIDER);
  // a registry's detail is linked to them.
  const own = new CustomerRecordsProvider(repo, withOwnerNames);
  registerEnterpriseInfo(ctx, ctx.enterprise ? ctx.enterprise(own) : own);
  registerCustomerReport(ctx, repo);
  return { repo };
}

const failOwner = () => fail('负责人不存在');
const failRegion = () => fail('所在地区不存在');
