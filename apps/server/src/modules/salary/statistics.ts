/**
 * Salary statistics (薪资统计, `POST hjlSalaryStatistics/…`, BUSINESS.md WP6) over the approved records of the tenant:
 * a year month by month (`yearlyStatistics`), a month per department (`monthlySummary`), a year per department
 * (`departmentSummary`) and the averages per salary level (`averageLevel`). Each answers `{ chart, rows }`: the chart
 * as ChartData for <Chart>, the table rows with every amount a decimal string summed in SQL numeric (never a float);
 * `GET hjlSalaryStatistics/export?kind=&year=&importMonth=` writes the same rows to Excel.
 */
import { APPROVAL_STATUS, MONTH_RE, type ChartData } from '@hjl/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import { sendWorkbook, writeWorkbook, type ExcelColumn } from '../../platform/excel/index.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { liveDeptNames } from '../org/api.ts';
import { salaryConfigs, salaryRecords } from './schema.ts';

export const STATISTICS_CODE = 'salary_statistics';
const API = '/api/business/hjlSalaryStatistics';
const tags = ['薪资统计'];
const r = salaryRecords;

type Kind = 'yearlyStatistics' | 'monthlySummary' | 'departmentSummary' | 'averageLevel';
type StatRow = Record<string, string | number | null>;

const sums = {
  count: sql<number>`count(*)::int`,
  grossPay: sql<string>`coalesce(sum(${r.grossPay}), 0)::text`,
  socialPersonal: sql<string>`coalesce(sum(${r.socialPersonal}), 0)::text`,
  incomeTax: sql<string>`coalesce(sum(${r.incomeTax}), 0)::text`,
  netPay: sql<string>`coalesce(sum(${r.netPay}), 0)::text`,
};
/** A chart's number of an amount text (charts draw numbers; the tables keep the texts). */
const n = (text: string | null | undefined) => Number(text ?? 0);

const yearOf = (v: unknown) => {
  const text = v == null ? '' : String(v).trim();
  if (!text) throw fail('请选择年份');
  if (!/^\d{4}$/.test(text)) throw fail('年份格式应为yyyy');
  return text;
};
const monthOf = (v: unknown) => {
  const text = v == null ? '' : String(v).trim();
  if (!text) throw fail('请选择月份');
  if (!MONTH_RE.test(text)) throw fail('月份格式应为yyyy-MM');
  return text;
};

const COLUMNS: Record<Kind, ExcelColumn[]> = {
  yearlyStatistics: [
    { key: 'month', header: '月份' },
    { key: 'count', header: '人数' },
    { key: 'grossPay', header: '应发合计' },
    { key: 'socialPersonal', header: '个人社保合计' },
    { key: 'incomeTax', header: '个税合计' },
    { key: 'netPay', header: '实发合计' },
  ],
  monthlySummary: [
    { key: 'deptName', header: '部门' },
    { key: 'count', header: '人数' },
    { key: 'grossPay', header: '应发合计' },
    { key: 'socialPersonal', header: '个人社保合计' },
    { key: 'incomeTax', header: '个税合计' },
    { key: 'netPay', header: '实发合计' },
  ],
  departmentSummary: [
    { key: 'deptName', header: '部门' },
    { key: 'count', header: '人次' },
    { key: 'grossPay', header: '应发合计' },
    { key: 'incomeTax', header: '个税合计' },
    { key: 'netPay', header: '实发合计' },
    { key: 'avgNetPay', header: '人均实发' },
  ],
  averageLevel: [
    { key: 'levelName', header: '薪资等级' },
    { key: 'people', header: '人数' },
    { key: 'count', header: '人次' },
    { key: 'avgGrossPay', header: '平均应发' },
    { key: 'avgNetPay', header: '平均实发' },
  ],
};
const TITLES: Record<Kind, string> = {
  yearlyStatistics: '年度工资统计',
  monthlySummary: '月度部门工资汇总',
  departmentSummary: '部门工资汇总',
  averageLevel: '薪资等级平均工资',
};

