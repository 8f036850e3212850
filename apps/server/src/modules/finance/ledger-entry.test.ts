/** ledgerEntryOf: a record's payment columns and its event make the ledger entry; what the event says wins. */
import { INCOME_OR_EXPEND } from '@hjl/core';
import { describe, expect, it } from 'vitest';
import { ledgerEntryOf } from './api.ts';

describe('ledgerEntryOf', () => {
  const event = { tenantId: '000000', bizType: 'hjl_apply_payment', bizId: '1', amount: '12.30', date: '2026-03-01', accountInfoId: '7' };

  it('copies the payment columns the record has and leaves out the empty ones', () => {
    const entry = ledgerEntryOf(
      { payerName: '本公司', payeeName: null, projectId: '9', projectName: '南京某项目', costType: 2, transactionReferenceNumber: undefined },
      { ...event, direction: 'expense' },
    );
    expect(entry).toEqual({
      tenantId: '000000',
      bizType: 'hjl_apply_payment',
      bizId: '1',
      accountInfoId: '7',
      incomeOrExpend: INCOME_OR_EXPEND.expend,
      tradeAmount: '12.30',
      transactionDate: '2026-03-01',
      payerName: '本公司',
      projectId: '9',
      projectName: '南京某项目',
      costType: 2,
    });
  });

  it('lets the event override a column and names the direction', () => {
    const entry = ledgerEntryOf({ payeeName: '甲', costStage: 1 }, { ...event, direction: 'income', payeeName: '乙', accountInfoId: null });
    expect(entry.incomeOrExpend).toBe(INCOME_OR_EXPEND.income);
    expect(entry.payeeName).toBe('乙');
    expect(entry.costStage).toBe(1);
    expect(entry.accountInfoId).toBeNull();
  });
});
