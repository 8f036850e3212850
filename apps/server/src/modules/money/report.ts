/**
 * The data cockpit's money figure (大数据中心, BUSINESS.md WP8b "collections vs. invoices"): approved collections
 * against issued invoices per month over the last twelve months, of the projects the caller may see. Amounts are
 * summed in SQL `numeric` and charted in 万元 (display only).
 */
import { APPROVAL_STATUS, INVOICE_STATUS, projectCollectEntity, type ChartData } from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import { lastMonths } from '../../platform/time/index.ts';
import type { MoneyShared } from './context.ts';
import { invoices, projectCollects } from './schema.ts';

const wan = (v: string | undefined) => Math.round(Number(v ?? 0) / 100) / 100;

export function registerMoneyStatistics(s: MoneyShared, repos: { collections: EntityRepo; invoices: EntityRepo }) {
  const { statistics } = s.ctx;
  const db = s.ctx.database.db;

  const collectionsAgainstInvoices = async (user: AuthUser): Promise<ChartData> => {
    const keys = lastMonths(s.clock.month(), 12);
    const from = `${keys[0]}-01`;
    const collectMonth = sql<string>`to_char(${projectCollects.collectDate}, 'YYYY-MM')`;
    const invoiceMonth = sql<string>`to_char(${invoices.invoiceDate}, 'YYYY-MM')`;
    const [collected, invoiced] = await Promise.all([
      db
        .select({ month: collectMonth, amount: sql<string>`coalesce(sum(${projectCollects.collectAmount}), 0)::text` })
        .from(projectCollects)
        .where(
          and(
            ...(await repos.collections.scope(user)),
            eq(projectCollects.status, APPROVAL_STATUS.approved),
            sql`${projectCollects.collectDate} >= ${from}::date`,
          ),
        )
        .groupBy(collectMonth),
      db
        .select({ month: invoiceMonth, amount: sql<string>`coalesce(sum(${invoices.invoiceAmount}), 0)::text` })
        .from(invoices)
        .where(and(...(await repos.invoices.scope(user)), eq(invoices.invoiceStatus, INVOICE_STATUS.issued), sql`${invoices.invoiceDate} >= ${from}::date`))
        .groupBy(invoiceMonth),
    ]);
    const c = new Map(collected.map((r) => [r.month, r.amount]));
    const i = new Map(invoiced.map((r) => [r.month, r.amount]));
    return {
      kind: 'bar',
      title: '每月收款与开票',
      categories: keys,
      series: [
        { name: '收款(万元)', data: keys.map((k) => wan(c.get(k))) },
        { name: '开票(万元)', data: keys.map((k) => wan(i.get(k))) },
      ],
    };
  };

  statistics.register({
    key: 'collectionsAgainstInvoices',
    sort: 56,
    code: projectCollectEntity.name,
    boards: ['cockpit'],
    query: (_d, user) => collectionsAgainstInvoices(user),
  });
}
