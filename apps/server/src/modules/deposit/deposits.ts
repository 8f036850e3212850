/**
 * 保证金 (BUSINESS.md WP5; S1 L120 hjlApplyGuaranteeMoney list/detail/remove/save/update, S1 L122 replace): a deposit
 * paid (`payTheDeposit/{type}`) or received from a bidder, on the approval kit, for a project the caller may see.
 * Approved, it writes its one ledger row (ledger.ts). A replacement (`replace`: a new deposit naming the one it
 * replaces, process `payTheDeposit/replace`) is refused for a deposit not paid, already replaced or with a refund
 * under approval; approved, it refunds what is left of the replaced one exactly once — a refund record with the
 * replacement's instance and the key the drawer shows both records for (S2 L256), and its ledger income.
 */
import {
  APPROVAL_DRAFT,
  APPROVAL_STATUS,
  DEPOSIT_CODES,
  DEPOSIT_DIRECTION,
  DEPOSIT_MSG as MSG,
  DEPOSIT_PROCESS,
  DEPOSIT_REFUND_KIND,
  DEPOSIT_REFUND_STATUS,
  depositEntity,
  depositRefundEntity,
  depositRemaining,
  subtractMoney,
  sumMoney,
  toFen,
} from '@hjl/core';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { nextId } from '../../platform/db/ids.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField, isBlank } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { anotherCounted } from '../approval/api.ts';
import { positiveAmount } from '../finance/api.ts';
import type { DepositShared } from './context.ts';
import { lockedDeposit, postDeposit, postRefund, refundSums, settleRefundStatus, type DepositRow, type RefundRow } from './ledger.ts';
import { depositRefunds, deposits } from './schema.ts';

export type DepositRepo = EntityRepo<typeof depositEntity>;

/** Fields of a deposit only the server writes: the project's name, what its refunds made of it, its replacement. */
const SERVER_FIELDS = ['projectName', 'refundStatus', 'refundedAmount', 'replacedById'] as const;

/**
 * Refuses replacing `replacesId`: it must be a paid deposit the caller may see, with money still out, no refund
 * under approval and no other replacement counted (but `except`, the replacement itself). `tx` with the replaced
 * row locked at start, so that two replacements of one deposit queue and the second sees the first.
 */
async function assertReplaceable(tx: Executor, old: DepositRow | undefined, except: string | undefined) {
  if (!old) throw fail(MSG.depositMissing);
  if (Number(old.direction) === DEPOSIT_DIRECTION.received) throw fail(MSG.replaceAttract);
  if (Number(old.status) !== APPROVAL_STATUS.approved) throw fail(MSG.replaceNotPaid);
  if (!isBlank(old.replacedById) || (await anotherCounted(tx, deposits, old.tenantId, [eq(deposits.replacesId, old.id)], { except })))
    throw fail(MSG.replaceTwice);
  const sums = await refundSums(tx, old.tenantId, old.id);
  if (toFen(sums.counted) > toFen(sums.approved)) throw fail(MSG.replaceRefunding);
  if (Number(old.refundStatus) === DEPOSIT_REFUND_STATUS.full) throw fail(MSG.replaceRefunded);
}

/**
 * The replaced deposit's remainder refunded once its replacement is approved (in that approval's transaction, the
 * replaced row locked): nothing when it was refunded for this replacement before.
 */
async function refundReplaced(tx: Executor, replacement: DepositRow) {
  const old = await lockedDeposit(tx, replacement.tenantId, String(replacement.replacesId));
  if (!old || !isBlank(old.replacedById)) return;
  await tx.update(deposits).set({ replacedById: replacement.id }).where(eq(deposits.id, old.id));
  const left = depositRemaining(String(old.amount), (await refundSums(tx, old.tenantId, old.id)).approved);
  if (toFen(left) > 0n) {
    const [refund] = await tx
      .insert(depositRefunds)
      .values({
        id: nextId(),
        tenantId: old.tenantId,
        createUser: replacement.createUser,
        createDept: replacement.createDept,
        updateUser: replacement.createUser,
        // Approved with its replacement's instance; its key makes the drawer show the two records (S2 L256).
        status: APPROVAL_STATUS.approved,
        isDraft: APPROVAL_DRAFT.submitted,
        processDefinitionKey: DEPOSIT_PROCESS.refundReplace.processKey,
        processDefinitionId: replacement.processDefinitionId ?? null,
        processInstanceId: replacement.processInstanceId ?? null,
        submitTime: replacement.submitTime ?? null,
        depositId: old.id,
        depositType: old.depositType,
        refundKind: DEPOSIT_REFUND_KIND.replaced,
        projectId: old.projectId,
        projectName: old.projectName,
        payeeName: old.payeeName,
        refundAmount: left,
        refundDate: replacement.payDate,
        accountInfoId: old.accountInfoId,
        replacementId: replacement.id,
        remark: '被新保证金替换,原保证金退还',
      })
      .returning();
    if (refund) await postRefund(tx, refund as RefundRow, old);
  }
  await settleRefundStatus(tx, old);
}

