/**
 * Whether a record may be paid (付款): it exists, is approved, is not paid, has nothing else against it, and no other
 * payment of it is under approval or approved. Finance's payment records (付款记录) and project money's payments of
 * an expense and of a settlement's fee (through finance/api.ts) make this one check, each with its own messages;
 * the payment form itself is checked by `paymentFormMessages` (payment-form.ts).
 */
import { APPROVAL_STATUS } from '@hjl/core';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/crud/repo.ts';
import type { EntityTable } from '../../platform/crud/table.ts';
import { fail } from '../../platform/http/errors.ts';
import { anotherCounted } from '../approval/api.ts';

export interface PayableCheck<R> {
  /** The record to pay as the caller read it (locked at start and at approval), undefined when there is none. */
  record: R | undefined;
  /** The table of the payments of such records (an approvable entity table) … */
  payments: EntityTable;
  /** … and the conditions naming this record among them (`expenseId = …`, `bizType = … AND bizId = …`). */
  paying: SQL[];
  /** The payment being written or started: not another payment of the record. */
  except?: string | undefined;
  /** The refusals: no such record, not approved, paid (or another payment of it under approval or approved). */
  messages: { missing: string; notApproved: string; paid: string };
  /** Whether the record says it is paid already (its pay status). */
  paid?(record: R): boolean;
  /** What else keeps the approved, unpaid record from being paid (a settlement without a fee): the refusal. */
  refusal?(record: R): string | undefined;
}

/** Refuses a record that may not be paid (400 with the check's messages, in this order); answers the record. */
export async function assertPayable<R extends { status?: unknown }>(tx: Executor, tenantId: string, check: PayableCheck<R>): Promise<R> {
  const { record, payments, messages } = check;
  if (!record) throw fail(messages.missing);
  if (Number(record.status) !== APPROVAL_STATUS.approved) throw fail(messages.notApproved);
  if (check.paid?.(record)) throw fail(messages.paid);
  const refusal = check.refusal?.(record);
  if (refusal) throw fail(refusal);
  if (await anotherCounted(tx, payments, tenantId, check.paying, { except: check.except })) throw fail(messages.paid);
  return record;
}
