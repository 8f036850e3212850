import { approvalProcess } from '../approval-processes.ts';
import { defineEntity, type FieldDef } from '../entity.ts';
import { files, money, remark } from '../field-presets.ts';

/**
 * Office approvals (行政审批, BUSINESS.md §3 WP6): business trips (出差, `hjlAuditEvection`) with
 * their lines (`hjlAuditEvectionInfo`: date, from/to, transport, cost), going out (外出, `hjlAuditGoOut`), the use of
 * a company car (用车, `hjlAuditCar`) and purchases (采购, `hjlAuditShopping`) with their lines
 * (`hjlAuditShoppingInfo`: item, spec, quantity, price, amount = quantity × price). Each goes through its demo
 * process (S2 L69: auditEvectionProcess …) on the approval kit; a trip's and a purchase's total is the sum of their
 * lines, computed on the server (money arithmetic on fen). The applicant (`applyUser`) owns the record: a staff
 * member sees their own, a department manager their departments', HR and the leaders all.
 */

/** Messages of the office approvals (*proposed*: the specs give none). */
export const OFFICE_MSG = {
  noEvectionLines: '请添加出差行程',
  noShoppingLines: '请添加采购明细',
  tooManyLines: '明细最多200条',
  linesTotal: '明细合计与申请总额不一致',
  positive: '金额必须大于0',
  costNotNegative: '费用不能小于0',
  qtyPositive: '数量应在1至999999之间',
  endBeforeStart: '结束时间不能早于开始时间',
  endDateBeforeStart: '结束日期不能早于开始日期',
  evectionMissing: '出差申请不存在或无权访问',
  shoppingMissing: '采购申请不存在或无权访问',
  locked: '审批中或已通过的数据不能修改',
  lockedRemove: '审批中或已通过的数据不能删除',
} as const;

const label = (zh: string, en: string) => ({ zh, en });
const amount = (zh: string, en: string, more: Partial<FieldDef> = {}): FieldDef => money(label(zh, en), { list: true, width: 120, ...more });

/** The applicant: the caller when it is saved or started (owner of the record for data scope). */
const applicant = {
  applyUser: { type: 'id', label: label('申请人', 'Applicant'), ref: 'user', display: 'applyUserName', list: true, filterable: true, form: false, width: 100 },
  applyDept: { type: 'id', label: label('申请部门', 'Department'), filterable: true, form: false },
  applyDeptName: { type: 'string', max: 100, label: label('申请部门', 'Department'), list: true, form: false, width: 120 },
  applyTime: { type: 'datetime', label: label('申请时间', 'Applied'), list: true, sortable: true, filterable: true, form: false, width: 170 },
} as const satisfies Record<string, FieldDef>;

const proc = (form: string) => ({ processKey: approvalProcess(form).key, routeKey: form, formUrl: `/workflow/${form}` });

/** 出差申请: where, when and why, with the trip's lines; total = Σ line costs. */
export const auditEvectionEntity = defineEntity({
  name: 'audit_evection',
  table: 'hjl_audit_evection',
  api: '/api/business/hjlAuditEvection',
  path: '/office/hjlAuditEvection',
  label: label('出差申请', 'Business trips'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  owner: 'applyUser',
  dialogWidth: 960,
  approval: { ...proc('auditEvectionProcess'), amountField: 'totalAmount', title: '{userName}的出差申请({destination})' },
  fields: {
    reason: { type: 'string', max: 200, label: label('出差事由', 'Reason'), required: '请输入出差事由', list: true, search: true, width: 220 },
    destination: { type: 'string', max: 100, label: label('出差地点', 'Destination'), required: '请输入出差地点', list: true, search: true, width: 140 },
    startDate: { type: 'date', label: label('开始日期', 'From'), required: '请选择开始日期', list: true, sortable: true, filterable: true, width: 110 },
    endDate: { type: 'date', label: label('结束日期', 'To'), required: '请选择结束日期', list: true, width: 110 },
    days: { type: 'int', label: label('出差天数', 'Days'), list: true, form: false, width: 90 },
    totalAmount: amount('预计费用(元)', 'Total', { sortable: true, form: false }),
    ...applicant,
    filePath: files(),
    remark: remark(),
  },
});

/** 出差行程 (S2 L440): the lines of a trip — date, from, to, transport, cost. */
export const auditEvectionInfoEntity = defineEntity({
  name: 'audit_evection_info',
  table: 'hjl_audit_evection_info',
  api: '/api/business/hjlAuditEvectionInfo',
  path: '/office/hjlAuditEvectionInfo',
  label: label('出差行程', 'Trip lines'),
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'sort', dir: 'asc' },
  parent: { field: 'auditEvectionId', entity: 'audit_evection', missing: OFFICE_MSG.evectionMissing },
  fields: {
    auditEvectionId: { type: 'id', label: label('出差申请', 'Trip'), required: '请选择出差申请', filterable: true, form: false },
    tripDate: { type: 'date', label: label('日期', 'Date'), required: '请选择日期', list: true, width: 120 },
    fromPlace: { type: 'string', max: 100, label: label('出发地', 'From'), required: '请输入出发地', list: true, width: 120 },
    toPlace: { type: 'string', max: 100, label: label('目的地', 'To'), required: '请输入目的地', list: true, width: 120 },
    transport: {
      type: 'int',
      label: label('交通工具', 'Transport'),
      dict: 'transport_type',
      bizDict: true,
      required: '请选择交通工具',
      list: true,
      search: true,
      width: 100,
    },
    cost: amount('费用(元)', 'Cost', { required: '请输入费用' }),
    sort: { type: 'int', label: label('序号', 'No.'), default: 0, form: false },
    remark: remark(),
  },
});

