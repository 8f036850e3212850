import { approvalProcess } from '../approval-processes.ts';
import { defineEntity, type FieldDef } from '../entity.ts';
import { fenToMoney, firstTakesDifference, multiplyMoney, splitMoney, sumMoney, toFen } from '../money.ts';
import { files, money, remark } from '../field-presets.ts';

/**
 * Project money (项目资金, BUSINESS.md §3 WP3), piece 1: collections (项目收款) with the persons who share
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
  claimMissing: '该款项不存在或已被认领',
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
  return firstTakesDifference(
    multiplyMoney(amount, percentRate(sumMoney(ratios))),
    ratios.map((r) => multiplyMoney(amount, percentRate(r))),
  );
}

/** invoice_status (biz dictionary): 0 申请中, 1 已开票, 2 已作废. */
export const INVOICE_STATUS = { applying: 0, issued: 1, voided: 2 } as const;

const PROCESS = {
  invoice: approvalProcess('invoice'),
  voidInvoice: approvalProcess('voidInvoice'),
  incomeExpend: approvalProcess('incomeExpend'),
};

const label = (zh: string, en: string) => ({ zh, en });
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
    collectAmount: money(label('收款金额', 'Amount'), { required: '请输入收款金额', list: true, sortable: true, width: 130 }),
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
    // Every ledger row names its account (BUSINESS.md §1 Accounts and the ledger): the receiving one is asked here.
    accountInfoId: {
      type: 'id',
      label: label('收款账户', 'Account'),
      ref: 'account',
      display: 'accountName',
      required: '请选择收款账户',
      list: true,
      filterable: true,
      width: 180,
    },
    invoiceId: { type: 'id', label: label('关联发票', 'Invoice'), filterable: true },
    invoiceNum: { type: 'string', max: 64, label: label('发票号码', 'Invoice number'), list: true, form: false, width: 140 },
    isKnowGet: { type: 'int', label: label('认领款项', 'Claimed'), default: 0, form: false },
    remark: remark(),
    files: files(),
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
    shareAmount: money(label('分配金额', 'Amount'), { list: true, form: false, width: 130 }),
    expend: money(label('已支出', 'Paid out'), { list: true, form: false, width: 130 }),
    sort: { type: 'int', label: label('排序', 'Order'), form: false },
    remark: remark(),
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
    projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), form: false, search: true, trigramIndex: true },
    customerInvoiceId: { type: 'id', label: label('发票抬头', 'Title'), required: '请选择发票抬头', filterable: true },
    invoiceTitle: { type: 'string', max: 100, label: label('发票抬头', 'Title'), list: true, search: true, trigramIndex: true, form: false, width: 200 },
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
    invoiceAmount: money(label('开票金额', 'Amount'), { required: '请输入开票金额', list: true, sortable: true, width: 130 }),
    taxRate: { type: 'string', max: 10, label: label('税率', 'Tax rate'), list: true, width: 80 },
    // The amount is tax-inclusive (价税合计): both parts stored and shown (BUSINESS.md §1 Invoice tax, money.ts inclusiveTax).
    taxAmount: money(label('税额', 'Tax'), { list: true, form: false, width: 110 }),
    amountExcludingTax: money(label('不含税金额', 'Excluding tax'), { list: true, form: false, width: 130 }),
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
    remark: remark(),
    files: files(),
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
    invoiceAmount: money(label('开票金额', 'Amount'), { form: false }),
    voidReason: { type: 'string', max: 500, label: label('作废原因', 'Void reason'), required: PROJECT_MONEY_MSG.voidReason },
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Piece 2: labour fees (劳务费), settlements (结算), project expenses (项目费用申请).

