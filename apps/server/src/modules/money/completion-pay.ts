/**
 * 完工付款 (projectCompletionPay, S2 L71 `/workflow/projectCompletionPay`), BUSINESS.md WP3 "`projectCompletionPay`
 * pays the final settlement fee".
 *
 * A payment pays the fee (结算费用) of an approved settlement with the payment form: the amount defaults to the fee,
 * never above it; one payment under approval or approved per settlement (again under a lock of the settlement row at
 * start). Approved, ONE expense row of the ledger (`finance/api.ts` ledgerEntryOf and postLedgerEntry, bizType
 * `hjl_project_decision` = the settlement, the project linked; the ledger's unique producing key makes a second run
 * write nothing), which the project 360 view counts as 结算费用.
 */
import {
  APPROVAL_STATUS,
  COMPLETION_MSG as MSG,
  compareMoney,
  fenToMoney,
  isIdText,
  projectCompletionPayEntity,
  projectDecisionEntity,
  toFen,
} from '@hjl/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { EntityRepo, Executor } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { isBlank } from '../../platform/http/params.ts';
import { assertPayable, ledgerEntryOf, paymentFormMessages, postLedgerEntry } from '../finance/api.ts';
import type { MoneyShared } from './context.ts';
import { projectCompletionPays, projectDecisions } from './schema.ts';

const COUNTED = [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved];
const MONEY_RE = /^\d{1,16}(\.\d{1,2})?$/;

/** What a settlement's fee payment stands at: 0 未付款, 1 付款审批中, 2 已付款 (a settlement list shows it). */
export const FEE_PAY_STATUS = { unpaid: 0, paying: 1, paid: 2 } as const;

/** The fee payment state of settlements, by settlement id (the newest payment under approval or approved). */
export async function feePayStates(db: Executor, tenantId: string, decisionIds: readonly string[]) {
  const out = new Map<string, { feePayStatus: number; feePaidAmount: string | null }>();
  if (!decisionIds.length) return out;
  const rows = await db
    .select({ decisionId: projectCompletionPays.decisionId, status: projectCompletionPays.status, amount: projectCompletionPays.amount })
    .from(projectCompletionPays)
    .where(
      and(
        eq(projectCompletionPays.tenantId, tenantId),
        eq(projectCompletionPays.isDeleted, 0),
        inArray(projectCompletionPays.decisionId, [...decisionIds]),
        inArray(projectCompletionPays.status, COUNTED),
      ),
    );
  for (const r of rows) {
    const paid = Number(r.status) === APPROVAL_STATUS.approved;
    const prev = out.get(String(r.decisionId));
    if (prev?.feePayStatus === FEE_PAY_STATUS.paid) continue;
    out.set(String(r.decisionId), { feePayStatus: paid ? FEE_PAY_STATUS.paid : FEE_PAY_STATUS.paying, feePaidAmount: paid ? String(r.amount) : null });
  }
  return out;
}

export function registerCompletionPay(s: MoneyShared, settlements: EntityRepo<typeof projectDecisionEntity>) {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  /** The settlement is approved with a fee, not paid nor being paid (but `except`); answers it. */
  const assertFeePayable = async (tx: Executor, tenantId: string, decisionId: string, except: string | undefined, lock = false) =>
    assertPayable(tx, tenantId, {
      record: await settlements.tenantRow(tenantId, decisionId, { tx, lock }),
      payments: projectCompletionPays,
      paying: [eq(projectCompletionPays.decisionId, decisionId)],
      except,
      messages: { missing: MSG.paySettlementMissing, notApproved: MSG.payNotApproved, paid: MSG.payOnce },
      refusal: (d) => (d.settlementFee == null || toFen(String(d.settlementFee)) <= 0n ? MSG.payNoFee : undefined),
    });

  // The hooks read the stored payment by the tenant only: the kit checked the caller's scope before they run.
  const repo: EntityRepo<typeof projectCompletionPayEntity> = ctx.approval.register(projectCompletionPayEntity, projectCompletionPays, {
    parent: projects.projects,
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      for (const f of ['projectId', 'projectName', 'settlementFee']) delete data[f];
      const current = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      const decisionId = String(data.decisionId !== undefined ? data.decisionId : (current?.decisionId ?? ''));
      // A live settlement of the tenant (the `project_decision` reference), and one the caller may see (its
      // project's data scope).
      const known = isIdText(decisionId) && (await ctx.refs.resolver('project_decision').existing(user.tenantId, [decisionId])).has(decisionId);
      if (!known) throw fail(MSG.payRefMissing);
      const d = await settlements.find(user, [eq(projectDecisions.id, decisionId)]);
      if (!d) throw fail(MSG.paySettlementMissing);
      const fee = d.settlementFee == null ? '0.00' : fenToMoney(toFen(String(d.settlementFee)));
      data.projectId = String(d.projectId);
      data.projectName = d.projectName;
      data.settlementFee = fee;
      const sent = data.amount !== undefined ? data.amount : current?.amount;
      if (isBlank(sent)) data.amount = fee;
      else {
        const text = String(sent).trim();
        if (!MONEY_RE.test(text) || toFen(text) <= 0n) throw fail(MSG.payAmount);
        if (compareMoney(text, fee) > 0) throw fail(MSG.payOver);
        data.amount = fenToMoney(toFen(text));
      }
      await assertFeePayable(db, user.tenantId, decisionId, id);
    },
    async beforeStart(_user, record) {
      const messages = paymentFormMessages(record);
      if (messages.length) throw fail(messages.join(' | '));
    },
    async startWith(tx, user, id, record) {
      await assertFeePayable(tx, user.tenantId, String(record.decisionId), id, true);
    },
    async onStatus(tx, rec, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      const pay = await repo.tenantRow(rec.tenantId, rec.id, { tx });
      if (!pay) return;
      const d = await settlements.tenantRow(rec.tenantId, String(pay.decisionId), { tx, lock: true });
      if (!d) throw fail(MSG.paySettlementMissing);
      if (compareMoney(String(pay.amount), String(d.settlementFee ?? '0')) > 0) throw fail(MSG.payOver);
      // The payment form's columns come from the payment; the project from the settlement.
      await postLedgerEntry(
        tx,
        ledgerEntryOf(pay, {
          tenantId: rec.tenantId,
          bizType: projectDecisionEntity.table,
          bizId: d.id,
          direction: 'expense',
          amount: String(pay.amount),
          date: String(pay.transactionDate),
          accountInfoId: pay.accountInfoId || null,
          costStage: 1,
          projectId: String(d.projectId),
          projectName: d.projectName,
          payeeName: pay.personName ?? pay.customerName,
          remark: `结算费用: ${d.projectName ?? ''}`.slice(0, 500),
          userId: pay.createUser || null,
        }),
      );
    },
  });
  return repo;
}
