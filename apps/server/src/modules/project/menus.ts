/**
 * The contract and project menus (合同管理, 项目管理: BUSINESS.md WP2) and what the demo roles get of them. Project
 * money's lists sit in 项目管理 too; they are the money module's (modules/money/menus.ts).
 */
import { button, crud, crudButtons, type ModuleMenus } from '../../platform/menus.ts';

/**
 * Leaders change everything; project staff keep the projects they work on (data scope 本人参与的项目 and 参与项目的合同)
 * — register projects and contracts, staff, tasks, reviews, seals and quality checks —; finance reads all contracts
 * and projects with the reports; every employee has 我的任务 and 到期提醒.
 */
const projectButtons = [
  'project_export',
  'project_link',
  'project_bid',
  'project_person',
  'project_task',
  'project_task_add',
  'project_task_edit',
  'project_task_delete',
  'project_two_audit',
  'project_two_audit_add',
  'project_three_audit',
  'project_three_audit_add',
];
const contractAll = [
  'contract_mgmt',
  ...crud('contract'),
  'contract_replenish',
  'contract_reset_link',
  'contract_export',
  'contract_report',
  'project_mgmt',
  ...crud('project'),
  ...projectButtons,
  'project_task_my',
  ...crud('task_template'),
  ...crud('audit_seal'),
  'audit_seal_export',
  ...crud('project_quality'),
  'project_quality_export',
  'expire_notice',
  'project_report',
];
const contractProject = [
  'contract_mgmt',
  'contract',
  'contract_add',
  'contract_edit',
  'contract_view',
  'contract_replenish',
  'contract_export',
  'project_mgmt',
  ...crud('project'),
  ...projectButtons,
  'project_task_my',
  'task_template',
  'task_template_view',
  ...crud('audit_seal'),
  ...crud('project_quality'),
  'expire_notice',
];
const contractFinance = [
  'contract_mgmt',
  'contract',
  'contract_view',
  'contract_export',
  'contract_report',
  'project_mgmt',
  'project',
  'project_view',
  'project_export',
  'project_task',
  'project_two_audit',
  'project_three_audit',
  'audit_seal',
  'audit_seal_view',
  'audit_seal_export',
  'project_quality',
  'project_quality_view',
  'expire_notice',
  'project_report',
];
const contractUser = ['project_mgmt', 'project_task_my', 'expire_notice'];

export const menus: ModuleMenus = {
  top: [
    {
      // Contracts: the list with its detail page (supplementary agreements, linked projects, files, process history),
      // and the report.
      code: 'contract_mgmt',
      name: '合同管理',
      path: '/contract',
      source: 'FileProtectOutlined',
      sort: 21,
      children: [
        {
          code: 'contract',
          name: '合同列表',
          path: '/contract/hjlContract',
          source: 'FileTextOutlined',
          sort: 1,
          buttons: [
            ...crudButtons('contract'),
            button('contract_replenish', '补充协议', 'replenish'),
            button('contract_reset_link', '解除关联', 'resetLink'),
            button('contract_export', '导出', 'export', 0),
          ],
        },
        { code: 'contract_report', name: '合同统计', path: '/contract/contractReport', source: 'BarChartOutlined', sort: 2 },
      ],
    },
    {
      // Projects: the register with its detail page (tabs), my tasks, templates, seal requests, quality checks, expiry
      // reminders and the report. The detail page's calls are buttons of the list.
      code: 'project_mgmt',
      name: '项目管理',
      path: '/hjlProject',
      source: 'ProjectOutlined',
      sort: 22,
      children: [
        {
          code: 'project',
          name: '项目列表',
          path: '/hjlProject/hjlProject',
          source: 'AppstoreOutlined',
          sort: 1,
          buttons: [
            ...crudButtons('project'),
            button('project_export', '导出', 'export', 0),
            button('project_link', '关联合同', 'link'),
            button('project_bid', '投标状态', 'bid'),
            button('project_person', '任务人员', 'person'),
            button('project_task', '查看任务', 'task'),
            button('project_task_add', '新增任务', 'taskAdd'),
            button('project_task_edit', '编辑任务', 'taskEdit'),
            button('project_task_delete', '删除任务', 'taskDelete'),
            button('project_two_audit', '查看二级复核', 'twoAuditView'),
            button('project_two_audit_add', '二级复核', 'twoAudit'),
            button('project_three_audit', '查看三级审定', 'threeAuditView'),
            button('project_three_audit_add', '三级审定', 'threeAudit'),
          ],
        },
        { code: 'project_task_my', name: '我的任务', path: '/hjlProject/myTask', source: 'ScheduleOutlined', sort: 2 },
        {
          code: 'task_template',
          name: '任务模板',
          path: '/hjlProject/hjlTaskTemplate',
          source: 'ProfileOutlined',
          sort: 3,
          buttons: crudButtons('task_template'),
        },
        {
          code: 'audit_seal',
          name: '用章申请',
          path: '/hjlProject/hjlAuditSeal',
          source: 'SafetyCertificateOutlined',
          sort: 4,
          buttons: [...crudButtons('audit_seal'), button('audit_seal_export', '导出', 'export', 0)],
        },
        {
          code: 'project_quality',
          name: '项目质量',
          path: '/hjlProject/hjlProjectQuality',
          source: 'AuditOutlined',
          sort: 5,
          buttons: [...crudButtons('project_quality'), button('project_quality_export', '导出', 'export', 0)],
        },
        { code: 'expire_notice', name: '到期提醒', path: '/hjlProject/hjlExpireNotice', source: 'BellOutlined', sort: 6 },
        { code: 'project_report', name: '项目统计', path: '/hjlProject/projectReport', source: 'PieChartOutlined', sort: 7 },
      ],
    },
  ],
  demoGrants: { manager: contractAll, finance: contractFinance, project: contractProject, user: contractUser },
  dataScopes: [
    {
      menu: 'project',
      scopeName: '本人参与的项目',
      scopeType: 2,
      scopeField: '*',
      scopeColumn: 'member_users',
      remark: '只看本人是负责人、创建人或任务人员的项目(及其任务、人员、复核、用章、质量检查)',
    },
    { menu: 'project', scopeName: '本部门项目', scopeType: 4, scopeField: '*', scopeColumn: 'dept_id', remark: '只看本部门及下级部门的项目' },
    {
      menu: 'contract',
      scopeName: '参与项目的合同',
      scopeType: 2,
      scopeField: '*',
      scopeColumn: 'member_users',
      remark: '只看本人经办、创建或参与其关联项目的合同',
    },
  ],
  demoScopeGrants: [
    ['project', 'project', '本人参与的项目'],
    ['project', 'contract', '参与项目的合同'],
    ['user', 'project', '本人参与的项目'],
    ['user', 'contract', '参与项目的合同'],
  ],
};
