import { approvalProcess } from '../approval-processes.ts';
import { defineEntity, type FieldDef } from '../entity.ts';
import { fenToMoney, multiplyMoney, sumMoney, toFen } from '../money.ts';

/**
 * Project money (项目资金, BUSINESS.md §3 WP3, issue 17), piece 1: collections (项目收款) with the persons who share
 * them, invoices (开票) and their voiding (作废). Ought income = the contract's effective amount (its own plus its
 * approved supplementary agreements) − the approved collections; the invoiced total never exceeds the effective
 * amount; an approved collection writes one income row of the ledger (收支明细), linked to the project.
 */

/** Messages of the project-money rules (BUSINESS.md WP3; *proposed* ones included). */
export const PROJECT_MONEY_MSG = {
  projectMissing: '项目不存在或无权访问',
  overOught: '收款金额不能大于应收金额',
  noContract: '项目未关联合同,不能收款',
  contractNotApproved: '合同未审批通过,不能收款',
  invoiceOtherProject: '发票不属于该项目',
  invoiceNotIssued: '只能关联已开票的发票',
  collectMissing: '收款记录不存在或无权访问',
  shareOver: '分配比例合计不能超过100%',
  shareRange: '分配比例应大于0且不超过100',
  shareTwice: '同一人员不能重复分配',
  noPersons: '请添加分配人员',
  personMissing: '分配人员不存在',
  overContract: '开票金额不能超过合同金额',
  invoiceNoContract: '项目未关联合同,不能开票',
  invoiceContractNotApproved: '合同未审批通过,不能开票',
  titleMissing: '发票抬头不存在',
  titleOtherCustomer: '发票抬头不属于该项目的委托方',
  invoiceMissing: '发票不存在或无权访问',
  voidOnlyIssued: '只有已开票的发票才能作废',
  voidTwice: '该发票已作废或作废审批中',
  voidReason: '请输入作废原因',
  positive: '金额必须大于0',
  taxRate: '税率应在0到1之间,最多四位小数',
} as const;

/** A share ratio: a percentage above 0 and at most 100, with at most two decimals. */
export const SHARE_RATIO_RE = /^\d{1,3}(\.\d{1,2})?$/;

/** A percentage (≤ 2 decimals) as a rate: '60' → '0.6000', '12.5' → '0.1250'. */
export function percentRate(percent: string): string {
  const f = toFen(percent);
  return `${f / 10000n}.${(f % 10000n).toString().padStart(4, '0')}`;
}

/**
 * The persons' amounts of a collection (BUSINESS.md WP3): each the amount × its ratio (percent) rounded half up to
 * the fen, the rounding difference to the first person, so that they add up to exactly the amount × the ratios'
 * sum (the whole amount at 100 %). Server (save-batch) and web (the dialog's preview) alike.
 */
export function collectShareAmounts(amount: string, ratios: readonly string[]): string[] {
  if (!ratios.length) return [];
  const parts = ratios.map((r) => multiplyMoney(amount, percentRate(r)));
  const target = multiplyMoney(amount, percentRate(sumMoney(ratios)));
  parts[0] = fenToMoney(toFen(parts[0]) + toFen(target) - toFen(sumMoney(parts)));
  return parts;
}

/** invoice_status (biz dictionary): 0 申请中, 1 已开票, 2 已作废. */
export const INVOICE_STATUS = { applying: 0, issued: 1, voided: 2 } as const;

const PROCESS = {
  invoice: approvalProcess('invoice'),
  voidInvoice: approvalProcess('voidInvoice'),
  incomeExpend: approvalProcess('incomeExpend'),
};

const label = (zh: string, en: string) => ({ zh, en });
const remark = { type: 'string', max: 500, label: label('备注', 'Remark'), form: 'textarea' } as const satisfies FieldDef;
const files = { type: 'files', label: label('附件', 'Attachments') } as const satisfies FieldDef;
const projectField = {
  type: 'id',
  label: label('项目', 'Project'),
  required: '请选择项目',
  list: true,
  filterable: true,
  ref: 'project',
  display: 'projectName',
  width: 220,
} as const satisfies FieldDef;
/** The contract and the client are the project's (the server fills them from the project). */
const contractField = {
  type: 'id',
  label: label('合同', 'Contract'),
  form: false,
  filterable: true,
  list: true,
  ref: 'contract',
  display: 'contractName',
  width: 200,
} as const satisfies FieldDef;
const customerField = (zh: string) =>
  ({
    type: 'id',
    label: label(zh, 'Client'),
    form: false,
    filterable: true,
    list: true,
    ref: 'customer',
    display: 'customerName',
    width: 200,
  }) as const satisfies FieldDef;