/** Messages of piece 2 (BUSINESS.md §1 labour fee, WP3 rules; *proposed* ones included). */
export const LABOUR_MSG = {
  periodOrder: '结束日期不能早于开始日期',
  ratio: '劳务费比例应大于0且不超过100,最多两位小数',
  noPersons: '请添加发放人员',
  tooManyPersons: '发放人员最多100人',
  personRatio: '发放比例应大于0且不超过100,最多两位小数',
  personRatioSum: '发放比例合计应为100%',
  personTwice: '同一人员不能重复发放',
  personMissing: '发放人员不存在',
  outsideName: '请输入外聘人员姓名',
  outsideAccount: '请输入外聘人员银行账号',
  noAccount: '请选择已维护账户信息的用户!',
  actualPositive: '实发金额必须大于0',
  overOught: '实发金额不能大于应发金额',
  oughtNotPositive: '应发金额必须大于0(该期间收款×劳务费比例不足以抵扣费用)',
  collectOther: '收款记录不属于该项目或未确认',
  missing: '劳务费记录不存在或无权访问',
} as const;

/** labour_stage: 0 劳务费申请 (process `labor`), 1 劳务费发放 (process `labor/second`). */
export const LABOUR_STAGE = { apply: 0, pay: 1 } as const;
/** pay_status (biz dictionary `pay_status`): 0 未付款, 1 已付款. */
export const MONEY_PAY_STATUS = { unpaid: 0, paid: 1 } as const;
/** The cost type (biz dictionary `cost_type`) of labour fees in the ledger: 人工成本. */
export const LABOUR_COST_TYPE = 1;
/**
 * The ledger's cost type (biz dictionary `cost_type`: 1 人工成本, 2 外包费用, 3 资料费, 4 投标保证金, 5 其他成本) of a
 * project expense by its type (`expense_type`: 1 差旅费, 2 办公费, 3 招待费, 4 交通费, 5 专家评审费, 6 其他): the
 * ledger and the project 360 view name cost types by `cost_type`, so the expense's own type is mapped, not copied.
 */
export const EXPENSE_COST_TYPE: Readonly<Record<number, number>> = { 1: 5, 2: 3, 3: 5, 4: 5, 5: 2, 6: 5 };
/** The `cost_type` of an expense type (其他成本 for a type a tenant added). */
export const costTypeOfExpense = (expenseType: number | null | undefined) => (expenseType == null ? 5 : (EXPENSE_COST_TYPE[expenseType] ?? 5));

/** The labour ratio (percent) when the tenant sets none: parameter `labour.ratio.<projectType>`, else `labour.ratio`. */
export const LABOUR_RATIO_DEFAULT = '30';

/**
 * The individual income tax withheld on labour remuneration (劳务报酬所得, BUSINESS.md §1) of one payment `gross`:
 * at most 4,000.00: (gross − 800) × 20 % (none at or below 800); above: the taxable income gross × 80 % at 20 % up
 * to 20,000, 30 % less 2,000 up to 50,000, 40 % less 7,000 above — computed on fen, rounded half up once.
 */
export function labourIncomeTax(gross: string): string {
  const fen = toFen(gross);
  if (fen <= 80000n) return '0.00';
  if (fen <= 400000n) return fenToMoney(divHalfUp((fen - 80000n) * 20n, 100n));
  const taxable100 = fen * 80n; // taxable income × 100
  const [rate, deduction] = taxable100 <= 2000000n * 100n ? [20n, 0n] : taxable100 <= 5000000n * 100n ? [30n, 200000n] : [40n, 700000n];
  return fenToMoney(divHalfUp(taxable100 * rate, 10000n) - deduction);
}

function divHalfUp(n: bigint, d: bigint): bigint {
  const q = n / d;
  return (n % d) * 2n >= d ? q + 1n : q;
}

/** One person's labour fee: gross, tax withheld, net. */
export interface LabourShare {
  amount: string;
  taxAmount: string;
  netAmount: string;
}