/** The deposit on the approval kit: its checks, the replacement's process, its posting when approved. */
function registerDepositRecord(s: DepositShared): DepositRepo {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  const repo: DepositRepo = ctx.approval.register(depositEntity, deposits, {
    parent: projects.projects,
    dictionary: s.dictionary,
    // A deposit replacing another is paid through the replacement's process (S2 L258).
    processFor: (_user, record) => (isBlank(record.replacesId) ? undefined : DEPOSIT_PROCESS.replace),
    async beforeWrite(user, data, id) {
      for (const f of SERVER_FIELDS) delete data[f];
      // The hooks read the stored deposit by the tenant only: the kit checked the caller's scope before they run.
      const current = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      // What a deposit replaces is said when it is made, never changed after.
      if (current) data.replacesId = current.replacesId;
      const project = await projects.projectOf(user, String(data.projectId ?? current?.projectId ?? ''));
      if (!project) throw fail(MSG.projectMissing);
      data.projectName = project.projectName;
      if (!isBlank(data.amount)) data.amount = positiveAmount(data.amount);
      const direction = data.direction ?? current?.direction ?? DEPOSIT_DIRECTION.paid;
      if (direction !== DEPOSIT_DIRECTION.paid && direction !== DEPOSIT_DIRECTION.received) throw fail('收付方向不正确');
      const payDate = String(data.payDate ?? current?.payDate ?? '');
      const expected = String(data.expectedRefundDate ?? current?.expectedRefundDate ?? '');
      if (payDate && expected && expected < payDate) throw fail(MSG.expectedBeforePay);
      if (!id) {
        data.refundStatus = DEPOSIT_REFUND_STATUS.none;
        data.refundedAmount = '0.00';
      }
      if (!current && !isBlank(data.replacesId)) {
        if (direction === DEPOSIT_DIRECTION.received) throw fail(MSG.replaceAttract);
        await assertReplaceable(db, await repo.find(user, [eq(deposits.id, String(data.replacesId))]), id);
      }
    },
    async startWith(tx, user, id, record) {
      if (isBlank(record.replacesId)) return;
      await assertReplaceable(tx, await lockedDeposit(tx, user.tenantId, String(record.replacesId)), id);
    },
    async onStatus(tx, rec, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      const row = await lockedDeposit(tx, rec.tenantId, rec.id);
      if (!row || Number(row.status) !== APPROVAL_STATUS.approved) return;
      await postDeposit(tx, row);
      if (!isBlank(row.replacesId)) await refundReplaced(tx, row);
    },
  });
  return repo;
}

const idParam = z.object({ id: idField() });
const tags = [depositEntity.label.zh];

/** A deposit the caller may see (scope), or 400. */
export async function visibleDeposit(repo: DepositRepo, user: AuthUser, id: string) {
  const row = await repo.find(user, [eq(deposits.id, id)]);
  if (!row) throw fail(MSG.depositMissing);
  return row;
}

