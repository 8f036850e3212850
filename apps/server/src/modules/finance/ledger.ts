/**
 * Postings to the ledger (收支明细) and their effect on the internal accounts: every row in effect (status 2) moves
 * its account's book balance by its amount (income up, expense down) and leaves a history row
 * (hjl_account_his_info) with the balance after it. Rows produced by a process are written here once per
 * producing record (the unique index on tenant, biz_type, biz_id): posting twice answers the first row.
 */
import {
  ACCOUNT_CHANGE,
  APPROVAL_DRAFT,
  APPROVAL_STATUS,
  FINANCE_MSG,
  INCOME_OR_EXPEND,
  KNOW_GET,
  MONEY_TEXT_RE,
  isDateText,
  isIdText,
  toFen,
  type FileItem,
} from '@hjl/core';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/crud/repo.ts';
import { nextId } from '../../platform/db/ids.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { fail } from '../../platform/http/errors.ts';
import { accountHisInfos, accountInfos, incomeExpends, pendingAccounts } from './schema.ts';

/** One money event as a ledger row: what happened, on which account, and the record that produced it. */
export interface LedgerEntry {
  tenantId: string;
  /** The producing record's kind (its table, e.g. `hjl_apply_payment`) and id: one row per pair, ever. */
  bizType: string;
  bizId: string;
  /** 0 income, 1 expense (S2 L200). */
  incomeOrExpend: 0 | 1;
  /** A decimal string, positive, at most two decimals. */
  tradeAmount: string;
  /** yyyy-MM-dd. */
  transactionDate: string;
  /** The internal account the money went through (its book balance moves); none: the row has no account. */
  accountInfoId?: string | null;
  costStage?: number | null;
  costType?: number | null;
  /** The project (WP2) the money belongs to, by id, with its name as shown in the ledger. */
  projectId?: string | null;
  projectName?: string | null;
  transactionReferenceNumber?: string | null;
  payerName?: string | null;
  debitAccountNo?: string | null;
  payerAccountBank?: string | null;
  payeeName?: string | null;
  payeeAccountNumber?: string | null;
  beneficiaryAccountBank?: string | null;
  /** 1 for a refund. */
  isRefund?: 0 | 1;
  /** 0 for money that arrived without a known owner (it becomes a pending account to claim); default 1. */
  isKnowGet?: 0 | 1;
  /** Who handled it (shown in the ledger). */
  optionPersonName?: string | null;
  filePath?: FileItem[] | null;
  remark?: string | null;
  /** The user and dept the row is recorded as created by (the approver or applicant). */
  userId?: string | null;
  deptId?: string | null;
}

/** The payment form's columns (S2 L305-310) a producing record may carry: its ledger row copies those it has. */
export interface PaymentColumns {
  transactionReferenceNumber?: string | null;
  payerName?: string | null;
  debitAccountNo?: string | null;
  payerAccountBank?: string | null;
  payeeName?: string | null;
  payeeAccountNumber?: string | null;
  beneficiaryAccountBank?: string | null;
  projectId?: string | null;
  projectName?: string | null;
  costType?: number | null;
  costStage?: number | null;
}

/** What a posting says besides the producing record's own payment columns. */
export interface LedgerEvent extends Omit<Partial<LedgerEntry>, 'incomeOrExpend' | 'tradeAmount' | 'transactionDate' | 'accountInfoId'> {
  tenantId: string;
  bizType: string;
  bizId: string;
  direction: 'income' | 'expense';
  /** A decimal string, positive, at most two decimals. */
  amount: string;
  /** yyyy-MM-dd. */
  date: string;
  /**
   * The internal account the money went through. Always said: `null` only for money that moved through no
   * account of the firm (BUSINESS.md §1 Accounts and the ledger).
   */
  accountInfoId: string | null;
}