export function registerSalaryStatistics(ctx: ModuleContext) {
  const db = ctx.database.db;
  const approved = (user: AuthUser, extra: SQL) => and(eq(r.tenantId, user.tenantId), eq(r.isDeleted, 0), eq(r.status, APPROVAL_STATUS.approved), extra);
  const inYear = (year: string) => sql`${r.importMonth} LIKE ${`${year}-%`}`;

  const byDept = async (user: AuthUser, where: SQL | undefined) => {
    const rows = await db
      .select({ deptId: r.deptId, ...sums, avgNetPay: sql<string>`round(avg(${r.netPay}), 2)::text` })
      .from(r)
      .where(where)
      .groupBy(r.deptId);
    const names = await liveDeptNames(db, user.tenantId, rows.map((x) => String(x.deptId ?? '')).filter(Boolean));
    return rows
      .map((x) => ({ ...x, deptId: x.deptId ? String(x.deptId) : null, deptName: String((x.deptId && names.get(String(x.deptId))) || '未分配部门') }))
      .sort((a, b) => n(b.netPay) - n(a.netPay));
  };

  const compute = async (user: AuthUser, kind: Kind, input: Record<string, unknown>): Promise<{ chart: ChartData; rows: StatRow[] }> => {
    if (kind === 'yearlyStatistics') {
      const year = yearOf(input.year);
      const found = await db
        .select({ month: r.importMonth, ...sums })
        .from(r)
        .where(approved(user, inYear(year)))
        .groupBy(r.importMonth);
      const rows = Array.from({ length: 12 }, (_, i) => {
        const month = `${year}-${String(i + 1).padStart(2, '0')}`;
        const hit = found.find((f) => f.month === month);
        return {
          month,
          count: hit?.count ?? 0,
          grossPay: hit?.grossPay ?? '0.00',
          socialPersonal: hit?.socialPersonal ?? '0.00',
          incomeTax: hit?.incomeTax ?? '0.00',
          netPay: hit?.netPay ?? '0.00',
        };
      });
      return {
        rows,
        chart: {
          kind: 'bar',
          title: `${year}年工资统计`,
          categories: rows.map((x) => `${Number(x.month.slice(5))}月`),
          series: [
            { name: '应发合计', data: rows.map((x) => n(x.grossPay)) },
            { name: '实发合计', data: rows.map((x) => n(x.netPay)) },
            { name: '个税合计', data: rows.map((x) => n(x.incomeTax)) },
          ],
        },
      };
    }
    if (kind === 'monthlySummary' || kind === 'departmentSummary') {
      const label = kind === 'monthlySummary' ? monthOf(input.importMonth) : yearOf(input.year);
      const rows = await byDept(user, approved(user, kind === 'monthlySummary' ? eq(r.importMonth, label) : inYear(label)));
      return {
        rows,
        chart: {
          kind: kind === 'monthlySummary' ? 'pie' : 'bar',
          title: kind === 'monthlySummary' ? `${label}各部门实发工资` : `${label}年各部门工资`,
          categories: rows.map((x) => x.deptName),
          series:
            kind === 'monthlySummary'
              ? [{ name: '实发合计', data: rows.map((x) => n(x.netPay)) }]
              : [
                  { name: '应发合计', data: rows.map((x) => n(x.grossPay)) },
                  { name: '实发合计', data: rows.map((x) => n(x.netPay)) },
                ],
        },
      };
    }
    const year = yearOf(input.year);
    const found = await db
      .select({
        levelId: r.salaryStandard,
        people: sql<number>`count(DISTINCT ${r.userId})::int`,
        count: sql<number>`count(*)::int`,
        avgGrossPay: sql<string>`round(avg(${r.grossPay}), 2)::text`,
        avgNetPay: sql<string>`round(avg(${r.netPay}), 2)::text`,
      })
      .from(r)
      .where(approved(user, inYear(year)))
      .groupBy(r.salaryStandard);
    const levels = await db
      .select({ id: salaryConfigs.id, name: salaryConfigs.levelName, sort: salaryConfigs.sort })
      .from(salaryConfigs)
      .where(eq(salaryConfigs.tenantId, user.tenantId));
    const levelOf = new Map(levels.map((l) => [String(l.id), l]));
    const rows = found
      .map((x) => ({ ...x, levelId: x.levelId ? String(x.levelId) : null, levelName: String((x.levelId && levelOf.get(String(x.levelId))?.name) || '未定级') }))
      .sort((a, b) => Number(levelOf.get(a.levelId ?? '')?.sort ?? 9999) - Number(levelOf.get(b.levelId ?? '')?.sort ?? 9999));
    return {
      rows,
      chart: {
        kind: 'bar',
        title: `${year}年各薪资等级平均工资`,
        categories: rows.map((x) => x.levelName),
        series: [
          { name: '平均应发', data: rows.map((x) => n(x.avgGrossPay)) },
          { name: '平均实发', data: rows.map((x) => n(x.avgNetPay)) },
        ],
      },
    };
  };

  const input = z.looseObject({ year: z.unknown().optional(), importMonth: z.unknown().optional() });
  for (const kind of Object.keys(TITLES) as Kind[]) {
    ctx.route({
      method: 'POST',
      url: `${API}/${kind}`,
      summary: `${TITLES[kind]}(已审批的工资)`,
      tags,
      requires: { code: STATISTICS_CODE },
      // Statistics are read with POST (the specs' method): not recorded as write calls.
      readOnly: true,
      body: input.optional(),
      query: input,
      handler: ({ user, body, query }) => compute(user, kind, { ...query, ...(body ?? {}) }),
    });
  }
  ctx.route({
    method: 'GET',
    url: `${API}/export`,
    summary: '导出薪资统计(kind: yearlyStatistics / monthlySummary / departmentSummary / averageLevel)',
    tags,
    requires: { code: STATISTICS_CODE },
    raw: true,
    query: z.looseObject({
      kind: z.enum(['yearlyStatistics', 'monthlySummary', 'departmentSummary', 'averageLevel'], { message: '统计类型不正确' }),
      year: z.string().optional(),
      importMonth: z.string().optional(),
    }),
    handler: async ({ user, query, reply }) => {
      const { rows } = await compute(user, query.kind, query);
      return sendWorkbook(reply, `${TITLES[query.kind]}.xlsx`, await writeWorkbook(TITLES[query.kind], COLUMNS[query.kind], rows));
    },
  });
}
