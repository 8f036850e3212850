/**
 * 管理记录 (hjlFilialeMgmt list, detail, save, update, remove; S1 L120): what the head office does about a branch in a
 * period — management fees, inspections, the use of its qualifications. A record with an amount received (a date and
 * the receiving account) is the branch's management fee: it posts its income to the ledger in its own transaction, and
 * is then neither changed nor removed (the ledger and the record always agree).
 */
import { BRANCH_MSG, filialeMgmtEntity } from '@hjl/core';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail } from '../../platform/http/errors.ts';
import { positiveAmount } from '../finance/api.ts';
import { userDisplayName } from '../user/api.ts';
import { filialeMgmts } from './schema.ts';
import { BRANCH_LEDGER_BIZ, blank, hasPosted, postBranchMoney, type BranchShared } from './shared.ts';

export function registerFilialeMgmt(s: BranchShared) {
  const repo = s.ctx.repo(filialeMgmtEntity, filialeMgmts, s.filiales);
  registerEntityRoutes(s.ctx.route, repo, s.ctx.access, {
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      if (id && (await hasPosted(s.db, user.tenantId, BRANCH_LEDGER_BIZ.mgmt, id))) throw fail(BRANCH_MSG.posted);
      const stored = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      const v = { ...stored, ...data };
      if (blank(v.receiveDate)) return;
      if (blank(v.accountInfoId)) throw fail(BRANCH_MSG.mgmtAccount);
      data.amount = positiveAmount(v.amount);
    },
    async inTransaction(tx, user, change) {
      const row = await repo.tenantRow(user.tenantId, change.id, { tx });
      if (!row || blank(row.receiveDate) || blank(row.accountInfoId) || blank(row.amount)) return;
      await postBranchMoney(tx, {
        tenantId: user.tenantId,
        bizType: BRANCH_LEDGER_BIZ.mgmt,
        bizId: row.id,
        direction: 'income',
        amount: String(row.amount),
        date: String(row.receiveDate),
        accountInfoId: String(row.accountInfoId),
        optionPersonName: userDisplayName(user),
        remark: `分公司管理费(${row.period ?? ''}): ${row.content ?? ''}`.slice(0, 500),
        userId: user.userId,
        deptId: user.deptIds[0] ?? null,
      });
    },
    async beforeRemove(user, ids) {
      for (const id of ids) if (await hasPosted(s.db, user.tenantId, BRANCH_LEDGER_BIZ.mgmt, id)) throw fail(BRANCH_MSG.postedRemove);
    },
  });
  return repo;
}
