/**
 * The applications that move money (BUSINESS.md WP4), one file per kind on the approval kit with its demo process
 * (approval/models.ts). Every approved money event posts exactly one ledger row (ledger.ts, unique on the producing
 * record) in the engine's transaction. Applicants see their own applications, department managers their
 * departments', finance all (application.ts).
 */
import type { ModuleContext } from '../../platform/module.ts';
import { registerAccountSettlements } from './account-settlements.ts';
import { applications, type ApplicationDeps } from './application.ts';
import { registerBudgets } from './budgets.ts';
import { registerClaims } from './claims.ts';
import { registerExpendForms } from './expend-forms.ts';
import { registerFinanceForms } from './finance-forms.ts';
import { registerLends } from './lends.ts';
import { registerPaymentRecords } from './payment-records.ts';
import { registerPayments } from './payments.ts';
import { registerPendingAccounts } from './pending-accounts.ts';
import { registerRefunds } from './refunds.ts';
import { registerTaxes } from './taxes.ts';

export { FINANCE_ALL, type ApplicationDeps } from './application.ts';

export function registerApplications(ctx: ModuleContext, deps: ApplicationDeps) {
  const a = applications(ctx, deps);
  const payments = registerPayments(a); // 付款申请
  const claims = registerClaims(a); // 费用报销, its lines, 我的报销, 报销金额统计
  const budgets = registerBudgets(a); // 预算, check/{id}
  registerExpendForms(a); // 支出单
  registerRefunds(a); // 退款申请
  const lends = registerLends(a); // 借款, 还款, return-money/{id}
  registerTaxes(a); // 完税
  registerFinanceForms(a); // 财务单据
  registerPendingAccounts(a); // 待认领款项 (submitApproval)
  registerPaymentRecords(a); // 付款记录 (makePayment, refundMakePay)
  registerAccountSettlements(a); // 账户结算
  return { payments, claims, lends, budgets };
}
