/**
 * The business forms of the processes (features/workflow/process/formRegistry.ts): one entry per form url or
 * external form. Like the page registry (features/registry.ts) this is where the areas meet; it sits in app/ so that
 * the workflow feature and the page registry read it without importing another feature. A business area adds its forms here and nowhere else, one entry each, e.g.
 *
 *   { url: '/workflow/makePayment', processKey: 'makePayment', def: applyPaymentEntity },
 *   { url: '/workflow/applyPayment', processKey: 'applyPayment', def: applyPaymentEntity,
 *     steps: { finalStep: lazy(() => import('../features/finance/PaymentStep')) } },
 *   { url: '/workflow/payTheDeposit', processKey: 'payTheDeposit', def: depositEntity, types: DEPOSIT_TYPES, typeField: 'depositType',
 *     drawer: { approvalTab: 'payment', approval: lazy(() => import('../features/deposit/DepositPaymentDetail')) } },
 *
 * A definition alone gives the start form (its form fields, posting `<api>/start`) and the record view; `start`,
 * `record` and `steps` replace or add pages of the area's own.
 */
import {
  CONTRACT_PROCESS,
  LEAVE_PROCESS_KEY,
  PROJECT_PROCESSES,
  auditSealEntity,
  contractEntity,
  leaveEntity,
  projectEntity,
  projectQualityEntity,
  projectSecondCheckEntity,
  projectThirdCheckEntity,
  FINANCE_PROCESS,
  accountSettlementEntity,
  applyExpenseEntity,
  applyPaymentEntity,
  applyRefundEntity,
  expendFromEntity,
  financeFormEntity,
  incomeExpendEntity,
  lendMoneyEntity,
  paymentHisEntity,
  returnMoneyEntity,
  auditCarEntity,
  auditEvectionEntity,
  auditGoOutEntity,
  auditShoppingEntity,
  salaryRecordEntity,
  labourFeeEntity,
  LABOUR_SECOND_PROCESS,
  projectCompletionEntity,
  projectCompletionPayEntity,
  DEPOSIT_PROCESS,
  DEPOSIT_TYPES,
  depositEntity,
  depositRefundEntity,
  type EntityDef,
  type Label,
} from '@hjl/core';
import { lazy } from 'react';
import { registerApprovalView } from '../components/ApprovalDrawer';
// The 结算记录 picker (ref kind project_decision) of 完工付款's process form and its list page's dialog.
import '../features/money/SettlementSelect';
import type { ProcessForm } from '../features/workflow/process/formTypes';
// The 保证金 picker (ref kind guarantee_money) of the refund's process form and its list page's dialog.
import '../features/deposit/DepositSelect';

const PaymentStep = lazy(() => import('../features/workflow/process/PaymentStep'));
// The finance views of the approval detail drawer: 付款详情 of what the payment information paid, 还款详情 of loans.
const paymentDetail = {
  approvalTab: 'payment',
  approval: lazy(() => import('../features/finance/DrawerViews').then((m) => ({ default: m.PaymentDetailView }))),
} as const;
const loanRepayments = lazy(() => import('../features/finance/DrawerViews').then((m) => ({ default: m.LoanRepaymentsView })));
const repaymentRepayments = lazy(() => import('../features/finance/DrawerViews').then((m) => ({ default: m.RepaymentRepaymentsView })));
// Office approvals (行政审批): a trip's and a purchase's lines on the process screens and in the drawer's 基本信息.
const office = (name: 'Evection' | 'Shopping') => ({
  start: lazy(() => import('../features/office/StartForms').then((m) => ({ default: m[`${name}StartForm`] }))),
  record: lazy(() => import('../features/office/Records').then((m) => ({ default: m[`${name}Record`] }))),
  drawer: { basic: lazy(() => import('../features/office/Records').then((m) => ({ default: m[`${name}DrawerView`] }))) },
});
const labourRecord = lazy(() => import('../features/money/LabourRecord'));
// Guarantee money (S2 L255-258): a deposit's and a refund's 付款详情, a replacement refund's two records.
const depositViews = (name: 'DepositPaymentView' | 'RefundPaymentView' | 'ReplaceRefundView') =>
  lazy(() => import('../features/deposit/DrawerViews').then((m) => ({ default: m[name] })));
