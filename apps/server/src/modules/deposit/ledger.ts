/**
 * A deposit's money (BUSINESS.md WP5, §1 Accounts and the ledger): what its refunds add up to, the refund status that
 * follows from them, and the one ledger row of each event — a payment an expense, a refund an income, a bidder's
 * deposit received an income and returned an expense —, on the account the money went through, linked to the
 * project. Called inside the approvals' transactions, with the deposit row locked: two refunds of one deposit
 * approved at once queue on it, and a second posting of one record is a no-op (postLedgerEntry).
 */
import {
  APPROVAL_STATUS,
  DEPOSIT_DIRECTION,
  DEPOSIT_MSG,
  compareMoney,
  depositEntity,
  depositRefundEntity,
  depositRefundStatus,
  fenToMoney,
  sumMoney,
  toFen,
  type RowOf,
} from '@hjl/core';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { COUNTED_STATUSES } from '../approval/api.ts';
import { ledgerEntryOf, postLedgerEntry, type LedgerEntry } from '../finance/api.ts';
import { depositRefunds, deposits } from './schema.ts';

export type DepositRow = RowOf<typeof depositEntity>;
export type RefundRow = RowOf<typeof depositRefundEntity>;

/** The stored deposit, locked for the rest of the transaction (refunds and replacements of it queue here). */
export async function lockedDeposit(tx: Executor, tenantId: string, id: string): Promise<DepositRow | undefined> {
  const [row] = await tx
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.tenantId, tenantId), eq(deposits.isDeleted, 0)))
    .for('update');
  return row as DepositRow | undefined;
}

/** A deposit's refunds: the approved ones' sum, and the sum of those approved or under approval (but `except`). */
export async function refundSums(tx: Executor, tenantId: string, depositId: string, except?: string) {
  const [row] = await tx
    .select({
      approved: sql<string>`coalesce(sum(${depositRefunds.refundAmount}) FILTER (WHERE ${depositRefunds.status} = ${APPROVAL_STATUS.approved}), 0)::text`,
      counted: sql<string>`coalesce(sum(${depositRefunds.refundAmount}), 0)::text`,
    })
    .from(depositRefunds)
    .where(
      and(
        eq(depositRefunds.tenantId, tenantId),
        eq(depositRefunds.depositId, depositId),
        eq(depositRefunds.isDeleted, 0),
        inArray(depositRefunds.status, COUNTED_STATUSES),
        ...(except ? [ne(depositRefunds.id, except)] : []),
      ),
    );
  return { approved: fenToMoney(toFen(row?.approved ?? '0')), counted: fenToMoney(toFen(row?.counted ?? '0')) };
}

/**
 * Refuses `amount` when it and the deposit's other refunds would come to more than was paid: those approved or
 * under approval (`onlyApproved`: at approval, only the approved ones, which is what the money says).
 */
export async function assertWithinPaid(tx: Executor, deposit: DepositRow, amount: string, except: string | undefined, onlyApproved: boolean) {
  const sums = await refundSums(tx, deposit.tenantId, deposit.id, except);
  const taken = onlyApproved ? sums.approved : sums.counted;
  if (compareMoney(sumMoney([taken, amount]), String(deposit.amount ?? '0')) > 0) throw fail(DEPOSIT_MSG.overPaid);
}

/** Sets the deposit's refunded amount and refund status (未退 / 部分退 / 已退) to what its approved refunds say. */
export async function settleRefundStatus(tx: Executor, deposit: DepositRow): Promise<void> {
  const { approved } = await refundSums(tx, deposit.tenantId, deposit.id);
  await tx
    .update(deposits)
    .set({ refundedAmount: approved, refundStatus: depositRefundStatus(String(deposit.amount ?? '0'), approved), updateTime: sql`now()` })
    .where(eq(deposits.id, deposit.id));
}

/** What a deposit's posting reads of it. */
export type DepositPosting = Pick<
  DepositRow,
  | 'id'
  | 'tenantId'
  | 'direction'
  | 'amount'
  | 'payDate'
  | 'accountInfoId'
  | 'payeeName'
  | 'payeeAccountNumber'
  | 'beneficiaryAccountBank'
  | 'projectId'
  | 'projectName'
  | 'createUser'
  | 'createDept'
>;
/** What a refund's posting reads of it. */
export type RefundPosting = Pick<
  RefundRow,
  'id' | 'tenantId' | 'refundAmount' | 'refundDate' | 'accountInfoId' | 'payeeName' | 'projectId' | 'projectName' | 'createUser' | 'createDept'
>;

/** The ledger entry of a deposit approved: the firm's payment (expense), or a bidder's deposit received (income). */
export function depositLedgerEntry(row: DepositPosting): LedgerEntry {
  const received = Number(row.direction) === DEPOSIT_DIRECTION.received;
  return ledgerEntryOf(row, {
    tenantId: row.tenantId,
    bizType: depositEntity.table,
    bizId: row.id,
    direction: received ? 'income' : 'expense',
    amount: String(row.amount),
    date: String(row.payDate),
    accountInfoId: row.accountInfoId,
    // The counterparty pays a received deposit: the payer, not the payee.
    ...(received ? { payerName: row.payeeName, payeeName: null, payeeAccountNumber: null, beneficiaryAccountBank: null } : {}),
    remark: `${received ? '收取投标保证金' : '缴纳保证金'}: ${row.projectName ?? ''}`.slice(0, 500),
    userId: row.createUser,
    deptId: row.createDept,
  });
}

/** The ledger entry of a refund approved: money back from the owner (income), or a bidder's deposit returned (expense). */
export function refundLedgerEntry(refund: RefundPosting, deposit: Pick<DepositRow, 'direction' | 'accountInfoId' | 'payeeName' | 'projectName'>): LedgerEntry {
  const toBidder = Number(deposit.direction) === DEPOSIT_DIRECTION.received;
  return ledgerEntryOf(refund, {
    tenantId: refund.tenantId,
    bizType: depositRefundEntity.table,
    bizId: refund.id,
    direction: toBidder ? 'expense' : 'income',
    amount: String(refund.refundAmount),
    date: String(refund.refundDate),
    accountInfoId: refund.accountInfoId ?? deposit.accountInfoId,
    // The owner pays a refund back: the payer; a bidder is paid: the payee.
    ...(toBidder ? {} : { payerName: deposit.payeeName, payeeName: null }),
    isRefund: 1,
    remark: `${toBidder ? '退还投标保证金' : '保证金退还'}: ${deposit.projectName ?? ''}`.slice(0, 500),
    userId: refund.createUser,
    deptId: refund.createDept,
  });
}

/** Posts a deposit approved (once: a second call answers the first row). */
export const postDeposit = (tx: Executor, row: DepositRow) => postLedgerEntry(tx, depositLedgerEntry(row));
/** Posts a refund approved (once). */
export const postRefund = (tx: Executor, refund: RefundRow, deposit: DepositRow) => postLedgerEntry(tx, refundLedgerEntry(refund, deposit));