/**
 * The ledger entry of a record's money event: the record's payment columns (a typed row: `RowOf<def>` carries
 * them by these names), then what the event says, which wins. Every business posting is
 * `postLedgerEntry(tx, ledgerEntryOf(row, event))`.
 */
export function ledgerEntryOf(record: PaymentColumns, event: LedgerEvent): LedgerEntry {
  const { direction, amount, date, ...said } = event;
  const copied: Partial<LedgerEntry> = {};
  for (const key of PAYMENT_COLUMNS) {
    const value = record[key];
    if (value !== undefined && value !== null) (copied as Record<string, unknown>)[key] = value;
  }
  return {
    ...copied,
    ...said,
    incomeOrExpend: direction === 'income' ? INCOME_OR_EXPEND.income : INCOME_OR_EXPEND.expend,
    tradeAmount: amount,
    transactionDate: date,
  };
}

const PAYMENT_COLUMNS = [
  'transactionReferenceNumber',
  'payerName',
  'debitAccountNo',
  'payerAccountBank',
  'payeeName',
  'payeeAccountNumber',
  'beneficiaryAccountBank',
  'projectId',
  'projectName',
  'costType',
  'costStage',
] as const satisfies readonly (keyof PaymentColumns & keyof LedgerEntry)[];

export interface Posted {
  id: string;
  /** false: the producing record had posted before, and `id` is that row. */
  created: boolean;
}

/** A positive amount of at most two decimals, or the rule's message. */
export function positiveAmount(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (!MONEY_TEXT_RE.test(text) || toFen(text) <= 0n) throw fail(FINANCE_MSG.positive);
  return text;
}

const trimmed = (v: string | null | undefined, max: number) => (v === null || v === undefined ? null : String(v).slice(0, max));

/**
 * The stored row of a ledger entry (the insert values of hjl_income_expend, with id `id`): in effect at once
 * (status 2, no approval of its own: isDraft 2), created by the entry's user and dept, its texts cut to their
 * columns, a missing payer or payee stored as ''. Pure: checking the entry and moving its account are
 * postLedgerEntry's. The demo seeds build their bulk postings with it, so that a posting is stored one way.
 */
export function ledgerRowOfEntry(entry: LedgerEntry, id: string) {
  return {
    id,
    tenantId: entry.tenantId,
    createUser: entry.userId ?? null,
    createDept: entry.deptId ?? null,
    updateUser: entry.userId ?? null,
    status: APPROVAL_STATUS.approved,
    isDraft: APPROVAL_DRAFT.none,
    incomeOrExpend: entry.incomeOrExpend,
    costStage: entry.costStage ?? null,
    costType: entry.costType ?? null,
    transactionDate: entry.transactionDate,
    tradeAmount: entry.tradeAmount,
    accountInfoId: entry.accountInfoId ?? null,
    transactionReferenceNumber: trimmed(entry.transactionReferenceNumber, 64),
    payerName: trimmed(entry.payerName, 100) ?? '',
    debitAccountNo: trimmed(entry.debitAccountNo, 64),
    payerAccountBank: trimmed(entry.payerAccountBank, 100),
    payeeName: trimmed(entry.payeeName, 100) ?? '',
    payeeAccountNumber: trimmed(entry.payeeAccountNumber, 64),
    beneficiaryAccountBank: trimmed(entry.beneficiaryAccountBank, 100),
    projectId: entry.projectId ?? null,
    projectName: trimmed(entry.projectName, 200),
    isRefund: entry.isRefund ?? 0,
    isKnowGet: entry.isKnowGet ?? KNOW_GET.claimed,
    optionPersonName: trimmed(entry.optionPersonName, 100),
    bizType: entry.bizType,
    bizId: String(entry.bizId),
    filePath: entry.filePath ?? null,
    remark: trimmed(entry.remark, 500),
  } satisfies typeof incomeExpends.$inferInsert;
}

