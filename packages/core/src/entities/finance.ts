import { defineEntity, type FieldDef } from '../entity.ts';
import { files, money, remark } from '../field-presets.ts';

/**
 * Finance (财务管理, BUSINESS.md §3 WP4): internal accounts (内部账户) with their history, staff accounts, the
 * income/expense ledger (收支明细) and the applications that move money — payments, expense claims with lines
 * against budgets, the expenditure form, refunds, loans and repayments, tax settlements, finance forms, pending
 * (unclaimed) money, payment records and account settlements. Every approved money event writes exactly one
 * ledger row (the server's `modules/finance/api.ts`, `postLedgerEntry`), keyed by the record that produced it.
 */

/** Messages of the finance rules (BUSINESS.md WP4; the specs' where they give one). */
export const FINANCE_MSG = {
  positive: '金额必须大于0',
  systemRow: '系统生成的收支记录不能修改',
  systemRowRemove: '系统生成的收支记录不能删除',
  overBudget: (remaining: string) => `超出预算,剩余可用金额为${remaining}元`,
  overBalance: '还款金额不能大于借款余额',
  noAccount: '请选择已维护账户信息的用户!',
  rangeOrder: '结束日期不能早于开始日期',
  linesTotal: '报销明细合计与报销总额不一致',
  noLines: '请添加报销明细',
  paid: '该申请已付款或付款审批中,不能重复付款',
  notApproved: '申请未审批通过,不能付款',
  lendNotPaid: '借款未审批通过,不能还款',
  accountMissing: '账户不存在',
  /** A payment would take an account below zero that does not allow it (BUSINESS.md §1 Accounts and the ledger). */
  insufficient: '账户余额不足',
  receivingAccount: '请选择收款账户',
  payingAccount: '请选择付款账户',
} as const;

/** Process keys of the finance processes and the business forms (route keys, `wf_route`) that name them. */
export const FINANCE_PROCESS = {
  incomeExpend: { processKey: 'hjl_income_expend', routeKey: 'incomeExpend' },
  makePayment: { processKey: 'hjl_make_payment', routeKey: 'makePayment' },
  applyPayment: { processKey: 'hjl_apply_payment', routeKey: 'applyPayment' },
  applyExpense: { processKey: 'hjl_apply_expense', routeKey: 'applyExpence' },
  expendForm: { processKey: 'hjl_expend_form', routeKey: 'expendForm' },
  applyRefund: { processKey: 'hjl_apply_refund', routeKey: 'applyRefund' },
  refundMakePay: { processKey: 'hjl_refund_make_pay', routeKey: 'refundMakePay' },
  applyLend: { processKey: 'hjl_apply_lend_return_money', routeKey: 'applyLendReturn' },
  repayment: { processKey: 'hjl_apply_return_money', routeKey: 'repayment' },
  accountSettlement: { processKey: 'hjl_account_settlement', routeKey: 'accountSettlement' },
  pendingAccount: { processKey: 'hjl_pending_account_batch', routeKey: 'pendingAccount' },
  financeForm: { processKey: 'hjl_finance_form', routeKey: 'financeForm' },
} as const;

/** `incomeOrExpend` of a ledger row (S2 L200). */
export const INCOME_OR_EXPEND = { income: 0, expend: 1 } as const;
/** `isKnowGet` of a ledger row (S2 L208): 0 unclaimed, 1 claimed. */
export const KNOW_GET = { unclaimed: 0, claimed: 1 } as const;
/** `payStatus` of an application. */
export const PAY_STATUS = { unpaid: 0, paid: 1 } as const;
/** `businessSubjectType` of a payment (S2 L194): 1 a person, 2 a customer. */
export const BUSINESS_SUBJECT = { person: 1, customer: 2 } as const;

const label = (zh: string, en: string) => ({ zh, en });
const amount = (zh: string, en: string, more: Partial<Omit<FieldDef, 'type'>> = {}): FieldDef & { type: 'money' } =>
  money(label(zh, en), { list: true, width: 130, ...more });
const accountRef = (zh = '账户', more: Partial<Omit<FieldDef, 'type'>> = {}): FieldDef & { type: 'id' } => ({
  type: 'id',
  label: label(zh, 'Account'),
  ref: 'account',
  display: 'accountName',
  list: true,
  filterable: true,
  width: 180,
  ...more,
});
/** The project a record is for (WP2's project register): its id, and its name stored beside it. */
const project = {
  projectId: { type: 'id', label: label('项目', 'Project'), filterable: true, form: false },
  projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), list: true, search: true, form: false, width: 200 },
} as const satisfies Record<string, FieldDef>;

