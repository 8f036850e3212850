/**
 * 提成提取 (hjlWithdrawShare list, detail, save, update, remove; S2 L452; process `withdraw/{type}`, S2 L82): a branch's
 * share (分公司提成) or a person's (个人提成, who is named) withdrawn for a period: amount = base × ratio ÷ 100 to the
 * fen, the server's. On the approval kit; approved, it is paid from its account — one expense in the ledger, in the
 * approval's transaction.
 */
import { APPROVAL_STATUS, BRANCH_MSG, WITHDRAW_TYPE, compareMoney, percentOfMoney, withdrawShareEntity } from '@hjl/core';
import type { Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { withdrawShares } from './schema.ts';
import { BRANCH_LEDGER_BIZ, blank, checkPercents, postBranchMoney, type BranchShared } from './shared.ts';

/** The amount of a withdrawal from its base and ratio (the stored values where the body leaves them out). */
function computeAmount(record: Row, stored: Row | undefined) {
  checkPercents(withdrawShareEntity, record);
  const v = { ...stored, ...record };
  if (Number(v.withdrawType) === WITHDRAW_TYPE.person && blank(v.userId)) throw fail(BRANCH_MSG.personRequired);
  if (Number(v.withdrawType) === WITHDRAW_TYPE.branch) record.userId = null;
  if (blank(v.baseAmount) || blank(v.ratio)) return;
  const amount = percentOfMoney(String(v.baseAmount), String(v.ratio));
  if (compareMoney(amount, '0') <= 0) throw fail('提成金额必须大于0');
  record.amount = amount;
}

export function registerWithdrawals(s: BranchShared) {
  return s.ctx.approval.register(withdrawShareEntity, withdrawShares, {
    parent: s.filiales,
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      delete data.amount;
      computeAmount(data, id ? await s.ctx.repo(withdrawShareEntity, withdrawShares, s.filiales).tenantRow(user.tenantId, id) : undefined);
    },
    beforeStart(_user, record, current) {
      const values: Row = record;
      delete values.amount;
      computeAmount(values, current);
    },
    async onStatus(tx, row, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      await postBranchMoney(tx, {
        tenantId: row.tenantId,
        bizType: BRANCH_LEDGER_BIZ.withdraw,
        bizId: row.id,
        direction: 'expense',
        amount: String(row.amount),
        date: s.clock.today(),
        accountInfoId: String(row.accountInfoId),
        remark: `提成提取(${row.period ?? ''})`,
        userId: row.createUser,
        deptId: row.createDept,
      });
    },
  });
}
