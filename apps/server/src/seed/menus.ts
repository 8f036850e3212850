/**
 * The menu tree of every screen that exists, with its button codes. Menus are platform-wide and matched by
 * code: on every start, codes missing from the database are added (an administrator's edits are kept).
 * Each business area adds its own entries here.
 */
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

export const menuSeed: MenuSeed[] = [
  {
    code: 'desk',
    name: '工作台',
    path: '/desk',
    source: 'DesktopOutlined',
    sort: 1,
    children: [{ code: 'notice', name: '通知公告', path: '/desk/notice', source: 'NotificationOutlined', sort: 1, buttons: crudButtons('notice') }],
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
      {
        code: 'customer',
        name: '客户列表',
        path: '/marketing/hjlCustomer',
        source: 'TeamOutlined',
        sort: 1,
        buttons: [...crudButtons('customer'), button('customer_import', '导入', 'import', 0), button('customer_export', '导出', 'export', 0)],
      },
      { code: 'customer_my', name: '我的客户', path: '/marketing/hjlCustomer/my', source: 'UserOutlined', sort: 2 },
      {
        code: 'customer_contacts',
        name: '客户联系人',
        path: '/marketing/hjlCustomerContacts',
        source: 'ContactsOutlined',
        sort: 3,
        buttons: [...crudButtons('customer_contacts'), button('customer_contacts_export', '导出', 'export', 0)],
      },
      {
        code: 'customer_visit',
        name: '客户拜访',
        path: '/marketing/hjlCustomerVisit',
        source: 'CalendarOutlined',
        sort: 4,
        buttons: [...crudButtons('customer_visit'), button('customer_visit_export', '导出', 'export', 0)],
      },
      {
        code: 'customer_account',
        name: '客户账户',
        path: '/marketing/hjlCustomerAccount',
        source: 'BankOutlined',
        sort: 5,
        buttons: [...crudButtons('customer_account'), button('customer_account_export', '导出', 'export', 0)],
      },
      {
        code: 'customer_invoice',
        name: '开票信息',
        path: '/marketing/hjlCustomerInvoice',
        source: 'AccountBookOutlined',
        sort: 6,
        buttons: [...crudButtons('customer_invoice'), button('customer_invoice_export', '导出', 'export', 0)],
      },
      {
        code: 'customer_chance',
        name: '销售机会',
        path: '/marketing/hjlCustomerChance',
        source: 'FundOutlined',
        sort: 7,
        buttons: [...crudButtons('customer_chance'), button('customer_chance_export', '导出', 'export', 0)],
      },
      { code: 'customer_enterprise', name: '企业信息查询', path: '/marketing/enterprise', source: 'FileSearchOutlined', sort: 8 },
      { code: 'customer_report', name: '客户统计', path: '/marketing/customerReport', source: 'PieChartOutlined', sort: 9 },
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
      { code: 'wf_proxy', name: '流程代理', path: '/workflow/ops/proxy', source: 'UserSwitchOutlined', sort: 9, buttons: crudButtons('wf_proxy') },
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
      {
        code: 'wf_model',
        name: '模型设计',
        path: '/workflow/design/model',
        source: 'PartitionOutlined',
        sort: 12,
        buttons: [
          ...crudButtons('wf_model'),
          button('wf_model_deploy', '部署', 'deploy'),
          button('wf_model_history', '历史版本', 'history'),
          button('wf_model_history_edit', '修改版本说明', 'history-edit'),
          button('wf_model_history_delete', '删除历史版本', 'history-delete'),
          button('wf_model_history_main', '设为主版本', 'main-version'),
        ],
      },
      {
        code: 'wf_form',
        name: '表单设计',
        path: '/workflow/design/form',
        source: 'FormOutlined',
        sort: 13,
        buttons: [
          ...crudButtons('wf_form'),
          button('wf_form_history', '历史版本', 'history'),
          button('wf_form_history_edit', '修改版本说明', 'history-edit'),
          button('wf_form_history_delete', '删除历史版本', 'history-delete'),
          button('wf_form_history_main', '设为主版本', 'main-version'),
        ],
      },
      { code: 'wf_category', name: '流程分类', path: '/workflow/design/category', source: 'ClusterOutlined', sort: 14, buttons: crudButtons('wf_category') },
      {
        code: 'wf_condition',
        name: '流程条件',
        path: '/workflow/design/condition',
        source: 'BranchesOutlined',
        sort: 15,
        buttons: crudButtons('wf_condition'),
      },
      { code: 'wf_button', name: '流程按钮', path: '/workflow/design/button', source: 'AppstoreAddOutlined', sort: 16, buttons: crudButtons('wf_button') },
      {
        code: 'wf_form_default',
        name: '表单默认值',
        path: '/workflow/design/form-default-values',
        source: 'EditOutlined',
        sort: 17,
        buttons: crudButtons('wf_form_default'),
      },
      {
        code: 'wf_model_scope',
        name: '模型权限',
        path: '/workflow/design/model-scope',
        source: 'SafetyOutlined',
        sort: 18,
        buttons: crudButtons('wf_model_scope'),
      },
      { code: 'wf_draft', name: '草稿箱', path: '/workflow/process/draft', source: 'FileTextOutlined', sort: 19, buttons: crudButtons('wf_draft') },
    ],
  },
  {
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: 'SettingOutlined',
    sort: 90,
    children: [
      {
        code: 'user',
        name: '用户管理',
        path: '/system/user',
        source: 'UserOutlined',
        sort: 1,
        buttons: [
          ...crudButtons('user'),
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
      },
      { code: 'dept', name: '部门管理', path: '/system/dept', source: 'ApartmentOutlined', sort: 2, buttons: crudButtons('dept') },
      { code: 'post', name: '岗位管理', path: '/system/post', source: 'IdcardOutlined', sort: 3, buttons: crudButtons('post') },
      { code: 'dict', name: '系统字典', path: '/system/dict', source: 'BookOutlined', sort: 4, buttons: crudButtons('dict') },
      { code: 'dictbiz', name: '业务字典', path: '/system/dictbiz', source: 'ReadOutlined', sort: 5, buttons: crudButtons('dictbiz') },
      { code: 'menu', name: '菜单管理', path: '/system/menu', source: 'MenuOutlined', sort: 6, buttons: crudButtons('menu') },
      {
        code: 'topmenu',
        name: '顶部菜单',
        path: '/system/topmenu',
        source: 'AppstoreOutlined',
        sort: 7,
        buttons: [...crudButtons('topmenu'), button('topmenu_setting', '菜单配置', 'setting')],
      },
      { code: 'param', name: '参数管理', path: '/system/param', source: 'ProfileOutlined', sort: 10, buttons: crudButtons('param') },
      {
        code: 'tenant',
        name: '租户管理',
        path: '/system/tenant',
        source: 'TeamOutlined',
        sort: 11,
        buttons: [
          ...crudButtons('tenant'),
          button('tenant_setting', '授权配置', 'setting', 0),
          button('tenant_datasource', '数据源配置', 'datasource', 0),
          button('tenant_package_setting', '产品包配置', 'package', 0),
        ],
      },
      // The tenant package table has no separate view button (spec 2 section 2).
      {
        code: 'tenant_package',
        name: '租户产品包',
        path: '/system/tenantpackage',
        source: 'GiftOutlined',
        sort: 12,
        buttons: crudButtons('tenant_package').filter((b) => b.alias !== 'view'),
      },
      { code: 'client', name: '应用管理', path: '/system/client', source: 'KeyOutlined', sort: 13, buttons: crudButtons('client') },
      {
        code: 'region',
        name: '行政区划',
        path: '/system/region',
        source: 'GlobalOutlined',
        sort: 14,
        buttons: [...crudButtons('region'), button('region_import', '导入', 'import', 0), button('region_export', '导出', 'export', 0)],
      },
    ],
  },
  {
    code: 'authority',
    name: '权限管理',
    path: '/authority',
    source: 'SafetyOutlined',
    sort: 91,
    children: [
      {
        code: 'role',
        name: '角色管理',
        path: '/authority/role',
        source: 'UsergroupAddOutlined',
        sort: 1,
        buttons: [...crudButtons('role'), button('role_grant', '权限设置', 'grant', 0)],
      },
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
      {
        code: 'oss',
        name: '对象存储',
        path: '/resource/oss',
        source: 'CloudServerOutlined',
        sort: 1,
        buttons: [...crudButtons('oss'), button('oss_enable', '启用', 'enable'), button('oss_debug', '调试', 'debug')],
      },
      {
        code: 'attach',
        name: '附件管理',
        path: '/resource/attach',
        source: 'PaperClipOutlined',
        sort: 2,
        buttons: [button('attach_upload', '上传', 'upload', 0), button('attach_download', '下载', 'download'), button('attach_delete', '删除', 'delete', 2)],
      },
      {
        code: 'sms',
        name: '短信配置',
        path: '/resource/sms',
        source: 'MessageOutlined',
        sort: 3,
        buttons: [...crudButtons('sms'), button('sms_enable', '启用', 'enable'), button('sms_send', '发送', 'send')],
      },
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
      {
        code: 'datasource',
        name: '数据源管理',
        path: '/tool/datasource',
        source: 'DatabaseOutlined',
        sort: 2,
        buttons: [...crudButtons('datasource'), button('datasource_test', '连接测试', 'test')],
      },
      { code: 'backups', name: '数据库备份', path: '/tool/backups', source: 'HddOutlined', sort: 3, buttons: crudButtons('backups') },
      { code: 'put_database', name: '数据库配置', path: '/tool/putDatabase', source: 'ClusterOutlined', sort: 4, buttons: crudButtons('put_database') },
    ],
  },
];
