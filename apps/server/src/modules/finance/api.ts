/**
 * What other modules may use of the finance module (the only file of it they import):
 * - `postLedgerEntry(tx, ledgerEntryOf(row, event))`: the one way a money event reaches the ledger (收支明细). Call it from an approval
 *   hook (`onStatus`, inside the engine's transaction) when a record's money moves; it writes exactly one row per
 *   producing record (`bizType` = its table, `bizId` = its id; a unique index makes a second call a no-op that
 *   answers the first row) and moves the internal account's balance with a history row.
 * - `ledgerRowOf(tx, tenantId, bizType, bizId)`: the row a record posted; `ledgerRowOfEntry(entry, id)` the row an entry
 *   is stored as (pure: the demo seeds insert their bulk postings with it).
 * - `claimLedgerEntry(tx, claim)`: a record (a project collection, WP3) takes unclaimed money (isKnowGet 0) as its own;
 *   `unclaimedIncomeOf(tx, tenantId, id)` reads such a row.
 * - `usersWithoutAccount(db, tenantId, userIds)` / `assertUsersHaveAccounts(...)`: the staff-account rule
 *   (请选择已维护账户信息的用户!) for forms that pay people (labour fees, salary); `userAccountsOf(...)` the accounts.
 * - `accountRefResolver(db)`: the `account` reference kind (FieldDef.ref: 'account'), registered by this module.
 * - `positiveAmount(value)`: a positive amount of at most two decimals or 400 `金额必须大于0`.
 * - `projectLedgerGroups` / `projectLedgerPage` / `projectLedgerTotals` (project-ledger.ts): the ledger rows in effect
 *   linked to projects, by figure (core project-statement.ts), for project money's 360 view and cross-project report.
 * - `ledgerSum(db, filter)` (ledger-sums.ts): the sum and count of the rows in effect a filter names (an area's statement).
 * - `paymentFormMessages(values)`: the payment form's messages (S2 L305-310) for a payment of another area.
 * - `assertPayable(tx, tenantId, check)` (payable.ts): whether a record may be paid — approved, not paid, no other
 *   payment of it under approval or approved — with the paying area's messages.
 */
import { FINANCE_MSG, KNOW_GET } from '@hjl/core';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import type { Executor } from '../../platform/crud/repo.ts';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/errors.ts';
import { accountInfos, incomeExpends, pendingAccounts, userAccounts } from './schema.ts';

export { figureCondition, projectLedgerGroups, projectLedgerPage, projectLedgerTotals, type ProjectLedgerGroup } from './project-ledger.ts';
export {
  ledgerEntryOf,
  postLedgerEntry,
  ledgerRowOf,
  ledgerRowOfEntry,
  ledgerRowsOfRecord,
  positiveAmount,
  type LedgerEntry,
  type LedgerEvent,
  type PaymentColumns,
  type Posted,
} from './ledger.ts';
export { paymentFormMessages } from './payment-form.ts';
export { ledgerSum, type LedgerFilter } from './ledger-sums.ts';
export { assertPayable, type PayableCheck } from './payable.ts';

/** The `account` reference kind: an internal account of the tenant, named by its account name. */
export function accountRefResolver(db: Db): RefResolver {
  return tableResolver(db, {
    table: accountInfos,
    key: accountInfos.id,
    name: accountInfos.accountName,
    tenant: accountInfos.tenantId,
    live: eq(accountInfos.isDeleted, 0),
  });
}

/** The users among `userIds` who have no staff account (hjl_user_account) in the tenant. */
export async function usersWithoutAccount(db: Executor, tenantId: string, userIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(userIds.map(String))];
  if (!wanted.length) return [];
  const rows = await db
    .selectDistinct({ userId: userAccounts.userId })
    .from(userAccounts)
    .where(and(eq(userAccounts.tenantId, tenantId), eq(userAccounts.isDeleted, 0), inArray(userAccounts.userId, wanted)));
  const have = new Set(rows.map((r) => String(r.userId)));
  return wanted.filter((u) => !have.has(u));
}

