import { approvalFormUrl, approvalProcess } from '../approval-processes.ts';
import { defineEntity, type FieldDef } from '../entity.ts';
import { bankAccount, files, money, owner, phone, remark } from '../field-presets.ts';
import { fenToMoney, multiplyMoney, toFen, type MoneyText } from '../money.ts';
import { percentRate } from './project-money.ts';

/**
 * Branches (分公司管理, BUSINESS.md §3 WP5; S1 L120, S2 L47, L50-51, L82, L440-452): a branch (hjlFiliale, a
 * company-type dept of the firm) with its management records, deposits, contracts and accounts, the dividends it
 * receives (computed from its profit items), the shares withdrawn (process `withdraw/{type}`) and its investment
 * information with a snapshot per submit. Every record kind belongs to a branch and is seen through it: a branch
 * leader's data scope on the branch's dept narrows them all.
 */

export const BRANCH_MSG = {
  missing: '分公司不存在或无权访问',
  inUse: '该分公司存在业务数据,不能删除',
  posted: '已入账的记录不能修改',
  postedRemove: '已入账的记录不能删除',
  paid: '已发放的分红不能修改',
  paidRemove: '已发放的分红不能删除',
  alreadyPaid: '该分红已发放',
  noProfitItems: '请添加利润项目',
  notPositive: '分红金额必须大于0',
  periodFormat: '期间格式应为yyyy-MM',
  personRequired: '个人提成请选择提成人员',
  endBeforeStart: '结束日期不能早于开始日期',
  refundBeforePay: '退还日期不能早于缴纳日期',
  depositAccount: '已缴纳的保证金请选择收款账户',
  mgmtAccount: '已收款的管理记录请选择收款账户',
  hisMissing: '历史记录不存在或无权访问',
  statementRange: '开始日期不能晚于结束日期',
} as const;

/**
 * A percentage (分成比例, 费率, 分红比例): kept as numeric(18,2) (docs/entities.md: not an amount), 0 to 100 — the
 * server checks the range (percentError).
 */
const percent = (label: { zh: string; en: string }, more: Partial<FieldDef> = {}) =>
  ({ type: 'money', label, width: 110, ...more }) as const satisfies FieldDef;

/** The message of a percentage outside 0 to 100 (at most two decimals: the money type's rule), or undefined. */
export function percentError(label: string, value: MoneyText): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const fen = toFen(value);
  return fen < 0n || fen > 10000n ? `${label}应在0至100之间` : undefined;
}

/** The percentage fields of each branch record kind. */
export const PERCENT_FIELDS = ['shareRatio', 'managementFeeRate', 'ratio', 'investRatio'] as const;

/** yyyy-MM. */
export const MONTH_PERIOD_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The branch a record belongs to: shown by name, chosen with the branch picker. */
const filialeField = {
  type: 'id',
  label: { zh: '分公司', en: 'Branch' },
  required: '请选择分公司',
  list: true,
  filterable: true,
  ref: 'branch',
  display: 'filialeName',
  width: 180,
} as const satisfies FieldDef;

const parent = { field: 'filialeId', entity: 'filiale', missing: BRANCH_MSG.missing };

/** The internal account money of a record went through (BUSINESS.md §1 Accounts and the ledger). */
const accountField = (label: { zh: string; en: string }, more: Partial<FieldDef> = {}) =>
  ({ type: 'id', label, ref: 'account', display: 'accountName', width: 160, ...more }) as const satisfies FieldDef;

