/**
 * 账户结算 (BUSINESS.md WP4): the counted amount of an account against its book balance; approved, it is the
 * account's practical amount, with a history row.
 */
import { ACCOUNT_CHANGE, APPROVAL_STATUS, accountSettlementEntity, fenToMoney, subtractMoney, toFen } from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import { fail } from '../../platform/http/errors.ts';
import { accountHistory } from './accounts.ts';
import type { Applications } from './application.ts';
import { assertAccount } from './ledger.ts';
import { accountInfos, accountSettlements } from './schema.ts';

export function registerAccountSettlements(a: Applications) {
  const { db } = a;
  a.kit.register(
    accountSettlementEntity,
    accountSettlements,
    a.options(accountSettlementEntity, accountSettlements, null, {
      async beforeWrite(user, data) {
        delete data.bookBalance;
        delete data.difference;
        if (data.accountInfoId) await assertAccount(db, user.tenantId, String(data.accountInfoId));
      },
      async beforeStart(user, record) {
        await assertAccount(db, user.tenantId, String(record.accountInfoId));
        const text = String(record.practicalAmount ?? '').trim();
        if (!/^-?\d{1,16}(\.\d{1,2})?$/.test(text)) throw fail('实际金额最多保留两位小数');
        const [account] = await db
          .select({ balance: accountInfos.balance })
          .from(accountInfos)
          .where(eq(accountInfos.id, String(record.accountInfoId)));
        record.bookBalance = fenToMoney(toFen(String(account?.balance ?? '0')));
        record.difference = subtractMoney(text, record.bookBalance);
      },
      async onStatus(tx, row, status) {
        if (status !== APPROVAL_STATUS.approved) return;
        const accountInfoId = String(row.accountInfoId);
        const [account] = await tx
          .update(accountInfos)
          .set({ practicalAmount: String(row.practicalAmount), practicalTime: sql`now()` })
          .where(and(eq(accountInfos.id, accountInfoId), eq(accountInfos.tenantId, row.tenantId)))
          .returning({ balance: accountInfos.balance });
        await accountHistory(tx, {
          tenantId: row.tenantId,
          accountInfoId,
          changeType: ACCOUNT_CHANGE.practical,
          amount: String(row.practicalAmount),
          balanceAfter: String(account?.balance ?? '0'),
          bizType: accountSettlementEntity.table,
          bizId: row.id,
          operator: row.applyUser ?? null,
          remark: '账户结算',
        });
      },
    }),
  );
}
