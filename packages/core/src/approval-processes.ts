/**
 * The business processes of the specs (S2 L60-85, BUSINESS.md §3) as the demo company runs them: for each business
 * form (`makePayment`, `labor/second` …) its process definition key, name, category, approval chain and money
 * threshold (BUSINESS.md §1: payments and expenses 部门经理 → 财务, above 50,000.00 — expense claims 5,000.00 — also
 * 总经理; contracts 部门经理 → 总经理; others 部门经理 → the owning function). The server deploys a model of each
 * into the demo tenant and seeds the route-key dictionary `wf_route` (dictKey = form, remark = key); an area declares
 * `approval: { processKey: approvalProcess('makePayment').key, routeKey: 'makePayment', … }`.
 */

/** Who approves a step: by post or role, never a named user. */
export type ApproverKind = 'dept' | 'finance' | 'gm' | 'hr' | 'archive' | 'cashier';

/** The step's node name and how its approvers are found (post code or role alias of the tenant). */
export const APPROVERS: Record<ApproverKind, { name: string; by: 'post' | 'role'; code: string }> = {
  dept: { name: '部门经理审批', by: 'post', code: 'manager' },
  finance: { name: '财务审批', by: 'role', code: 'finance' },
  gm: { name: '总经理审批', by: 'post', code: 'ceo' },
  hr: { name: '人事审批', by: 'post', code: 'hr' },
  archive: { name: '档案管理员审批', by: 'post', code: 'archivist' },
  cashier: { name: '出纳付款', by: 'post', code: 'cashier' },
};

export interface ApprovalProcess {
  /** The business form: route-key dictKey, and the form url `/workflow/<form>` (S1 L33). */
  form: string;
  /** Process definition key. */
  key: string;
  name: string;
  /** Category: the names of the workflow category and (optionally) its child, as seeded (`行政审批` / `用印`). */
  category: [string] | [string, string];
  /** The approval chain, in order. */
  steps: ApproverKind[];
  /** Above this amount (`money`, the record's amountField) the chain adds 总经理审批 after its steps. */
  threshold?: string;
  /** Two forms (S2 L60-85 startStep / finalStep): the applicant's at the start, the cashier's payment information last. */
  twoStep?: boolean;
  /** One instance approves several records (salary months, pending accounts): the kit's batch option. */
  batch?: boolean;
}

/** Payments: 50,000.00; expense claims and purchases: 5,000.00 (BUSINESS.md §1). */
export const PAYMENT_THRESHOLD = '50000';
export const EXPENSE_THRESHOLD = '5000';

const PROJECT: [string] = ['项目审批'];
const FINANCE: [string] = ['财务审批'];
const OFFICE: [string] = ['行政审批'];
const p = (
  form: string,
  key: string,
  name: string,
  category: ApprovalProcess['category'],
  steps: ApproverKind[],
  more: Partial<ApprovalProcess> = {},
): ApprovalProcess => ({
  form,
  key,
  name,
  category,
  steps,
  ...more,
});

