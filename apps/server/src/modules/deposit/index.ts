/**
 * Guarantee money (保证金, BUSINESS.md §3 WP5): deposits paid, refunded (one or several in one instance), replaced and
 * received from bidders and returned, on the approval kit and the ledger (one row per approved event, ledger.ts),
 * for the projects the caller may see; the outstanding report with its ages, and the due reminders. Other modules
 * use api.ts only.
 */
import { depositRefResolver } from './api.ts';
import { shared, type DepositModuleContext } from './context.ts';
import { registerDeposits } from './deposits.ts';
import { registerRefunds } from './refunds.ts';
import { registerDepositReminders } from './reminders.ts';
import { registerReport } from './report.ts';

export type { DepositModuleContext } from './context.ts';

export function registerDeposit(ctx: DepositModuleContext) {
  const s = shared(ctx);
  ctx.refs.register('guarantee_money', depositRefResolver(ctx.database.db));
  const deposits = registerDeposits(s);
  const refunds = registerRefunds(s, deposits.repo);
  deposits.registerReads(refunds);
  registerReport(s, deposits.repo);
  const reminders = registerDepositReminders(s);
  return { deposits: deposits.repo, refunds, reminders };
}
