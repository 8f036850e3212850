import { defineEntity, type FieldDef } from '../entity.ts';
import { files, money, remark } from '../field-presets.ts';

/**
 * Contracts (合同管理, BUSINESS.md §3 WP2; spec 2: /api/business/hjlContract list, detail, remove, save, update,
 * get/contractNum, replenish, reset/link/{id}; spec 1: hjlContract/get/{id}; the detail page
 * /contract/hjlContractDetail/{id}). A contract is signed with a customer, numbered by the numbering service
 * (`HJ-HT-{业务类型}-{yyyy}-{0001}`), approved through `editContract`, linked to the projects it covers; a
 * supplementary agreement (补充协议, `replenish`) is a contract of its own whose `parentId` names the main one and
 * whose amount counts in the main's effective amount once approved.
 */

/** Process of a contract (BUSINESS.md WP2 Approvals): its key, route key (business form) and form url. */
export const CONTRACT_PROCESS = { key: 'hjl_contract', form: 'editContract', formUrl: '/workflow/editContract' } as const;

/** Messages of the contract rules (BUSINESS.md §1 and WP2, *proposed* ones included). */
export const CONTRACT_MSG = {
  missing: '合同不存在或无权访问',
  notApproved: '合同未审批通过,不能关联项目',
  linkedElsewhere: '该合同已关联其他项目,非框架协议不能再关联',
  mainMissing: '主合同不存在或无权访问',
  mainNotApproved: '主合同未审批通过,不能签订补充协议',
  replenishOfReplenish: '补充协议不能再签订补充协议',
  endBeforeStart: '合同结束日期不能早于开始日期',
  amountPositive: '合同金额必须大于0',
  typeMissing: '缺少必要的请求参数: businessType',
  typeUnknown: '业务类型不存在',
  notLinked: '该合同未关联项目',
  hasMoney: '项目已有收款,不能解除关联',
} as const;

/** Letters of each business type in contract numbers (the dictionary key when a tenant adds a type of its own). */
export const CONTRACT_TYPE_CODES: Record<string, string> = { '1': 'ZJ', '2': 'ZB', '3': 'JL', '4': 'QG', '5': 'GL', '6': 'GS' };

const customerField = {
  type: 'id',
  label: { zh: '委托方', en: 'Client' },
  required: '请选择委托方',
  list: true,
  filterable: true,
  search: true,
  ref: 'customer',
  display: 'customerName',
  width: 200,
} as const satisfies FieldDef;

export const contractEntity = defineEntity({
  name: 'contract',
  table: 'hjl_contract',
  api: '/api/business/hjlContract',
  path: '/contract/hjlContract',
  label: { zh: '合同列表', en: 'Contracts' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  dialogWidth: 1000,
  owner: 'handlerUser',
  exportable: true,
  approval: {
    processKey: CONTRACT_PROCESS.key,
    routeKey: CONTRACT_PROCESS.form,
    amountField: 'contractAmount',
    title: '{userName}的合同审批:{contractName}',
    formUrl: CONTRACT_PROCESS.formUrl,
  },
  fields: {
    contractNum: {
      type: 'string',
      max: 64,
      label: { zh: '合同编号', en: 'Number' },
      list: true,
      search: true,
      trigramIndex: true,
      sortable: true,
      form: false,
      width: 190,
    },
    contractName: {
      type: 'string',
      max: 200,
      label: { zh: '合同名称', en: 'Name' },
      required: '请输入合同名称',
      list: true,
      search: true,
      trigramIndex: true,
      sortable: true,
      width: 240,
    },
    businessType: {
      type: 'int',
      label: { zh: '业务类型', en: 'Business type' },
      dict: 'contract_business_type',
      bizDict: true,
      required: '请选择业务类型',
      list: true,
      search: true,
      width: 110,
    },
    customerId: customerField,
    partyB: { type: 'string', max: 100, label: { zh: '签约主体', en: 'Contracting party' }, list: false, width: 180 },
    signDate: {
      type: 'date',
      label: { zh: '签订日期', en: 'Signed' },
      required: '请选择签订日期',
      list: true,
      sortable: true,
      filterable: true,
      width: 110,
    },
    startDate: { type: 'date', label: { zh: '开始日期', en: 'From' }, list: false, sortable: true, filterable: true, width: 110 },
    endDate: { type: 'date', label: { zh: '结束日期', en: 'To' }, list: true, sortable: true, filterable: true, width: 110 },
    contractAmount: money({ zh: '合同金额', en: 'Amount' }, { required: '请输入合同金额', list: true, sortable: true, filterable: true, width: 140 }),
    effectiveAmount: money({ zh: '有效金额', en: 'Effective amount' }, { list: true, sortable: true, form: false, width: 140 }),
    feeBasis: { type: 'int', label: { zh: '计费方式', en: 'Fee basis' }, dict: 'fee_basis', bizDict: true, width: 100 },
    feeRate: { type: 'money', label: { zh: '费率(%)', en: 'Fee rate (%)' }, width: 90 },
    isFramework: { type: 'int', label: { zh: '框架协议', en: 'Framework' }, dict: 'yes_no', default: 0, filterable: true, width: 90 },
    handlerUser: {
      type: 'id',
      label: { zh: '经办人', en: 'Handler' },
      list: true,
      search: true,
      ref: 'user',
      display: 'handlerName',
      width: 100,
    },
    deptId: { type: 'id', label: { zh: '所属部门', en: 'Department' }, list: true, filterable: true, ref: 'dept', display: 'deptName', width: 120 },
    paymentTerms: { type: 'string', max: 1000, label: { zh: '付款条件', en: 'Payment terms' }, form: 'textarea' },
    parentId: {
      type: 'id',
      label: { zh: '主合同', en: 'Main contract' },
      form: false,
      filterable: true,
      ref: 'contract',
      display: 'parentName',
    },
    replenishType: {
      type: 'int',
      label: { zh: '补充类型', en: 'Supplement type' },
      dict: 'replenish_type',
      bizDict: true,
      form: false,
      filterable: true,
      width: 100,
    },
    linkStatus: {
      type: 'int',
      label: { zh: '关联状态', en: 'Link' },
      dict: 'link_status',
      bizDict: true,
      default: 0,
      list: true,
      search: true,
      form: false,
      width: 90,
    },
    /** Who the contract's data scope lets see it (handler, creator, the people of its projects): kept by the server. */
    memberUsers: { type: 'text', label: { zh: '相关人员', en: 'Members' }, form: false },
    files: files({ label: { zh: '合同附件', en: 'Files' } }),
    remark: remark(),
  },
});

/** Fields a client never writes: the server keeps them (number, effective amount, link, members, the main contract). */
export const CONTRACT_SERVER_FIELDS = ['contractNum', 'effectiveAmount', 'linkStatus', 'memberUsers', 'parentId', 'replenishType'] as const;