/** The applicant of an application: the caller when it is started (owner of the record for data scope and `my`). */
const applicant = {
  applyUser: { type: 'id', label: label('申请人', 'Applicant'), ref: 'user', display: 'applyUserName', list: true, filterable: true, form: false, width: 100 },
  applyDept: { type: 'id', label: label('申请部门', 'Department'), filterable: true, form: false },
  applyDeptName: { type: 'string', max: 100, label: label('申请部门', 'Department'), list: true, form: false, width: 120 },
  applyTime: { type: 'datetime', label: label('申请时间', 'Applied'), list: true, sortable: true, filterable: true, form: false, width: 170 },
} as const satisfies Record<string, FieldDef>;

/** The payee of a payment: a person or a customer (S2 L194), their account and bank. */
const payee = {
  businessSubjectType: {
    type: 'int',
    label: label('收款对象类型', 'Paid to'),
    dict: 'business_subject_type',
    bizDict: true,
    default: 1,
    list: true,
    width: 110,
  },
  businessSubjectId: { type: 'id', label: label('收款对象', 'Payee id'), form: false },
  personId: { type: 'id', label: label('收款人员', 'Person'), ref: 'user', display: 'personName', form: false },
  personName: { type: 'string', max: 100, label: label('人员名称', 'Person'), form: false },
  customerId: { type: 'id', label: label('收款客户', 'Customer'), ref: 'customer', display: 'customerName', form: false },
  customerName: { type: 'string', max: 200, label: label('客户名称', 'Customer'), form: false },
  payeeName: { type: 'string', max: 100, label: label('收款人', 'Payee'), list: true, search: true, width: 140 },
  payeeAccountNumber: { type: 'string', max: 64, label: label('收款账号', 'Payee account') },
  beneficiaryAccountBank: { type: 'string', max: 100, label: label('收款开户行', 'Payee bank') },
} as const satisfies Record<string, FieldDef>;

/**
 * The payment information (付款信息, S2 L190-197) a cashier fills when the money leaves: at the last node of a
 * two-step process (`finalStep`) or on a payment record. Names as the spec's payment form sends them.
 */
const paymentInfo = {
  expenseType: { type: 'int', label: label('付款方式', 'Payment method'), dict: 'payment_method', bizDict: true, list: true, width: 100, form: false },
  transactionDate: { type: 'date', label: label('打款日期', 'Payment date'), list: true, sortable: true, filterable: true, form: false, width: 120 },
  transactionReferenceNumber: { type: 'string', max: 64, label: label('交易流水号', 'Reference'), form: false },
  payerName: { type: 'string', max: 100, label: label('付款人名称', 'Payer'), form: false },
  debitAccountNo: { type: 'string', max: 64, label: label('付款人账号', 'Payer account'), form: false },
  payerAccountBank: { type: 'string', max: 100, label: label('付款人开户行', 'Payer bank'), form: false },
  accountInfoId: accountRef('付款账户', { list: false, form: false }),
  accountNum: { type: 'string', max: 64, label: label('账号', 'Account number'), form: false },
} as const satisfies Record<string, FieldDef>;

/** Whether an application has been paid, when and how much. */
const paid = {
  payStatus: {
    type: 'int',
    label: label('付款状态', 'Paid'),
    dict: 'pay_status',
    bizDict: true,
    default: 0,
    list: true,
    search: true,
    form: false,
    width: 100,
  },
  payTime: { type: 'datetime', label: label('付款时间', 'Paid at'), list: true, form: false, width: 170 },
} as const satisfies Record<string, FieldDef>;

// ---------------------------------------------------------------------------------------------------------------
// Accounts

/** 内部账户 (S2 L185, L441, L486): the firm's bank and cash accounts, with an opening and a reconciled amount. */
export const accountInfoEntity = defineEntity({
  name: 'account_info',
  table: 'hjl_account_info',
  api: '/api/business/hjlAccountInfo',
  path: '/finance/hjlAccountInfo',
  label: label('内部账户', 'Internal accounts'),
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'createTime', dir: 'asc' },
  exportable: true,
  fields: {
    accountName: { type: 'string', max: 100, label: label('账户名称', 'Account name'), required: '请输入账户名称', list: true, search: true, width: 200 },
    accountNum: {
      type: 'string',
      max: 64,
      label: label('账号', 'Account number'),
      required: '请输入账号',
      unique: '账号已存在',
      list: true,
      search: true,
      width: 200,
    },
    bankName: { type: 'string', max: 100, label: label('开户行', 'Bank'), required: '请输入开户行', list: true, search: true, width: 200 },
    accountNature: {
      type: 'int',
      label: label('账户性质', 'Nature'),
      dict: 'account_nature',
      bizDict: true,
      required: '请选择账户性质',
      list: true,
      search: true,
      width: 100,
    },
    openingBalance: amount('期初余额', 'Opening balance', { required: '请输入期初余额' }),
    balance: amount('账面余额', 'Book balance', { form: false }),
    practicalAmount: amount('实际金额', 'Practical amount', { form: false }),
    practicalTime: { type: 'datetime', label: label('对账时间', 'Reconciled at'), list: true, form: false, width: 170 },
    // 1: payments may take the balance below zero (a credit line); 0: refused with 账户余额不足 (BUSINESS.md §1).
    allowOverdraft: { type: 'int', label: label('允许透支', 'Overdraft allowed'), dict: 'yes_no', default: 0, list: true, width: 90 },
    remark: remark(),
  },
});

