/** Project money's menus (BUSINESS.md WP3), in the project area's folder 项目管理, and what the demo roles get of them. */
import {
  invoiceEntity,
  labourFeeEntity,
  projectCollectEntity,
  projectCompletionEntity,
  projectCompletionPayEntity,
  projectDecisionEntity,
  projectExpenseEntity,
} from '@hjl/core';
import { button, crud, menuOf, type ModuleMenus } from '../../platform/menus.ts';

/**
 * Leaders, finance and project staff record collections, split them between persons and apply for invoices (and
 * their voiding); project staff only on the projects they work on (the project data scope narrows these records as
 * their parent's).
 */
const projectMoney = [
  ...crud('project_collect'),
  'project_collect_person',
  'project_collect_export',
  ...crud('invoice'),
  'invoice_export',
  'invoice_void_add',
  'project_income_expend',
  'project_income_expend_export',
  ...crud('project_labour'),
  'project_labour_export',
  ...crud('project_decision'),
  'project_decision_export',
  ...crud('project_expense'),
  'project_expense_export',
  'project_expense_pay_add',
  'project_expense_my',
  ...crud('project_completion'),
  ...crud('project_completion_pay'),
];

export const menus: ModuleMenus = {
  into: {
    project_mgmt: [
      // Collections (分配: the persons' shares) and invoices (作废: the voiding request's start).
      menuOf(projectCollectEntity, { sort: 8, source: 'MoneyCollectOutlined', extra: [button('project_collect_person', '分配', 'person')] }),
      menuOf(invoiceEntity, { sort: 9, source: 'AccountBookOutlined', extra: [button('invoice_void_add', '作废', 'void')] }),
      // 项目收支: the cross-project report (profit by project, department, leader, client); its holders see the 收支 tab.
      {
        code: 'project_income_expend',
        name: '项目收支',
        path: '/hjlProject/incomeExpend',
        source: 'FundOutlined',
        sort: 20,
        buttons: [button('project_income_expend_export', '导出', 'export', 0)],
      },
      // Labour fees (two steps, labor → labor/second), settlements, project expenses (my + all; 付款).
      menuOf(labourFeeEntity, { sort: 10, source: 'TeamOutlined' }),
      menuOf(projectDecisionEntity, { sort: 11, source: 'AuditOutlined' }),
      menuOf(projectExpenseEntity, { sort: 12, source: 'WalletOutlined', extra: [button('project_expense_pay_add', '付款', 'pay')] }),
      { code: 'project_expense_my', name: '我的项目费用', path: `${projectExpenseEntity.path}/my`, source: 'WalletOutlined', sort: 13 },
      // 项目完工 (a project without a settlement) and 完工付款 (an approved settlement's fee, the payment form).
      menuOf(projectCompletionEntity, { sort: 14, source: 'FileDoneOutlined' }),
      menuOf(projectCompletionPayEntity, { sort: 15, source: 'PayCircleOutlined' }),
    ],
  },
  demoGrants: { manager: projectMoney, finance: projectMoney, project: projectMoney },
};