/** The form url an approvable definition declares. */
const formUrlOf = (def: EntityDef) => def.approval!.formUrl!;

export const processForms: ProcessForm[] = [
  // 请假 (wf_ex_leave): the leave pages of its own.
  {
    suffix: 'leave',
    processKey: LEAVE_PROCESS_KEY,
    def: leaveEntity,
    start: lazy(() => import('../features/workflow/leave/LeaveStartForm')),
    record: lazy(() => import('../features/workflow/leave/LeaveRecord')),
  },
  // Contracts and the project register (BUSINESS.md WP2): each record's start form and view derive from its definition.
  { url: CONTRACT_PROCESS.formUrl, processKey: CONTRACT_PROCESS.key, def: contractEntity },
  { url: PROJECT_PROCESSES.createProject.formUrl, processKey: PROJECT_PROCESSES.createProject.key, def: projectEntity },
  { url: PROJECT_PROCESSES.secondCheck.formUrl, processKey: PROJECT_PROCESSES.secondCheck.key, def: projectSecondCheckEntity },
  { url: PROJECT_PROCESSES.thirdCheck.formUrl, processKey: PROJECT_PROCESSES.thirdCheck.key, def: projectThirdCheckEntity },
  { url: PROJECT_PROCESSES.auditSeal.formUrl, processKey: PROJECT_PROCESSES.auditSeal.key, def: auditSealEntity },
  { url: PROJECT_PROCESSES.quality.formUrl, processKey: PROJECT_PROCESSES.quality.key, def: projectQualityEntity },
  // Finance (BUSINESS.md WP4): the cashier's payment information is the finalStep of payments, loans and repayments, and
  // of a claim at finance's node (financeTask, where the server takes it); a claim shows its lines.
  { url: formUrlOf(incomeExpendEntity), processKey: FINANCE_PROCESS.incomeExpend.processKey, def: incomeExpendEntity },
  {
    url: formUrlOf(applyPaymentEntity),
    processKey: FINANCE_PROCESS.applyPayment.processKey,
    def: applyPaymentEntity,
    steps: { finalStep: PaymentStep },
    drawer: paymentDetail,
  },
  {
    url: formUrlOf(applyExpenseEntity),
    processKey: FINANCE_PROCESS.applyExpense.processKey,
    def: applyExpenseEntity,
    start: lazy(() => import('../features/finance/ClaimStartForm')),
    record: lazy(() => import('../features/finance/ClaimRecord')),
    steps: { financeTask: PaymentStep, finalStep: PaymentStep },
    drawer: paymentDetail,
  },
  { url: formUrlOf(expendFromEntity), processKey: FINANCE_PROCESS.expendForm.processKey, def: expendFromEntity },
  { url: formUrlOf(applyRefundEntity), processKey: FINANCE_PROCESS.applyRefund.processKey, def: applyRefundEntity },
  {
    url: formUrlOf(lendMoneyEntity),
    processKey: FINANCE_PROCESS.applyLend.processKey,
    def: lendMoneyEntity,
    steps: { finalStep: PaymentStep },
    drawer: { ...paymentDetail, repayment: loanRepayments },
  },
  {
    url: formUrlOf(returnMoneyEntity),
    processKey: FINANCE_PROCESS.repayment.processKey,
    def: returnMoneyEntity,
    steps: { finalStep: PaymentStep },
    drawer: { repayment: repaymentRepayments },
  },
  {
    url: formUrlOf(paymentHisEntity),
    processKey: [FINANCE_PROCESS.makePayment.processKey, FINANCE_PROCESS.refundMakePay.processKey],
    def: paymentHisEntity,
  },
  { url: formUrlOf(accountSettlementEntity), processKey: FINANCE_PROCESS.accountSettlement.processKey, def: accountSettlementEntity },
  { url: formUrlOf(financeFormEntity), processKey: FINANCE_PROCESS.financeForm.processKey, def: financeFormEntity },
  // Office approvals (BUSINESS.md WP6): 出差 and 采购 with their lines; 外出 and 用车 derive from their definitions.
  { url: formUrlOf(auditEvectionEntity), processKey: auditEvectionEntity.approval!.processKey, def: auditEvectionEntity, ...office('Evection') },
  { url: formUrlOf(auditGoOutEntity), processKey: auditGoOutEntity.approval!.processKey, def: auditGoOutEntity },
  { url: formUrlOf(auditCarEntity), processKey: auditCarEntity.approval!.processKey, def: auditCarEntity },
  { url: formUrlOf(auditShoppingEntity), processKey: auditShoppingEntity.approval!.processKey, def: auditShoppingEntity, ...office('Shopping') },
  // Salary (BUSINESS.md WP6): a month's records approved by one instance; the approver sees them with the totals per department.
  {
    processKey: salaryRecordEntity.approval!.processKey,
    title: { zh: '工资审批', en: 'Payroll approval' },
    record: lazy(() => import('../features/salary/BatchRecord')),
  },
  // Project money (BUSINESS.md WP3): a labour fee's two steps (劳务费申请, then 劳务费发放) show it with its persons and their tax.
  { url: formUrlOf(labourFeeEntity), processKey: labourFeeEntity.approval!.processKey, def: labourFeeEntity, record: labourRecord },
  { url: `/workflow/${LABOUR_SECOND_PROCESS.form}`, processKey: LABOUR_SECOND_PROCESS.key, def: labourFeeEntity, record: labourRecord },
  // 项目完工 (a project without a settlement) and 完工付款 (an approved settlement's fee with the payment form, S2 L71).
  { url: formUrlOf(projectCompletionEntity), processKey: projectCompletionEntity.approval!.processKey, def: projectCompletionEntity },
  { url: formUrlOf(projectCompletionPayEntity), processKey: projectCompletionPayEntity.approval!.processKey, def: projectCompletionPayEntity },
  // Guarantee money (BUSINESS.md WP5): deposits by `{type}`, a replacement, refunds one at a time and in a batch.
  {
    url: formUrlOf(depositEntity),
    processKey: DEPOSIT_PROCESS.pay.processKey,
    def: depositEntity,
    types: DEPOSIT_TYPES,
    typeField: 'depositType',
    drawer: { approvalTab: 'payment', approval: depositViews('DepositPaymentView') },
  },
  {
    url: `/workflow/${DEPOSIT_PROCESS.replace.routeKey}`,
    processKey: DEPOSIT_PROCESS.replace.processKey,
    def: depositEntity,
    drawer: { approvalTab: 'payment', approval: depositViews('DepositPaymentView') },
  },
  {
    url: formUrlOf(depositRefundEntity),
    processKey: DEPOSIT_PROCESS.refund.processKey,
    def: depositRefundEntity,
    drawer: { approvalTab: 'payment', approval: depositViews('RefundPaymentView') },
  },
  {
    url: `/workflow/${DEPOSIT_PROCESS.refundReplace.routeKey}`,
    processKey: DEPOSIT_PROCESS.refundReplace.processKey,
    def: depositRefundEntity,
    drawer: { refund: depositViews('ReplaceRefundView') },
  },
  {
    url: `/workflow/${DEPOSIT_PROCESS.refundBatch.routeKey}`,
    processKey: DEPOSIT_PROCESS.refundBatch.processKey,
    title: { zh: '保证金批量退还', en: 'Batch deposit refund' },
    record: lazy(() => import('../features/deposit/BatchRecord')),
  },
];

/** Route patterns of the form urls (the page registry serves them with FormUrlPage). */
export function formRoutes(forms: readonly ProcessForm[] = processForms): { path: string; title?: Label }[] {
  return forms.flatMap((form) => {
    if (!form.url) return [];
    const title = form.title ?? form.def?.label;
    // `<url>/<segment>`: a step (startStep and finalStep always) or a `{type}` variant.
    return [
      { path: form.url, title },
      { path: `${form.url}/:segment`, title },
    ];
  });
}

/** The process keys of a form (one, or several processes sharing it). */
export const processKeysOf = (form: ProcessForm): readonly string[] => (typeof form.processKey === 'string' ? [form.processKey] : form.processKey);

/**
 * Gives the approval detail drawer the views the forms declare (付款详情, 还款详情 …). Run as this list loads, with the
 * page registry at start: any list's 审批详情 opens the drawer, also before a workflow page has ever loaded.
 */
export function registerDrawerViews(forms: readonly ProcessForm[] = processForms): void {
  for (const form of forms) if (form.drawer) for (const key of processKeysOf(form)) registerApprovalView(key, form.drawer);
}
registerDrawerViews();