/**
 * The persons' labour fees (server and web alike): `actual` split by the ratios (percent, adding up to 100) to the
 * fen — each rounded half up, the first person taking the rounding difference (splitMoney), so that they add up to
 * exactly `actual` — and each person's tax withheld and net. Tax depends on who is paid (BUSINESS.md §1 "Labour
 * fee"): an outside person's fee is labour remuneration, withheld here (labourIncomeTax); the firm's own employee's
 * (`employees[i]` true) is wages, withheld nothing here — it joins the month's salary and its cumulative withholding.
 */
export function labourShares(actual: string, ratios: readonly string[], employees: readonly boolean[] = []): LabourShare[] {
  if (!ratios.length) return [];
  return splitMoney(actual, ratios).map((amount, i) => {
    const taxAmount = employees[i] ? '0.00' : labourIncomeTax(amount);
    return { amount, taxAmount, netAmount: fenToMoney(toFen(amount) - toFen(taxAmount)) };
  });
}

/** Ought (应发) = collections × ratio (percent) − expenses, to the fen. */
export function labourOught(collected: string, ratioPercent: string, expenses: string): string {
  return fenToMoney(toFen(multiplyMoney(collected, percentRate(ratioPercent))) - toFen(expenses));
}

const PROCESS2 = {
  labor: approvalProcess('labor'),
  settlement: approvalProcess('projectSettlement'),
  applyExpense: approvalProcess('projectApplyExpence'),
  makePayment: approvalProcess('projectMakePayment'),
};
export const LABOUR_SECOND_PROCESS = approvalProcess('labor/second');

const dateField = (zh: string, en: string, required?: string) =>
  ({ type: 'date', label: label(zh, en), required, list: true, sortable: true, filterable: true, width: 110 }) as const satisfies FieldDef;
const serverMoney = (zh: string, en: string, more: Partial<FieldDef> = {}) =>
  money(label(zh, en), { form: false, list: true, width: 120, ...more }) as FieldDef;

/** The payment form's fields (付款信息, S2 L190-197; the kit's PaymentForm), named as it sends them: a payment's record. */
const paymentFormFields = {
  expenseType: { type: 'int', label: label('付款方式', 'Payment method'), dict: 'payment_method', bizDict: true },
  transactionDate: { type: 'date', label: label('打款日期', 'Payment date') },
  transactionReferenceNumber: { type: 'string', max: 64, label: label('交易流水号', 'Reference') },
  payerName: { type: 'string', max: 100, label: label('付款人名称', 'Payer') },
  debitAccountNo: { type: 'string', max: 64, label: label('付款人账号', 'Payer account') },
  payerAccountBank: { type: 'string', max: 100, label: label('付款人开户行', 'Payer bank') },
  // The paying account: the ledger row names it (BUSINESS.md §1 Accounts and the ledger).
  accountInfoId: { type: 'id', label: label('付款账户', 'Account'), ref: 'account', display: 'accountName', required: '请选择付款账户' },
  accountNum: { type: 'string', max: 64, label: label('账号', 'Account number') },
  businessSubjectType: { type: 'int', label: label('收款对象类型', 'Paid to'), dict: 'business_subject_type', bizDict: true, default: 1 },
  businessSubjectId: { type: 'id', label: label('收款对象', 'Payee id') },
  personId: { type: 'id', label: label('收款人员', 'Person'), ref: 'user', display: 'personName' },
  personName: { type: 'string', max: 100, label: label('人员名称', 'Person') },
  customerId: { type: 'id', label: label('收款客户', 'Customer'), ref: 'customer', display: 'customerName' },
  customerName: { type: 'string', max: 200, label: label('客户名称', 'Customer') },
  filePath: files(),
  remark: remark(),
} as const satisfies Record<string, FieldDef>;

/**
 * 劳务费 (S1 L125 `hjlProjectCollectLabourFrom`, S2 L452, L460; processes `labor` then `labor/second`): the labour
 * remuneration of a project's period — ought = Σ approved collections of the period × the labour ratio − approved
 * project expenses of the period —, paid to staff (with a staff account) and outside persons, each with the
 * individual income tax withheld. Approved at the second step (发放), it writes one expense row of the ledger.
 */
