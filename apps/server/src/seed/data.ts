/** The demo company of tenant 000000: its organisation, people, roles, parameters, dictionaries and notices. */
import { lookupDicts } from './lookup-samples.ts';

export const DEMO_TENANT = {
  tenantId: '000000',
  tenantName: '华建工程咨询有限公司',
  linkman: '管理员',
  contactNumber: '025-84561234',
  address: '江苏省南京市建邺区江东中路369号',
};

export const depts = [
  { key: 'root', parent: null, deptName: '华建咨询', fullName: '华建工程咨询有限公司', sort: 1, category: 1 },
  { key: 'gm', parent: 'root', deptName: '总经办', fullName: '总经理办公室', sort: 1, category: 2 },
  { key: 'cost', parent: 'root', deptName: '造价部', fullName: '工程造价咨询部', sort: 2, category: 2 },
  { key: 'supervise', parent: 'root', deptName: '监理部', fullName: '工程监理部', sort: 3, category: 2 },
  { key: 'bidding', parent: 'root', deptName: '招标部', fullName: '招标代理部', sort: 4, category: 2 },
  { key: 'finance', parent: 'root', deptName: '财务部', fullName: '财务管理部', sort: 5, category: 2 },
  { key: 'hr', parent: 'root', deptName: '人事部', fullName: '人力资源部', sort: 6, category: 2 },
  { key: 'market', parent: 'root', deptName: '市场部', fullName: '市场经营部', sort: 7, category: 2 },
  { key: 'suzhou', parent: 'root', deptName: '苏州分公司', fullName: '华建工程咨询有限公司苏州分公司', sort: 8, category: 1 },
  { key: 'wuxi', parent: 'root', deptName: '无锡分公司', fullName: '华建工程咨询有限公司无锡分公司', sort: 9, category: 1 },
  { key: 'cost1', parent: 'cost', deptName: '造价一组', fullName: '工程造价咨询部一组', sort: 1, category: 3 },
  { key: 'cost2', parent: 'cost', deptName: '造价二组', fullName: '工程造价咨询部二组', sort: 2, category: 3 },
  { key: 'audit', parent: 'cost', deptName: '审计组', fullName: '工程造价咨询部跟踪审计组', sort: 3, category: 3 },
  { key: 'szcost', parent: 'suzhou', deptName: '苏州造价部', fullName: '苏州分公司工程造价咨询部', sort: 1, category: 2 },
  { key: 'szsupervise', parent: 'suzhou', deptName: '苏州监理部', fullName: '苏州分公司工程监理部', sort: 2, category: 2 },
  { key: 'wxcost', parent: 'wuxi', deptName: '无锡造价部', fullName: '无锡分公司工程造价咨询部', sort: 1, category: 2 },
] as const;

export const posts = [
  { postCode: 'ceo', postName: '总经理', category: 1, sort: 1 },
  { postCode: 'manager', postName: '部门经理', category: 1, sort: 2 },
  { postCode: 'pm', postName: '项目负责人', category: 2, sort: 3 },
  { postCode: 'cost_eng', postName: '造价工程师', category: 2, sort: 4 },
  { postCode: 'supervisor', postName: '监理工程师', category: 2, sort: 5 },
  { postCode: 'accountant', postName: '会计', category: 3, sort: 6 },
  { postCode: 'hr', postName: '人事专员', category: 3, sort: 7 },
  { postCode: 'staff', postName: '职员', category: 4, sort: 8 },
  { postCode: 'bid_agent', postName: '招标专员', category: 3, sort: 9 },
  { postCode: 'cashier', postName: '出纳', category: 3, sort: 10 },
  { postCode: 'archivist', postName: '资料员', category: 4, sort: 11 },
] as const;

export const roles = [
  { key: 'admin', roleName: '超级管理员', roleAlias: 'administrator', sort: 1 },
  { key: 'manager', roleName: '公司领导', roleAlias: 'manager', sort: 2 },
  { key: 'finance', roleName: '财务人员', roleAlias: 'finance', sort: 3 },
  { key: 'project', roleName: '项目人员', roleAlias: 'project', sort: 4 },
  { key: 'user', roleName: '普通员工', roleAlias: 'user', sort: 5 },
  { key: 'hr', roleName: '人事专员', roleAlias: 'hr', sort: 6 },
  { key: 'archive', roleName: '档案管理员', roleAlias: 'archive', sort: 7 },
] as const;