/** A record of a project: confined to the projects the caller may see (project staff: their projects). */
const projectParent = { field: 'projectId', entity: 'project', missing: PROJECT_MONEY_MSG.projectMissing };

/**
 * 项目收款 (S1 L120 `hjlprojectCollect` — lower-case p —, S1 L133 `hjlProjectCollect`): money received for a
 * project under its contract, confirmed through the 收支登记 process (no process of its own among the demo
 * processes; route key `projectCollect` lets an administrator point it at another model).
 */
export const projectCollectEntity = defineEntity({
  name: 'project_collect',
  table: 'hjl_project_collect',
  api: '/api/business/hjlprojectCollect',
  path: '/hjlProject/hjlprojectCollect',
  label: label('项目收款', 'Collections'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  parent: projectParent,
  exportable: true,
  approval: {
    processKey: PROCESS.incomeExpend.key,
    routeKey: 'projectCollect',
    amountField: 'collectAmount',
    title: '{userName}的项目收款:{projectName}({collectAmount}元)',
  },
  fields: {
    projectId: projectField,
    projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), form: false, search: true },
    collectType: {
      type: 'int',
      label: label('收款类型', 'Type'),
      dict: 'collect_type',
      bizDict: true,
      required: '请选择收款类型',
      list: true,
      search: true,
      width: 100,
    },
    collectAmount: { type: 'money', label: label('收款金额', 'Amount'), required: '请输入收款金额', list: true, sortable: true, width: 130 },
    collectDate: {
      type: 'date',
      label: label('收款日期', 'Date'),
      required: '请选择收款日期',
      list: true,
      sortable: true,
      filterable: true,
      width: 110,
    },
    // The contract and the payer after the money, so that the amount shows beside the project in the list.
    contractId: contractField,
    customerId: customerField('付款单位'),
    accountInfoId: { type: 'id', label: label('收款账户', 'Account'), ref: 'account', display: 'accountName', list: true, filterable: true, width: 180 },
    invoiceId: { type: 'id', label: label('关联发票', 'Invoice'), filterable: true },
    invoiceNum: { type: 'string', max: 64, label: label('发票号码', 'Invoice number'), list: true, form: false, width: 140 },
    isKnowGet: { type: 'int', label: label('认领款项', 'Claimed'), default: 0, form: false },
    remark,
    files,
  },
});

/** 收款分配 (S1 L134 `hjlProjectCollectPerson`): who shares a collection, by ratio (percent), to the fen. */
export const projectCollectPersonEntity = defineEntity({
  name: 'project_collect_person',
  table: 'hjl_project_collect_person',
  api: '/api/business/hjlProjectCollectPerson',
  path: '/hjlProject/hjlprojectCollect',
  label: label('收款分配', 'Collection shares'),
  // Hand-written routes (get/persons/{id}, save-batch, remove, expend, detail) under the collection's codes.
  routes: [],
  fields: {
    collectId: { type: 'id', label: label('收款记录', 'Collection'), required: '请选择收款记录' },
    projectId: { type: 'id', label: label('项目', 'Project'), form: false },
    userId: { type: 'id', label: label('人员', 'Person'), required: '请选择人员', list: true, ref: 'user', display: 'userName', width: 100 },
    shareRatio: { type: 'money', label: label('分配比例(%)', 'Share (%)'), required: '请输入分配比例', list: true, width: 110 },
    shareAmount: { type: 'money', label: label('分配金额', 'Amount'), list: true, form: false, width: 130 },
    expend: { type: 'money', label: label('已支出', 'Paid out'), list: true, form: false, width: 130 },
    sort: { type: 'int', label: label('排序', 'Order'), form: false },
    remark,
  },
});