export const labourFeeEntity = defineEntity({
  name: 'project_labour',
  table: 'hjl_project_collect_labour_from',
  api: '/api/business/hjlProjectCollectLabourFrom',
  path: '/hjlProject/hjlProjectCollectLabourFrom',
  label: label('劳务费', 'Labour fees'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  parent: projectParent,
  exportable: true,
  dialogWidth: 1100,
  approval: {
    processKey: PROCESS2.labor.key,
    routeKey: PROCESS2.labor.form,
    amountField: 'actualAmount',
    title: '{userName}的劳务费:{projectName}({actualAmount}元)',
    formUrl: '/workflow/labor',
  },
  fields: {
    projectId: projectField,
    projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), form: false, search: true },
    collectId: { type: 'id', label: label('关联收款', 'Collection'), filterable: true },
    periodStart: dateField('期间开始', 'From', '请选择期间开始日期'),
    periodEnd: dateField('期间结束', 'To', '请选择期间结束日期'),
    labourRatio: { type: 'money', label: label('劳务费比例(%)', 'Ratio (%)'), list: true, width: 110 },
    collectAmount: serverMoney('期间收款', 'Collected'),
    expenseAmount: serverMoney('应扣费用', 'Expenses'),
    oughtAmount: serverMoney('应发金额', 'Ought'),
    actualAmount: money(label('实发金额', 'Amount'), { list: true, sortable: true, width: 120 }),
    taxAmount: serverMoney('代扣个税', 'Tax withheld'),
    netAmount: serverMoney('实付金额', 'Net paid'),
    accountInfoId: {
      type: 'id',
      label: label('付款账户', 'Account'),
      ref: 'account',
      display: 'accountName',
      required: '请选择付款账户',
      filterable: true,
      width: 160,
    },
    labourStage: { type: 'int', label: label('审批阶段', 'Stage'), dict: 'labour_stage', bizDict: true, default: 0, form: false, list: true, width: 100 },
    payStatus: {
      type: 'int',
      label: label('发放状态', 'Paid'),
      dict: 'pay_status',
      bizDict: true,
      default: 0,
      form: false,
      list: true,
      search: true,
      width: 90,
    },
    payDate: { type: 'date', label: label('发放日期', 'Paid on'), form: false, list: true, width: 110 },
    remark: remark(),
    files: files(),
  },
});

/** 劳务费发放人员: a labour fee's persons — staff (userId) or outside persons (name and bank account). */
export const labourPersonEntity = defineEntity({
  name: 'project_labour_person',
  table: 'hjl_project_labour_person',
  api: '/api/business/hjlProjectCollectLabourFrom/persons',
  path: '/hjlProject/hjlProjectCollectLabourFrom',
  label: label('劳务费发放人员', 'Labour fee persons'),
  routes: [],
  fields: {
    labourId: { type: 'id', label: label('劳务费', 'Labour fee'), required: '请选择劳务费' },
    projectId: { type: 'id', label: label('项目', 'Project'), form: false },
    userId: { type: 'id', label: label('人员', 'Person'), ref: 'user', display: 'userName', list: true, width: 100 },
    personName: { type: 'string', max: 50, label: label('姓名', 'Name'), list: true, width: 100 },
    bankName: { type: 'string', max: 100, label: label('开户行', 'Bank'), list: true, width: 160 },
    bankAccount: { type: 'string', max: 64, label: label('银行账号', 'Account'), list: true, width: 180 },
    shareRatio: { type: 'money', label: label('发放比例(%)', 'Share (%)'), list: true, width: 100 },
    amount: money(label('应发金额', 'Gross'), { list: true, width: 110 }),
    taxAmount: money(label('代扣个税', 'Tax'), { list: true, width: 110 }),
    netAmount: money(label('实付金额', 'Net'), { list: true, width: 110 }),
    /**
     * An employee's fee, once paid: the payroll month it joined (wages, BUSINESS.md §1 "Labour fee") — the month
     * paid, or the first after it whose salary is still open.
     */
    salaryMonth: { type: 'string', max: 7, label: label('并入工资月份', 'Payroll month'), list: true, form: false, width: 110 },
    sort: { type: 'int', label: label('排序', 'Order'), form: false },
    remark: remark(),
  },
});

