/**
 * 保证金退还 (BUSINESS.md WP5; S2 L74 `refundTheDeposit/{type}`, `refundTheDepositBatch/{type}`): a refund of a paid
 * deposit (or the return of a bidder's deposit received, S1 L122 `return/attract`), on the approval kit, one at a
 * time or several in one instance (the kit's batch: a rejection refunds none, an approval all). Only an approved
 * deposit that is not replaced is refunded, and never beyond what was paid (退还金额不能大于已缴金额): checked on save,
 * again at start under a lock of the deposit row counting the refunds under approval, and at approval under the
 * same lock counting the approved ones — two refunds of one deposit approved at once queue there, so their total
 * never passes the deposit. Approved, a refund writes its ledger row and sets the deposit's refund status.
 */
import {
  APPROVAL_STATUS,
  DEPOSIT_CODES,
  DEPOSIT_DIRECTION,
  DEPOSIT_MSG as MSG,
  DEPOSIT_PROCESS,
  DEPOSIT_REFUND_KIND,
  depositRefundEntity,
  depositRemaining,
  submitSchema,
  toFen,
} from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField, isBlank } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { anotherCounted } from '../approval/api.ts';
import { ledgerRowOf, positiveAmount } from '../finance/api.ts';
import { userListField } from '../workflow/api.ts';
import type { DepositShared } from './context.ts';
import type { DepositRepo } from './deposits.ts';
import { assertWithinPaid, lockedDeposit, postRefund, refundSums, settleRefundStatus, type DepositRow, type RefundRow } from './ledger.ts';
import { depositRefunds, deposits } from './schema.ts';

export type RefundRepo = EntityRepo<typeof depositRefundEntity>;

/** Fields of a refund the server fills from its deposit. */
const SERVER_FIELDS = ['depositType', 'refundKind', 'projectId', 'projectName', 'payeeName', 'replacementId'] as const;
/** Most refunds in one batch. */
const MAX_BATCH = 50;

/** Refuses refunding a deposit that is not approved, or replaced (or being replaced). */
async function assertRefundable(tx: Executor, deposit: DepositRow) {
  if (Number(deposit.status) !== APPROVAL_STATUS.approved) throw fail(MSG.notPaid);
  if (!isBlank(deposit.replacedById) || (await anotherCounted(tx, deposits, deposit.tenantId, [eq(deposits.replacesId, deposit.id)]))) throw fail(MSG.replaced);
}

/**
 * The checks of a refund about to be written, completing it from its deposit (type, kind, project, counterparty,
 * the deposit's account unless another is named): the deposit must be one the caller may see, paid and not
 * replaced; the amount positive, the date not before the payment, and with the deposit's other refunds (approved or
 * under approval) within what was paid.
 */
async function completeRefund(s: DepositShared, depositRepo: DepositRepo, user: AuthUser, data: Row, current: RefundRow | undefined, id: string | undefined) {
  for (const f of SERVER_FIELDS) delete data[f];
  const db = s.ctx.database.db;
  const depositId = String(data.depositId ?? current?.depositId ?? '');
  const deposit = depositId ? ((await depositRepo.find(user, [eq(deposits.id, depositId)])) as DepositRow | undefined) : undefined;
  if (!deposit) throw fail(MSG.depositMissing);
  await assertRefundable(db, deposit);
  data.depositType = deposit.depositType;
  data.refundKind = Number(deposit.direction) === DEPOSIT_DIRECTION.received ? DEPOSIT_REFUND_KIND.returnToBidder : DEPOSIT_REFUND_KIND.refund;
  data.projectId = deposit.projectId;
  data.projectName = deposit.projectName;
  data.payeeName = deposit.payeeName;
  if (isBlank(data.accountInfoId ?? current?.accountInfoId)) data.accountInfoId = deposit.accountInfoId;
  if (!isBlank(data.refundAmount)) data.refundAmount = positiveAmount(data.refundAmount);
  const date = String(data.refundDate ?? current?.refundDate ?? '');
  if (date && deposit.payDate && date < String(deposit.payDate)) throw fail(MSG.refundBeforePay);
  const amount = data.refundAmount ?? current?.refundAmount;
  if (!isBlank(amount)) await assertWithinPaid(db, deposit, String(amount), id, false);
  return deposit;
}

