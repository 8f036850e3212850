/**
 * 分公司保证金 (hjlFilialeDeposit list, detail, submit, remove; S2 L440): the deposit a branch pays the head office.
 * Its state follows its dates: 未缴 without a payment, 已缴 once paid (date and receiving account: an income in the
 * ledger), 已退 once refunded (an expense on the same account). A paid deposit changes only by its refund; a posted
 * one is not removed. What is outstanding is what was paid and not refunded (the branch statement).
 */
import { BRANCH_MSG, FILIALE_DEPOSIT_STATUS, filialeDepositEntity } from '@hjl/core';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail } from '../../platform/http/errors.ts';
import { positiveAmount } from '../finance/api.ts';
import { userDisplayName } from '../user/api.ts';
import { filialeDeposits } from './schema.ts';
import { BRANCH_LEDGER_BIZ, blank, hasPosted, postBranchMoney, type BranchShared } from './shared.ts';

/** What a paid deposit keeps: these are its payment, and its ledger row says them. */
const PAYMENT_FIELDS = ['amount', 'payDate', 'accountInfoId'] as const;

export function registerFilialeDeposits(s: BranchShared) {
  const repo = s.ctx.repo(filialeDepositEntity, filialeDeposits, s.filiales);
  registerEntityRoutes(s.ctx.route, repo, s.ctx.access, {
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      const stored = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      if (stored && Number(stored.depositStatus) === FILIALE_DEPOSIT_STATUS.refunded) throw fail(BRANCH_MSG.posted);
      if (stored && Number(stored.depositStatus) === FILIALE_DEPOSIT_STATUS.paid)
        for (const f of PAYMENT_FIELDS) if (data[f] !== undefined && String(data[f] ?? '') !== String(stored[f] ?? '')) throw fail(BRANCH_MSG.posted);
      const v = { ...stored, ...data };
      if (data.amount != null) data.amount = positiveAmount(data.amount);
      const paid = !blank(v.payDate);
      if (paid && blank(v.accountInfoId)) throw fail(BRANCH_MSG.depositAccount);
      if (!blank(v.refundDate)) {
        if (!paid) throw fail('未缴纳的保证金不能退还');
        if (String(v.refundDate) < String(v.payDate)) throw fail(BRANCH_MSG.refundBeforePay);
      }
      data.depositStatus = !blank(v.refundDate) ? FILIALE_DEPOSIT_STATUS.refunded : paid ? FILIALE_DEPOSIT_STATUS.paid : FILIALE_DEPOSIT_STATUS.unpaid;
    },
    async inTransaction(tx, user, change) {
      const row = await repo.tenantRow(user.tenantId, change.id, { tx });
      if (!row || Number(row.depositStatus) === FILIALE_DEPOSIT_STATUS.unpaid) return;
      const common = {
        tenantId: user.tenantId,
        bizId: row.id,
        amount: String(row.amount),
        accountInfoId: String(row.accountInfoId),
        optionPersonName: userDisplayName(user),
        userId: user.userId,
        deptId: user.deptIds[0] ?? null,
      };
      await postBranchMoney(tx, { ...common, bizType: BRANCH_LEDGER_BIZ.deposit, direction: 'income', date: String(row.payDate), remark: '分公司缴纳保证金' });
      if (Number(row.depositStatus) === FILIALE_DEPOSIT_STATUS.refunded)
        await postBranchMoney(tx, {
          ...common,
          bizType: BRANCH_LEDGER_BIZ.depositRefund,
          direction: 'expense',
          date: String(row.refundDate),
          remark: '退还分公司保证金',
        });
    },
    async beforeRemove(user, ids) {
      for (const id of ids) if (await hasPosted(s.db, user.tenantId, BRANCH_LEDGER_BIZ.deposit, id)) throw fail(BRANCH_MSG.postedRemove);
    },
  });
  return repo;
}