/** Messages of settlements. */
export const SETTLEMENT_MSG = {
  missing: '结算记录不存在或无权访问',
  once: '该项目已有审批中或已通过的结算',
  approvedOver: '审定金额不能大于送审金额',
  negative: '金额不能小于0',
} as const;

/**
 * 项目结算 (S1 L132 `hjlProjectDecision`, S2 L451; process `projectSettlement`): the submitted and approved amounts
 * of the works the project audited, the reduction (submitted − approved) and its rate, the settlement fee; one
 * approved settlement per project; approved, the project is 已完成.
 */
export const projectDecisionEntity = defineEntity({
  name: 'project_decision',
  table: 'hjl_project_decision',
  api: '/api/business/hjlProjectDecision',
  path: '/hjlProject/hjlProjectDecision',
  label: label('项目结算', 'Settlements'),
  routes: ['list', 'detail', 'save', 'submit', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  parent: projectParent,
  exportable: true,
  approval: {
    processKey: PROCESS2.settlement.key,
    routeKey: PROCESS2.settlement.form,
    amountField: 'settlementFee',
    title: '{userName}的项目结算:{projectName}',
    formUrl: '/workflow/projectSettlement',
  },
  fields: {
    projectId: projectField,
    projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), form: false, search: true },
    submittedAmount: money(label('送审金额', 'Submitted'), { required: '请输入送审金额', list: true, sortable: true, width: 140 }),
    approvedAmount: money(label('审定金额', 'Approved'), { required: '请输入审定金额', list: true, sortable: true, width: 140 }),
    reductionAmount: serverMoney('审减金额', 'Reduction', { width: 130 }),
    reductionRate: { type: 'string', max: 12, label: label('审减率(%)', 'Reduction (%)'), form: false, list: true, width: 100 },
    settlementFee: money(label('结算费用', 'Fee'), { list: true, width: 120 }),
    decisionDate: dateField('结算日期', 'Date', '请选择结算日期'),
    summary: { type: 'string', max: 1000, label: label('结算说明', 'Summary'), form: 'textarea' },
    files: files(),
  },
});

/** Messages of project expenses. */
export const PROJECT_EXPENSE_MSG = {
  missing: '费用申请不存在或无权访问',
  noLines: '请添加费用明细',
  tooManyLines: '费用明细最多200条',
  lineAmount: '费用金额必须大于0,最多两位小数',
  lineDate: '费用日期格式应为yyyy-MM-dd',
  lineType: '请选择费用类型',
  bills: '票据张数应为0到999的整数',
  notApproved: '费用申请未审批通过,不能付款',
  paid: '该费用申请已付款或付款审批中',
} as const;

/**
 * 项目费用申请 (S2 L450 `hjlProjectApplyExpense`, S1 L128 `hjlProject save/expense`, `get/expense/{id}`; processes
 * `projectApplyExpence`, then the payment `projectMakePayment` with the payment form): a project's expenses with
 * lines (date, type of the `expense_type` dictionary, amount, bills); paid, one ledger expense row per line type.
 */