/**
 * What the demo roles are granted of the menus, and the data scopes of the menus, are the modules' own
 * (modules/<module>/menus.ts); seed/menus.ts collects them. Here for the area seeds that read them with the rest of
 * the demo company.
 */
export { dataScopeGrants, dataScopes, financeScopeGrants, roleGrants } from './menus.ts';
export { HR_SELF_SERVICE_MENUS } from '../modules/hr/menus.ts';

/** Demo users; `password` is what the person types (stored as bcrypt of its md5). */
export const users = [
  {
    account: 'admin',
    password: 'admin',
    name: '管理员',
    realName: '管理员',
    dept: 'gm',
    post: 'ceo',
    role: 'admin',
    phone: '13800000000',
    email: 'admin@huajian.example',
    sex: 1,
    birthday: '1980-05-12',
  },
  {
    account: 'wangjianguo',
    password: '123456',
    name: '王建国',
    realName: '王建国',
    dept: 'gm',
    post: 'ceo',
    role: 'manager',
    phone: '13913800101',
    email: 'wangjg@huajian.example',
    sex: 1,
    birthday: '1968-03-08',
  },
  {
    account: 'lihong',
    password: '123456',
    name: '李红',
    realName: '李红',
    dept: 'finance',
    post: 'accountant',
    role: 'finance',
    phone: '13913800102',
    email: 'lihong@huajian.example',
    sex: 2,
    birthday: '1985-11-23',
  },
  {
    account: 'zhangwei',
    password: '123456',
    name: '张伟',
    realName: '张伟',
    dept: 'cost',
    post: 'pm',
    role: 'project',
    phone: '13913800103',
    email: 'zhangwei@huajian.example',
    sex: 1,
    birthday: '1990-07-14',
  },
  {
    account: 'chenjing',
    password: '123456',
    name: '陈静',
    realName: '陈静',
    dept: 'cost',
    post: 'cost_eng',
    role: 'project',
    phone: '13913800104',
    email: 'chenjing@huajian.example',
    sex: 2,
    birthday: '1996-02-02',
  },
  {
    account: 'liuyang',
    password: '123456',
    name: '刘洋',
    realName: '刘洋',
    dept: 'supervise',
    post: 'supervisor',
    role: 'project',
    phone: '13913800105',
    email: 'liuyang@huajian.example',
    sex: 1,
    birthday: '1982-09-30',
  },
  {
    account: 'zhaomin',
    password: '123456',
    name: '赵敏',
    realName: '赵敏',
    dept: 'hr',
    post: 'hr',
    role: 'user',
    phone: '13913800106',
    email: 'zhaomin@huajian.example',
    sex: 2,
    birthday: '2002-06-18',
  },
  {
    account: 'sunlei',
    password: '123456',
    name: '孙磊',
    realName: '孙磊',
    dept: 'suzhou',
    post: 'manager',
    role: 'project',
    phone: '13913800107',
    email: 'sunlei@huajian.example',
    sex: 1,
    birthday: '1975-12-05',
  },
  // Approvers of the business processes (seed/processes.ts) for the posts nobody held: the cashier (出纳), the archivist (资料员).
  {
    account: 'wufang',
    password: '123456',
    name: '吴芳',
    realName: '吴芳',
    dept: 'finance',
    post: 'cashier',
    role: 'user',
    phone: '13913800109',
    email: 'wufang@huajian.example',
    sex: 2,
    birthday: '1992-10-09',
  },
  {
    account: 'zhengli',
    password: '123456',
    name: '郑丽',
    realName: '郑丽',
    dept: 'gm',
    post: 'archivist',
    role: 'user',
    phone: '13913800110',
    email: 'zhengli@huajian.example',
    sex: 2,
    birthday: '1994-01-27',
  },
] as const;