/** Kinds of change an account's history records (hjl_account_his_info.change_type). */
export const ACCOUNT_CHANGE = { open: 1, opening: 2, income: 3, expend: 4, practical: 5, reverse: 6 } as const;

/** 账户变动历史 (S2 L440): every change of an account, with the balance after it and the record that made it. */
export const accountHisInfoEntity = defineEntity({
  name: 'account_his_info',
  table: 'hjl_account_his_info',
  api: '/api/business/hjlAccountHisInfo',
  path: '/finance/hjlAccountHisInfo',
  label: label('账户变动历史', 'Account history'),
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'operateTime', dir: 'desc' },
  fields: {
    accountInfoId: accountRef('账户', { required: '请选择账户', search: true }),
    changeType: {
      type: 'int',
      label: label('变动类型', 'Change'),
      dict: 'account_change_type',
      bizDict: true,
      required: '请选择变动类型',
      list: true,
      search: true,
      width: 110,
    },
    amount: amount('变动金额', 'Amount', { required: '请输入变动金额' }),
    balanceAfter: amount('变动后余额', 'Balance after', { form: false }),
    bizType: { type: 'string', max: 64, label: label('业务类型', 'Source'), list: true, filterable: true, form: false, width: 160 },
    bizId: { type: 'id', label: label('业务单据', 'Source record'), filterable: true, form: false },
    operator: { type: 'id', label: label('操作人', 'Operator'), ref: 'user', display: 'operatorName', list: true, form: false, width: 100 },
    operateTime: { type: 'datetime', label: label('变动时间', 'Time'), list: true, sortable: true, filterable: true, form: false, width: 170 },
    remark: remark(),
  },
});