/** `refund/{id}` (a deposit's refund history) and `get/attract/{id}` (a project's deposits received from bidders). */
function registerDepositReads(s: DepositShared, repo: DepositRepo, refunds: EntityRepo) {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  const api = depositEntity.api;

  ctx.route({
    method: 'GET',
    url: `${api}/refund/:id`,
    summary: '保证金退还记录(已缴、已退、退还中、可退金额与每笔退还,新的在前)',
    tags,
    requires: { code: DEPOSIT_CODES.view },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(idParam, req.params);
      const deposit = await visibleDeposit(repo, user, id);
      const sums = await refundSums(db, user.tenantId, id);
      const rows = (await db
        .select()
        .from(depositRefunds)
        .where(and(eq(depositRefunds.tenantId, user.tenantId), eq(depositRefunds.depositId, id), eq(depositRefunds.isDeleted, 0)))
        .orderBy(desc(depositRefunds.createTime), desc(depositRefunds.id))) as Row[];
      return {
        deposit: firstRow(await repo.withNames(user, [deposit]), 'deposit names'),
        paid: String(deposit.amount),
        refunded: sums.approved,
        refunding: subtractMoney(sums.counted, sums.approved),
        remaining: depositRemaining(String(deposit.amount), sums.counted),
        records: await refunds.withNames(user, rows),
      };
    },
  });

  ctx.route({
    method: 'GET',
    url: `${api}/get/attract/:id`,
    summary: '项目收取的投标保证金(按项目 id:每笔收取、已退还投标人与尚未退还的金额)',
    tags,
    requires: { code: DEPOSIT_CODES.view },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(idParam, req.params);
      const project = await projects.projectOf(user, id);
      if (!project) throw fail(MSG.projectMissing);
      const found = await repo.page(
        user,
        { size: '1000', descs: 'payDate' },
        [eq(deposits.projectId, id), eq(deposits.direction, DEPOSIT_DIRECTION.received)],
        1000,
      );
      const records = (await repo.withNames(user, found.records)).map((r) => ({
        ...r,
        returnedAmount: String(r.refundedAmount ?? '0.00'),
        heldAmount: depositRemaining(String(r.amount), String(r.refundedAmount ?? '0')),
      }));
      // The money: received deposits that are approved (the others are not in the ledger).
      const approved = records.filter((r) => Number(r.status) === APPROVAL_STATUS.approved);
      return {
        projectId: String(project.id),
        projectName: project.projectName,
        received: sumMoney(approved.map((r) => String(r.amount))),
        returned: sumMoney(approved.map((r) => r.returnedAmount)),
        held: sumMoney(approved.map((r) => r.heldAmount)),
        records,
      };
    },
  });
}

/** `replace` (a new deposit replacing a paid one) and `return/attract` (a bidder's deposit returned). */
function registerDepositActions(s: DepositShared, repo: DepositRepo) {
  const { ctx } = s;
  const api = depositEntity.api;

  ctx.route({
    method: 'POST',
    url: `${api}/replace`,
    summary: '保证金替换(新保证金替换已缴保证金,提交审批;通过后原保证金剩余金额退还一次)',
    tags,
    requires: { code: DEPOSIT_CODES.replace },
    msg: '发起成功',
    body: z.looseObject({ replacesId: idField({ message: MSG.replaceMissing }).optional().nullable() }),
    handler: ({ user, body }) => {
      if (!body.replacesId) throw fail(MSG.replaceMissing);
      return ctx.approval.start(user, depositEntity, { ...body, id: undefined });
    },
  });

  ctx.route({
    method: 'POST',
    url: `${api}/return/attract`,
    summary: '退还投标人保证金(收取的投标保证金,提交审批;不填金额则退还全部未退金额)',
    tags,
    requires: { code: DEPOSIT_CODES.returnAttract },
    msg: '发起成功',
    body: z.looseObject({ depositId: idField({ message: '请选择保证金' }).optional().nullable() }),
    handler: async ({ user, body }) => {
      if (!body.depositId) throw fail('请选择保证金');
      const deposit = await visibleDeposit(repo, user, body.depositId);
      if (Number(deposit.direction) !== DEPOSIT_DIRECTION.received) throw fail(MSG.notAttract);
      const given = (body as Row).refundAmount;
      const counted = (await refundSums(ctx.database.db, user.tenantId, deposit.id)).counted;
      const refundAmount = isBlank(given) ? depositRemaining(String(deposit.amount), counted) : given;
      return ctx.approval.start(user, depositRefundEntity, { ...body, id: undefined, refundAmount });
    },
  });
}

/** Deposits: the record on the kit, its reads, replacement and the return of bidders' deposits. */
export function registerDeposits(s: DepositShared) {
  const repo = registerDepositRecord(s);
  registerDepositActions(s, repo);
  return { repo, registerReads: (refunds: EntityRepo) => registerDepositReads(s, repo, refunds) };
}