export const params = [
  { paramName: '初始密码', paramKey: 'account.initPassword', paramValue: '123456', remark: '新建用户与重置密码时使用' },
  { paramName: '账号错误锁定次数', paramKey: 'account.failCount', paramValue: '5', remark: '连续输错密码达到该次数后锁定30分钟' },
  { paramName: '是否开启注册功能', paramKey: 'account.registerUser', paramValue: 'true', remark: '第三方登录用户可注册,需管理员审核' },
  { paramName: '租户默认账号额度', paramKey: 'tenant.default.accountNumber', paramValue: '-1', remark: '-1 表示不限制' },
  { paramName: '租户默认菜单集合', paramKey: 'tenant.default.menuCode', paramValue: 'desk,notice', remark: '新建租户的默认菜单' },
  { paramName: '列表最大分页条数', paramKey: 'page.maxSize', paramValue: '1000', remark: '单页最多返回的记录数' },
  { paramName: '上传文件大小上限(MB)', paramKey: 'file.maxSize', paramValue: '10', remark: '单个附件的最大体积,单位MB' },
  {
    paramName: '允许上传的文件类型',
    paramKey: 'file.allowedTypes',
    paramValue: 'jpg,jpeg,png,gif,bmp,webp,pdf,doc,docx,xls,xlsx,ppt,pptx,txt,csv,zip,rar,7z,dwg,mp4',
    remark: '文件扩展名,以逗号分隔',
  },
  {
    paramName: '文档预览服务地址',
    paramKey: 'preview.serviceUrl',
    paramValue: 'http://127.0.0.1:8012/onlinePreview',
    remark: '附件在线预览服务,文件地址以base64编码传入',
  },
  { paramName: '合同编号前缀', paramKey: 'contract.numberPrefix', paramValue: 'HJ-HT', remark: '合同编号规则的前缀' },
  { paramName: '项目编号前缀', paramKey: 'project.numberPrefix', paramValue: 'HJ-XM', remark: '项目编号规则的前缀' },
  { paramName: '用章编号前缀', paramKey: 'seal.numberPrefix', paramValue: 'HJ-YZ', remark: '用章申请编号规则的前缀' },
  {
    paramName: '合同编号规则',
    paramKey: 'contract.numberRule',
    paramValue: '{prefix}-{type}-{yyyy}-{seq:4}',
    remark: '占位符:{prefix}前缀 {type}业务类型 {yyyy}{MM}{dd}日期 {seq:n}n位流水号(按规则的日期部分每年/月/日重新计数)',
  },
  {
    paramName: '项目编号规则',
    paramKey: 'project.numberRule',
    paramValue: '{prefix}-{type}-{yyyyMM}-{seq:3}',
    remark: '占位符同合同编号规则,{type}为项目类型',
  },
  { paramName: '合同到期提醒天数', paramKey: 'contract.expireNoticeDays', paramValue: '30', remark: '合同结束日期前多少天提醒经办人(每日08:00)' },
  {
    paramName: '证书与劳动合同到期提醒天数',
    paramKey: 'hr.expireNoticeDays',
    paramValue: '30',
    remark: '证书有效期、劳动合同结束与试用期截止前多少天提醒本人和人事(每日08:00)',
  },
  { paramName: '密码查看有效时长(小时)', paramKey: 'password.revealHours', paramValue: '24', remark: '密码使用申请审批通过后,申请人可查看密码的时长' },
  { paramName: '保证金到期提醒天数', paramKey: 'deposit.dueNoticeDays', paramValue: '30', remark: '保证金预计退还日期前多少天提醒申请人和财务(每日08:00)' },
  {
    paramName: '审批工作时间',
    paramKey: 'wf.workingHours',
    paramValue: '09:00-12:00,13:00-18:00',
    remark: '工作日的工作时间段(HH:mm-HH:mm,以逗号分隔);审批时长与节点时限按工作日历与此时间计算',
  },
];