export const projectExpenseEntity = defineEntity({
  name: 'project_expense',
  table: 'hjl_project_apply_expense',
  api: '/api/business/hjlProjectApplyExpense',
  path: '/hjlProject/hjlProjectApplyExpense',
  label: label('项目费用申请', 'Project expenses'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  parent: projectParent,
  owner: 'applyUser',
  exportable: true,
  dialogWidth: 1000,
  approval: {
    processKey: PROCESS2.applyExpense.key,
    routeKey: PROCESS2.applyExpense.form,
    amountField: 'totalAmount',
    title: '{userName}的项目费用:{projectName}({totalAmount}元)',
    formUrl: '/workflow/projectApplyExpence',
  },
  fields: {
    projectId: projectField,
    projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), form: false, search: true },
    title: { type: 'string', max: 200, label: label('费用事由', 'Reason'), required: '请输入费用事由', list: true, search: true, width: 200 },
    expenseType: {
      type: 'int',
      label: label('费用类型', 'Type'),
      dict: 'expense_type',
      bizDict: true,
      form: false,
      list: true,
      search: true,
      width: 100,
    },
    totalAmount: serverMoney('费用合计', 'Total', { sortable: true, width: 120 }),
    applyUser: {
      type: 'id',
      label: label('申请人', 'Applicant'),
      ref: 'user',
      display: 'applyUserName',
      form: false,
      list: true,
      filterable: true,
      width: 100,
    },
    applyDate: { type: 'date', label: label('申请日期', 'Date'), form: false, list: true, sortable: true, filterable: true, width: 110 },
    payStatus: {
      type: 'int',
      label: label('付款状态', 'Paid'),
      dict: 'pay_status',
      bizDict: true,
      default: 0,
      form: false,
      list: true,
      search: true,
      width: 90,
    },
    paidAmount: serverMoney('已付金额', 'Paid'),
    payDate: { type: 'date', label: label('付款日期', 'Paid on'), form: false, width: 110 },
    remark: remark(),
    files: files(),
  },
});

/** 项目费用明细: a line of a project expense. */
export const projectExpenseLineEntity = defineEntity({
  name: 'project_expense_line',
  table: 'hjl_project_apply_expense_info',
  api: '/api/business/hjlProjectApplyExpense/lines',
  path: '/hjlProject/hjlProjectApplyExpense',
  label: label('项目费用明细', 'Project expense lines'),
  routes: [],
  fields: {
    expenseId: { type: 'id', label: label('费用申请', 'Expense'), required: '请选择费用申请' },
    expenseDate: { type: 'date', label: label('费用日期', 'Date'), required: '请选择费用日期', list: true, width: 110 },
    expenseType: { type: 'int', label: label('费用类型', 'Type'), dict: 'expense_type', bizDict: true, required: '请选择费用类型', list: true, width: 100 },
    amount: money(label('金额', 'Amount'), { required: '请输入金额', list: true, width: 110 }),
    bills: { type: 'int', label: label('票据张数', 'Bills'), list: true, width: 80 },
    sort: { type: 'int', label: label('排序', 'Order'), form: false },
    remark: remark(),
  },
});

/**
 * 项目付款 (`projectMakePayment`): the payment of an approved project expense with the payment form (the kit's
 * PaymentForm fields); approved, the expense is paid and the ledger gets its rows.
 */
