/**
 * What every finance application shares (BUSINESS.md WP4): who sees it (own, department, all: `ApplicantScope`),
 * the applicant stamped by the server, its amount positive, and its payment posted to the ledger once with its
 * payment record. Each kind declares itself on top of this in its own file (payments.ts, claims.ts …);
 * applications.ts lists them.
 */
import { APPROVAL_STATUS, PAY_STATUS, isDateText, type EntityDef, type RowOf } from '@hjl/core';
import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Executor, Row } from '../../platform/crud/repo.ts';
import { columnOf, type EntityTable } from '../../platform/crud/table.ts';
import { nextId } from '../../platform/db/ids.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { firmClock, type FirmClock } from '../../platform/time/index.ts';
import type { ApplicantScope, ApprovalKit, ApprovalOptions, StepForm } from '../approval/api.ts';
import { liveDeptNames } from '../org/api.ts';
import type { Tx } from '../workflow/api.ts';
import { ledgerEntryOf, positiveAmount, postLedgerEntry, type PaymentColumns, type Posted } from './ledger.ts';
import { PAYMENT_FIELDS, paymentFormMessages } from './payment-form.ts';
import { accountInfos, paymentHis } from './schema.ts';

/** The permission code of seeing every application (财务 and 公司领导; a button of 财务管理). */
export const FINANCE_ALL = 'finance_all';

export interface ApplicationDeps {
  kit: ApprovalKit;
  scope: ApplicantScope;
  dictionary: ApprovalOptions['dictionary'];
  userName: (user: AuthUser) => string;
}

/** What a kind's file is given: the module's context, the deps, the firm's clock and the shared options. */
export interface Applications extends ApplicationDeps {
  ctx: ModuleContext;
  db: ModuleContext['database']['db'];
  clock: FirmClock;
  /**
   * The options every application shares, around the kind's own (`more`, whose hooks run after the shared ones):
   * scope (own / department / all), applicant stamped, `amountField` positive, paid fields the server's.
   */
  options<D extends EntityDef>(def: D, table: EntityTable<D>, amountField: (keyof RowOf<D> & string) | null, more?: ApprovalOptions<D>): ApprovalOptions<D>;
}

/** Fields of an application only the server writes (who applied, whether it is paid, what a payment filled). */
const APPLICANT_FIELDS = ['applyUser', 'applyDept', 'applyDeptName', 'applyTime'] as const;
const PAID_FIELDS = ['payStatus', 'payTime', 'paidAmount'] as const;
export const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function applications(ctx: ModuleContext, deps: ApplicationDeps): Applications {
  const db = ctx.database.db;
  const clock = firmClock(ctx.config.timeZone);

  /** The applicant: the caller, their first department and its name, now. */
  const stampApplicant = async (user: AuthUser, record: Row) => {
    const dept = user.deptIds[0] ?? null;
    record.applyUser = user.userId;
    record.applyDept = dept;
    record.applyDeptName = dept ? ((await liveDeptNames(db, user.tenantId, [dept])).get(dept) ?? null) : null;
    record.applyTime = clock.now();
  };

  function options<D extends EntityDef>(def: D, table: EntityTable<D>, amountField: string | null, more: ApprovalOptions<D> = {}): ApprovalOptions<D> {
    const cols = { applyUser: columnOf(table, 'applyUser'), applyDept: columnOf(table, 'applyDept') };
    // The payment form is the cashier's, filled at the last node: never the applicant's.
    const cashierFills = Boolean(more.steps?.finalStep);
    const serverFields = [...PAID_FIELDS, ...(cashierFills ? PAYMENT_FIELDS : [])];
    const paid = 'payStatus' in def.fields;
    return {
      dictionary: deps.dictionary,
      ...more,
      visible: (user) => deps.scope.conditions(user, cols),
      async beforeWrite(user, data, id, input) {
        for (const f of [...APPLICANT_FIELDS, ...serverFields]) delete data[f];
        if (!id) {
          await stampApplicant(user, data);
          if (paid) data.payStatus = PAY_STATUS.unpaid;
        }
        if (amountField && data[amountField] !== undefined && data[amountField] !== null) data[amountField] = positiveAmount(data[amountField]);
        await more.beforeWrite?.(user, data, id, input);
      },
      async beforeStart(user, record, current, body) {
        const values: Row = record; // the shared fields by name, whatever the kind
        for (const f of serverFields) delete values[f];
        await stampApplicant(user, values);
        if (paid) values.payStatus = PAY_STATUS.unpaid;
        if (amountField && !blank(values[amountField])) values[amountField] = positiveAmount(values[amountField]);
        await more.beforeStart?.(user, record, current, body);
      },
    };
  }

  return { ...deps, ctx, db, clock, options };
}

