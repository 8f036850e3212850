/** 报表管理 → 报表列表 (S2 L409), with its export button; granted to the roles that read the firm's figures. */
import { REPORT_EXPORT_CODE, reportEntity } from '@hjl/core';
import { button, crud, menuOf, type ModuleMenus } from '../../platform/menus.ts';

const reportGrants = [...crud(reportEntity.name), REPORT_EXPORT_CODE];

export const menus: ModuleMenus = {
  top: [
    {
      code: 'report_manage',
      name: '报表管理',
      path: '/report',
      source: 'PieChartOutlined',
      sort: 97,
      children: [menuOf(reportEntity, { sort: 1, source: 'BarChartOutlined', extra: [button(REPORT_EXPORT_CODE, '导出', 'export')] })],
    },
  ],
  demoGrants: { manager: reportGrants, finance: reportGrants, hr: [reportEntity.name, REPORT_EXPORT_CODE], project: reportGrants },
};