export const projectExpensePayEntity = defineEntity({
  name: 'project_expense_pay',
  table: 'hjl_project_expense_pay',
  api: '/api/business/hjlProjectExpensePay',
  path: '/hjlProject/hjlProjectApplyExpense',
  label: label('项目付款', 'Project expense payments'),
  routes: [],
  parent: projectParent,
  approval: {
    processKey: PROCESS2.makePayment.key,
    routeKey: PROCESS2.makePayment.form,
    amountField: 'amount',
    title: '{userName}的项目付款:{projectName}({amount}元)',
    formUrl: '/workflow/projectMakePayment',
  },
  fields: {
    expenseId: { type: 'id', label: label('费用申请', 'Expense'), required: '请选择费用申请' },
    projectId: { ...projectField, required: undefined, form: false },
    projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), form: false },
    amount: money(label('付款金额', 'Amount'), { form: false }),
    ...paymentFormFields,
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Piece 3: 项目完工 (projectCompletion) and 完工付款 (projectCompletionPay).

/** Messages of the completion and of the settlement fee's payment. */
export const COMPLETION_MSG = {
  missing: '完工记录不存在或无权访问',
  projectDone: '项目已完成,无需发起完工',
  projectNotApproved: '项目未立项审批通过,不能完工',
  settlementPending: '该项目有审批中的结算,结算审批通过后项目即完成',
  once: '该项目已有审批中或已通过的完工申请',
  paySettlementMissing: '结算记录不存在或无权访问',
  /** A settlement id that names no live settlement of the tenant (the reference check). */
  payRefMissing: '结算记录不存在',
  payNotApproved: '结算未审批通过,不能完工付款',
  payNoFee: '该结算没有结算费用,无需付款',
  payOnce: '该结算费用已付款或付款审批中',
  payOver: '付款金额不能大于结算费用',
  payAmount: '付款金额必须大于0,最多两位小数',
} as const;

const PROCESS3 = {
  completion: approvalProcess('projectCompletion'),
  completionPay: approvalProcess('projectCompletionPay'),
};

/**
 * 项目完工 (S2 L71 `/workflow/projectCompletion`, process `projectCompletion`: 部门经理 → 总经理): the completion of a
 * project that has no settlement (bid agency, consulting without an audited settlement — an approved settlement
 * completes its project by itself); approved, the project is 已完成 on the completion date.
 */
export const projectCompletionEntity = defineEntity({
  name: 'project_completion',
  table: 'hjl_project_completion',
  api: '/api/business/hjlProjectCompletion',
  path: '/hjlProject/hjlProjectCompletion',
  label: label('项目完工', 'Project completions'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  parent: projectParent,
  approval: {
    processKey: PROCESS3.completion.key,
    routeKey: PROCESS3.completion.form,
    title: '{userName}的项目完工:{projectName}',
    formUrl: '/workflow/projectCompletion',
  },
  fields: {
    projectId: projectField,
    projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), form: false, search: true },
    completionDate: dateField('完工日期', 'Completed on', '请选择完工日期'),
    summary: { type: 'string', max: 1000, label: label('完工说明', 'Summary'), form: 'textarea', list: true, width: 240 },
    files: files(),
  },
});

/**
 * 完工付款 (S2 L71 `/workflow/projectCompletionPay`, process `projectCompletionPay`: 部门经理 → 财务, above 50,000.00
 * also 总经理): the payment of an approved settlement's fee (结算费用) with the payment form; approved, ONE expense
 * row of the ledger (bizType `hjl_project_decision`, the settlement), which the project 360 view shows as 结算费用.
 */
export const projectCompletionPayEntity = defineEntity({
  name: 'project_completion_pay',
  table: 'hjl_project_completion_pay',
  api: '/api/business/hjlProjectCompletionPay',
  path: '/hjlProject/hjlProjectCompletionPay',
  label: label('完工付款', 'Settlement fee payments'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  parent: projectParent,
  dialogWidth: 1000,
  approval: {
    processKey: PROCESS3.completionPay.key,
    routeKey: PROCESS3.completionPay.form,
    amountField: 'amount',
    title: '{userName}的完工付款:{projectName}({amount}元)',
    formUrl: '/workflow/projectCompletionPay',
  },
  fields: {
    // A reference (kind `project_decision`, the money module's resolver): the picker of approved settlements with an
    // unpaid fee, the name (project · fee) resolved on reads; a write naming no settlement of the tenant: 结算记录不存在.
    decisionId: {
      type: 'id',
      label: label('结算记录', 'Settlement'),
      required: '请选择结算记录',
      filterable: true,
      ref: 'project_decision',
      display: 'decisionName',
    },
    projectId: { ...projectField, required: undefined, form: false },
    projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), form: false, search: true },
    settlementFee: serverMoney('结算费用', 'Fee'),
    amount: money(label('付款金额', 'Amount'), { list: true, sortable: true, width: 120 }),
    ...paymentFormFields,
    transactionDate: { ...paymentFormFields.transactionDate, list: true, width: 110 },
    personName: { ...paymentFormFields.personName, list: true, width: 100 },
    customerName: { ...paymentFormFields.customerName, list: true, width: 160 },
  },
});
