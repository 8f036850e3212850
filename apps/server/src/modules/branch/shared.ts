/**
 * What the branch record kinds share: the module's context, the branches' repository (every other kind is seen
 * through it: its `parent`), the firm's clock and the one way their money reaches the ledger.
 */
import { PERCENT_FIELDS, percentError, type EntityDef, type filialeEntity } from '@hjl/core';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { FirmClock } from '../../platform/time/index.ts';
import type { ApprovalKit } from '../approval/api.ts';
import type { DictStores } from '../dict/api.ts';
import { ledgerEntryOf, ledgerRowOf, postLedgerEntry, type LedgerEvent, type Posted } from '../finance/api.ts';

export interface BranchModuleContext extends ModuleContext {
  approval: ApprovalKit;
  dicts: DictStores;
}

export interface BranchShared {
  ctx: BranchModuleContext;
  db: ModuleContext['database']['db'];
  clock: FirmClock;
  dictionary: DictStores['optionsOf'];
  filiales: EntityRepo<typeof filialeEntity>;
}

/** The producing kinds of the branch's ledger rows (`bizType`): one row per record and kind, ever. */
export const BRANCH_LEDGER_BIZ = {
  mgmt: 'hjl_filiale_mgmt',
  deposit: 'hjl_filiale_deposit',
  depositRefund: 'hjl_filiale_deposit_refund',
  dividend: 'hjl_dividend',
  withdraw: 'hjl_withdraw_share',
} as const;

/** Posts a branch record's money event (income or expense on the account it went through), once per record and kind. */
export function postBranchMoney(tx: Executor, event: LedgerEvent): Promise<Posted> {
  return postLedgerEntry(tx, ledgerEntryOf({}, event));
}

/** Whether a record has posted its money of this kind (it is then no longer changed or removed). */
export async function hasPosted(db: Executor, tenantId: string, bizType: string, id: string): Promise<boolean> {
  return (await ledgerRowOf(db, tenantId, bizType, id)) !== undefined;
}

export const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Refuses a percentage of the record outside 0 to 100 (分成比例, 管理费率, 分红比例, 投资比例 …). */
export function checkPercents(def: EntityDef, data: Row): void {
  for (const name of PERCENT_FIELDS) {
    const field = def.fields[name];
    const value = data[name];
    const message = field && typeof value === 'string' ? percentError(field.label.zh, value) : undefined;
    if (message) throw fail(message);
  }
}
