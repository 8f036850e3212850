/**
 * 借款 and 还款 (BUSINESS.md WP4): a loan paid out at its last node has its balance; repayments (with the cashier's
 * receipt at their last node) reduce it, never below zero — repayments under approval hold their amount against
 * it. `return-money/{id}` answers a loan's repayments (the drawer's 还款详情, S2 L253).
 */
import {
  APPROVAL_STATUS,
  FINANCE_MSG,
  PAY_STATUS,
  compareMoney,
  fenToMoney,
  isDateText,
  lendMoneyEntity,
  permissionCodes,
  returnMoneyEntity,
  subtractMoney,
  sumMoney,
  toFen,
  type RowOf,
} from '@hjl/core';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/crud/repo.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { blank, markPaid, paymentStep, payOut, type Applications } from './application.ts';
import { ledgerEntryOf, postLedgerEntry } from './ledger.ts';
import { PAYMENT_FIELDS, paymentFormMessages } from './payment-form.ts';
import { lendMoneys, returnMoneys } from './schema.ts';

type Lend = RowOf<typeof lendMoneyEntity>;

/** Repayments of a loan under approval (their amounts are held against the balance). */
async function heldOf(tx: Executor, lendId: string, except?: string) {
  const [r] = await tx
    .select({ held: sql<string>`coalesce(sum(${returnMoneys.returnAmount}), 0)::text` })
    .from(returnMoneys)
    .where(
      and(
        eq(returnMoneys.lendId, lendId),
        eq(returnMoneys.isDeleted, 0),
        eq(returnMoneys.status, APPROVAL_STATUS.approving),
        ...(except ? [ne(returnMoneys.id, except)] : []),
      ),
    );
  return fenToMoney(toFen(r?.held ?? '0'));
}

async function lendOf(tx: Executor, tenantId: string, lendId: string, lock = false): Promise<Lend | undefined> {
  const q = tx
    .select()
    .from(lendMoneys)
    .where(and(eq(lendMoneys.id, lendId), eq(lendMoneys.tenantId, tenantId), eq(lendMoneys.isDeleted, 0)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row as Lend | undefined;
}

/** The loan a repayment of `amount` is for, paid and with that much of its balance not held by others. */
async function assertRepayable(tx: Executor, tenantId: string, lendId: string, amount: string, except?: string, lock = false) {
  const lend = await lendOf(tx, tenantId, lendId, lock);
  if (!lend) throw fail('借款单不存在');
  if (lend.status !== APPROVAL_STATUS.approved || lend.payStatus !== PAY_STATUS.paid) throw fail(FINANCE_MSG.lendNotPaid);
  const available = subtractMoney(lend.balance ?? '0', await heldOf(tx, lendId, except));
  if (compareMoney(amount, available) > 0) throw fail(FINANCE_MSG.overBalance);
  return lend;
}

export function registerLends(a: Applications) {
  const lends = a.kit.register(
    lendMoneyEntity,
    lendMoneys,
    a.options(lendMoneyEntity, lendMoneys, 'lendAmount', {
      steps: { finalStep: paymentStep() },
      async beforeWrite(_user, data) {
        delete data.balance;
        delete data.returnedAmount;
      },
      async beforeStart(_user, record) {
        delete record.balance;
        delete record.returnedAmount;
        if (!isDateText(String(record.planReturnDate))) throw fail('计划还款日期格式应为yyyy-MM-dd');
      },
      async onStatus(tx, row, status) {
        if (status !== APPROVAL_STATUS.approved) return;
        const [refusal] = paymentFormMessages(row);
        if (refusal) throw fail(refusal);
        const amount = row.lendAmount ?? '0';
        const posted = await payOut(tx, { tenantId: row.tenantId, bizType: lendMoneyEntity.table, row, amount, today: a.clock.today() });
        if (posted.created) await markPaid(tx, lendMoneys, row.id, a.clock.now(), { balance: amount, returnedAmount: '0.00' });
      },
    }),
  );
  registerRepayments(a);
  return lends;
}

function registerRepayments(a: Applications) {
  const { ctx, db } = a;
  a.kit.register(
    returnMoneyEntity,
    returnMoneys,
    a.options(returnMoneyEntity, returnMoneys, 'returnAmount', {
      steps: {
        finalStep: {
          fields: [...PAYMENT_FIELDS],
          check(values, record) {
            const v = { ...record, ...values };
            const out: string[] = [];
            if (blank(v.transactionDate)) out.push('请选择打款日期');
            if (blank(v.accountInfoId)) out.push('请选择收款账户');
            return out;
          },
        },
      },
      async beforeStart(user, record, current) {
        const lend = await assertRepayable(db, user.tenantId, String(record.lendId), String(record.returnAmount), current?.id);
        if (!isDateText(String(record.returnDate))) throw fail('还款日期格式应为yyyy-MM-dd');
        record.lendPurpose = lend.purpose;
      },
      async startWith(tx, user, id, record) {
        // Two repayments started at once queue on the loan and see each other's held amount.
        await assertRepayable(tx, user.tenantId, String(record.lendId), String(record.returnAmount), id, true);
      },
      async onStatus(tx, row, status) {
        if (status !== APPROVAL_STATUS.approved) return;
        const lend = await lendOf(tx, row.tenantId, String(row.lendId), true);
        if (!lend) throw fail('借款单不存在');
        const amount = row.returnAmount ?? '0';
        const posted = await postLedgerEntry(
          tx,
          ledgerEntryOf(
            {},
            {
              tenantId: row.tenantId,
              bizType: returnMoneyEntity.table,
              bizId: row.id,
              direction: 'income',
              amount,
              date: isDateText(String(row.transactionDate ?? '')) ? String(row.transactionDate) : String(row.returnDate),
              accountInfoId: row.accountInfoId ?? null,
              payerName: row.payerName ?? null,
              remark: `还款: ${lend.purpose ?? ''}`.slice(0, 500),
              userId: row.applyUser ?? null,
            },
          ),
        );
        if (!posted.created) return;
        if (compareMoney(amount, lend.balance ?? '0') > 0) throw fail(FINANCE_MSG.overBalance);
        await tx
          .update(lendMoneys)
          .set({ balance: subtractMoney(lend.balance ?? '0', amount), returnedAmount: sumMoney([lend.returnedAmount ?? '0', amount]) })
          .where(eq(lendMoneys.id, lend.id));
      },
    }),
  );

  const lendRepo = ctx.repo(lendMoneyEntity, lendMoneys);
  ctx.route({
    method: 'GET',
    url: `${lendMoneyEntity.api}/return-money/:id`,
    summary: '借款的还款记录',
    tags: [lendMoneyEntity.label.zh],
    requires: { code: permissionCodes(lendMoneyEntity).view },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      const lend = await lendRepo.find(user, [
        eq(lendMoneys.id, id),
        ...(await a.scope.conditions(user, { applyUser: lendMoneys.applyUser, applyDept: lendMoneys.applyDept })),
      ]);
      if (!lend) throw notFound();
      return db
        .select()
        .from(returnMoneys)
        .where(and(eq(returnMoneys.lendId, id), eq(returnMoneys.tenantId, user.tenantId), eq(returnMoneys.isDeleted, 0)))
        .orderBy(desc(returnMoneys.createTime));
    },
  });
}
