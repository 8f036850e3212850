/**
 * The workbench statistics of the staff (registered by the user module on the statistics registry): people
 * per department and the age distribution. The people area (人事统计) asks the same for the people a caller may
 * see (`only`: one person, a staff member's self-service), through api.ts.
 */
import type { ChartData } from '@hjl/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import { liveDeptsInOrder } from '../org/api.ts';
import type { Statistic } from '../statistics/api.ts';
import { users } from './schema.ts';

/** Active users of the tenant (not deleted, not dimissioned). */
const ACTIVE_USER = sql`u.is_deleted = 0 AND u.status = 1`;
/** Only the user `only` (a staff member's own figures), or everyone. */
const onlyUser = (only: string | undefined): SQL => (only ? sql`AND u.id = ${only}::bigint` : sql``);

/** People per department: users whose department list names it (a user in two departments counts in both). */
export async function staffPerDept(database: Database, user: AuthUser, only?: string): Promise<ChartData> {
  const [counts, depts] = await Promise.all([
    database.rows<{ deptId: string; n: number }>(sql`
        SELECT d.id AS "deptId", count(DISTINCT u.id)::int AS n
        FROM ${users} u CROSS JOIN LATERAL unnest(string_to_array(u.dept_id, ',')) AS d(id)
        WHERE u.tenant_id = ${user.tenantId} AND ${ACTIVE_USER} ${onlyUser(only)}
        GROUP BY d.id`),
    liveDeptsInOrder(database.db, user.tenantId),
  ]);
  const byDept = new Map(counts.map((c) => [String(c.deptId), c.n]));
  // Most people first; equal counts keep the depts' own order (sort, then id). The sort is stable.
  const rows = depts.map((d) => ({ name: d.name, n: byDept.get(String(d.id)) ?? 0 })).sort((a, b) => b.n - a.n);
  const shown = rows.filter((r) => r.n > 0);
  return {
    kind: 'bar',
    title: '部门人数',
    categories: shown.map((r) => r.name),
    series: [{ name: '人数', data: shown.map((r) => r.n) }],
  };
}

export const deptPersonCount: Statistic = { key: 'deptPersonCount', sort: 10, query: (database, user) => staffPerDept(database, user) };

/** Age bands of the staff by birthday (age in whole years on today's date); no birthday: 未填写. */
export const AGE_BANDS = [
  { label: '25岁以下', below: 25 },
  { label: '25-34岁', below: 35 },
  { label: '35-44岁', below: 45 },
  { label: '45-54岁', below: 55 },
  { label: '55岁及以上', below: Infinity },
] as const;
export const NO_BIRTHDAY = '未填写';

export async function staffAgeBands(database: Database, user: AuthUser, only?: string): Promise<ChartData> {
  const rows = await database.rows<{ age: number | null; n: number }>(sql`
      SELECT date_part('year', age(current_date, u.birthday))::int AS age, count(*)::int AS n
      FROM ${users} u
      WHERE u.tenant_id = ${user.tenantId} AND ${ACTIVE_USER} ${onlyUser(only)}
      GROUP BY 1`);
  const counts = new Map<string, number>();
  for (const { age, n } of rows) {
    // The last band is below Infinity: every age finds one.
    const band = age === null ? NO_BIRTHDAY : (AGE_BANDS.find((b) => age < b.below) ?? AGE_BANDS[4]).label;
    counts.set(band, (counts.get(band) ?? 0) + n);
  }
  const categories = [...AGE_BANDS.map((b) => b.label), NO_BIRTHDAY].filter((c) => counts.has(c));
  return {
    kind: 'pie',
    title: '年龄分布',
    categories,
    series: [{ name: '人数', data: categories.map((c) => counts.get(c) ?? 0) }],
  };
}

export const ageDistribution: Statistic = { key: 'ageDistribution', sort: 20, query: (database, user) => staffAgeBands(database, user) };
