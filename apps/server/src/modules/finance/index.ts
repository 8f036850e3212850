/**
 * Finance (财务管理, BUSINESS.md WP4): accounts and their history, staff accounts, the ledger and the applications
 * that move money, each on the approval kit. Other modules use `api.ts` only (postLedgerEntry …).
 */
import type { AuthUser } from '../../platform/auth/user.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { ApplicantScope, type ApprovalKit } from '../approval/api.ts';
import type { DictStores } from '../dict/api.ts';
import { userDisplayName, type UserModule } from '../user/api.ts';
import { registerAccountPick } from './account-pick.ts';
import { accountListExtension, registerAccounts } from './accounts.ts';
import { accountRefResolver } from './api.ts';
import { FINANCE_ALL, registerApplications } from './applications.ts';
import { registerLedger } from './ledger-routes.ts';
import { registerReports } from './reports.ts';
import { registerFinanceStatistics } from './statistics.ts';
import type { StatisticsRegistry } from '../statistics/api.ts';

export interface FinanceModuleContext extends ModuleContext {
  approval: ApprovalKit;
  dicts: DictStores;
  users: UserModule;
  statistics: StatisticsRegistry;
}

export function registerFinance(ctx: FinanceModuleContext) {
  const db = ctx.database.db;
  ctx.refs.register('account', accountRefResolver(db));
  const dictionary = ctx.dicts.optionsOf;
  const userName = (user: AuthUser) => userDisplayName(user);
  // Finance and the leaders (finance_all) see every application, a department manager their departments', others their own.
  const scope = new ApplicantScope(ctx, FINANCE_ALL);

  const accounts = registerAccounts(ctx, { dictionary });
  registerAccountPick(ctx);
  ctx.users.extendSearchRows(accountListExtension(ctx));
  const ledger = registerLedger(ctx, { kit: ctx.approval, dictionary, userName });
  const applications = registerApplications(ctx, { kit: ctx.approval, scope, dictionary, userName });
  // 财务报表: monthly income and expense by cost type and account, budget use by department, outstanding loans.
  registerReports(ctx, { dicts: ctx.dicts, scope, ledger, budgets: applications.budgets, lends: applications.lends });
  registerFinanceStatistics(ctx, { claims: applications.claims, scope });
  return { accounts, ledger, applications, scope };
}
