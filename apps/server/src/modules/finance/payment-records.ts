/**
 * 付款记录 (makePayment; refundMakePay for a refund, BUSINESS.md WP4): pays an approved, unpaid application with the
 * payment form; approved, it posts the payment and marks the application paid. A record a process wrote (isDraft
 * 2) is neither changed nor removed.
 */
import {
  APPROVAL_STATUS,
  FINANCE_MSG,
  FINANCE_PROCESS,
  PAY_STATUS,
  applyExpenseEntity,
  applyPaymentEntity,
  applyRefundEntity,
  fenToMoney,
  lendMoneyEntity,
  paymentHisEntity,
  toFen,
  type RowOf,
} from '@hjl/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Executor, Row } from '../../platform/crud/repo.ts';
import { approvalColumnsOf, type EntityTable } from '../../platform/crud/table.ts';
import { fail } from '../../platform/http/errors.ts';
import { accountOfPayment, blank, markPaid, type Applications, type PaidRow } from './application.ts';
import { assertAccount, ledgerEntryOf, postLedgerEntry } from './ledger.ts';
import { assertPayable } from './payable.ts';
import { paymentFormMessages } from './payment-form.ts';
import { applyExpenses, applyPayments, applyRefunds, lendMoneys, paymentHis } from './schema.ts';

/** Which kinds of application a payment record may pay, with their amount and title. */
const PAYABLE: Record<string, { table: EntityTable; amount: string; title: string; payee?: boolean }> = {
  [applyExpenseEntity.table]: { table: applyExpenses, amount: 'totalAmount', title: 'title' },
  [applyPaymentEntity.table]: { table: applyPayments, amount: 'amount', title: 'title', payee: true },
  [applyRefundEntity.table]: { table: applyRefunds, amount: 'refundAmount', title: 'title', payee: true },
  [lendMoneyEntity.table]: { table: lendMoneys, amount: 'lendAmount', title: 'purpose' },
};

/** The application a payment pays, as stored (its own columns by name: any of the PAYABLE kinds). */
type Payable = PaidRow & Row & { status: number; payStatus: number | null };
type PaymentRecord = RowOf<typeof paymentHisEntity>;
const APPLICATION_MISSING = '付款的申请不存在';

async function payable(tx: Executor, tenantId: string, bizType: string, bizId: string, lock = false) {
  const kind = PAYABLE[bizType];
  if (!kind) throw fail('不支持的付款业务');
  const t = kind.table;
  const q = tx
    .select()
    .from(t)
    .where(and(eq(t.id, bizId), eq(t.tenantId, tenantId), eq(t.isDeleted, 0)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw fail(APPLICATION_MISSING);
  return { kind, row: row as Payable };
}

/** The application is approved, not paid, and no other payment record pays it. */
async function assertUnpaid(tx: Executor, tenantId: string, bizType: string, bizId: string, except?: string, lock = false) {
  const { row } = await payable(tx, tenantId, bizType, bizId, lock);
  await assertPayable(tx, tenantId, {
    record: row,
    payments: paymentHis,
    paying: [eq(paymentHis.bizType, bizType), eq(paymentHis.bizId, bizId)],
    except,
    messages: { missing: APPLICATION_MISSING, notApproved: FINANCE_MSG.notApproved, paid: FINANCE_MSG.paid },
    paid: (r) => r.payStatus === PAY_STATUS.paid,
  });
}

export function registerPaymentRecords(a: Applications) {
  const { db } = a;
  /** The amount and title are the application's; its payee unless one is given. */
  const fillPayment = async (user: AuthUser, data: Row, current?: PaymentRecord) => {
    const bizType = String(data.bizType ?? current?.bizType ?? '');
    const bizId = String(data.bizId ?? current?.bizId ?? '');
    const { kind, row } = await payable(db, user.tenantId, bizType, bizId);
    data.amount = fenToMoney(toFen(String(row[kind.amount] ?? '0')));
    data.bizTitle = String(row[kind.title] ?? '').slice(0, 200);
    if (kind.payee && blank(data.payeeName)) data.payeeName = row.payeeName ?? null;
    if (data.accountInfoId) await assertAccount(db, user.tenantId, String(data.accountInfoId));
  };
  const recordOf = async (user: AuthUser, id: string) => {
    const [row] = await db
      .select()
      .from(paymentHis)
      .where(and(eq(paymentHis.id, id), eq(paymentHis.tenantId, user.tenantId)));
    return row as PaymentRecord | undefined;
  };
  a.kit.register(paymentHisEntity, paymentHis, {
    dictionary: a.dictionary,
    async beforeWrite(user, data, id) {
      delete data.amount;
      delete data.bizTitle;
      const current = id ? await recordOf(user, id) : undefined;
      if (current && current.isDraft === 2) throw fail('由审批生成的付款记录不能修改');
      await fillPayment(user, data, current);
    },
    async beforeRemove(user, ids) {
      const rows = await db
        .select({ isDraft: approvalColumnsOf(paymentHis).isDraft })
        .from(paymentHis)
        .where(and(inArray(paymentHis.id, ids), eq(paymentHis.tenantId, user.tenantId)));
      if (rows.some((r) => Number(r.isDraft) === 2)) throw fail('由审批生成的付款记录不能删除');
    },
    async beforeStart(user, record, current) {
      const [refusal] = paymentFormMessages(record);
      if (refusal) throw fail(refusal);
      await assertUnpaid(db, user.tenantId, String(record.bizType), String(record.bizId), current?.id);
      await fillPayment(user, record, current);
    },
    processFor: (_user, record) => (record.bizType === applyRefundEntity.table ? FINANCE_PROCESS.refundMakePay : undefined),
    async startWith(tx, user, id, record) {
      await assertUnpaid(tx, user.tenantId, String(record.bizType), String(record.bizId), id, true);
    },
    async onStatus(tx, pay, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      const { kind, row } = await payable(tx, pay.tenantId, String(pay.bizType), String(pay.bizId), true);
      if (row.payStatus === PAY_STATUS.paid) throw fail(FINANCE_MSG.paid);
      const posted = await postLedgerEntry(
        tx,
        // The application's project and cost type; the payment record's own payment form and payee.
        ledgerEntryOf(
          { ...pay, projectId: row.projectId ?? null, projectName: row.projectName ?? null, costType: row.costType ?? null, costStage: null },
          {
            tenantId: pay.tenantId,
            bizType: paymentHisEntity.table,
            bizId: pay.id,
            direction: 'expense',
            amount: String(pay.amount),
            date: String(pay.transactionDate),
            accountInfoId: await accountOfPayment(tx, pay.tenantId, pay),
            payeeName: pay.payeeName ?? pay.personName ?? pay.customerName ?? null,
            isRefund: pay.bizType === applyRefundEntity.table ? 1 : 0,
            remark: pay.bizTitle ?? null,
            userId: pay.createUser ?? null,
          },
        ),
      );
      if (!posted.created) return;
      const extra: Row = pay.bizType === lendMoneyEntity.table ? { balance: String(row.lendAmount), returnedAmount: '0.00' } : {};
      if (pay.bizType === applyExpenseEntity.table) extra.paidAmount = String(pay.amount);
      await markPaid(tx, kind.table, row.id, a.clock.now(), extra);
    },
  });
}