export const filialeEntity = defineEntity({
  name: 'filiale',
  table: 'hjl_filiale',
  api: '/api/business/hjlFiliale',
  path: '/finance/hjlFiliale',
  label: { zh: '分公司管理', en: 'Branches' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'asc' },
  dialogWidth: 880,
  exportable: true,
  fields: {
    filialeName: {
      type: 'string',
      max: 100,
      label: { zh: '分公司名称', en: 'Name' },
      required: '请输入分公司名称',
      unique: '分公司名称已存在',
      list: true,
      search: true,
      sortable: true,
      width: 220,
    },
    deptId: {
      type: 'id',
      label: { zh: '所属机构', en: 'Organisation' },
      required: '请选择所属机构',
      unique: '该机构已登记为分公司',
      list: true,
      filterable: true,
      ref: 'dept',
      display: 'deptName',
      width: 140,
    },
    leaderUser: owner('leaderName', { label: { zh: '负责人', en: 'Leader' }, required: '请选择负责人', list: true, search: true, width: 100 }),
    contact: { type: 'string', max: 50, label: { zh: '联系人', en: 'Contact' }, list: true, width: 100 },
    phone: phone({ zh: '联系电话', en: 'Phone' }, { list: true, width: 140 }),
    address: { type: 'string', max: 255, label: { zh: '地址', en: 'Address' }, width: 220 },
    establishDate: { type: 'date', label: { zh: '成立日期', en: 'Established' }, list: true, sortable: true, filterable: true, width: 110 },
    shareRatio: percent({ zh: '分成比例(%)', en: 'Share (%)' }, { required: '请输入分成比例', list: true }),
    managementFeeRate: percent({ zh: '管理费率(%)', en: 'Management fee (%)' }, { list: true }),
    depositAmount: money({ zh: '保证金金额(元)', en: 'Deposit' }, { list: true, width: 130 }),
    filialeStatus: {
      type: 'int',
      label: { zh: '经营状态', en: 'State' },
      dict: 'filiale_status',
      bizDict: true,
      required: '请选择经营状态',
      default: 1,
      list: true,
      search: true,
      width: 100,
    },
    remark: remark(),
  },
});

export const filialeMgmtEntity = defineEntity({
  name: 'filiale_mgmt',
  table: 'hjl_filiale_mgmt',
  api: '/api/business/hjlFilialeMgmt',
  path: '/finance/hjlFilialeMgmt',
  label: { zh: '管理记录', en: 'Management records' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'period', dir: 'desc' },
  parent,
  exportable: true,
  dialogWidth: 760,
  fields: {
    filialeId: filialeField,
    mgmtType: {
      type: 'int',
      label: { zh: '管理类型', en: 'Type' },
      dict: 'filiale_mgmt_type',
      bizDict: true,
      required: '请选择管理类型',
      list: true,
      search: true,
      width: 100,
    },
    period: {
      type: 'string',
      max: 7,
      label: { zh: '期间', en: 'Period' },
      required: '请输入期间',
      pattern: { regex: MONTH_PERIOD_RE, message: BRANCH_MSG.periodFormat },
      list: true,
      sortable: true,
      filterable: true,
      width: 90,
    },
    content: { type: 'string', max: 1000, label: { zh: '管理内容', en: 'Content' }, required: '请输入管理内容', form: 'textarea', list: true, width: 240 },
    amount: money({ zh: '金额(元)', en: 'Amount' }, { list: true, width: 120 }),
    receiveDate: { type: 'date', label: { zh: '收款日期', en: 'Received' }, list: true, sortable: true, filterable: true, width: 110 },
    accountInfoId: accountField({ zh: '收款账户', en: 'Account' }, { list: true }),
    remark: remark(),
  },
});

export const filialeDepositEntity = defineEntity({
  name: 'filiale_deposit',
  table: 'hjl_filiale_deposit',
  api: '/api/business/hjlFilialeDeposit',
  path: '/finance/hjlFilialeDeposit',
  label: { zh: '分公司保证金', en: 'Branch deposits' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'payDate', dir: 'desc' },
  parent,
  exportable: true,
  fields: {
    filialeId: filialeField,
    amount: money({ zh: '保证金金额(元)', en: 'Amount' }, { required: '请输入保证金金额', list: true, sortable: true, width: 130 }),
    payDate: { type: 'date', label: { zh: '缴纳日期', en: 'Paid' }, list: true, sortable: true, filterable: true, width: 110 },
    accountInfoId: accountField({ zh: '收款账户', en: 'Account' }, { list: true }),
    refundDate: { type: 'date', label: { zh: '退还日期', en: 'Refunded' }, list: true, sortable: true, filterable: true, width: 110 },
    depositStatus: {
      type: 'int',
      label: { zh: '保证金状态', en: 'State' },
      dict: 'filiale_deposit_status',
      bizDict: true,
      default: 0,
      form: false,
      list: true,
      search: true,
      width: 100,
    },
    remark: remark(),
  },
});