/** 开票 (S2 L452 `hjlInvoice`, S1 L128 `hjlProject/apply/invoice`, process `invoice`). */
export const invoiceEntity = defineEntity({
  name: 'invoice',
  table: 'hjl_invoice',
  api: '/api/business/hjlInvoice',
  path: '/hjlProject/hjlInvoice',
  label: label('开票管理', 'Invoices'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  parent: projectParent,
  exportable: true,
  approval: {
    processKey: PROCESS.invoice.key,
    routeKey: PROCESS.invoice.form,
    amountField: 'invoiceAmount',
    title: '{userName}的开票申请:{projectName}({invoiceAmount}元)',
    formUrl: '/workflow/invoice',
  },
  fields: {
    projectId: projectField,
    projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), form: false, search: true },
    customerInvoiceId: { type: 'id', label: label('发票抬头', 'Title'), required: '请选择发票抬头', filterable: true },
    invoiceTitle: { type: 'string', max: 100, label: label('发票抬头', 'Title'), list: true, search: true, form: false, width: 200 },
    invoiceType: {
      type: 'int',
      label: label('发票类型', 'Type'),
      dict: 'invoice_type',
      bizDict: true,
      required: '请选择发票类型',
      list: true,
      search: true,
      width: 130,
    },
    invoiceAmount: { type: 'money', label: label('开票金额', 'Amount'), required: '请输入开票金额', list: true, sortable: true, width: 130 },
    taxRate: { type: 'string', max: 10, label: label('税率', 'Tax rate'), list: true, width: 80 },
    taxAmount: { type: 'money', label: label('税额', 'Tax'), list: true, form: false, width: 110 },
    invoiceNum: { type: 'string', max: 64, label: label('发票号码', 'Number'), list: true, search: true, width: 140 },
    invoiceDate: { type: 'date', label: label('开票日期', 'Date'), list: true, sortable: true, filterable: true, width: 110 },
    invoiceStatus: {
      type: 'int',
      label: label('发票状态', 'Invoice status'),
      dict: 'invoice_status',
      bizDict: true,
      default: 0,
      list: true,
      search: true,
      form: false,
      width: 100,
    },
    // The contract, the client and the tax number after the money, so that the amount shows beside the title.
    contractId: contractField,
    customerId: customerField('委托方'),
    taxNumber: { type: 'string', max: 20, label: label('纳税人识别号', 'Tax number'), list: true, form: false, width: 180 },
    voidReason: { type: 'string', max: 500, label: label('作废原因', 'Void reason'), form: false },
    voidTime: { type: 'datetime', label: label('作废时间', 'Voided at'), form: false },
    remark,
    files,
  },
});

/**
 * 发票作废 (S1 L130 `hjlInvoice/cancellation/{id}`, process `voidInvoice`): the request to void an issued invoice;
 * approved, the invoice becomes 已作废 and its amount may be invoiced again. Started by `cancellation/{id}`.
 */
export const invoiceVoidEntity = defineEntity({
  name: 'invoice_void',
  table: 'hjl_invoice_void',
  api: '/api/business/hjlInvoiceVoid',
  path: '/hjlProject/hjlInvoice',
  label: label('发票作废', 'Invoice voiding'),
  routes: [],
  parent: projectParent,
  approval: {
    processKey: PROCESS.voidInvoice.key,
    routeKey: PROCESS.voidInvoice.form,
    amountField: 'invoiceAmount',
    title: '{userName}的发票作废:{projectName}({invoiceAmount}元)',
    formUrl: '/workflow/voidInvoice',
  },
  fields: {
    invoiceId: { type: 'id', label: label('发票', 'Invoice'), required: '请选择发票' },
    projectId: { ...projectField, required: undefined, form: false },
    projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), form: false },
    invoiceNum: { type: 'string', max: 64, label: label('发票号码', 'Number'), form: false },
    invoiceAmount: { type: 'money', label: label('开票金额', 'Amount'), form: false },
    voidReason: { type: 'string', max: 500, label: label('作废原因', 'Void reason'), required: PROJECT_MONEY_MSG.voidReason },
  },
});
