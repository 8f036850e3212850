/** 支出单 (BUSINESS.md WP4): a direct expense on an account, written to the ledger once approved (no payment record). */
import { APPROVAL_STATUS, expendFromEntity, isDateText } from '@hjl/core';
import { fail } from '../../platform/http/errors.ts';
import { payOut, type Applications } from './application.ts';
import { assertAccount } from './ledger.ts';
import { expendFroms } from './schema.ts';

export function registerExpendForms(a: Applications) {
  a.kit.register(
    expendFromEntity,
    expendFroms,
    a.options(expendFromEntity, expendFroms, 'amount', {
      async beforeStart(user, record) {
        await assertAccount(a.db, user.tenantId, String(record.accountInfoId));
        if (!isDateText(String(record.expendDate))) throw fail('支出日期格式应为yyyy-MM-dd');
      },
      async onStatus(tx, row, status) {
        if (status !== APPROVAL_STATUS.approved) return;
        await payOut(tx, {
          tenantId: row.tenantId,
          bizType: expendFromEntity.table,
          row: { ...row, transactionDate: row.expendDate },
          amount: row.amount ?? '0',
          today: a.clock.today(),
          paymentRecord: false,
        });
      },
    }),
  );
}