export const filialeContractEntity = defineEntity({
  name: 'filiale_contract',
  table: 'hjl_filiale_contract',
  api: '/api/business/hjlFilialeContract',
  path: '/finance/hjlFilialeContract',
  label: { zh: '分公司合同', en: 'Branch contracts' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'signDate', dir: 'desc' },
  parent,
  exportable: true,
  dialogWidth: 760,
  fields: {
    filialeId: filialeField,
    contractNum: {
      type: 'string',
      max: 64,
      label: { zh: '合同编号', en: 'Number' },
      required: '请输入合同编号',
      unique: '合同编号已存在',
      list: true,
      search: true,
      width: 170,
    },
    contractName: { type: 'string', max: 200, label: { zh: '合同名称', en: 'Name' }, required: '请输入合同名称', list: true, search: true, width: 220 },
    contractAmount: money({ zh: '合同金额(元)', en: 'Amount' }, { list: true, width: 130 }),
    signDate: { type: 'date', label: { zh: '签订日期', en: 'Signed' }, required: '请选择签订日期', list: true, sortable: true, filterable: true, width: 110 },
    startDate: { type: 'date', label: { zh: '开始日期', en: 'Start' }, list: true, filterable: true, width: 110 },
    endDate: { type: 'date', label: { zh: '结束日期', en: 'End' }, list: true, filterable: true, width: 110 },
    shareTerms: { type: 'string', max: 1000, label: { zh: '分成条款', en: 'Share terms' }, form: 'textarea', width: 220 },
    files: files({ label: { zh: '合同附件', en: 'Files' } }),
  },
});

export const filialeAccountEntity = defineEntity({
  name: 'filiale_account',
  table: 'hjl_filiale_account',
  api: '/api/business/hjlFilialeAccount',
  path: '/finance/hjlFilialeAccount',
  label: { zh: '分公司账户', en: 'Branch accounts' },
  routes: ['list', 'detail', 'submit', 'remove'],
  parent,
  exportable: true,
  fields: {
    filialeId: filialeField,
    accountName: { type: 'string', max: 100, label: { zh: '账户名称', en: 'Account name' }, required: '请输入账户名称', list: true, search: true, width: 200 },
    accountNum: bankAccount({
      label: { zh: '银行账号', en: 'Number' },
      required: '请输入银行账号',
      unique: '银行账号已存在',
      list: true,
      search: true,
      width: 200,
    }),
    bankName: { type: 'string', max: 100, label: { zh: '开户银行', en: 'Bank' }, required: '请输入开户银行', list: true, width: 200 },
    balance: money({ zh: '账户余额(元)', en: 'Balance' }, { list: true, width: 130 }),
    remark: remark(),
  },
});

