/**
 * 费用报销统计 (the applyExpense count of S2 L478) on the workbench and the data cockpit: expense claims per month
 * over the last twelve months, their number and amount, of the claims the caller may see (finance and leaders
 * all, a department manager their departments', others their own — the applications' scope).
 */
import { applyExpenseEntity, type ChartData } from '@hjl/core';
import { and, count, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { firmClock, lastMonths } from '../../platform/time/index.ts';
import type { ApplicantScope } from '../approval/api.ts';
import type { StatisticsRegistry } from '../statistics/api.ts';
import { applyExpenses } from './schema.ts';

const wan = (v: string | undefined) => Math.round(Number(v ?? 0) / 100) / 100;

export function registerFinanceStatistics(ctx: ModuleContext & { statistics: StatisticsRegistry }, deps: { claims: EntityRepo; scope: ApplicantScope }): void {
  const clock = firmClock(ctx.config.timeZone);
  const claimsPerMonth = async (user: AuthUser): Promise<ChartData> => {
    const keys = lastMonths(clock.month(), 12);
    const month = sql<string>`to_char(${applyExpenses.createTime}, 'YYYY-MM')`;
    const rows = await ctx.database.db
      .select({ month, n: count(), amount: sql<string>`coalesce(sum(${applyExpenses.totalAmount}), 0)::text` })
      .from(applyExpenses)
      .where(
        and(
          ...(await deps.claims.scope(user)),
          ...(await deps.scope.conditions(user, { applyUser: applyExpenses.applyUser, applyDept: applyExpenses.applyDept })),
          sql`${applyExpenses.createTime} >= ${`${keys[0]}-01`}::timestamp`,
        ),
      )
      .groupBy(month);
    const by = new Map(rows.map((r) => [r.month, r]));
    return {
      kind: 'bar',
      title: '费用报销',
      categories: keys,
      series: [
        { name: '报销单数', data: keys.map((k) => Number(by.get(k)?.n ?? 0)) },
        { name: '报销金额(万元)', data: keys.map((k) => wan(by.get(k)?.amount)) },
      ],
    };
  };
  ctx.statistics.register({ key: 'applyExpenseCount', sort: 80, code: applyExpenseEntity.name, query: (_d, user) => claimsPerMonth(user) });
}