/** The refund on the approval kit, with its batch. */
function registerRefundRecord(s: DepositShared, depositRepo: DepositRepo): RefundRepo {
  const { ctx } = s;
  const repo: RefundRepo = ctx.approval.register(depositRefundEntity, depositRefunds, {
    parent: depositRepo as EntityRepo,
    dictionary: s.dictionary,
    batch: {
      ...DEPOSIT_PROCESS.refundBatch,
      path: 'submitBatchApproval',
      title: '{userName}的保证金批量退还({count}笔,{money}元)',
    },
    async beforeWrite(user, data, id) {
      // The hooks read the stored refund by the tenant only: the kit checked the caller's scope before they run.
      const current = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      await completeRefund(s, depositRepo, user, data, current, id);
    },
    async startWith(tx, user, id, record) {
      // Refunds of one deposit started at once queue on its row and count each other.
      const deposit = await lockedDeposit(tx, user.tenantId, String(record.depositId));
      if (!deposit) throw fail(MSG.depositMissing);
      await assertRefundable(tx, deposit);
      await assertWithinPaid(tx, deposit, String(record.refundAmount), id, false);
    },
    async onStatus(tx, rec, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      const deposit = await lockedDeposit(tx, rec.tenantId, String(rec.depositId));
      if (!deposit) throw fail(MSG.depositMissing);
      const refund = await repo.tenantRow(rec.tenantId, rec.id, { tx });
      if (!refund || Number(refund.status) !== APPROVAL_STATUS.approved) return;
      if (!(await ledgerRowOf(tx, rec.tenantId, depositRefundEntity.table, rec.id))) {
        // At approval only the approved refunds are money: with this one, never beyond what was paid.
        await assertWithinPaid(tx, deposit, String(refund.refundAmount), refund.id, true);
        await postRefund(tx, refund, deposit);
      }
      await settleRefundStatus(tx, deposit);
    },
  });
  return repo;
}

const refundLine = z.looseObject({ refundAmount: z.unknown().optional() });
const lineDeposit = z.looseObject({ depositId: idField({ message: '请选择保证金' }) });
const batchBody = z.looseObject({
  refunds: z.array(refundLine, { message: MSG.noRefunds }).min(1, { message: MSG.noRefunds }).max(MAX_BATCH, { message: MSG.tooManyRefunds }),
  copyUser: userListField('请选择抄送人').optional(),
});

/**
 * `POST <refund api>/start/batch` (the form `refundTheDepositBatch/{type}`): several deposits refunded by one
 * instance. Every line is checked before anything is written (a line without an amount refunds what is left);
 * then the refunds are written as drafts and started together (the kit's batch). Should the start fail, the drafts
 * go again.
 */
function registerBatchStart(s: DepositShared, depositRepo: DepositRepo, repo: RefundRepo) {
  const { ctx } = s;
  const db = ctx.database.db;
  const lineSchema = submitSchema(depositRefundEntity);
  ctx.route({
    method: 'POST',
    url: `${depositRefundEntity.api}/start/batch`,
    summary: '保证金批量退还(多笔保证金一个审批流程;驳回则都不退,通过则都退还)',
    tags: [depositRefundEntity.label.zh],
    requires: { code: DEPOSIT_CODES.refundAdd },
    msg: '发起成功',
    body: batchBody,
    handler: async ({ user, body }) => {
      const depositIds = body.refunds.map((raw) => parseOrFail(lineDeposit, raw).depositId);
      if (new Set(depositIds).size < depositIds.length) throw fail(MSG.refundTwice);
      const lines: Row[] = [];
      for (const [i, raw] of body.refunds.entries()) {
        const depositId = depositIds[i] ?? '';
        const deposit = await depositRepo.find(user, [eq(deposits.id, depositId)]);
        if (!deposit) throw fail(MSG.depositMissing);
        // Without an amount, what is left of the deposit.
        const left = depositRemaining(String(deposit.amount), (await refundSums(db, user.tenantId, depositId)).counted);
        const line = parseOrFail(lineSchema, { ...raw, id: undefined, refundAmount: isBlank(raw.refundAmount) ? left : raw.refundAmount }) as Row;
        if (toFen(String(line.refundAmount)) <= 0n) throw fail(MSG.overPaid);
        await completeRefund(s, depositRepo, user, line, undefined, undefined);
        lines.push(line);
      }
      const prepared: Awaited<ReturnType<RefundRepo['prepareWrite']>>[] = [];
      for (const line of lines) prepared.push(await repo.prepareWrite(user, line));
      await db.transaction(async (tx) => {
        for (const p of prepared) await p.write(tx);
      });
      const ids = prepared.map((p) => p.id);
      try {
        return await ctx.approval.batches.start(user, depositRefundEntity.name, ids, { copyUser: body.copyUser });
      } catch (e) {
        await db
          .update(depositRefunds)
          .set({ isDeleted: 1, updateTime: sql`now()` })
          .where(and(eq(depositRefunds.tenantId, user.tenantId), inArray(depositRefunds.id, ids), eq(depositRefunds.status, APPROVAL_STATUS.draft)));
        throw e;
      }
    },
  });
}

/** Refunds: the record on the kit (single and batch) and the batch's one-call start. */
export function registerRefunds(s: DepositShared, depositRepo: DepositRepo) {
  const repo = registerRefundRecord(s, depositRepo);
  registerBatchStart(s, depositRepo, repo);
  return repo;
}
