/**
 * The customer report (客户统计): counts by type, region and owner, and new customers per month, each a
 * ChartData (packages/core/src/chart.ts) over the caller's customers (tenant and data scope). The functions are
 * what the workbench statistics register; `GET /api/business/report/customer` answers all four.
 */
import type { ChartData } from '@hjl/core';
import { and, count, desc, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { lastMonths, monthIn } from '../../platform/time/index.ts';
import { customers } from './schema.ts';
import type { DictStores } from '../dict/api.ts';
import type { StatisticsRegistry } from '../statistics/api.ts';

const UNSET = '未填写';

/** Customers by 客户类型 (dictionary labels), as a pie. */
export async function customerCountByType(ctx: ModuleContext & { dicts: DictStores }, repo: EntityRepo, user: AuthUser): Promise<ChartData> {
  const rows = await ctx.database.db
    .select({ key: customers.customerType, n: count() })
    .from(customers)
    .where(and(...(await repo.scope(user))))
    .groupBy(customers.customerType)
    .orderBy(customers.customerType);
  const labels = await ctx.dicts.biz.labels(user.tenantId, 'customer_type');
  return {
    kind: 'pie',
    title: '客户类型分布',
    categories: rows.map((r) => (r.key == null ? UNSET : (labels.get(String(r.key)) ?? String(r.key)))),
    series: [{ name: '客户数', data: rows.map((r) => Number(r.n)) }],
  };
}

/** Customers by province (the first part of the region's name), most first. */
export async function customerCountByRegion(ctx: ModuleContext, repo: EntityRepo, user: AuthUser): Promise<ChartData> {
  const province = sql<string | null>`split_part(${customers.regionName}, '/', 1)`;
  const rows = await ctx.database.db
    .select({ name: province, n: count() })
    .from(customers)
    .where(and(...(await repo.scope(user))))
    .groupBy(province)
    .orderBy(desc(count()), province);
  return {
    kind: 'bar',
    title: '客户地区分布',
    categories: rows.map((r) => r.name || UNSET),
    series: [{ name: '客户数', data: rows.map((r) => Number(r.n)) }],
  };
}

/** Customers by owner (负责人, by the one display name of a user), most first, at most `top` owners. */
export async function customerCountByOwner(ctx: ModuleContext, repo: EntityRepo, user: AuthUser, top = 20): Promise<ChartData> {
  const rows = await ctx.database.db
    .select({ owner: customers.ownerUser, n: count() })
    .from(customers)
    .where(and(...(await repo.scope(user))))
    .groupBy(customers.ownerUser)
    .orderBy(desc(count()), customers.ownerUser)
    .limit(top);
  const owners = rows.map((r) => (r.owner == null ? '' : String(r.owner)));
  const names = await ctx.refs.resolver('user').names(user.tenantId, owners.filter(Boolean));
  const bars = rows
    .map((r, i) => ({ name: names.get(owners[i] ?? '') || UNSET, n: Number(r.n) }))
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name, 'zh-CN'));
  return {
    kind: 'bar',
    title: '负责人客户数',
    categories: bars.map((b) => b.name),
    series: [{ name: '客户数', data: bars.map((b) => b.n) }],
  };
}

/** New customers in each of the last `months` months of the firm's calendar (this one included, by creation time). */
export async function newCustomersPerMonth(ctx: ModuleContext, repo: EntityRepo, user: AuthUser, months = 12, now = new Date()): Promise<ChartData> {
  const keys = lastMonths(monthIn(ctx.config.timeZone, now), months);
  const month = sql<string>`to_char(${customers.createTime}, 'YYYY-MM')`;
  const rows = await ctx.database.db
    .select({ month, n: count() })
    .from(customers)
    .where(and(...(await repo.scope(user)), sql`${customers.createTime} >= ${`${keys[0]}-01`}::timestamp`))
    .groupBy(month);
  const byMonth = new Map(rows.map((r) => [r.month, Number(r.n)]));
  return { kind: 'line', title: '每月新增客户', categories: keys, series: [{ name: '新增客户', data: keys.map((k) => byMonth.get(k) ?? 0) }] };
}

export function registerCustomerReport(ctx: ModuleContext & { dicts: DictStores; statistics: StatisticsRegistry }, repo: EntityRepo) {
  // Two of them also on the workbench, for users of the customer list (within their data scope).
  ctx.statistics.register({ key: 'customerByType', sort: 30, code: 'customer', query: (_db, user) => customerCountByType(ctx, repo, user) });
  ctx.statistics.register({ key: 'newCustomersPerMonth', sort: 40, code: 'customer', query: (_db, user) => newCustomersPerMonth(ctx, repo, user) });
  ctx.route({
    method: 'GET',
    url: '/api/business/report/customer',
    summary: '客户统计(类型、地区、负责人、每月新增)',
    tags: ['客户统计'],
    requires: { code: 'customer_report' },
    handler: async ({ user }) => {
      const [byType, byRegion, byOwner, perMonth] = await Promise.all([
        customerCountByType(ctx, repo, user),
        customerCountByRegion(ctx, repo, user),
        customerCountByOwner(ctx, repo, user),
        newCustomersPerMonth(ctx, repo, user),
      ]);
      return { byType, byRegion, byOwner, perMonth };
    },
  });
}
