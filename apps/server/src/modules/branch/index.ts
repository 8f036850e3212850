/**
 * Branches (分公司管理, BUSINESS.md §3 WP5): the branch register with its records — management records, deposits,
 * contracts, accounts, dividends, share withdrawals (on the approval kit), investment information with its history —
 * and a branch's statement over the ledger. Every record kind is seen through its branch (EntityDef.parent), so the
 * branch leader's data scope on the branch's dept (menus.ts) narrows rows, totals, exports and statements alike;
 * money that moves reaches the ledger through finance's postLedgerEntry (shared.ts).
 */
import { filialeEntity } from '@hjl/core';
import { firmClock } from '../../platform/time/index.ts';
import { registerFilialeAccounts } from './accounts.ts';
import { branchRefResolver } from './api.ts';
import { registerFilialeContracts } from './contracts.ts';
import { registerFilialeDeposits } from './deposits.ts';
import { registerDividends } from './dividends.ts';
import { registerFiliales } from './filiales.ts';
import { registerInvestInfo } from './invest.ts';
import { registerFilialeMgmt } from './mgmt.ts';
import { filiales } from './schema.ts';
import type { BranchModuleContext, BranchShared } from './shared.ts';
import { registerBranchStatement } from './statement.ts';
import { registerWithdrawals } from './withdrawals.ts';

export type { BranchModuleContext } from './shared.ts';

export function registerBranch(ctx: BranchModuleContext) {
  ctx.refs.register('branch', branchRefResolver(ctx.database.db));
  const s: BranchShared = {
    ctx,
    db: ctx.database.db,
    clock: firmClock(ctx.config.timeZone),
    dictionary: ctx.dicts.optionsOf,
    filiales: ctx.repo(filialeEntity, filiales),
  };
  registerFiliales(s);
  registerFilialeMgmt(s);
  registerFilialeDeposits(s);
  registerFilialeContracts(s);
  registerFilialeAccounts(s);
  registerDividends(s);
  registerWithdrawals(s);
  registerInvestInfo(s);
  registerBranchStatement(s);
}