/** 员工账户 (S1 L61, L120): a person's bank accounts, shown as `accountList` on user search rows. */
export const userAccountEntity = defineEntity({
  name: 'user_account',
  table: 'hjl_user_account',
  api: '/api/business/hjlUserAccount',
  path: '/finance/hjlUserAccount',
  label: label('员工账户', 'Staff accounts'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  owner: 'userId',
  fields: {
    userId: { type: 'id', label: label('员工', 'Person'), ref: 'user', display: 'userName', required: '请选择员工', list: true, search: true, width: 100 },
    accountName: { type: 'string', max: 100, label: label('户名', 'Account name'), required: '请输入户名', list: true, search: true, width: 140 },
    accountNum: { type: 'string', max: 64, label: label('账号', 'Account number'), required: '请输入账号', list: true, search: true, width: 200 },
    bankName: { type: 'string', max: 100, label: label('开户行', 'Bank'), required: '请输入开户行', list: true, width: 200 },
    isDefault: { type: 'int', label: label('默认账户', 'Default'), dict: 'yes_no', default: 0, list: true, width: 90 },
    remark: remark(),
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The ledger

/**
 * 收支明细 (S2 L199-210): one row per money event. Rows written by a process carry the record that produced
 * them (`bizType`, `bizId`, unique) and cannot be changed by hand; rows entered by hand (the income/expense payment
 * form, S2 L312-316) can. `status` 2 marks a row in effect (posted, or its 收支登记 approved).
 * `hjlIncomeExpends` is the ledger (POST list with body filters); `hjlIncomeExpend` the same rows as generic CRUD
 * with the 收支登记 process (`incomeExpend`).
 */
export const incomeExpendEntity = defineEntity({
  name: 'income_expend',
  table: 'hjl_income_expend',
  api: '/api/business/hjlIncomeExpend',
  path: '/finance/hjlIncomeExpends',
  label: label('收支明细', 'Income and expense'),
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'transactionDate', dir: 'desc' },
  exportable: true,
  dialogWidth: 900,
  approval: { ...FINANCE_PROCESS.incomeExpend, amountField: 'tradeAmount', title: '{userName}的收支登记({tradeAmount}元)', formUrl: '/workflow/incomeExpend' },
  fields: {
    incomeOrExpend: {
      type: 'int',
      label: label('收支类型', 'Income or expense'),
      dict: 'income_or_expend',
      bizDict: true,
      required: '请选择收支类型',
      list: true,
      search: true,
      width: 90,
    },
    costStage: { type: 'int', label: label('成本阶段', 'Cost stage'), dict: 'cost_stage', bizDict: true, list: true, search: true, width: 100 },
    costType: { type: 'int', label: label('成本类型', 'Cost type'), dict: 'cost_type', bizDict: true, list: true, search: true, width: 110 },
    transactionDate: {
      type: 'date',
      label: label('交易日期', 'Date'),
      required: '请选择打款日期',
      list: true,
      sortable: true,
      filterable: true,
      width: 120,
    },
    tradeAmount: amount('交易金额(元)', 'Amount', { required: '请输入交易金额(元)', sortable: true, filterable: true }),
    accountInfoId: accountRef('内部账户', { search: true }),
    transactionReferenceNumber: { type: 'string', max: 64, label: label('交易流水号', 'Reference'), list: true, search: true, trigramIndex: true, width: 180 },
    payerName: {
      type: 'string',
      max: 100,
      label: label('付款人', 'Payer'),
      required: '请选择付款人',
      list: true,
      search: true,
      trigramIndex: true,
      width: 160,
    },
    debitAccountNo: { type: 'string', max: 64, label: label('付款账号', 'Payer account'), width: 180 },
    payerAccountBank: { type: 'string', max: 100, label: label('付款开户行', 'Payer bank'), width: 160 },
    payeeName: {
      type: 'string',
      max: 100,
      label: label('收款人', 'Payee'),
      required: '请选择收款人',
      list: true,
      search: true,
      trigramIndex: true,
      width: 160,
    },
    payeeAccountNumber: { type: 'string', max: 64, label: label('收款账号', 'Payee account'), width: 180 },
    beneficiaryAccountBank: { type: 'string', max: 100, label: label('收款开户行', 'Payee bank'), width: 160 },
    ...project,
    projectName: { ...project.projectName, trigramIndex: true },
    isRefund: { type: 'int', label: label('是否退款', 'Refund'), dict: 'yes_no', default: 0, filterable: true, list: true, width: 90 },
    isKnowGet: { type: 'int', label: label('认领状态', 'Claimed'), dict: 'know_get', bizDict: true, default: 1, list: true, search: true, width: 90 },
    optionPersonName: { type: 'string', max: 100, label: label('经办人', 'Handled by'), list: true, filterable: true, form: false, width: 100 },
    bizType: { type: 'string', max: 64, label: label('来源业务', 'Source'), list: true, filterable: true, form: false, width: 140 },
    bizId: { type: 'id', label: label('来源单据', 'Source record'), filterable: true, form: false },
    claimBizType: { type: 'string', max: 64, label: label('认领业务', 'Claimed by'), form: false },
    claimBizId: { type: 'id', label: label('认领单据', 'Claim record'), form: false },
    filePath: files(),
    remark: remark(),
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Applications

/** 付款申请 (S2 L440, L60-85 applyPayment startStep/finalStep): the applicant asks, the cashier pays at the last node. */
export const applyPaymentEntity = defineEntity({
  name: 'apply_payment',
  table: 'hjl_apply_payment',
  api: '/api/business/hjlApplyPayment',
  path: '/finance/hjlApplyPayment',
  label: label('付款申请', 'Payment requests'),
  routes: ['list', 'detail', 'submit', 'remove'],
  owner: 'applyUser',
  exportable: true,
  dialogWidth: 900,
  approval: { ...FINANCE_PROCESS.applyPayment, amountField: 'amount', title: '{userName}的付款申请({amount}元)', formUrl: '/workflow/applyPayment' },
  fields: {
    title: { type: 'string', max: 200, label: label('付款事由', 'Reason'), required: '请输入付款事由', list: true, search: true, width: 220 },
    amount: amount('付款金额(元)', 'Amount', { required: '请输入付款金额', sortable: true }),
    costType: { type: 'int', label: label('成本类型', 'Cost type'), dict: 'cost_type', bizDict: true, list: true, search: true, width: 110 },
    ...payee,
    ...project,
    planPayDate: { type: 'date', label: label('计划付款日期', 'Planned date'), list: true, width: 120 },
    ...applicant,
    ...paymentInfo,
    ...paid,
    filePath: files(),
    remark: remark(),
  },
});

/** 费用报销 (S1 L120, L124; S2 L450): a claim with lines (hjlApplyExpenseInfo) that sum to its total, against budgets. */
export const applyExpenseEntity = defineEntity({
  name: 'apply_expense',
  table: 'hjl_apply_expense',
  api: '/api/business/hjlApplyExpense',
  path: '/finance/hjlApplyExpense',
  label: label('费用报销', 'Expense claims'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  owner: 'applyUser',
  exportable: true,
  dialogWidth: 960,
  approval: { ...FINANCE_PROCESS.applyExpense, amountField: 'totalAmount', title: '{userName}的费用报销({totalAmount}元)', formUrl: '/workflow/applyExpence' },
  fields: {
    title: { type: 'string', max: 200, label: label('报销事由', 'Reason'), required: '请输入报销事由', list: true, search: true, width: 220 },
    totalAmount: amount('报销金额(元)', 'Total', { sortable: true, form: false }),
    ...project,
    ...applicant,
    ...paymentInfo,
    ...paid,
    paidAmount: amount('已付金额', 'Paid', { form: false }),
    filePath: files(),
    remark: remark(),
  },
});

/** 报销明细 (S2 L440): the lines of a claim — date, expense type, amount, bills — each charged to a budget. */
export const applyExpenseInfoEntity = defineEntity({
  name: 'apply_expense_info',
  table: 'hjl_apply_expense_info',
  api: '/api/business/hjlApplyExpenseInfo',
  path: '/finance/hjlApplyExpenseInfo',
  label: label('报销明细', 'Claim lines'),
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'sort', dir: 'asc' },
  parent: { field: 'applyExpenseId', entity: 'apply_expense', missing: '报销单不存在或无权访问' },
  fields: {
    applyExpenseId: { type: 'id', label: label('报销单', 'Claim'), required: '请选择报销单', filterable: true, form: false },
    expenseDate: { type: 'date', label: label('费用日期', 'Date'), required: '请选择费用日期', list: true, width: 120 },
    expenseType: {
      type: 'int',
      label: label('费用类型', 'Type'),
      dict: 'expense_type',
      bizDict: true,
      required: '请选择费用类型',
      list: true,
      search: true,
      width: 110,
    },
    amount: amount('金额(元)', 'Amount', { required: '请输入金额' }),
    billCount: { type: 'int', label: label('票据张数', 'Bills'), range: { min: 0, max: 9999 }, default: 0, list: true, width: 90 },
    budgetId: { type: 'id', label: label('预算', 'Budget'), filterable: true, form: false },
    sort: { type: 'int', label: label('序号', 'No.'), default: 0, form: false },
    remark: remark(),
  },
});

/** 预算 (S1 L121, S2 L440): a department's budget of a year (or a month) for one expense type. */
export const budgetExpendEntity = defineEntity({
  name: 'budget_expend',
  table: 'hjl_budget_expend',
  api: '/api/business/hjlBudgetExpend',
  path: '/finance/hjlBudgetExpend',
  label: label('预算管理', 'Budgets'),
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'budgetYear', dir: 'desc' },
  exportable: true,
  fields: {
    budgetYear: {
      type: 'int',
      label: label('预算年度', 'Year'),
      required: '请输入预算年度',
      range: { min: 2000, max: 2100 },
      list: true,
      search: true,
      sortable: true,
      width: 90,
    },
    budgetMonth: { type: 'int', label: label('预算月份', 'Month'), range: { min: 1, max: 12 }, list: true, filterable: true, width: 90 },
    deptId: { type: 'id', label: label('部门', 'Department'), required: '请选择部门', filterable: true },
    deptName: { type: 'string', max: 100, label: label('部门', 'Department'), list: true, search: true, form: false, width: 120 },
    budgetType: {
      type: 'int',
      label: label('预算类型', 'Type'),
      dict: 'expense_type',
      bizDict: true,
      required: '请选择预算类型',
      list: true,
      search: true,
      width: 110,
    },
    budgetAmount: amount('预算金额(元)', 'Budget', { required: '请输入预算金额' }),
    usedAmount: amount('已用金额', 'Used', { form: false }),
    remark: remark(),
  },
});

/** 支出单 (`expendForm`, S1 L120): a direct expense with its payment, approved, then written to the ledger. */
export const expendFromEntity = defineEntity({
  name: 'expend_from',
  table: 'hjl_expend_from',
  api: '/api/business/hjlExpendFrom',
  path: '/finance/hjlExpendFrom',
  label: label('支出单', 'Expenditures'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  owner: 'applyUser',
  exportable: true,
  dialogWidth: 900,
  approval: { ...FINANCE_PROCESS.expendForm, amountField: 'amount', title: '{userName}的支出单({amount}元)', formUrl: '/workflow/expendForm' },
  fields: {
    title: { type: 'string', max: 200, label: label('支出事由', 'Reason'), required: '请输入支出事由', list: true, search: true, width: 220 },
    amount: amount('支出金额(元)', 'Amount', { required: '请输入支出金额', sortable: true }),
    costStage: { type: 'int', label: label('成本阶段', 'Cost stage'), dict: 'cost_stage', bizDict: true, list: true, width: 100 },
    costType: {
      type: 'int',
      label: label('成本类型', 'Cost type'),
      dict: 'cost_type',
      bizDict: true,
      required: '请选择成本类型',
      list: true,
      search: true,
      width: 110,
    },
    expendDate: { type: 'date', label: label('支出日期', 'Date'), required: '请选择支出日期', list: true, sortable: true, filterable: true, width: 120 },
    accountInfoId: accountRef('支出账户', { required: '请选择支出账户' }),
    payeeName: { type: 'string', max: 100, label: label('收款人', 'Payee'), required: '请选择收款人', list: true, search: true, width: 140 },
    payeeAccountNumber: { type: 'string', max: 64, label: label('收款账号', 'Payee account') },
    beneficiaryAccountBank: { type: 'string', max: 100, label: label('收款开户行', 'Payee bank') },
    ...project,
    ...applicant,
    filePath: files(),
    remark: remark(),
  },
});

/** 退款申请 (`applyRefund`; paid through `refundMakePay`): money received that goes back. */
export const applyRefundEntity = defineEntity({
  name: 'apply_refund',
  table: 'hjl_apply_refund',
  api: '/api/business/hjlApplyRefund',
  path: '/finance/hjlApplyRefund',
  label: label('退款申请', 'Refunds'),
  routes: ['list', 'detail', 'submit', 'remove'],
  owner: 'applyUser',
  exportable: true,
  dialogWidth: 900,
  approval: { ...FINANCE_PROCESS.applyRefund, amountField: 'refundAmount', title: '{userName}的退款申请({refundAmount}元)', formUrl: '/workflow/applyRefund' },
  fields: {
    title: { type: 'string', max: 200, label: label('退款事由', 'Reason'), required: '请输入退款事由', list: true, search: true, width: 220 },
    refundAmount: amount('退款金额(元)', 'Amount', { required: '请输入退款金额', sortable: true }),
    incomeExpendId: { type: 'id', label: label('原收款记录', 'Original receipt'), filterable: true },
    ...payee,
    ...project,
    ...applicant,
    ...paid,
    filePath: files(),
    remark: remark(),
  },
});

/** 借款 (`applyLendReturn` startStep/finalStep, S2 L77): lent, paid by the cashier, repaid through `repayment`. */
export const lendMoneyEntity = defineEntity({
  name: 'lend_money',
  table: 'hjl_apply_lend_return_money',
  api: '/api/business/hjlApplyLendReturnMoney',
  path: '/finance/hjlApplyLendReturnMoney',
  label: label('借款申请', 'Loans'),
  routes: ['list', 'detail', 'submit', 'remove'],
  owner: 'applyUser',
  exportable: true,
  dialogWidth: 900,
  approval: { ...FINANCE_PROCESS.applyLend, amountField: 'lendAmount', title: '{userName}的借款申请({lendAmount}元)', formUrl: '/workflow/applyLendReturn' },
  fields: {
    purpose: { type: 'string', max: 200, label: label('借款用途', 'Purpose'), required: '请输入借款用途', list: true, search: true, width: 220 },
    lendAmount: amount('借款金额(元)', 'Amount', { required: '请输入借款金额', sortable: true }),
    returnedAmount: amount('已还金额', 'Repaid', { form: false }),
    balance: amount('借款余额', 'Outstanding', { form: false, sortable: true }),
    planReturnDate: { type: 'date', label: label('计划还款日期', 'Due'), required: '请选择计划还款日期', list: true, sortable: true, width: 120 },
    ...project,
    ...applicant,
    ...paymentInfo,
    ...paid,
    filePath: files(),
    remark: remark(),
  },
});

/** 还款 (`repayment` startStep/finalStep, S2 L79, L259): a repayment of a loan, never above its balance. */
export const returnMoneyEntity = defineEntity({
  name: 'return_money',
  table: 'hjl_apply_return_money',
  api: '/api/business/hjlApplyReturnMoney',
  path: '/finance/hjlApplyReturnMoney',
  label: label('还款', 'Repayments'),
  routes: ['list', 'detail', 'submit', 'remove'],
  owner: 'applyUser',
  dialogWidth: 900,
  approval: { ...FINANCE_PROCESS.repayment, amountField: 'returnAmount', title: '{userName}的还款({returnAmount}元)', formUrl: '/workflow/repayment' },
  fields: {
    lendId: { type: 'id', label: label('借款单', 'Loan'), required: '请选择借款单', filterable: true },
    lendPurpose: { type: 'string', max: 200, label: label('借款用途', 'Loan'), list: true, form: false, width: 200 },
    returnAmount: amount('还款金额(元)', 'Amount', { required: '请输入还款金额', sortable: true }),
    returnDate: { type: 'date', label: label('还款日期', 'Date'), required: '请选择还款日期', list: true, sortable: true, width: 120 },
    ...applicant,
    ...paymentInfo,
    filePath: files(),
    remark: remark(),
  },
});

/** 全额计税 / 完税 (BUSINESS.md §1): the tax of a period, computed from the taxable amount and the rate. */
export const fullTaxEntity = defineEntity({
  name: 'full_tax',
  table: 'hjl_full_tax',
  api: '/api/business/hjlFullTax',
  path: '/finance/hjlFullTax',
  label: label('完税管理', 'Tax settlements'),
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'taxPeriod', dir: 'desc' },
  exportable: true,
  fields: {
    taxPeriod: {
      type: 'string',
      max: 7,
      label: label('所属期间', 'Period'),
      required: '请选择所属期间',
      pattern: { regex: /^\d{4}-(0[1-9]|1[0-2])$/, message: '所属期间格式应为yyyy-MM' },
      list: true,
      search: true,
      sortable: true,
      width: 100,
    },
    taxType: { type: 'int', label: label('税种', 'Tax'), dict: 'tax_type', bizDict: true, required: '请选择税种', list: true, search: true, width: 110 },
    ...project,
    taxableAmount: amount('计税金额(元)', 'Taxable', { required: '请输入计税金额' }),
    taxRate: {
      type: 'string',
      max: 10,
      label: label('税率', 'Rate'),
      required: '请输入税率',
      pattern: { regex: /^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, message: '税率应为0至1之间的小数,最多四位小数' },
      list: true,
      width: 80,
    },
    taxAmount: amount('税额(元)', 'Tax', { form: false }),
    payDate: { type: 'date', label: label('缴纳日期', 'Paid on'), list: true, width: 120 },
    accountInfoId: accountRef('缴纳账户', { list: false }),
    certificateNo: { type: 'string', max: 64, label: label('完税凭证号', 'Certificate'), list: true, width: 160 },
    filePath: files(),
    remark: remark(),
  },
});

/** 财务单据 (BUSINESS.md §1): a general finance document with a type, lines and an amount, approved. */
export const financeFormEntity = defineEntity({
  name: 'finance_form',
  table: 'hjl_finance_form',
  api: '/api/business/hjlFinanceForm',
  path: '/finance/hjlFinanceForm',
  label: label('财务单据', 'Finance forms'),
  routes: ['list', 'detail', 'submit', 'remove'],
  owner: 'applyUser',
  dialogWidth: 900,
  approval: { ...FINANCE_PROCESS.financeForm, amountField: 'money', title: '{userName}的财务单据({money}元)', formUrl: '/workflow/financeForm' },
  fields: {
    title: { type: 'string', max: 200, label: label('单据标题', 'Title'), required: '请输入单据标题', list: true, search: true, width: 220 },
    formType: {
      type: 'int',
      label: label('单据类型', 'Type'),
      dict: 'finance_form_type',
      bizDict: true,
      required: '请选择单据类型',
      list: true,
      search: true,
      width: 110,
    },
    content: { type: 'text', label: label('单据明细', 'Lines'), form: false },
    money: amount('金额(元)', 'Amount', { form: false }),
    ...applicant,
    filePath: files(),
    remark: remark(),
  },
});

/**
 * 待认领款项 (S2 L449): money that arrived on an account without a known owner (a ledger income row with
 * isKnowGet 0); a claim of several goes to finance in one batch (`submitApproval`), and once approved the rows are
 * claimed.
 */
export const pendingAccountEntity = defineEntity({
  name: 'pending_account',
  table: 'hjl_pending_account',
  api: '/api/business/hjlPendingAccount',
  path: '/finance/hjlPendingAccount',
  label: label('待认领款项', 'Pending money'),
  routes: ['list', 'detail'],
  defaultSort: { field: 'transactionDate', dir: 'desc' },
  approval: { ...FINANCE_PROCESS.pendingAccount, amountField: 'amount', title: '{userName}的待认领款项认领' },
  fields: {
    incomeExpendId: { type: 'id', label: label('收支记录', 'Ledger row'), filterable: true, form: false },
    amount: amount('金额(元)', 'Amount', { form: false, sortable: true }),
    payerName: { type: 'string', max: 100, label: label('付款人', 'Payer'), list: true, search: true, form: false, width: 160 },
    transactionDate: { type: 'date', label: label('到账日期', 'Date'), list: true, sortable: true, filterable: true, form: false, width: 120 },
    accountInfoId: accountRef('到账账户', { form: false }),
    claimUser: {
      type: 'id',
      label: label('认领人', 'Claimed by'),
      ref: 'user',
      display: 'claimUserName',
      list: true,
      filterable: true,
      form: false,
      width: 100,
    },
    claimTime: { type: 'datetime', label: label('认领时间', 'Claimed at'), list: true, form: false, width: 170 },
    remark: remark(),
  },
});

/**
 * 付款记录 (S2 L452, L548-549): one row per payment with the payment form (S2 L190-197). A payment of an approved
 * application is started from it (`makePayment`; `refundMakePay` for a refund) and, approved, writes the ledger;
 * the payments made at a finalStep are recorded here as they happen.
 */
export const paymentHisEntity = defineEntity({
  name: 'payment_his',
  table: 'hjl_payment_his',
  api: '/api/business/hjlPaymentHis',
  path: '/finance/hjlPaymentHis',
  label: label('付款记录', 'Payments'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  exportable: true,
  dialogWidth: 1000,
  approval: { ...FINANCE_PROCESS.makePayment, amountField: 'amount', title: '{userName}的付款({amount}元)', formUrl: '/workflow/makePayment' },
  fields: {
    bizType: {
      type: 'string',
      max: 64,
      label: label('付款业务', 'For'),
      dict: 'payment_biz_type',
      bizDict: true,
      required: '请选择付款业务',
      list: true,
      search: true,
      width: 120,
    },
    bizId: { type: 'id', label: label('业务单据', 'Record'), required: '请选择付款的申请', filterable: true },
    bizTitle: { type: 'string', max: 200, label: label('付款事由', 'Reason'), list: true, search: true, trigramIndex: true, form: false, width: 220 },
    amount: amount('付款金额(元)', 'Amount', { form: false, sortable: true }),
    expenseType: {
      type: 'int',
      label: label('付款方式', 'Payment method'),
      dict: 'payment_method',
      bizDict: true,
      required: '请选择付款方式',
      list: true,
      width: 100,
    },
    transactionDate: {
      type: 'date',
      label: label('打款日期', 'Payment date'),
      required: '请选择打款日期',
      list: true,
      sortable: true,
      filterable: true,
      width: 120,
    },
    transactionReferenceNumber: { type: 'string', max: 64, label: label('交易流水号', 'Reference'), list: true, width: 180 },
    payerName: { type: 'string', max: 100, label: label('付款人名称', 'Payer'), list: true, width: 140 },
    debitAccountNo: { type: 'string', max: 64, label: label('付款人账号', 'Payer account') },
    payerAccountBank: { type: 'string', max: 100, label: label('付款人开户行', 'Payer bank') },
    accountInfoId: accountRef('付款账户'),
    accountNum: { type: 'string', max: 64, label: label('账号', 'Account number') },
    ...payee,
    payeeName: { ...payee.payeeName, trigramIndex: true },
    filePath: files(),
    remark: remark(),
  },
});

/** 账户结算 (`accountSettlement`): an account reconciled — the difference between the counted and the book amount posted. */
export const accountSettlementEntity = defineEntity({
  name: 'account_settlement',
  table: 'hjl_account_settlement',
  api: '/api/business/hjlAccountSettlement',
  path: '/finance/hjlAccountSettlement',
  label: label('账户结算', 'Account settlements'),
  routes: ['list', 'detail', 'submit', 'remove'],
  owner: 'applyUser',
  approval: { ...FINANCE_PROCESS.accountSettlement, amountField: 'practicalAmount', title: '{userName}的账户结算', formUrl: '/workflow/accountSettlement' },
  fields: {
    accountInfoId: accountRef('结算账户', { required: '请选择结算账户', search: true }),
    settleDate: { type: 'date', label: label('结算日期', 'Date'), required: '请选择结算日期', list: true, sortable: true, width: 120 },
    bookBalance: amount('账面余额', 'Book balance', { form: false }),
    practicalAmount: amount('实际金额', 'Counted amount', { required: '请输入实际金额' }),
    difference: amount('差额', 'Difference', { form: false }),
    ...applicant,
    filePath: files(),
    remark: remark(),
  },
});

/** Every finance definition (menus, grants and the route walks). */
export const financeEntities = [
  accountInfoEntity,
  accountHisInfoEntity,
  userAccountEntity,
  incomeExpendEntity,
  applyPaymentEntity,
  applyExpenseEntity,
  applyExpenseInfoEntity,
  budgetExpendEntity,
  expendFromEntity,
  applyRefundEntity,
  lendMoneyEntity,
  returnMoneyEntity,
  fullTaxEntity,
  financeFormEntity,
  pendingAccountEntity,
  paymentHisEntity,
  accountSettlementEntity,
] as const;