/** The payment step of a two-step process: the payment form's messages (the account is checked when it posts). */
export function paymentStep<D extends EntityDef>(): StepForm<D> {
  return {
    fields: [...PAYMENT_FIELDS],
    check: (values, record) => paymentFormMessages({ ...record, ...values }),
  };
}

/** The columns of an application its payment reads: the payment form, the payee, the applicant. */
export interface PaidRow extends PaymentColumns {
  id: string;
  title?: string | null;
  purpose?: string | null;
  applyUser?: string | null;
  applyDept?: string | null;
  transactionDate?: string | null;
  accountInfoId?: string | null;
  accountNum?: string | null;
  expenseType?: number | null;
  businessSubjectType?: number | null;
  personId?: string | null;
  personName?: string | null;
  customerId?: string | null;
  customerName?: string | null;
}

/** The internal account a payment went through: the one chosen, else the one whose number the payer's account is. */
export async function accountOfPayment(tx: Executor, tenantId: string, v: Pick<PaidRow, 'accountInfoId' | 'debitAccountNo'>): Promise<string | null> {
  if (!blank(v.accountInfoId)) return String(v.accountInfoId);
  if (blank(v.debitAccountNo)) return null;
  const [a] = await tx
    .select({ id: accountInfos.id })
    .from(accountInfos)
    .where(and(eq(accountInfos.tenantId, tenantId), eq(accountInfos.isDeleted, 0), eq(accountInfos.accountNum, String(v.debitAccountNo))))
    .limit(1);
  return a ? String(a.id) : null;
}

export interface PayOut {
  tenantId: string;
  /** The producing record's kind (its table). */
  bizType: string;
  row: PaidRow;
  amount: string;
  /** The payment's date when the row has no valid `transactionDate` (today in the firm's zone). */
  today: string;
  /** Who was paid when not the row's payee (the applicant, by name). */
  payee?: string | null;
  /** false: the ledger row only (an expenditure form is no payment to anyone). */
  paymentRecord?: boolean;
}

/** Posts the payment of an application (in the approval's transaction): one ledger row, one payment record. */
export async function payOut(tx: Tx, p: PayOut): Promise<Posted> {
  const { row, tenantId, bizType } = p;
  const accountInfoId = await accountOfPayment(tx, tenantId, row);
  const date = isDateText(String(row.transactionDate ?? '')) ? String(row.transactionDate) : p.today;
  const payeeName = p.payee ?? row.payeeName ?? null;
  const posted = await postLedgerEntry(
    tx,
    ledgerEntryOf(row, {
      tenantId,
      bizType,
      bizId: row.id,
      direction: 'expense',
      amount: p.amount,
      date,
      accountInfoId,
      payeeName,
      isRefund: 0,
      remark: row.title ?? row.purpose ?? null,
      userId: row.applyUser ?? null,
      deptId: row.applyDept ?? null,
    }),
  );
  if (!posted.created || p.paymentRecord === false) return posted;
  await tx.insert(paymentHis).values({
    id: nextId(),
    tenantId,
    createUser: row.applyUser ?? null,
    updateUser: row.applyUser ?? null,
    status: APPROVAL_STATUS.approved,
    isDraft: 2,
    bizType,
    bizId: row.id,
    bizTitle: String(row.title ?? row.purpose ?? '').slice(0, 200) || null,
    amount: p.amount,
    expenseType: row.expenseType ?? 0,
    transactionDate: date,
    transactionReferenceNumber: row.transactionReferenceNumber ?? null,
    payerName: row.payerName ?? null,
    debitAccountNo: row.debitAccountNo ?? null,
    payerAccountBank: row.payerAccountBank ?? null,
    accountInfoId,
    accountNum: row.accountNum ?? null,
    businessSubjectType: row.businessSubjectType ?? 1,
    personId: row.personId ?? null,
    personName: row.personName ?? null,
    customerId: row.customerId ?? null,
    customerName: row.customerName ?? null,
    payeeName,
  });
  return posted;
}

/** Marks an application paid now (with what else its payment sets: a loan's balance, a claim's paid amount). */
export function markPaid(tx: Executor, table: EntityTable, id: string, now: string, extra: Row = {}) {
  return tx
    .update(table)
    .set({ payStatus: PAY_STATUS.paid, payTime: now, ...extra } as never)
    .where(eq(table.id, id));
}