/** System dictionaries (platform-wide): code → [dictKey, dictValue][] */
export const systemDicts: Record<string, { name: string; items: [string, string][] }> = {
  sex: {
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ],
  },
  yes_no: {
    name: '是否',
    items: [
      ['0', '否'],
      ['1', '是'],
    ],
  },
  wf_proxy_type: {
    name: '流程代理类型',
    items: [
      ['1', '永久'],
      ['2', '时间段'],
    ],
  },
  wf_condition_type: {
    name: '流程条件类型',
    items: [
      ['1', '流转条件'],
      ['2', '人员条件'],
    ],
  },
  wf_scope_type: {
    name: '模型权限类型',
    items: [
      ['1', '用户'],
      ['2', '角色'],
      ['3', '部门'],
      ['4', '岗位'],
    ],
  },
  wf_serial_cycle: {
    name: '流水号重置周期',
    items: [
      ['none', '不重置'],
      ['day', '每天'],
      ['week', '每周'],
      ['month', '每月'],
      ['year', '每年'],
    ],
  },
  notice: {
    name: '通知类型',
    items: [
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任命通知'],
      ['6', '决定通知'],
      ['7', '报告通知'],
    ],
  },
  approval_status: {
    name: '审批状态',
    items: [
      ['0', '未发起'],
      ['1', '审批中'],
      ['2', '已通过'],
      ['3', '已驳回'],
      ['6', '已撤回'],
    ],
  },
  menu_category: {
    name: '菜单类型',
    items: [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  },
  button_func: {
    name: '按钮功能',
    items: [
      ['0', '工具栏'],
      ['1', '操作栏'],
      ['2', '工具操作栏'],
    ],
  },
  yes_no_open: {
    name: '是否打开新窗口',
    items: [
      ['1', '否'],
      ['2', '是'],
    ],
  },
  data_scope_type: {
    name: '数据权限类型',
    items: [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  },
  api_scope_type: {
    name: '接口权限类型',
    items: [
      ['ALL', '全部请求'],
      ['GET', 'GET'],
      ['POST', 'POST'],
      ['PUT', 'PUT'],
      ['DELETE', 'DELETE'],
    ],
  },
  org_category: {
    name: '机构类型',
    items: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '小组'],
    ],
  },
  post_category: {
    name: '岗位类型',
    items: [
      ['1', '高层'],
      ['2', '中层'],
      ['3', '基层'],
      ['4', '其他'],
    ],
  },
  region_level: {
    name: '区划层级',
    items: [
      ['1', '省份'],
      ['2', '地市'],
      ['3', '区县'],
      ['4', '乡镇'],
      ['5', '村委'],
    ],
  },
  // Object storage: 1 is the server's own disk; the others are reached through their S3-compatible API.
  oss: {
    name: '对象存储类型',
    items: [
      ['1', '本地存储'],
      ['2', 'MinIO'],
      ['3', '阿里云OSS'],
      ['4', '腾讯云COS'],
      ['5', '华为云OBS'],
    ],
  },
  // SMS providers: 1 records messages in blade_sms_log (the default provider).
  sms: {
    name: '短信服务类型',
    items: [
      ['1', '日志记录'],
      ['2', '阿里云短信'],
      ['3', '腾讯云短信'],
      ['4', '云片'],
    ],
  },
  wf_calendar_kind: {
    name: '工作日历日期类型',
    items: [
      ['1', '法定节假日'],
      ['2', '调休上班'],
    ],
  },
};

