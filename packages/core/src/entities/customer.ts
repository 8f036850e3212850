import { creditCodeError } from '../credit-code.ts';
import { defineEntity, type FieldDef } from '../entity.ts';
import { bankAccount, email, files, money, owner, phone, remark } from '../field-presets.ts';

/**
 * Customers (客户管理, spec 2: /api/business/hjlCustomer save, update, my; the customer detail page
 * /marketing/hjlCustomersDetail/{id}) and what the company keeps about each: contacts, visits, bank
 * accounts, invoice titles and sales chances (generic CRUD under /api/business/...). The first business
 * area: every later one is built the same way (docs/business-area.md).
 */

/** The customer a child record belongs to: shown by name, chosen with the customer picker. */
const customerIdField = {
  type: 'id',
  label: { zh: '客户名称', en: 'Customer' },
  required: '请选择客户',
  list: true,
  filterable: true,
  ref: 'customer',
  display: 'customerName',
  width: 200,
} as const satisfies FieldDef;

const parent = { field: 'customerId', entity: 'customer', missing: '客户不存在或无权访问' };

export const customerEntity = defineEntity({
  name: 'customer',
  table: 'hjl_customer',
  api: '/api/business/hjlCustomer',
  path: '/marketing/hjlCustomer',
  label: { zh: '客户管理', en: 'Customers' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  dialogWidth: 880,
  owner: 'ownerUser',
  exportable: true,
  fields: {
    customerName: {
      type: 'string',
      max: 100,
      label: { zh: '客户名称', en: 'Name' },
      required: '请输入客户名称',
      unique: '客户名称已存在',
      list: true,
      search: true,
      trigramIndex: true,
      sortable: true,
      width: 220,
    },
    customerType: {
      type: 'int',
      label: { zh: '客户类型', en: 'Type' },
      dict: 'customer_type',
      bizDict: true,
      required: '请选择客户类型',
      list: true,
      search: true,
      width: 110,
    },
    creditCode: {
      type: 'string',
      max: 18,
      label: { zh: '统一社会信用代码', en: 'Credit code' },
      check: creditCodeError,
      unique: '统一社会信用代码已存在',
      list: true,
      search: true,
      width: 190,
    },
    contactPerson: { type: 'string', max: 50, label: { zh: '联系人', en: 'Contact' }, required: '请输入联系人', list: true, search: true, width: 100 },
    contactPhone: phone({ zh: '联系电话', en: 'Phone' }, { required: '请输入联系电话', list: true, width: 140 }),
    regionCode: {
      type: 'string',
      max: 12,
      label: { zh: '所在地区', en: 'Region' },
      search: true,
      regionTree: true,
      list: true,
      ref: 'region',
      display: 'regionName',
      width: 160,
    },
    regionName: { type: 'string', max: 100, label: { zh: '地区名称', en: 'Region name' }, form: false },
    address: { type: 'string', max: 255, label: { zh: '详细地址', en: 'Address' } },
    industry: { type: 'int', label: { zh: '所属行业', en: 'Industry' }, dict: 'customer_industry', bizDict: true, list: true, search: true, width: 120 },
    source: { type: 'int', label: { zh: '客户来源', en: 'Source' }, dict: 'customer_source', bizDict: true, list: true, search: true, width: 110 },
    ownerUser: owner('ownerName', { list: true, search: true, width: 100 }),
    customerStatus: {
      type: 'int',
      label: { zh: '客户状态', en: 'Status' },
      dict: 'customer_status',
      bizDict: true,
      required: '请选择客户状态',
      default: 1,
      list: true,
      search: true,
      width: 100,
    },
    remark: remark(),
  },
});

export const customerContactsEntity = defineEntity({
  name: 'customer_contacts',
  table: 'hjl_customer_contacts',
  api: '/api/business/hjlCustomerContacts',
  path: '/marketing/hjlCustomerContacts',
  label: { zh: '客户联系人', en: 'Contacts' },
  routes: ['list', 'detail', 'submit', 'remove'],
  parent,
  exportable: true,
  fields: {
    customerId: customerIdField,
    contactName: {
      type: 'string',
      max: 50,
      label: { zh: '姓名', en: 'Name' },
      required: '请输入联系人姓名',
      list: true,
      search: true,
      sortable: true,
      width: 100,
    },
    position: { type: 'string', max: 50, label: { zh: '职务', en: 'Position' }, list: true, width: 120 },
    mobile: phone({ zh: '手机号码', en: 'Mobile' }, { required: '手机号码不能为空', list: true, search: true, width: 130 }),
    telephone: phone({ zh: '办公电话', en: 'Office phone' }, { list: true, width: 140 }),
    email: email({ list: true, width: 180 }),
    remark: remark(),
  },
});

export const customerVisitEntity = defineEntity({
  name: 'customer_visit',
  table: 'hjl_customer_visit',
  api: '/api/business/hjlCustomerVisit',
  path: '/marketing/hjlCustomerVisit',
  label: { zh: '客户拜访', en: 'Visits' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'visitDate', dir: 'desc' },
  parent,
  exportable: true,
  dialogWidth: 760,
  fields: {
    customerId: customerIdField,
    visitDate: { type: 'date', label: { zh: '拜访日期', en: 'Date' }, required: '请选择拜访日期', list: true, sortable: true, filterable: true, width: 120 },
    visitWay: {
      type: 'int',
      label: { zh: '拜访方式', en: 'Way' },
      dict: 'visit_way',
      bizDict: true,
      required: '请选择拜访方式',
      list: true,
      search: true,
      width: 100,
    },
    visitee: { type: 'string', max: 50, label: { zh: '拜访对象', en: 'Visitee' }, list: true, width: 100 },
    content: {
      type: 'string',
      max: 2000,
      label: { zh: '拜访内容', en: 'Content' },
      required: '请输入拜访内容',
      form: 'textarea',
      list: true,
      search: true,
      width: 260,
    },
    nextPlan: { type: 'string', max: 1000, label: { zh: '下一步计划', en: 'Next plan' }, form: 'textarea', list: true, width: 200 },
    attachment: files(),
  },
});

export const customerAccountEntity = defineEntity({
  name: 'customer_account',
  table: 'hjl_customer_account',
  api: '/api/business/hjlCustomer-account',
  path: '/marketing/hjlCustomerAccount',
  label: { zh: '客户账户', en: 'Accounts' },
  routes: ['list', 'detail', 'submit', 'remove'],
  parent,
  exportable: true,
  fields: {
    customerId: customerIdField,
    accountName: { type: 'string', max: 100, label: { zh: '账户名称', en: 'Account name' }, required: '请输入账户名称', list: true, search: true, width: 200 },
    accountNumber: bankAccount({ label: { zh: '银行账号', en: 'Number' }, required: '请输入银行账号', list: true, search: true, width: 200 }),
    bankName: { type: 'string', max: 100, label: { zh: '开户银行', en: 'Bank' }, required: '请输入开户银行', list: true, width: 200 },
    accountNature: {
      type: 'int',
      label: { zh: '账户性质', en: 'Nature' },
      dict: 'account_nature',
      bizDict: true,
      required: '请选择账户性质',
      list: true,
      search: true,
      width: 100,
    },
    remark: remark(),
  },
});

export const customerInvoiceEntity = defineEntity({
  name: 'customer_invoice',
  table: 'hjl_customer_invoice',
  api: '/api/business/hjlCustomerInvoice',
  path: '/marketing/hjlCustomerInvoice',
  label: { zh: '开票信息', en: 'Invoice titles' },
  routes: ['list', 'detail', 'submit', 'remove'],
  parent,
  exportable: true,
  fields: {
    customerId: customerIdField,
    invoiceTitle: { type: 'string', max: 100, label: { zh: '发票抬头', en: 'Title' }, required: '请输入发票抬头', list: true, search: true, width: 220 },
    taxNumber: {
      type: 'string',
      max: 20,
      label: { zh: '纳税人识别号', en: 'Tax number' },
      required: '请输入纳税人识别号',
      pattern: { regex: /^[0-9A-Z]{15,20}$/, message: '纳税人识别号应为15至20位数字或大写字母' },
      list: true,
      search: true,
      width: 190,
    },
    address: { type: 'string', max: 255, label: { zh: '注册地址', en: 'Address' }, list: true, width: 220 },
    phone: phone({ zh: '注册电话', en: 'Phone' }, { list: true, width: 140 }),
    bankName: { type: 'string', max: 100, label: { zh: '开户银行', en: 'Bank' }, list: true, width: 180 },
    bankAccount: bankAccount({ list: true, width: 190 }),
  },
});

export const customerChanceEntity = defineEntity({
  name: 'customer_chance',
  table: 'hjl_customer_chance',
  api: '/api/business/hjlCustomerChance',
  path: '/marketing/hjlCustomerChance',
  label: { zh: '销售机会', en: 'Sales chances' },
  routes: ['list', 'detail', 'submit', 'remove'],
  parent,
  exportable: true,
  fields: {
    customerId: customerIdField,
    chanceName: { type: 'string', max: 100, label: { zh: '机会名称', en: 'Chance' }, required: '请输入机会名称', list: true, search: true, width: 220 },
    stage: {
      type: 'int',
      label: { zh: '销售阶段', en: 'Stage' },
      dict: 'chance_stage',
      bizDict: true,
      required: '请选择销售阶段',
      list: true,
      search: true,
      width: 110,
    },
    expectedAmount: money({ zh: '预计金额(元)', en: 'Expected amount' }, { required: '请输入预计金额(元)', list: true, sortable: true, width: 140 }),
    expectedDate: { type: 'date', label: { zh: '预计成交日期', en: 'Expected date' }, list: true, sortable: true, filterable: true, width: 130 },
    winRate: { type: 'int', label: { zh: '赢单概率(%)', en: 'Win probability (%)' }, range: { min: 0, max: 100 }, list: true, width: 110 },
    remark: remark(),
  },
});

/** The children shown as tabs of the customer detail page, in tab order. */
export const customerChildEntities = [customerContactsEntity, customerVisitEntity, customerAccountEntity, customerInvoiceEntity, customerChanceEntity];
