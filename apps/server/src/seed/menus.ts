/**
 * The menu tree of every screen that exists, with its button codes. Menus are platform-wide and matched by
 * code: on every start, codes missing from the database are added (an administrator's edits are kept).
 * Each business area adds its own entries here.
 */
import {
  assetEntity,
  backupsEntity,
  clientEntity,
  customerAccountEntity,
  customerChanceEntity,
  customerContactsEntity,
  customerEntity,
  customerInvoiceEntity,
  customerVisitEntity,
  datasourceEntity,
  deptEntity,
  dictBizEntity,
  dictEntity,
  menuEntity,
  noticeEntity,
  ossEntity,
  paramEntity,
  postEntity,
  putDatabaseEntity,
  regionEntity,
  roleEntity,
  smsEntity,
  socialSecurityEntity,
  staffFileEntity,
  tenantEntity,
  topmenuEntity,
  userCertificateEntity,
  userEducationEntity,
  userEntity,
  userHomeInfoEntity,
  userOuterEntity,
  userSocialSecurityEntity,
  userWorkHisEntity,
  wfButtonEntity,
  wfCategoryEntity,
  wfConditionEntity,
  wfDraftEntity,
  wfFormDefaultEntity,
  wfFormEntity,
  wfModelEntity,
  wfModelScopeEntity,
  wfProxyEntity,
  workContractEntity,
  permissionCodes,
  type EntityDef,
} from '@hjl/core';

export interface MenuSeed {
  code: string;
  name: string;
  path?: string;
  source?: string;
  sort: number;
  isOpen?: 1 | 2;
  alias?: string;
  children?: MenuSeed[];
  /** Buttons: code, name, action (0 toolbar, 1 row, 2 both). */
  buttons?: { code: string; name: string; action: 0 | 1 | 2; alias: string }[];
}

/** The usual buttons of an entity list page. */
export const crudButtons = (code: string) => [
  { code: `${code}_add`, name: '新增', action: 0 as const, alias: 'add' },
  { code: `${code}_edit`, name: '修改', action: 2 as const, alias: 'edit' },
  { code: `${code}_delete`, name: '删除', action: 2 as const, alias: 'delete' },
  { code: `${code}_view`, name: '查看', action: 1 as const, alias: 'view' },
];

const button = (code: string, name: string, alias: string, action: 0 | 1 | 2 = 1) => ({ code, name, action, alias });

/**
 * The menu entry of a definition's list page, declared once: its code (the permission prefix), name and path
 * come from the definition, its buttons are the list page's (新增, 修改, 删除, 查看, and 导出 for an `exportable`
 * definition), `extra` adds the area's own buttons (before 导出). `name` overrides the definition's label where
 * the menu says it otherwise (客户列表 for 客户管理).
 */
export function menuOf(
  def: Pick<EntityDef, 'name' | 'label' | 'path' | 'exportable'>,
  opts: { sort: number; source: string; name?: string; extra?: NonNullable<MenuSeed['buttons']> },
): MenuSeed {
  const codes = permissionCodes(def);
  return {
    code: def.name,
    name: opts.name ?? def.label.zh,
    path: def.path,
    source: opts.source,
    sort: opts.sort,
    buttons: [...crudButtons(def.name), ...(opts.extra ?? []), ...(def.exportable ? [button(codes.export, '导出', 'export', 0)] : [])],
  };
}