/** 分红: profit = Σ income items − Σ cost items; dividend = profit × ratio ÷ 100, to the fen (S1 L120: PUT update, DELETE remove). */
export const dividendEntity = defineEntity({
  name: 'dividend',
  table: 'hjl_dividend',
  api: '/api/business/hjlDividend',
  path: '/finance/hjlDividend',
  label: { zh: '分红管理', en: 'Dividends' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  methods: { update: 'PUT', remove: 'DELETE' },
  defaultSort: { field: 'dividendYear', dir: 'desc' },
  parent,
  exportable: true,
  dialogWidth: 880,
  fields: {
    filialeId: filialeField,
    dividendYear: {
      type: 'int',
      label: { zh: '分红年度', en: 'Year' },
      required: '请输入分红年度',
      range: { min: 2000, max: 2100 },
      list: true,
      search: true,
      sortable: true,
      width: 90,
    },
    dividendPeriod: { type: 'string', max: 50, label: { zh: '分红期间', en: 'Period' }, list: true, width: 120 },
    profit: money({ zh: '利润(元)', en: 'Profit' }, { form: false, list: true, sortable: true, width: 130 }),
    ratio: percent({ zh: '分红比例(%)', en: 'Ratio (%)' }, { required: '请输入分红比例', list: true }),
    dividendAmount: money({ zh: '分红金额(元)', en: 'Dividend' }, { form: false, list: true, sortable: true, width: 130 }),
    payState: {
      type: 'int',
      label: { zh: '发放状态', en: 'Paid' },
      dict: 'dividend_pay_state',
      bizDict: true,
      default: 0,
      form: false,
      list: true,
      search: true,
      width: 90,
    },
    payDate: { type: 'date', label: { zh: '发放日期', en: 'Paid on' }, form: false, list: true, sortable: true, filterable: true, width: 110 },
    accountInfoId: accountField({ zh: '付款账户', en: 'Account' }, { form: false, list: true }),
    remark: remark(),
  },
});

/** A profit item a dividend is computed from (the component_details page, S2 L51): 1 收入 / 2 成本费用. */
export const dividendComponentEntity = defineEntity({
  name: 'dividend_component',
  table: 'hjl_dividend_component',
  api: '/api/business/hjlDividendComponent',
  path: '/finance/hjlDividend_component_details',
  label: { zh: '利润项目', en: 'Profit items' },
  routes: [],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    dividendId: { type: 'id', label: { zh: '分红', en: 'Dividend' }, filterable: true },
    itemName: { type: 'string', max: 100, label: { zh: '项目名称', en: 'Item' }, required: '请输入项目名称', list: true, width: 200 },
    itemType: {
      type: 'int',
      label: { zh: '项目类型', en: 'Kind' },
      dict: 'profit_item_type',
      bizDict: true,
      required: '请选择项目类型',
      list: true,
      width: 100,
    },
    amount: money({ zh: '金额(元)', en: 'Amount' }, { required: '请输入金额', list: true, width: 130 }),
    sort: { type: 'int', label: { zh: '排序', en: 'Order' }, range: { min: 0, max: 9999 }, default: 0 },
    remark: remark({ list: true }),
  },
});

/** Profit item kinds: income adds to the profit, cost subtracts. */
export const PROFIT_ITEM_TYPE = { income: 1, cost: 2 } as const;
/** amount × percent ÷ 100, half up to the fen: a dividend of its profit, a share of its base. */
export function percentOfMoney(amount: MoneyText, percent: MoneyText): string {
  return multiplyMoney(amount, percentRate(String(percent ?? '0')));
}

/** The profit of a dividend's items: Σ income items − Σ cost items, to the fen. */
export function profitOfItems(items: readonly { itemType: number | string | null; amount: MoneyText }[]): string {
  let fen = 0n;
  for (const i of items) fen += Number(i.itemType) === PROFIT_ITEM_TYPE.cost ? -toFen(i.amount) : toFen(i.amount);
  return fenToMoney(fen);
}

/** Dividend pay state: 0 未发放, 1 已发放. */
export const DIVIDEND_PAY_STATE = { unpaid: 0, paid: 1 } as const;
/** Branch deposit state: 0 未缴, 1 已缴, 2 已退 (from its pay and refund dates). */
export const FILIALE_DEPOSIT_STATUS = { unpaid: 0, paid: 1, refunded: 2 } as const;
/** Withdrawal kinds (`withdraw/{type}`, S2 L82): 1 分公司提成, 2 个人提成. */
export const WITHDRAW_TYPE = { branch: 1, person: 2 } as const;

export const WITHDRAW_PROCESS = approvalProcess('withdraw');