/** Business dictionaries of the tenant. */
export const bizDicts: Record<string, { name: string; items: [string, string][] }> = {
  customer_type: {
    name: '客户类型',
    items: [
      ['1', '政府机关'],
      ['2', '国有企业'],
      ['3', '民营企业'],
      ['4', '事业单位'],
      ['5', '个人'],
    ],
  },
  account_nature: {
    name: '账户性质',
    items: [
      ['1', '基本户'],
      ['2', '一般户'],
      ['3', '专用户'],
      ['4', '个人账户'],
    ],
  },
  expense_type: {
    name: '费用类型',
    items: [
      ['1', '差旅费'],
      ['2', '办公费'],
      ['3', '招待费'],
      ['4', '交通费'],
      ['5', '专家评审费'],
      ['6', '其他'],
    ],
  },
  leave_type: {
    name: '请假类型',
    items: [
      ['1', '事假'],
      ['2', '病假'],
      ['3', '年假'],
      ['4', '调休'],
      ['5', '婚假'],
      ['6', '产假'],
      ['7', '丧假'],
    ],
  },
  income_or_expend: {
    name: '收支类型',
    items: [
      ['0', '收入'],
      ['1', '支出'],
    ],
  },
  cost_stage: {
    name: '成本阶段',
    items: [
      ['0', '前期成本'],
      ['1', '过程成本'],
    ],
  },
  know_get: {
    name: '认领状态',
    items: [
      ['0', '未认领'],
      ['1', '已认领'],
    ],
  },
  business_subject_type: {
    name: '收款对象类型',
    items: [
      ['1', '人员'],
      ['2', '客户'],
    ],
  },
  payment_method: {
    name: '付款方式',
    items: [
      ['0', '银行转账'],
      ['1', '现金'],
      ['2', '票据'],
    ],
  },
  labour_stage: {
    name: '劳务费审批阶段',
    items: [
      ['0', '劳务费申请'],
      ['1', '劳务费发放'],
    ],
  },
  pay_status: {
    name: '付款状态',
    items: [
      ['0', '未付款'],
      ['1', '已付款'],
    ],
  },
  account_change_type: {
    name: '账户变动类型',
    items: [
      ['1', '开户'],
      ['2', '期初调整'],
      ['3', '收入'],
      ['4', '支出'],
      ['5', '设置实际金额'],
      ['6', '冲回'],
    ],
  },
  tax_type: {
    name: '税种',
    items: [
      ['1', '增值税'],
      ['2', '企业所得税'],
      ['3', '个人所得税'],
      ['4', '城市维护建设税'],
      ['5', '教育费附加'],
      ['6', '印花税'],
    ],
  },
  finance_form_type: {
    name: '财务单据类型',
    items: [
      ['1', '费用分摊单'],
      ['2', '转账单'],
      ['3', '收款确认单'],
      ['4', '其他'],
    ],
  },
  payment_biz_type: {
    name: '付款业务',
    items: [
      ['hjl_apply_expense', '费用报销'],
      ['hjl_apply_refund', '退款申请'],
      ['hjl_apply_payment', '付款申请'],
      ['hjl_apply_lend_return_money', '借款申请'],
    ],
  },
  collect_type: {
    name: '收款类型',
    items: [
      ['1', '预付款'],
      ['2', '进度款'],
      ['3', '结算款'],
      ['4', '尾款'],
    ],
  },
  invoice_type: {
    name: '发票类型',
    items: [
      ['1', '增值税专用发票'],
      ['2', '增值税普通发票'],
      ['3', '电子发票'],
    ],
  },
  invoice_status: {
    name: '发票状态',
    items: [
      ['0', '申请中'],
      ['1', '已开票'],
      ['2', '已作废'],
    ],
  },
  cost_type: {
    name: '成本类型',
    items: [
      ['1', '人工成本'],
      ['2', '外包费用'],
      ['3', '资料费'],
      ['4', '投标保证金'],
      ['5', '其他成本'],
    ],
  },
  customer_industry: {
    name: '所属行业',
    items: [
      ['1', '房屋建筑'],
      ['2', '市政公用'],
      ['3', '交通运输'],
      ['4', '水利水电'],
      ['5', '能源化工'],
      ['6', '教育卫生'],
      ['7', '房地产开发'],
      ['8', '其他'],
    ],
  },
  customer_source: {
    name: '客户来源',
    items: [
      ['1', '公开招标'],
      ['2', '老客户推荐'],
      ['3', '主动拜访'],
      ['4', '网络查询'],
      ['5', '合作伙伴'],
      ['6', '其他'],
    ],
  },
  customer_status: {
    name: '客户状态',
    items: [
      ['1', '潜在客户'],
      ['2', '意向客户'],
      ['3', '合作客户'],
      ['4', '流失客户'],
    ],
  },
  visit_way: {
    name: '拜访方式',
    items: [
      ['1', '上门拜访'],
      ['2', '电话沟通'],
      ['3', '视频会议'],
      ['4', '来访接待'],
      ['5', '微信沟通'],
    ],
  },
  contract_business_type: {
    name: '合同业务类型',
    items: [
      ['1', '造价咨询'],
      ['2', '招标代理'],
      ['3', '工程监理'],
      ['4', '全过程咨询'],
      ['5', '项目管理'],
      ['6', '跟踪审计'],
    ],
  },
  fee_basis: {
    name: '计费方式',
    items: [
      ['1', '固定总价'],
      ['2', '按费率计取'],
      ['3', '按工日计取'],
      ['4', '其他'],
    ],
  },
  replenish_type: {
    name: '补充协议类型',
    items: [
      ['1', '金额变更'],
      ['2', '工期变更'],
      ['3', '服务内容变更'],
      ['4', '其他'],
    ],
  },
  link_status: {
    name: '合同关联状态',
    items: [
      ['0', '未关联'],
      ['1', '已关联'],
    ],
  },
  project_type: {
    name: '项目类型',
    items: [
      ['1', '造价咨询'],
      ['2', '招标代理'],
      ['3', '工程监理'],
      ['4', '全过程咨询'],
      ['5', '项目管理'],
      ['6', '跟踪审计'],
    ],
  },
  project_status: {
    name: '项目状态',
    items: [
      ['1', '立项中'],
      ['2', '实施中'],
      ['3', '二审中'],
      ['4', '三审中'],
      ['5', '已完成'],
      ['6', '已归档'],
    ],
  },
  bid_status: {
    name: '投标状态',
    items: [
      ['1', '未投标'],
      ['2', '投标中'],
      ['3', '已中标'],
      ['4', '未中标'],
    ],
  },
  project_role: {
    name: '项目角色',
    items: [
      ['1', '项目负责人'],
      ['2', '编制人'],
      ['3', '复核人'],
      ['4', '审定人'],
    ],
  },
  task_status: {
    name: '任务状态',
    items: [
      ['0', '进行中'],
      ['1', '已完成'],
    ],
  },
  seal_type: {
    name: '印章类型',
    items: [
      ['1', '公章'],
      ['2', '合同专用章'],
      ['3', '财务专用章'],
      ['4', '法人章'],
      ['5', '造价师执业印章'],
    ],
  },
  quality_type: {
    name: '质量检查类型',
    items: [
      ['1', '成果自查'],
      ['2', '部门抽查'],
      ['3', '公司专项检查'],
    ],
  },
  quality_grade: {
    name: '质量等级',
    items: [
      ['1', '优秀'],
      ['2', '良好'],
      ['3', '合格'],
      ['4', '不合格'],
    ],
  },
  expire_biz_type: {
    name: '到期提醒类型',
    items: [
      ['1', '合同到期'],
      ['2', '证书到期'],
      ['3', '保证金到期'],
      ['4', '劳动合同到期'],
      ['5', '试用期到期'],
      ['6', '档案借阅逾期'],
    ],
  },
  political_status: {
    name: '政治面貌',
    items: [
      ['1', '中共党员'],
      ['2', '中共预备党员'],
      ['3', '共青团员'],
      ['4', '民主党派'],
      ['5', '群众'],
    ],
  },
  marital_status: {
    name: '婚姻状况',
    items: [
      ['1', '未婚'],
      ['2', '已婚'],
      ['3', '离异'],
      ['4', '丧偶'],
    ],
  },
  education_degree: {
    name: '学历',
    items: [
      ['1', '高中及以下'],
      ['2', '大专'],
      ['3', '本科'],
      ['4', '硕士研究生'],
      ['5', '博士研究生'],
    ],
  },
  family_relation: {
    name: '家庭成员关系',
    items: [
      ['1', '配偶'],
      ['2', '子女'],
      ['3', '父亲'],
      ['4', '母亲'],
      ['5', '兄弟姐妹'],
      ['6', '其他'],
    ],
  },
  cert_type: {
    name: '证书类型',
    items: [
      ['1', '一级造价工程师'],
      ['2', '二级造价工程师'],
      ['3', '监理工程师'],
      ['4', '一级建造师'],
      ['5', '咨询工程师(投资)'],
      ['6', '职称证书'],
      ['7', '其他'],
    ],
  },
  password_category: {
    name: '密码类别',
    items: [
      ['1', '网上银行'],
      ['2', '税务平台'],
      ['3', '招投标平台'],
      ['4', '其他'],
    ],
  },
  password_reveal: {
    name: '密码查看结果',
    items: [
      ['0', '拒绝'],
      ['1', '成功'],
    ],
  },
  cert_affiliation: {
    name: '证书注册单位',
    items: [
      ['1', '注册在本公司'],
      ['2', '个人持有'],
    ],
  },
  work_contract_type: {
    name: '劳动合同类型',
    items: [
      ['1', '固定期限'],
      ['2', '无固定期限'],
      ['3', '实习'],
      ['4', '劳务'],
    ],
  },
  outer_type: {
    name: '外部人员类型',
    items: [
      ['1', '外聘专家'],
      ['2', '合作方人员'],
      ['3', '劳务人员'],
    ],
  },
  asset_category: {
    name: '资产类别',
    items: [
      ['1', '办公设备'],
      ['2', '电子设备'],
      ['3', '交通工具'],
      ['4', '测量仪器'],
      ['5', '办公家具'],
      ['6', '软件'],
    ],
  },
  transport_type: {
    name: '交通工具',
    items: [
      ['1', '高铁/动车'],
      ['2', '飞机'],
      ['3', '公司用车'],
      ['4', '自驾'],
      ['5', '长途汽车'],
      ['6', '其他'],
    ],
  },
  asset_status: {
    name: '资产状态',
    items: [
      ['1', '在用'],
      ['2', '闲置'],
      ['3', '维修'],
      ['4', '报废'],
    ],
  },
  chance_stage: {
    name: '销售阶段',
    items: [
      ['1', '初步接洽'],
      ['2', '需求确认'],
      ['3', '方案报价'],
      ['4', '商务谈判'],
      ['5', '赢单'],
      ['6', '输单'],
    ],
  },
  guarantee_type: {
    name: '保证金类型',
    items: [
      ['1', '投标保证金'],
      ['2', '履约保证金'],
      ['3', '质量保证金'],
      ['4', '农民工工资保证金'],
    ],
  },
  guarantee_direction: {
    name: '保证金收付方向',
    items: [
      ['0', '缴纳'],
      ['1', '收取'],
    ],
  },
  guarantee_refund_status: {
    name: '保证金退还状态',
    items: [
      ['0', '未退'],
      ['1', '部分退'],
      ['2', '已退'],
    ],
  },
  guarantee_refund_kind: {
    name: '保证金退还方式',
    items: [
      ['1', '退还'],
      ['2', '替换退还'],
      ['3', '退还投标人'],
    ],
  },
  // Branches (modules/branch).
  filiale_status: {
    name: '分公司经营状态',
    items: [
      ['1', '正常经营'],
      ['2', '暂停经营'],
      ['3', '已注销'],
    ],
  },
  filiale_mgmt_type: {
    name: '分公司管理类型',
    items: [
      ['1', '管理费'],
      ['2', '检查考核'],
      ['3', '资质使用'],
      ['4', '其他'],
    ],
  },
  filiale_deposit_status: {
    name: '分公司保证金状态',
    items: [
      ['0', '未缴'],
      ['1', '已缴'],
      ['2', '已退'],
    ],
  },
  dividend_pay_state: {
    name: '分红发放状态',
    items: [
      ['0', '未发放'],
      ['1', '已发放'],
    ],
  },
  profit_item_type: {
    name: '利润项目类型',
    items: [
      ['1', '收入'],
      ['2', '成本费用'],
    ],
  },
  withdraw_type: {
    name: '提成类型',
    items: [
      ['1', '分公司提成'],
      ['2', '个人提成'],
    ],
  },
  // The lookup databases' options (工程类型, 证书等级 …), with their samples (seed/lookup-samples.ts).
  ...lookupDicts,
  // Archives and KPI (WP7)
  archive_type: {
    name: '档案类型',
    items: [
      ['1', '造价成果'],
      ['2', '招标文件'],
      ['3', '监理资料'],
      ['4', '合同'],
      ['5', '财务'],
    ],
  },
  archive_keep_period: {
    name: '保管期限',
    items: [
      ['1', '永久'],
      ['2', '30年'],
      ['3', '10年'],
    ],
  },
  archive_borrow_status: {
    name: '档案借阅状态',
    items: [
      ['0', '在库'],
      ['1', '借出'],
    ],
  },
  archive_borrow_type: {
    name: '借阅方式',
    items: [
      ['1', '查阅'],
      ['2', '借出'],
      ['3', '复印'],
    ],
  },
  archive_apply_stage: {
    name: '借阅进度',
    items: [
      ['1', '借阅申请'],
      ['2', '借出中'],
      ['3', '归还审批中'],
      ['4', '已归还'],
    ],
  },
  archive_column_type: {
    name: '著录类型',
    items: [
      ['1', '文件'],
      ['2', '文本'],
      ['3', '日期'],
      ['4', '数字'],
    ],
  },
  template_category: {
    name: '模板分类',
    items: [
      ['1', '合同范本'],
      ['2', '造价文件'],
      ['3', '招标文件'],
      ['4', '监理文件'],
      ['5', '行政表格'],
    ],
  },
  kpi_record_status: {
    name: '考核状态',
    items: [
      ['0', '待自评'],
      ['1', '待领导评分'],
      ['2', '已评分'],
    ],
  },
};