/**
 * Writes the ledger row of a money event in `tx` (the approval's transaction), once per producing record: a second
 * call for the same (bizType, bizId) writes nothing and answers the first row. The row is in effect at once
 * (status 2, no approval of its own: isDraft 2) and moves its account's balance. A bad amount, date or account is
 * refused with a 400, which rolls the whole approval back.
 */
export async function postLedgerEntry(tx: Executor, entry: LedgerEntry): Promise<Posted> {
  if (!entry.bizType || !/^[a-z][a-z0-9_]{0,63}$/.test(entry.bizType)) throw new Error(`bad ledger bizType ${entry.bizType}`);
  if (!isIdText(String(entry.bizId))) throw new Error(`bad ledger bizId ${entry.bizId}`);
  if (entry.incomeOrExpend !== INCOME_OR_EXPEND.income && entry.incomeOrExpend !== INCOME_OR_EXPEND.expend)
    throw new Error(`bad incomeOrExpend ${entry.incomeOrExpend}`);
  const amount = positiveAmount(entry.tradeAmount);
  if (!isDateText(entry.transactionDate)) throw fail('交易日期格式应为yyyy-MM-dd');
  if (entry.accountInfoId) await assertAccount(tx, entry.tenantId, entry.accountInfoId);
  const row = ledgerRowOfEntry({ ...entry, tradeAmount: amount }, nextId());
  const { id, isKnowGet: knowGet } = row;
  const inserted = await tx
    .insert(incomeExpends)
    .values(row)
    .onConflictDoNothing({ target: [incomeExpends.tenantId, incomeExpends.bizType, incomeExpends.bizId], where: sql`biz_type IS NOT NULL` })
    .returning({ id: incomeExpends.id });
  if (!inserted.length) {
    // The insert conflicted with the row of this business record: it is there.
    const first = firstRow(
      await tx
        .select({ id: incomeExpends.id })
        .from(incomeExpends)
        .where(and(eq(incomeExpends.tenantId, entry.tenantId), eq(incomeExpends.bizType, entry.bizType), eq(incomeExpends.bizId, String(entry.bizId))))
        .limit(1),
      'ledger entry of a business record',
    );
    return { id: String(first.id), created: false };
  }
  await applyEffect(tx, {
    tenantId: entry.tenantId,
    accountInfoId: entry.accountInfoId ?? null,
    incomeOrExpend: entry.incomeOrExpend,
    amount,
    sign: 1,
    bizType: entry.bizType,
    bizId: String(entry.bizId),
    operator: entry.userId ?? null,
  });
  if (knowGet === KNOW_GET.unclaimed && entry.incomeOrExpend === INCOME_OR_EXPEND.income)
    await openPending(tx, {
      id,
      tenantId: entry.tenantId,
      tradeAmount: amount,
      payerName: entry.payerName ?? '',
      transactionDate: entry.transactionDate,
      accountInfoId: entry.accountInfoId ?? null,
      userId: entry.userId ?? null,
    });
  return { id, created: true };
}

/** The ledger row a producing record posted, if any. */
export async function ledgerRowOf(tx: Executor, tenantId: string, bizType: string, bizId: string) {
  const [row] = await tx
    .select()
    .from(incomeExpends)
    .where(and(eq(incomeExpends.tenantId, tenantId), eq(incomeExpends.bizType, bizType), eq(incomeExpends.bizId, bizId)))
    .limit(1);
  return row;
}

/**
 * The ledger rows of a record: the row it produced (bizType, bizId) and the rows it claimed (unclaimed bank money
 * taken as the record, `claimLedgerEntry`), oldest first.
 */
export async function ledgerRowsOfRecord(tx: Executor, tenantId: string, bizType: string, bizId: string) {
  return tx
    .select()
    .from(incomeExpends)
    .where(
      and(
        eq(incomeExpends.tenantId, tenantId),
        eq(incomeExpends.isDeleted, 0),
        or(
          and(eq(incomeExpends.bizType, bizType), eq(incomeExpends.bizId, bizId)),
          and(eq(incomeExpends.claimBizType, bizType), eq(incomeExpends.claimBizId, bizId)),
        ),
      ),
    )
    .orderBy(asc(incomeExpends.id));
}