/** 提成提取 (BUSINESS.md §1 hjlWithdrawShare): amount = base × ratio ÷ 100; approved → paid from its account. */
export const withdrawShareEntity = defineEntity({
  name: 'withdraw_share',
  table: 'hjl_withdraw_share',
  api: '/api/business/hjlWithdrawShare',
  path: '/finance/hjlWithdrawShare',
  label: { zh: '提成提取', en: 'Share withdrawals' },
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  parent,
  exportable: true,
  dialogWidth: 760,
  approval: {
    processKey: WITHDRAW_PROCESS.key,
    routeKey: WITHDRAW_PROCESS.form,
    amountField: 'amount',
    title: '{userName}的提成提取({amount}元)',
    formUrl: approvalFormUrl(WITHDRAW_PROCESS),
  },
  fields: {
    withdrawType: {
      type: 'int',
      label: { zh: '提成类型', en: 'Kind' },
      dict: 'withdraw_type',
      bizDict: true,
      required: '请选择提成类型',
      list: true,
      search: true,
      width: 100,
    },
    filialeId: filialeField,
    userId: { type: 'id', label: { zh: '提成人员', en: 'Person' }, list: true, filterable: true, ref: 'user', display: 'userName', width: 100 },
    period: {
      type: 'string',
      max: 7,
      label: { zh: '提成期间', en: 'Period' },
      required: '请输入提成期间',
      pattern: { regex: MONTH_PERIOD_RE, message: BRANCH_MSG.periodFormat },
      list: true,
      sortable: true,
      filterable: true,
      width: 90,
    },
    baseAmount: money({ zh: '提成基数(元)', en: 'Base' }, { required: '请输入提成基数', list: true, width: 130 }),
    ratio: percent({ zh: '提成比例(%)', en: 'Ratio (%)' }, { required: '请输入提成比例', list: true }),
    amount: money({ zh: '提成金额(元)', en: 'Amount' }, { form: false, list: true, sortable: true, width: 130 }),
    accountInfoId: accountField({ zh: '付款账户', en: 'Account' }, { required: '请选择付款账户', list: true }),
    remark: remark(),
  },
});

const investFields = {
  filialeId: filialeField,
  investor: { type: 'string', max: 100, label: { zh: '投资人', en: 'Investor' }, required: '请输入投资人', list: true, search: true, width: 160 },
  investAmount: money({ zh: '投资金额(元)', en: 'Amount' }, { required: '请输入投资金额', list: true, sortable: true, width: 130 }),
  investRatio: percent({ zh: '投资比例(%)', en: 'Ratio (%)' }, { required: '请输入投资比例', list: true }),
  investDate: { type: 'date', label: { zh: '投资日期', en: 'Date' }, required: '请选择投资日期', list: true, sortable: true, filterable: true, width: 110 },
  remark: remark({ list: true }),
} as const satisfies Record<string, FieldDef>;

export const investInfoEntity = defineEntity({
  name: 'invest_info',
  table: 'hjl_invest_info',
  api: '/api/business/hjlInvestInfo',
  path: '/finance/hjlInvestInfo',
  label: { zh: '投资信息', en: 'Investment' },
  routes: ['list', 'detail', 'submit', 'remove'],
  parent,
  exportable: true,
  fields: investFields,
});

/** One snapshot of an investment record, written by every submit (his/page, his/detail). */
export const investInfoHisEntity = defineEntity({
  name: 'invest_info_his',
  table: 'hjl_invest_info_his',
  api: '/api/business/hjlInvestInfo/his',
  path: '/finance/hjlInvestInfoHis',
  label: { zh: '投资信息历史', en: 'Investment history' },
  routes: [],
  defaultSort: { field: 'version', dir: 'desc' },
  parent,
  fields: {
    investInfoId: { type: 'id', label: { zh: '投资信息', en: 'Investment' }, filterable: true, list: true },
    version: { type: 'int', label: { zh: '版本', en: 'Version' }, sortable: true, list: true, width: 70 },
    ...investFields,
  },
});

/** The record kinds of a branch, shown as tabs of its detail page in this order (after 基本信息). */
export const branchChildEntities = [
  filialeMgmtEntity,
  filialeDepositEntity,
  filialeContractEntity,
  filialeAccountEntity,
  dividendEntity,
  withdrawShareEntity,
  investInfoEntity,
];