export const notices = [
  {
    title: '关于2026年度项目质量检查工作的通知',
    category: 1,
    releaseTime: '2026-11-18',
    content: '各部门:为加强咨询成果质量管理,公司定于12月上旬开展年度项目质量检查,请各项目负责人于12月1日前完成底稿整理与归档。',
  },
  {
    title: '关于调整差旅费报销标准的决定',
    category: 6,
    releaseTime: '2026-11-10',
    content: '经公司研究决定,自2026年12月1日起调整差旅住宿费报销标准,省内城市每晚不超过400元,省外城市每晚不超过500元。',
  },
  {
    title: '任命孙磊同志为苏州分公司负责人的通知',
    category: 5,
    releaseTime: '2026-11-03',
    content: '经公司研究,任命孙磊同志为苏州分公司负责人,全面负责分公司经营管理工作。',
  },
  {
    title: '转发住建部关于工程造价咨询企业管理的通知',
    category: 3,
    releaseTime: '2026-10-27',
    content: '现将住房和城乡建设部关于进一步加强工程造价咨询企业管理的通知转发给你们,请认真学习并遵照执行。',
  },
  {
    title: '关于开展安全生产月活动的通知',
    category: 1,
    releaseTime: '2026-10-15',
    content: '为提高全员安全意识,请各监理项目部组织开展安全生产月活动,并于月底前提交活动总结。',
  },
  {
    title: '国庆节放假安排',
    category: 1,
    releaseTime: '2026-09-25',
    content: '根据国务院办公厅通知,10月1日至8日放假调休,共8天。9月27日(星期日)、10月10日(星期六)上班。',
  },
];