export const menuSeed: MenuSeed[] = [
  {
    code: 'desk',
    name: '工作台',
    path: '/desk',
    source: 'DesktopOutlined',
    sort: 1,
    children: [menuOf(noticeEntity, { sort: 1, source: 'NotificationOutlined' })],
  },
  {
    // Customers (客户管理): the list with its detail page (tabs of contacts, visits, accounts, invoice titles and
    // chances), my customers, each kind of record on its own list, enterprise information and the report.
    code: 'marketing',
    name: '客户管理',
    path: '/marketing',
    source: 'ShopOutlined',
    sort: 20,
    children: [
      menuOf(customerEntity, { name: '客户列表', sort: 1, source: 'TeamOutlined', extra: [button('customer_import', '导入', 'import', 0)] }),
      { code: 'customer_my', name: '我的客户', path: '/marketing/hjlCustomer/my', source: 'UserOutlined', sort: 2 },
      menuOf(customerContactsEntity, { sort: 3, source: 'ContactsOutlined' }),
      menuOf(customerVisitEntity, { sort: 4, source: 'CalendarOutlined' }),
      menuOf(customerAccountEntity, { sort: 5, source: 'BankOutlined' }),
      menuOf(customerInvoiceEntity, { sort: 6, source: 'AccountBookOutlined' }),
      menuOf(customerChanceEntity, { sort: 7, source: 'FundOutlined' }),
      { code: 'customer_enterprise', name: '企业信息查询', path: '/marketing/enterprise', source: 'FileSearchOutlined', sort: 8 },
      { code: 'customer_report', name: '客户统计', path: '/marketing/customerReport', source: 'PieChartOutlined', sort: 9 },
    ],
  },
  {
    // Contracts (合同管理, WP2): the list with its detail page (supplementary agreements, linked projects, files,
    // process history), and the report.
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
    // Projects (项目管理, WP2): the register with its detail page (tabs), my tasks, templates, seal requests,
    // quality checks, expiry reminders and the report. The detail page's calls are buttons of the list.
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
  {
    // Finance (财务管理, BUSINESS.md WP4): accounts, the ledger, the applications that move money, reports. The
    // button 查看全部 (finance_all) lets finance and the leaders see every application (ApplicantScope, modules/approval/applicant-scope.ts).
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
  {
    // People (人事管理, issue 18): staff files with their records (education, work history, family, certificates
    // shared for bids, labour contracts, social security), social-security schemes, outside persons and assets.
    code: 'hr_mgmt',
    name: '人事管理',
    path: '/hr',
    source: 'SolutionOutlined',
    sort: 40,
    children: [
      menuOf(staffFileEntity, { sort: 1, source: 'IdcardOutlined' }),
      menuOf(userEducationEntity, { sort: 2, source: 'ReadOutlined' }),
      menuOf(userWorkHisEntity, { sort: 3, source: 'ContainerOutlined' }),
      menuOf(userHomeInfoEntity, { sort: 4, source: 'HomeOutlined' }),
      menuOf(userCertificateEntity, {
        sort: 5,
        source: 'SafetyCertificateOutlined',
        extra: [button('user_certificate_share', '共享', 'share'), button('user_certificate_cancel_share', '取消共享', 'cancelShare')],
      }),
      menuOf(workContractEntity, { sort: 6, source: 'FileDoneOutlined' }),
      menuOf(userSocialSecurityEntity, { sort: 7, source: 'AccountBookOutlined' }),
      menuOf(socialSecurityEntity, { sort: 8, source: 'SettingOutlined' }),
      menuOf(userOuterEntity, { sort: 9, source: 'UsergroupAddOutlined' }),
      menuOf(assetEntity, { sort: 10, source: 'DatabaseOutlined' }),
      // A staff member's own file (self-service, issue 18 item 7) and the people statistics (item 8).
      { code: 'staff_file_my', name: '我的档案', path: '/hr/myFile', source: 'ProfileOutlined', sort: 11 },
      { code: 'hr_report', name: '人事统计', path: '/hr/report', source: 'PieChartOutlined', sort: 12 },
    ],
  },
  {
    // The workflow screens: the user's lists, the leave process, drafts, proxies, the operations console and
    // deployments, then the design time (models, forms and their catalogues). Task actions need the task itself,
    // not a code.
    code: 'workflow',
    name: '流程管理',
    path: '/workflow',
    source: 'NodeIndexOutlined',
    sort: 50,
    children: [
      { code: 'wf_start', name: '新建流程', path: '/workflow/process/start', source: 'PlusCircleOutlined', sort: 1 },
      { code: 'wf_todo', name: '待办事务', path: '/workflow/process/todo', source: 'ScheduleOutlined', sort: 2 },
      { code: 'wf_claim', name: '待签事务', path: '/workflow/process/claim', source: 'InboxOutlined', sort: 3 },
      { code: 'wf_send', name: '我的请求', path: '/workflow/process/send', source: 'SendOutlined', sort: 4 },
      { code: 'wf_done', name: '已办事务', path: '/workflow/process/done', source: 'CheckSquareOutlined', sort: 5 },
      { code: 'wf_my_done', name: '办结事务', path: '/workflow/process/myDone', source: 'FileDoneOutlined', sort: 6 },
      { code: 'wf_copy', name: '抄送事务', path: '/workflow/process/copy', source: 'CopyOutlined', sort: 7 },
      {
        code: 'wf_leave',
        name: '请假流程',
        path: '/work/process/leave',
        source: 'CalendarOutlined',
        sort: 8,
        buttons: [button('wf_leave_add', '请假申请', 'add', 0), button('wf_leave_delete', '删除', 'delete', 2), button('wf_leave_view', '查看', 'view')],
      },
      menuOf(wfProxyEntity, { sort: 9, source: 'UserSwitchOutlined' }),
      // Batches of business records approved by one process (the approval kit; S2 L449).
      {
        code: 'hjl_batch_approval',
        name: '批量审批',
        path: '/workflow/batchApproval',
        source: 'GroupOutlined',
        sort: 20,
        buttons: [button('hjl_batch_approval_view', '查看', 'view')],
      },
      {
        code: 'wf_ops',
        name: '流程运维',
        path: '/workflow/ops',
        source: 'ToolOutlined',
        sort: 10,
        buttons: [
          button('wf_ops_complete', '完成', 'complete'),
          button('wf_ops_status', '挂起激活', 'status'),
          button('wf_ops_assignee', '变更办理人', 'assignee'),
          button('wf_ops_transfer', '转办', 'transfer'),
          button('wf_ops_delegate', '委托', 'delegate'),
          button('wf_ops_copy', '抄送', 'copy'),
          button('wf_ops_urge', '催办', 'urge'),
          button('wf_ops_terminate', '终止', 'terminate'),
          button('wf_ops_rollback', '回退', 'rollback'),
          button('wf_ops_dispatch', '调度', 'dispatch'),
          button('wf_ops_add_sign', '加签', 'add-sign'),
          button('wf_ops_delete_sign', '减签', 'delete-sign'),
          button('wf_ops_delete', '删除流程', 'delete'),
          button('wf_ops_job', '执行定时任务', 'run-job'),
        ],
      },
      {
        code: 'wf_deployment',
        name: '部署管理',
        path: '/workflow/deployment',
        source: 'CloudUploadOutlined',
        sort: 11,
        buttons: [
          button('wf_deployment_upload', '上传部署', 'upload', 0),
          button('wf_deployment_status', '挂起激活', 'status'),
          button('wf_deployment_category', '变更分类', 'category'),
          button('wf_deployment_delete', '删除', 'delete', 2),
        ],
      },
      menuOf(wfModelEntity, {
        sort: 12,
        source: 'PartitionOutlined',
        extra: [
          button('wf_model_deploy', '部署', 'deploy'),
          button('wf_model_history', '历史版本', 'history'),
          button('wf_model_history_edit', '修改版本说明', 'history-edit'),
          button('wf_model_history_delete', '删除历史版本', 'history-delete'),
          button('wf_model_history_main', '设为主版本', 'main-version'),
        ],
      }),
      menuOf(wfFormEntity, {
        sort: 13,
        source: 'FormOutlined',
        extra: [
          button('wf_form_history', '历史版本', 'history'),
          button('wf_form_history_edit', '修改版本说明', 'history-edit'),
          button('wf_form_history_delete', '删除历史版本', 'history-delete'),
          button('wf_form_history_main', '设为主版本', 'main-version'),
        ],
      }),
      menuOf(wfCategoryEntity, { sort: 14, source: 'ClusterOutlined' }),
      menuOf(wfConditionEntity, { sort: 15, source: 'BranchesOutlined' }),
      menuOf(wfButtonEntity, { sort: 16, source: 'AppstoreAddOutlined' }),
      menuOf(wfFormDefaultEntity, { sort: 17, source: 'EditOutlined' }),
      menuOf(wfModelScopeEntity, { sort: 18, source: 'SafetyOutlined' }),
      menuOf(wfDraftEntity, { sort: 19, source: 'FileTextOutlined' }),
      {
        code: 'wf_listener',
        name: '监听器映射',
        path: '/workflow/design/listener',
        source: 'ApiOutlined',
        sort: 20,
        buttons: crudButtons('wf_listener'),
      },
    ],
  },
  {
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: 'SettingOutlined',
    sort: 90,
    children: [
      menuOf(userEntity, {
        sort: 1,
        source: 'UserOutlined',
        extra: [
          button('user_role', '角色配置', 'role', 0),
          button('user_reset', '密码重置', 'reset-password', 0),
          button('user_unlock', '账号解封', 'unlock', 0),
          button('user_platform', '平台配置', 'platform', 0),
          button('user_dimission', '离职', 'dimission'),
          button('user_sync', '同步', 'sync', 0),
          button('user_import', '导入', 'import', 0),
          button('user_export', '导出', 'export', 0),
          button('user_approve', '注册审核', 'approve', 0),
        ],
      }),
      menuOf(deptEntity, { sort: 2, source: 'ApartmentOutlined' }),
      menuOf(postEntity, { sort: 3, source: 'IdcardOutlined' }),
      menuOf(dictEntity, { sort: 4, source: 'BookOutlined' }),
      menuOf(dictBizEntity, { sort: 5, source: 'ReadOutlined' }),
      menuOf(menuEntity, { sort: 6, source: 'MenuOutlined' }),
      menuOf(topmenuEntity, { sort: 7, source: 'AppstoreOutlined', extra: [button('topmenu_setting', '菜单配置', 'setting')] }),
      menuOf(paramEntity, { sort: 10, source: 'ProfileOutlined' }),
      menuOf(tenantEntity, {
        sort: 11,
        source: 'TeamOutlined',
        extra: [
          button('tenant_setting', '授权配置', 'setting', 0),
          button('tenant_datasource', '数据源配置', 'datasource', 0),
          button('tenant_package_setting', '产品包配置', 'package', 0),
        ],
      }),
      // The tenant package table has no separate view button (spec 2 section 2).
      {
        code: 'tenant_package',
        name: '租户产品包',
        path: '/system/tenantpackage',
        source: 'GiftOutlined',
        sort: 12,
        buttons: crudButtons('tenant_package').filter((b) => b.alias !== 'view'),
      },
      menuOf(clientEntity, { sort: 13, source: 'KeyOutlined' }),
      menuOf(regionEntity, {
        sort: 14,
        source: 'GlobalOutlined',
        extra: [button('region_import', '导入', 'import', 0), button('region_export', '导出', 'export', 0)],
      }),
    ],
  },
  {
    code: 'authority',
    name: '权限管理',
    path: '/authority',
    source: 'SafetyOutlined',
    sort: 91,
    children: [
      menuOf(roleEntity, { sort: 1, source: 'UsergroupAddOutlined', extra: [button('role_grant', '权限设置', 'grant', 0)] }),
      {
        code: 'data_scope',
        name: '数据权限',
        path: '/authority/datascope',
        source: 'DatabaseOutlined',
        sort: 2,
        buttons: [button('data_scope_setting', '权限配置', 'setting'), ...crudButtons('data_scope')],
      },
      {
        code: 'api_scope',
        name: '接口权限',
        path: '/authority/apiscope',
        source: 'ApiOutlined',
        sort: 3,
        buttons: [button('api_scope_setting', '权限配置', 'setting'), ...crudButtons('api_scope')],
      },
    ],
  },
  {
    code: 'log',
    name: '日志管理',
    path: '/monitor/log',
    source: 'FileSearchOutlined',
    sort: 92,
    children: [
      {
        code: 'log_usual',
        name: '通用日志',
        path: '/monitor/log/usual',
        source: 'FileTextOutlined',
        sort: 1,
        buttons: [button('log_usual_view', '查看', 'view')],
      },
      { code: 'log_api', name: '接口日志', path: '/monitor/log/api', source: 'FileTextOutlined', sort: 2, buttons: [button('log_api_view', '查看', 'view')] },
      { code: 'log_error', name: '错误日志', path: '/monitor/log/error', source: 'BugOutlined', sort: 3, buttons: [button('log_error_view', '查看', 'view')] },
    ],
  },
  {
    code: 'resource',
    name: '资源管理',
    path: '/resource',
    source: 'CloudOutlined',
    sort: 93,
    children: [
      menuOf(ossEntity, { sort: 1, source: 'CloudServerOutlined', extra: [button('oss_enable', '启用', 'enable'), button('oss_debug', '调试', 'debug')] }),
      {
        code: 'attach',
        name: '附件管理',
        path: '/resource/attach',
        source: 'PaperClipOutlined',
        sort: 2,
        buttons: [
          button('attach_upload', '上传', 'upload', 0),
          button('attach_edit', '编辑', 'edit'),
          button('attach_download', '下载', 'download'),
          button('attach_delete', '删除', 'delete', 2),
        ],
      },
      menuOf(smsEntity, { sort: 3, source: 'MessageOutlined', extra: [button('sms_enable', '启用', 'enable'), button('sms_send', '发送', 'send')] }),
    ],
  },
  {
    code: 'tool',
    name: '研发工具',
    path: '/tool',
    source: 'ToolOutlined',
    sort: 99,
    children: [
      { code: 'api_doc', name: '接口文档', path: '/api/docs', source: 'ApiOutlined', sort: 1, isOpen: 2 },
      menuOf(datasourceEntity, { sort: 2, source: 'DatabaseOutlined', extra: [button('datasource_test', '连接测试', 'test')] }),
      menuOf(backupsEntity, { sort: 3, source: 'HddOutlined' }),
      menuOf(putDatabaseEntity, { sort: 4, source: 'ClusterOutlined' }),
    ],
  },
];