export const APPROVAL_PROCESSES: readonly ApprovalProcess[] = [
  // Contracts and projects (WP2)
  p('editContract', 'hjl_contract', '合同审批', ['项目审批', '合同评审'], ['dept', 'gm']),
  p('createProject', 'hjl_project', '项目立项', ['项目审批', '立项'], ['dept', 'gm']),
  p('secondCheck', 'hjl_project_second_check', '二级复核', PROJECT, ['dept']),
  p('thirdCheck', 'hjl_project_third_check', '三级审定', PROJECT, ['dept', 'gm']),
  p('auditSealProcess', 'hjl_audit_seal', '用章申请', ['行政审批', '用印'], ['dept', 'gm']),
  p('projectQuality', 'hjl_project_quality', '质量检查', PROJECT, ['dept', 'gm']),
  // Project money (WP3)
  p('invoice', 'hjl_invoice', '开票申请', FINANCE, ['dept', 'finance']),
  p('voidInvoice', 'hjl_void_invoice', '发票作废', FINANCE, ['dept', 'finance']),
  p('projectSettlement', 'hjl_project_settlement', '项目结算', PROJECT, ['dept', 'finance'], { threshold: PAYMENT_THRESHOLD }),
  p('labor', 'hjl_labor', '劳务费申请', ['财务审批', '付款申请'], ['dept', 'finance'], { threshold: PAYMENT_THRESHOLD }),
  p('labor/second', 'hjl_labor_second', '劳务费发放', ['财务审批', '付款申请'], ['finance'], { threshold: PAYMENT_THRESHOLD }),
  p('projectApplyExpence', 'hjl_project_apply_expense', '项目费用申请', ['财务审批', '费用报销'], ['dept', 'finance'], { threshold: EXPENSE_THRESHOLD }),
  p('projectMakePayment', 'hjl_project_make_payment', '项目付款', ['财务审批', '付款申请'], ['dept', 'finance'], { threshold: PAYMENT_THRESHOLD }),
  p('projectCompletion', 'hjl_project_completion', '项目完工', PROJECT, ['dept', 'gm']),
  p('projectCompletionPay', 'hjl_project_completion_pay', '完工付款', ['财务审批', '付款申请'], ['dept', 'finance'], { threshold: PAYMENT_THRESHOLD }),
  // Finance (WP4)
  p('incomeExpend', 'hjl_income_expend', '收支登记', FINANCE, ['dept', 'finance']),
  p('makePayment', 'hjl_make_payment', '付款', ['财务审批', '付款申请'], ['dept', 'finance'], { threshold: PAYMENT_THRESHOLD }),
  p('applyPayment', 'hjl_apply_payment', '付款申请', ['财务审批', '付款申请'], ['dept', 'finance'], { threshold: PAYMENT_THRESHOLD, twoStep: true }),
  p('applyExpence', 'hjl_apply_expense', '费用报销', ['财务审批', '费用报销'], ['dept', 'finance'], { threshold: EXPENSE_THRESHOLD }),
  p('expendForm', 'hjl_expend_form', '支出单', ['财务审批', '费用报销'], ['dept', 'finance'], { threshold: PAYMENT_THRESHOLD }),
  p('applyRefund', 'hjl_apply_refund', '退款申请', FINANCE, ['dept', 'finance'], { threshold: PAYMENT_THRESHOLD }),
  p('refundMakePay', 'hjl_refund_make_pay', '退款付款', FINANCE, ['dept', 'finance'], { threshold: PAYMENT_THRESHOLD }),
  p('applyLendReturn', 'hjl_apply_lend_return_money', '借款申请', ['财务审批', '借款'], ['dept', 'finance'], { threshold: PAYMENT_THRESHOLD, twoStep: true }),
  p('repayment', 'hjl_apply_return_money', '还款', ['财务审批', '借款'], ['dept', 'finance'], { twoStep: true }),
  p('accountSettlement', 'hjl_account_settlement', '账户结算', FINANCE, ['dept', 'finance']),
  p('financeForm', 'hjl_finance_form', '财务单据', FINANCE, ['dept', 'finance']),
  p('pendingAccount', 'hjl_pending_account_batch', '待认领款批量审批', FINANCE, ['finance'], { batch: true }),
  // Guarantee money and branches (WP5); the keys of S2 L255-258
  p('payTheDeposit', 'hjl_apply_guarantee_money', '保证金缴纳', FINANCE, ['dept', 'finance'], { threshold: PAYMENT_THRESHOLD }),
  p('payTheDeposit/replace', 'hjl_apply_replace_guarantee_money', '保证金代缴', FINANCE, ['dept', 'finance'], {
    threshold: PAYMENT_THRESHOLD,
  }),
  p('refundTheDeposit', 'hjl_refund_guarantee_money', '保证金退还', FINANCE, ['dept', 'finance']),
  p('refundTheDeposit/replace', 'hjl_refund_replace_guarantee_money', '代缴保证金退还', FINANCE, ['dept', 'finance']),
  p('refundTheDepositBatch', 'hjl_refund_guarantee_money_batch', '保证金批量退还', FINANCE, ['dept', 'finance'], { batch: true }),
  p('withdraw', 'hjl_withdraw_share', '提成提取', ['财务审批', '付款申请'], ['dept', 'finance'], { threshold: PAYMENT_THRESHOLD }),
  // Office approvals, HR and salary (WP6)
  p('auditEvectionProcess', 'hjl_audit_evection', '出差申请', ['行政审批', '出差'], ['dept', 'hr']),
  p('auditGoOutProcess', 'hjl_audit_go_out', '外出申请', ['行政审批', '出差'], ['dept', 'hr']),
  p('auditCarProcess', 'hjl_audit_car', '用车申请', OFFICE, ['dept', 'hr']),
  p('auditShoppingProcess', 'hjl_audit_shopping', '采购申请', OFFICE, ['dept', 'finance'], { threshold: EXPENSE_THRESHOLD }),
  // The secrets vault (BUSINESS.md §1 hjlPassword): a use request, approved by the department and the keepers (finance).
  p('passwordUse', 'hjl_password_apply', '密码使用申请', OFFICE, ['dept', 'finance']),
  p('salary', 'hjl_salary_batch', '工资审批', ['人事审批'], ['hr', 'finance', 'gm'], { batch: true }),
  // Archives (WP7)
  p('hjlArchivesProcess', 'hjl_archives', '档案归档', OFFICE, ['dept', 'archive']),
  p('archiveBorrow', 'hjl_archive_borrow', '档案借阅', OFFICE, ['dept', 'archive']),
  p('archiveReturn', 'hjl_archive_return', '档案归还', OFFICE, ['archive']),
];

/** The process of a business form. */
export function approvalProcess(form: string): ApprovalProcess {
  const found = APPROVAL_PROCESSES.find((x) => x.form === form);
  if (!found) throw new Error(`no approval process for form ${form}`);
  return found;
}

/** The business form url of a process (its start form key): `/workflow/<form>`, `/workflow/<form>/startStep` for two-step forms. */
export const approvalFormUrl = (proc: Pick<ApprovalProcess, 'form' | 'twoStep'>, step?: 'startStep' | 'finalStep') =>
  `/workflow/${proc.form}${proc.twoStep ? `/${step ?? 'startStep'}` : ''}`;
