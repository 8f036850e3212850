/**
 * 待认领款项 (BUSINESS.md WP4): money that arrived without a known owner, claimed in batches (submitApproval);
 * approved, the ledger row is the claimer's (isKnowGet 1).
 */
import { APPROVAL_STATUS, FINANCE_PROCESS, KNOW_GET, pendingAccountEntity } from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import { fail } from '../../platform/http/errors.ts';
import { userNameOf } from '../user/api.ts';
import type { Applications } from './application.ts';
import { incomeExpends, pendingAccounts } from './schema.ts';

export function registerPendingAccounts(a: Applications) {
  a.kit.register(pendingAccountEntity, pendingAccounts, {
    dictionary: a.dictionary,
    batch: {
      processKey: FINANCE_PROCESS.pendingAccount.processKey,
      routeKey: FINANCE_PROCESS.pendingAccount.routeKey,
      path: 'submitApproval',
      title: '{userName}的待认领款项认领({count}笔,{money}元)',
    },
    beforeStart(_user, _record, current) {
      if (!current) throw fail('请选择待认领款项');
    },
    async onStatus(tx, row, status, event) {
      if (status === APPROVAL_STATUS.approving && event.userId) {
        await tx.update(pendingAccounts).set({ claimUser: event.userId }).where(eq(pendingAccounts.id, row.id));
        return;
      }
      if (status !== APPROVAL_STATUS.approved) return;
      const claimer = row.claimUser ?? row.createUser ?? '';
      await tx
        .update(incomeExpends)
        .set({
          isKnowGet: KNOW_GET.claimed,
          claimBizType: pendingAccountEntity.table,
          claimBizId: row.id,
          // Named in the statement (the engine's transaction; never another connection's query).
          optionPersonName: claimer ? userNameOf(sql`${claimer}`, sql`${row.tenantId}`) : null,
          updateTime: sql`now()`,
        })
        .where(and(eq(incomeExpends.id, String(row.incomeExpendId)), eq(incomeExpends.tenantId, row.tenantId)));
      await tx.update(pendingAccounts).set({ claimTime: a.clock.now() }).where(eq(pendingAccounts.id, row.id));
    },
  });
}
