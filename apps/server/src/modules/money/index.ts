/**
 * Project money (项目资金, BUSINESS.md §3 WP3), piece 1: collections with their persons' shares
 * (collections.ts) and invoices with their voiding (invoices.ts); piece 2: labour fees (labour.ts), settlements (settlement.ts), project expenses and their payment (expenses.ts); piece 3: project completion and the settlement fee's payment (completion.ts); records of the projects the caller may see (the
 * project module's data scope: project staff their projects, finance and leaders all), approved on the approval
 * kit; an approved collection writes its ledger row through finance's api.ts.
 */
import { registerCollectionPersons } from './collection-persons.ts';
import { registerCollections } from './collections.ts';
import { registerCompletionPay } from './completion-pay.ts';
import { registerCompletion } from './completion.ts';
import { registerExpensePay } from './expense-pay.ts';
import { registerExpenses } from './expenses.ts';
import { shared, type MoneyModuleContext } from './context.ts';
import { registerInvoiceVoids } from './invoice-voids.ts';
import { registerInvoices } from './invoices.ts';
import { registerMoneyStatistics } from './report.ts';
import { registerStatementReport } from './statement-report.ts';
import { registerDirectExpend, registerStatement } from './statement.ts';
import { registerLabour } from './labour.ts';
import { registerSettlements, settlementRefResolver } from './settlement.ts';

export type { MoneyModuleContext } from './context.ts';

export function registerMoney(ctx: MoneyModuleContext) {
  const s = shared(ctx);
  // 完工付款's 结算记录 (projectCompletionPayEntity.decisionId): the settlement named by its project and fee.
  ctx.refs.register('project_decision', settlementRefResolver(ctx.database.db));
  const invoices = registerInvoices(s);
  registerInvoiceVoids(s, invoices.repo);
  const collections = registerCollections(s);
  registerCollectionPersons(s, collections.repo);
  const labour = registerLabour(s);
  const settlements = registerSettlements(s);
  const expenses = registerExpenses(s);
  registerExpensePay(s, expenses.repo);
  const completions = registerCompletion(s);
  const completionPays = registerCompletionPay(s, settlements.repo);
  registerStatement(s);
  registerDirectExpend(s);
  registerStatementReport(s);
  registerMoneyStatistics(s, { collections: collections.repo, invoices: invoices.repo });
  return {
    invoices: invoices.repo,
    collections: collections.repo,
    labour: labour.repo,
    settlements: settlements.repo,
    expenses: expenses.repo,
    completions,
    completionPays,
  };
}