/** The staff accounts (户名, 账号, 开户行) of users, the default one first (a form paying people shows them). */
export async function userAccountsOf(db: Executor, tenantId: string, userIds: readonly string[]) {
  const wanted = [...new Set(userIds.map(String))];
  if (!wanted.length) return [];
  return db
    .select({
      id: userAccounts.id,
      userId: userAccounts.userId,
      accountName: userAccounts.accountName,
      accountNum: userAccounts.accountNum,
      bankName: userAccounts.bankName,
      isDefault: userAccounts.isDefault,
    })
    .from(userAccounts)
    .where(and(eq(userAccounts.tenantId, tenantId), eq(userAccounts.isDeleted, 0), inArray(userAccounts.userId, wanted)))
    .orderBy(desc(userAccounts.isDefault), asc(userAccounts.id));
}

/** Refuses a list of people to pay when one of them has no staff account (S1 L103: 请选择已维护账户信息的用户!). */
export async function assertUsersHaveAccounts(db: Executor, tenantId: string, userIds: readonly string[]): Promise<void> {
  if ((await usersWithoutAccount(db, tenantId, userIds)).length) throw fail(FINANCE_MSG.noAccount);
}

/** An unclaimed income row of the tenant (money to claim: isKnowGet 0, in effect), or undefined. */
export async function unclaimedIncomeOf(tx: Executor, tenantId: string, incomeExpendId: string) {
  const [row] = await tx
    .select({
      id: incomeExpends.id,
      tradeAmount: incomeExpends.tradeAmount,
      transactionDate: incomeExpends.transactionDate,
      accountInfoId: incomeExpends.accountInfoId,
      payerName: incomeExpends.payerName,
    })
    .from(incomeExpends)
    .where(
      and(
        eq(incomeExpends.id, incomeExpendId),
        eq(incomeExpends.tenantId, tenantId),
        eq(incomeExpends.isDeleted, 0),
        eq(incomeExpends.isKnowGet, KNOW_GET.unclaimed),
        eq(incomeExpends.incomeOrExpend, 0),
        eq(incomeExpends.status, 2),
      ),
    )
    .limit(1);
  return row
    ? {
        id: String(row.id),
        tradeAmount: String(row.tradeAmount),
        transactionDate: String(row.transactionDate),
        accountInfoId: row.accountInfoId == null ? null : String(row.accountInfoId),
        payerName: row.payerName == null ? null : String(row.payerName),
      }
    : undefined;
}

/** A record taking unclaimed money (a ledger income row with isKnowGet 0) as its own. */
export interface LedgerClaim {
  tenantId: string;
  incomeExpendId: string;
  /** The claiming record's kind and id (e.g. `hjl_project_collect`, its id). */
  claimBizType: string;
  claimBizId: string;
  projectId?: string | null;
  projectName?: string | null;
  /** Who claimed it (shown as 经办人). */
  userName?: string | null;
}

/**
 * Marks unclaimed money as claimed by a record, in the caller's transaction: the row gets the record (and its
 * project), its pending account is closed. Refused when the row is not unclaimed income of the tenant.
 */
export async function claimLedgerEntry(tx: Executor, claim: LedgerClaim): Promise<void> {
  const done = await tx
    .update(incomeExpends)
    .set({
      isKnowGet: KNOW_GET.claimed,
      claimBizType: claim.claimBizType,
      claimBizId: claim.claimBizId,
      ...(claim.projectId ? { projectId: claim.projectId, projectName: claim.projectName ?? null } : {}),
      ...(claim.userName ? { optionPersonName: claim.userName } : {}),
      updateTime: sql`now()`,
    })
    .where(
      and(
        eq(incomeExpends.id, claim.incomeExpendId),
        eq(incomeExpends.tenantId, claim.tenantId),
        eq(incomeExpends.isDeleted, 0),
        eq(incomeExpends.isKnowGet, KNOW_GET.unclaimed),
        eq(incomeExpends.incomeOrExpend, 0),
        eq(incomeExpends.status, 2),
      ),
    )
    .returning({ id: incomeExpends.id });
  if (!done.length) throw fail('该款项不存在或已被认领');
  await tx
    .update(pendingAccounts)
    .set({ isDeleted: 1, updateTime: sql`now()` })
    .where(and(eq(pendingAccounts.tenantId, claim.tenantId), eq(pendingAccounts.incomeExpendId, claim.incomeExpendId), eq(pendingAccounts.isDeleted, 0)));
}
