/** The finance menus (财务管理, BUSINESS.md WP4) and what the demo roles get of them. */
import { button, crud, crudButtons, type ModuleMenus } from '../../platform/menus.ts';

/**
 * Finance keeps everything and sees every application (finance_all); the leaders see and approve all; employees apply
 * (payments, expense claims, loans and repayments, finance forms), claim pending money and keep their own staff
 * accounts (本人的账户, demoScopeGrants). Department managers see their departments' applications by their post
 * (ApplicantScope, modules/approval/applicant-scope.ts).
 */
const financeMenus = [
  'income_expend',
  'account_info',
  'account_his_info',
  'user_account',
  'apply_payment',
  'apply_expense',
  'apply_expense_info',
  'budget_expend',
  'expend_from',
  'apply_refund',
  'lend_money',
  'return_money',
  'payment_his',
  'full_tax',
  'finance_form',
  'account_settlement',
];
const financeAll = [
  'finance',
  'finance_all',
  ...financeMenus.flatMap(crud),
  ...[
    'income_expend',
    'account_info',
    'apply_payment',
    'apply_expense',
    'budget_expend',
    'expend_from',
    'apply_refund',
    'lend_money',
    'payment_his',
    'full_tax',
  ].map((c) => `${c}_export`),
  'income_expend_reset',
  'account_info_practical',
  'apply_expense_my',
  'pending_account',
  'pending_account_add',
  'pending_account_view',
  'finance_report',
];
const financeStaff = [
  'finance',
  ...['apply_payment', 'apply_expense', 'apply_expense_info', 'apply_refund', 'lend_money', 'return_money', 'finance_form', 'user_account'].flatMap(crud),
  'apply_expense_my',
  'budget_expend',
  'budget_expend_view',
  'pending_account',
  'pending_account_add',
  'pending_account_view',
];

/** The applications: they narrow by the finance rule (本人 / 部门经理本部门 / 财务全部); their data scopes tighten it further when granted. */
const APPLICATIONS = ['apply_payment', 'apply_expense', 'expend_from', 'apply_refund', 'lend_money', 'return_money', 'finance_form', 'account_settlement'];

