/**
 * The archive and KPI menus (档案管理, 绩效考核: BUSINESS.md WP7) and what the demo roles get of them. The records clerk
 * (role 档案管理员, alias `archive`) keeps archives, templates and the library and sees every borrowing; leaders
 * (`manager`) see and approve everything, score their people and rank them; staff (`user`, `project`, `finance`,
 * `hr`) read the archive catalogue and the library, borrow and return, fill in their own KPI and see the ranking and
 * their own project performance.
 */
import { archiveApplyEntity, archivesColumnEntity, archivesEntity, archivesTemplateEntity, kpiTaskEntity, templateLibraryEntity } from '@hjl/core';
import { button, crud, menuOf, type ModuleMenus } from '../../platform/menus.ts';

const view = (code: string) => [code, `${code}_view`];
const staff = [
  'archive_mgmt',
  ...view('archives'),
  ...crud('archive_apply'),
  'archive_apply_return',
  ...view('template_library'),
  'kpi_mgmt',
  ...view('kpi_task'),
  'kpi_parter_record',
  'kpi_ranking',
  'project_performance',
];
const clerk = [
  'archive_mgmt',
  ...crud('archives'),
  'archives_export',
  'archives_performance',
  ...crud('archive_apply'),
  'archive_apply_return',
  'archive_apply_all',
  ...crud('archives_template'),
  'archives_template_export',
  ...crud('archives_column'),
  'archives_column_export',
  ...crud('template_library'),
  'kpi_mgmt',
  ...view('kpi_task'),
  'kpi_parter_record',
  'kpi_ranking',
  'project_performance',
  'project_performance_all',
];
const leader = [...clerk, ...crud('kpi_task'), 'kpi_task_leader', 'kpi_task_all', 'kpi_ranking_export'];

export const menus: ModuleMenus = {
  top: [
    {
      code: 'archive_mgmt',
      name: '档案管理',
      path: '/hjlArchives',
      source: 'FolderOpenOutlined',
      sort: 23,
      children: [
        menuOf(archivesEntity, { sort: 1, source: 'FileZipOutlined', extra: [button('archives_performance', '绩效评定', 'performance')] }),
        menuOf(archiveApplyEntity, {
          sort: 2,
          source: 'ExportOutlined',
          extra: [button('archive_apply_return', '归还', 'return'), button('archive_apply_all', '查看全部借阅', 'all', 0)],
        }),
        menuOf(archivesTemplateEntity, { sort: 3, source: 'ProfileOutlined' }),
        menuOf(archivesColumnEntity, { sort: 4, source: 'UnorderedListOutlined' }),
        menuOf(templateLibraryEntity, { sort: 5, source: 'BookOutlined' }),
      ],
    },
    {
      code: 'kpi_mgmt',
      name: '绩效考核',
      path: '/kpi',
      source: 'TrophyOutlined',
      sort: 24,
      children: [
        menuOf(kpiTaskEntity, {
          sort: 1,
          source: 'CarryOutOutlined',
          extra: [button('kpi_task_leader', '领导评分', 'leader'), button('kpi_task_all', '查看全部考核', 'all', 0)],
        }),
        { code: 'kpi_parter_record', name: '个人任务明细', path: '/kpi/kpiParterRecord', source: 'SolutionOutlined', sort: 2 },
        {
          code: 'kpi_ranking',
          name: '排行榜',
          path: '/kpi/ranking',
          source: 'OrderedListOutlined',
          sort: 3,
          buttons: [button('kpi_ranking_export', '导出', 'export', 0)],
        },
        {
          code: 'project_performance',
          name: '项目绩效',
          path: '/kpi/projectPerformance',
          source: 'FundOutlined',
          sort: 4,
          buttons: [button('project_performance_all', '查看全部', 'all', 0)],
        },
      ],
    },
  ],
  demoGrants: { manager: leader, archive: clerk, finance: staff, project: staff, user: staff, hr: staff },
  // The clerk archives every project of the firm, whatever the projects their other roles let them see.
  dataScopes: [{ menu: 'project', scopeName: '全部项目', scopeType: 1, scopeField: '*', scopeColumn: 'id', remark: '查看全部项目(档案管理员归档用)' }],
  demoScopeGrants: [['archive', 'project', '全部项目']],
};