/** 外出申请: from when to when, where and why. */
export const auditGoOutEntity = defineEntity({
  name: 'audit_go_out',
  table: 'hjl_audit_go_out',
  api: '/api/business/hjlAuditGoOut',
  path: '/office/hjlAuditGoOut',
  label: label('外出申请', 'Going out'),
  routes: ['list', 'detail', 'submit', 'remove'],
  owner: 'applyUser',
  approval: { ...proc('auditGoOutProcess'), title: '{userName}的外出申请({place})' },
  fields: {
    startTime: { type: 'datetime', label: label('开始时间', 'From'), required: '请选择开始时间', list: true, sortable: true, filterable: true, width: 170 },
    endTime: { type: 'datetime', label: label('结束时间', 'To'), required: '请选择结束时间', list: true, width: 170 },
    place: { type: 'string', max: 200, label: label('外出地点', 'Place'), required: '请输入外出地点', list: true, search: true, width: 180 },
    reason: {
      type: 'string',
      max: 500,
      label: label('外出事由', 'Reason'),
      required: '请输入外出事由',
      list: true,
      search: true,
      width: 220,
      form: 'textarea',
    },
    ...applicant,
    remark: remark(),
  },
});

/** 用车申请: which car, who drives, when, the route and the distance. */
export const auditCarEntity = defineEntity({
  name: 'audit_car',
  table: 'hjl_audit_car',
  api: '/api/business/hjlAuditCar',
  path: '/office/hjlAuditCar',
  label: label('用车申请', 'Car use'),
  routes: ['list', 'detail', 'submit', 'remove'],
  owner: 'applyUser',
  approval: { ...proc('auditCarProcess'), title: '{userName}的用车申请({carNumber})' },
  fields: {
    carNumber: { type: 'string', max: 20, label: label('车牌号', 'Car'), required: '请输入车牌号', list: true, search: true, width: 110 },
    driver: { type: 'string', max: 50, label: label('驾驶员', 'Driver'), required: '请输入驾驶员', list: true, search: true, width: 100 },
    startTime: { type: 'datetime', label: label('用车时间', 'From'), required: '请选择用车时间', list: true, sortable: true, filterable: true, width: 170 },
    endTime: { type: 'datetime', label: label('还车时间', 'To'), required: '请选择还车时间', list: true, width: 170 },
    route: { type: 'string', max: 200, label: label('行驶路线', 'Route'), required: '请输入行驶路线', list: true, width: 200 },
    km: { type: 'int', label: label('预计里程(公里)', 'Distance (km)'), range: { min: 0, max: 100000 }, list: true, width: 120 },
    reason: { type: 'string', max: 500, label: label('用车事由', 'Reason'), required: '请输入用车事由', list: true, width: 200, form: 'textarea' },
    ...applicant,
    remark: remark(),
  },
});

/** 采购申请: what is bought, with the lines; total = Σ line amounts. */
export const auditShoppingEntity = defineEntity({
  name: 'audit_shopping',
  table: 'hjl_audit_shopping',
  api: '/api/business/hjlAuditShopping',
  path: '/office/hjlAuditShopping',
  label: label('采购申请', 'Purchases'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  owner: 'applyUser',
  dialogWidth: 960,
  approval: { ...proc('auditShoppingProcess'), amountField: 'totalAmount', title: '{userName}的采购申请({totalAmount}元)' },
  fields: {
    title: { type: 'string', max: 200, label: label('采购事由', 'Reason'), required: '请输入采购事由', list: true, search: true, width: 220 },
    needDate: { type: 'date', label: label('需用日期', 'Needed by'), list: true, sortable: true, width: 110 },
    totalAmount: amount('采购金额(元)', 'Total', { sortable: true, form: false }),
    ...applicant,
    filePath: files(),
    remark: remark(),
  },
});

/** 采购明细 (S2 L440): the lines of a purchase — item, spec, quantity, price, amount = quantity × price. */
export const auditShoppingInfoEntity = defineEntity({
  name: 'audit_shopping_info',
  table: 'hjl_audit_shopping_info',
  api: '/api/business/hjlAuditShoppingInfo',
  path: '/office/hjlAuditShoppingInfo',
  label: label('采购明细', 'Purchase lines'),
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'sort', dir: 'asc' },
  parent: { field: 'auditShoppingId', entity: 'audit_shopping', missing: OFFICE_MSG.shoppingMissing },
  fields: {
    auditShoppingId: { type: 'id', label: label('采购申请', 'Purchase'), required: '请选择采购申请', filterable: true, form: false },
    itemName: { type: 'string', max: 100, label: label('物品名称', 'Item'), required: '请输入物品名称', list: true, search: true, width: 160 },
    spec: { type: 'string', max: 100, label: label('规格型号', 'Spec'), list: true, width: 140 },
    qty: { type: 'int', label: label('数量', 'Quantity'), required: '请输入数量', range: { min: 1, max: 999999 }, list: true, width: 80 },
    price: amount('单价(元)', 'Price', { required: '请输入单价' }),
    amount: amount('金额(元)', 'Amount', { form: false }),
    sort: { type: 'int', label: label('序号', 'No.'), default: 0, form: false },
    remark: remark(),
  },
});

/** Every office-approval definition (menus, grants and the route walks). */
export const officeEntities = [
  auditEvectionEntity,
  auditEvectionInfoEntity,
  auditGoOutEntity,
  auditCarEntity,
  auditShoppingEntity,
  auditShoppingInfoEntity,
] as const;