/** Refuses an account that is not a live internal account of the tenant. */
export async function assertAccount(tx: Executor, tenantId: string, accountInfoId: string) {
  if (!isIdText(String(accountInfoId))) throw fail(FINANCE_MSG.accountMissing);
  const [a] = await tx
    .select({ id: accountInfos.id })
    .from(accountInfos)
    .where(and(eq(accountInfos.id, String(accountInfoId)), eq(accountInfos.tenantId, tenantId), eq(accountInfos.isDeleted, 0)))
    .limit(1);
  if (!a) throw fail(FINANCE_MSG.accountMissing);
}

/** What a row in effect does to its account, done (sign 1) or undone (sign -1). */
export interface Effect {
  tenantId: string;
  accountInfoId: string | null;
  incomeOrExpend: number;
  amount: string;
  sign: 1 | -1;
  bizType: string;
  bizId: string;
  operator: string | null;
  remark?: string;
}

/**
 * Moves the account's book balance by a row's amount (in the statement: concurrent postings queue on the account
 * row) and records the change with the balance after it. Money out that would leave the account below zero is
 * refused (账户余额不足) unless the account allows an overdraft; postLedgerEntry and the ledger's own entries
 * come through here, so it is the one place of the check.
 */
export async function applyEffect(tx: Executor, e: Effect) {
  if (!e.accountInfoId) return;
  const income = Number(e.incomeOrExpend) === INCOME_OR_EXPEND.income;
  const delta = income === (e.sign === 1) ? e.amount : `-${e.amount}`;
  const [after] = await tx
    .update(accountInfos)
    .set({ balance: sql`coalesce(${accountInfos.balance}, 0) + ${delta}::numeric`, updateTime: sql`now()` })
    .where(and(eq(accountInfos.id, e.accountInfoId), eq(accountInfos.tenantId, e.tenantId)))
    .returning({ balance: accountInfos.balance, allowOverdraft: accountInfos.allowOverdraft });
  if (!after) return;
  // Money out may not take a cash or bank account below zero unless the account allows it (a credit line): the
  // refusal rolls back the whole posting (BUSINESS.md §1 Accounts and the ledger).
  if (delta.startsWith('-') && toFen(String(after.balance)) < 0n && Number(after.allowOverdraft ?? 0) !== 1) throw fail(FINANCE_MSG.insufficient);
  await tx.insert(accountHisInfos).values({
    id: nextId(),
    tenantId: e.tenantId,
    createUser: e.operator,
    updateUser: e.operator,
    accountInfoId: e.accountInfoId,
    changeType: e.sign === -1 ? ACCOUNT_CHANGE.reverse : income ? ACCOUNT_CHANGE.income : ACCOUNT_CHANGE.expend,
    amount: delta,
    balanceAfter: String(after.balance),
    bizType: e.bizType,
    bizId: e.bizId,
    operator: e.operator,
    operateTime: sql`now()`,
    remark: e.remark ?? null,
  });
}

/** A pending account (待认领款项) for an unclaimed income row. */
export async function openPending(
  tx: Executor,
  row: { id: string; tenantId: string; tradeAmount: string; payerName: string; transactionDate: string; accountInfoId: string | null; userId: string | null },
) {
  await tx
    .insert(pendingAccounts)
    .values({
      id: nextId(),
      tenantId: row.tenantId,
      createUser: row.userId,
      updateUser: row.userId,
      incomeExpendId: row.id,
      amount: row.tradeAmount,
      payerName: row.payerName,
      transactionDate: row.transactionDate,
      accountInfoId: row.accountInfoId,
    })
    .onConflictDoNothing({ target: [pendingAccounts.tenantId, pendingAccounts.incomeExpendId], where: sql`is_deleted = 0` });
}
