/**
 * 报表列表 (S2 L409; BUSINESS.md WP8b Reports): `GET /api/blade-report/report/rest/list` and `POST …/remove?ids=` as
 * the spec names them, over saved report definitions (blade_report_file) — a statistic of the statistics registry
 * shown as a chart or a table —, with the calls a user needs to make and use one: `submit`, `detail`, `data?id=`
 * (the statistic, read for the caller: tenant, permission code and data scope) and `export?id=` (the same as an
 * Excel sheet). The built-in report pages (customer, contract, project; S2 L462) are listed among them with their
 * `pagePath`; opening one opens its page. `GET …/statistics` lists the statistics the caller may save a report of.
 */
import { REPORT_EXPORT_CODE, reportEntity, type ChartData } from '@hjl/core';
import { z } from 'zod';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { sendWorkbook, writeWorkbook } from '../../platform/excel/index.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { StatisticsRegistry } from '../statistics/api.ts';
import { reports } from './schema.ts';

const API = reportEntity.api;
const tags = ['报表管理'];

/** A statistic's categories and series as rows of a sheet: one column per series. */
export function chartRows(chart: ChartData): { columns: { key: string; header: string; width: number }[]; rows: Record<string, unknown>[] } {
  const columns = [{ key: 'category', header: '分类', width: 20 }, ...chart.series.map((s, i) => ({ key: `s${i}`, header: s.name, width: 16 }))];
  const rows = chart.categories.map((category, row) => ({ category, ...Object.fromEntries(chart.series.map((s, i) => [`s${i}`, s.data[row] ?? 0])) }));
  return { columns, rows };
}

export function registerReport(ctx: ModuleContext & { statistics: StatisticsRegistry }) {
  const { route, access, statistics, database } = ctx;
  const repo = ctx.repo(reportEntity, reports);

  registerEntityRoutes(route, repo, access, {
    async beforeWrite(user, data) {
      const key = typeof data.statistic === 'string' ? data.statistic : '';
      if (!key) throw fail('请选择统计项');
      if (!statistics.visible(await access.permissions(user)).some((s) => s.key === key)) throw fail('所选统计项不存在或无权查看');
      data.view = data.view ?? 'bar';
      data.pagePath = null;
      data.content = JSON.stringify({ statistic: key, view: data.view });
    },
  });

  /** The saved report the caller may see, or 404. */
  const reportOf = async (user: AuthUser, id: string) => {
    const report = await repo.detail(user, id);
    if (!report) throw notFound('报表不存在');
    return report;
  };
  /** The report's statistic read for the caller. */
  const chartOf = async (user: AuthUser, key: string) => {
    const chart = await statistics.runOne(database, user, await access.permissions(user), key);
    if (!chart) throw fail('所选统计项不存在或无权查看');
    return chart;
  };

  route({
    method: 'GET',
    url: `${API}/statistics`,
    summary: '可保存为报表的统计项',
    tags,
    requires: { code: reportEntity.name },
    handler: async ({ user }) => {
      const codes = await access.permissions(user);
      // Each named by its own title (the title is part of the answer; one after the other: PGlite has one connection).
      const out: { key: string; title: string }[] = [];
      for (const s of statistics.visible(codes)) out.push({ key: s.key, title: (await s.query(database, user)).title });
      return out;
    },
  });

  route({
    method: 'GET',
    url: `${API}/data`,
    summary: '报表数据(按调用者的租户、权限与数据范围)',
    tags,
    requires: { code: reportEntity.name },
    query: z.object({ id: idField() }),
    handler: async ({ user, query }) => {
      const report = await reportOf(user, query.id);
      if (report.pagePath) return { id: report.id, name: report.name, pagePath: report.pagePath, chart: null };
      return { id: report.id, name: report.name, view: report.view, chart: await chartOf(user, report.statistic ?? '') };
    },
  });

  route({
    method: 'GET',
    url: `${API}/export`,
    summary: '导出报表(Excel)',
    tags,
    requires: { code: REPORT_EXPORT_CODE },
    query: z.object({ id: idField() }),
    raw: true,
    handler: async ({ user, query, reply }) => {
      const report = await reportOf(user, query.id);
      if (report.pagePath) throw fail('报表页面请在页面中导出');
      const chart = await chartOf(user, report.statistic ?? '');
      const { columns, rows } = chartRows(chart);
      return sendWorkbook(reply, `${report.name}.xlsx`, await writeWorkbook(chart.title.slice(0, 31), columns, rows));
    },
  });
}