/** Tenant packages: menu codes (with every button below them, and the menus above). */
export const tenantPackages = [
  {
    packageName: '基础版',
    menuCodes: ['desk', 'notice', 'user', 'dept', 'post', 'dictbiz', 'param', 'role'],
    remark: '工作台、组织机构与基础权限,适用于分支机构',
  },
  {
    packageName: '标准版',
    menuCodes: [
      'desk',
      'notice',
      'user',
      'dept',
      'post',
      'dictbiz',
      'param',
      'role',
      'data_scope',
      'api_scope',
      'log_usual',
      'log_api',
      'log_error',
      'oss',
      'attach',
      'sms',
    ],
    remark: '基础版加日志与资源管理',
  },
];

/** Resource and tool configurations (resource and develop modules); status 2 is the enabled one. */
export const ossConfigs = [
  { category: 1, ossCode: 'local-disk', remark: '服务器本地磁盘(数据目录/files)', status: 2 },
  {
    category: 2,
    ossCode: 'minio-archive',
    endpoint: 'http://minio.huajian.internal:9000',
    accessKey: 'hjl-archive',
    bucketName: 'huajian-archive',
    region: 'cn-east-1',
    remark: '档案扫描件存储(内网MinIO,启用前请填写secretKey)',
    status: 1,
  },
];