export const menus: ModuleMenus = {
  top: [
    {
      // Accounts, the ledger, the applications that move money, reports. The button 查看全部 (finance_all) lets finance
      // and the leaders see every application (ApplicantScope, modules/approval/applicant-scope.ts).
      code: 'finance',
      name: '财务管理',
      path: '/finance',
      source: 'AccountBookOutlined',
      sort: 30,
      buttons: [button('finance_all', '查看全部申请', 'all', 0)],
      children: [
        {
          code: 'income_expend',
          name: '收支明细',
          path: '/finance/hjlIncomeExpends',
          source: 'TransactionOutlined',
          sort: 1,
          buttons: [...crudButtons('income_expend'), button('income_expend_export', '导出', 'export', 0), button('income_expend_reset', '重置认领', 'reset')],
        },
        {
          code: 'account_info',
          name: '内部账户',
          path: '/finance/hjlAccountInfo',
          source: 'BankOutlined',
          sort: 2,
          buttons: [
            ...crudButtons('account_info'),
            button('account_info_practical', '设置实际金额', 'practical'),
            button('account_info_export', '导出', 'export', 0),
          ],
        },
        {
          code: 'account_his_info',
          name: '账户变动历史',
          path: '/finance/hjlAccountHisInfo',
          source: 'HistoryOutlined',
          sort: 3,
          buttons: crudButtons('account_his_info'),
        },
        { code: 'user_account', name: '员工账户', path: '/finance/hjlUserAccount', source: 'IdcardOutlined', sort: 4, buttons: crudButtons('user_account') },
        {
          code: 'apply_payment',
          name: '付款申请',
          path: '/finance/hjlApplyPayment',
          source: 'PayCircleOutlined',
          sort: 5,
          buttons: [...crudButtons('apply_payment'), button('apply_payment_export', '导出', 'export', 0)],
        },
        {
          code: 'apply_expense',
          name: '费用报销',
          path: '/finance/hjlApplyExpense',
          source: 'AuditOutlined',
          sort: 6,
          buttons: [...crudButtons('apply_expense'), button('apply_expense_export', '导出', 'export', 0)],
        },
        { code: 'apply_expense_my', name: '我的报销', path: '/finance/hjlApplyExpense/my', source: 'SolutionOutlined', sort: 7 },
        {
          code: 'apply_expense_info',
          name: '报销明细',
          path: '/finance/hjlApplyExpenseInfo',
          source: 'UnorderedListOutlined',
          sort: 8,
          buttons: crudButtons('apply_expense_info'),
        },
        {
          code: 'budget_expend',
          name: '预算管理',
          path: '/finance/hjlBudgetExpend',
          source: 'FundOutlined',
          sort: 9,
          buttons: [...crudButtons('budget_expend'), button('budget_expend_export', '导出', 'export', 0)],
        },
        {
          code: 'expend_from',
          name: '支出单',
          path: '/finance/hjlExpendFrom',
          source: 'FileTextOutlined',
          sort: 10,
          buttons: [...crudButtons('expend_from'), button('expend_from_export', '导出', 'export', 0)],
        },
        {
          code: 'apply_refund',
          name: '退款申请',
          path: '/finance/hjlApplyRefund',
          source: 'RollbackOutlined',
          sort: 11,
          buttons: [...crudButtons('apply_refund'), button('apply_refund_export', '导出', 'export', 0)],
        },
        {
          code: 'lend_money',
          name: '借款申请',
          path: '/finance/hjlApplyLendReturnMoney',
          source: 'CreditCardOutlined',
          sort: 12,
          buttons: [...crudButtons('lend_money'), button('lend_money_export', '导出', 'export', 0)],
        },
        { code: 'return_money', name: '还款', path: '/finance/hjlApplyReturnMoney', source: 'SwapOutlined', sort: 13, buttons: crudButtons('return_money') },
        {
          code: 'payment_his',
          name: '付款记录',
          path: '/finance/hjlPaymentHis',
          source: 'ProfileOutlined',
          sort: 14,
          buttons: [...crudButtons('payment_his'), button('payment_his_export', '导出', 'export', 0)],
        },
        {
          code: 'pending_account',
          name: '待认领款项',
          path: '/finance/hjlPendingAccount',
          source: 'InboxOutlined',
          sort: 15,
          buttons: [button('pending_account_add', '认领', 'add', 2), button('pending_account_view', '查看', 'view')],
        },
        {
          code: 'full_tax',
          name: '完税管理',
          path: '/finance/hjlFullTax',
          source: 'ReconciliationOutlined',
          sort: 16,
          buttons: [...crudButtons('full_tax'), button('full_tax_export', '导出', 'export', 0)],
        },
        { code: 'finance_form', name: '财务单据', path: '/finance/hjlFinanceForm', source: 'FormOutlined', sort: 17, buttons: crudButtons('finance_form') },
        {
          code: 'account_settlement',
          name: '账户结算',
          path: '/finance/hjlAccountSettlement',
          source: 'CalculatorOutlined',
          sort: 18,
          buttons: crudButtons('account_settlement'),
        },
        { code: 'finance_report', name: '财务报表', path: '/finance/report', source: 'BarChartOutlined', sort: 19 },
      ],
    },
  ],
  demoGrants: { manager: financeAll, finance: financeAll, project: financeStaff, user: financeStaff },
  dataScopes: [
    { menu: 'user_account', scopeName: '本人的账户', scopeType: 2, scopeField: '*', scopeColumn: 'user_id', remark: '只看本人的员工账户' },
    ...APPLICATIONS.flatMap((menu) => [
      { menu, scopeName: '本人申请', scopeType: 2, scopeField: '*', scopeColumn: 'apply_user', remark: '只看本人提交的申请' },
      { menu, scopeName: '本部门申请', scopeType: 4, scopeField: '*', scopeColumn: 'apply_dept', remark: '只看本部门及下级部门的申请' },
    ]),
  ],
  // Employees keep only their own staff accounts.
  demoScopeGrants: [
    ['project', 'user_account', '本人的账户'],
    ['user', 'user_account', '本人的账户'],
  ],
};
