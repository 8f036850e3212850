import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';

/** The button code of 导出 on a saved report (its figures as Excel). */
export const REPORT_EXPORT_CODE = 'report_export';

/** How a saved report shows its statistic. */
export const REPORT_VIEWS = [
  { key: 'bar', label: '柱状图' },
  { key: 'line', label: '折线图' },
  { key: 'pie', label: '饼图' },
  { key: 'table', label: '表格' },
] as const;

/**
 * 报表列表 (S2 L409: /api/blade-report/report/rest list and remove, over blade_report_file): saved report
 * definitions — a statistic of the statistics registry shown as a chart or a table —, opened, exported to Excel
 * and removed by their users; and the built-in report pages (customer, contract, project; S2 L462) listed among them
 * (`pagePath`). The definition is kept as JSON in `content`, the column BladeX keeps its report file in.
 */
export const reportEntity = defineEntity({
  name: 'report',
  table: 'blade_report_file',
  api: '/api/blade-report/report/rest',
  path: '/report/reportlist',
  label: { zh: '报表列表', en: 'Reports' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'updateTime', dir: 'desc' },
  fields: {
    name: { type: 'string', max: 100, label: { zh: '报表名称', en: 'Name' }, required: '请输入报表名称', list: true, search: true, width: 220 },
    statistic: { type: 'string', max: 64, label: { zh: '统计项', en: 'Statistic' }, list: true, width: 160 },
    view: {
      type: 'string',
      max: 16,
      label: { zh: '展示方式', en: 'View' },
      default: 'bar',
      check: (v) => (REPORT_VIEWS.some((o) => o.key === v) ? undefined : '请选择展示方式'),
      list: true,
      width: 100,
    },
    pagePath: { type: 'string', max: 200, label: { zh: '报表页面', en: 'Page' }, form: false, list: true, width: 180 },
    content: { type: 'text', label: { zh: '报表定义', en: 'Definition' }, form: false },
    remark: remark(),
  },
});