export const smsConfigs = [
  { category: 1, smsCode: 'notice-log', templateId: 'SMS_APPROVAL_NOTICE', signName: '华建咨询', remark: '审批提醒短信(日志记录,不实际发送)', status: 2 },
  {
    category: 2,
    smsCode: 'aliyun-verify',
    templateId: 'SMS_238150001',
    accessKey: 'LTAI5tHuajianDemo',
    signName: '华建工程咨询',
    remark: '阿里云验证码短信(未接入)',
    status: 1,
  },
];

export const datasources = [
  { name: '主数据库', driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://127.0.0.1:5432/hjl', username: 'hjl', remark: '业务主库' },
  {
    name: '档案库(只读)',
    driverClass: 'org.postgresql.Driver',
    url: 'jdbc:postgresql://127.0.0.1:5432/hjl_archive',
    username: 'archive_reader',
    remark: '历史档案数据,只读账号',
  },
];

export const putDatabases = [
  { name: '南京总部生产库', host: '10.20.1.15', port: 5432, database: 'hjl_prod', username: 'hjl_app', remark: '生产环境主库' },
  { name: '苏州分公司库', host: '10.30.1.20', port: 5432, database: 'hjl_suzhou', username: 'hjl_sz', remark: '分公司独立部署' },
  { name: '报表只读副本', host: '10.20.1.16', port: 5432, database: 'hjl_prod', username: 'report_ro', remark: '统计报表查询使用' },
];

/** Process categories (a tree: [name, children]). */
export const wfCategories: [string, string[]][] = [
  ['行政审批', ['请假', '用印', '出差']],
  ['财务审批', ['费用报销', '付款申请', '借款']],
  ['项目审批', ['立项', '合同评审']],
  ['人事审批', ['入职', '转正', '离职']],
];

/** Conditions the designer offers: [name, type, expression]. */
export const wfConditions: [string, number, string][] = [
  ['请假超过三天', 1, '${days > 3}'],
  ['请假不超过三天', 1, '${days <= 3}'],
  ['金额五万以上', 1, '${amount >= 50000}'],
  ['金额五万以下', 1, '${amount < 50000}'],
  ['审批通过', 1, '${pass}'],
  ['审批驳回', 1, '${!pass}'],
  ['发起人', 2, '${applyUser}'],
];

/** Form default values: [name, content, fieldType]. */
export const wfFormDefaults: [string, string, string][] = [
  ['当前用户', '${user.realName}', 'input'],
  ['当前部门', '${user.deptName}', 'input'],
  ['当前日期', '${date}', 'date'],
];
