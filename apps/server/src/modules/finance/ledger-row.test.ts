/** ledgerRowOfEntry: the stored row of a ledger entry, the one mapping postLedgerEntry and the demo seeds insert. */
import { APPROVAL_DRAFT, APPROVAL_STATUS, INCOME_OR_EXPEND, KNOW_GET } from '@hjl/core';
import { describe, expect, it } from 'vitest';
import { ledgerEntryOf, ledgerRowOfEntry } from './api.ts';

describe('ledgerRowOfEntry', () => {
  const event = { tenantId: '000000', bizType: 'hjl_apply_payment', bizId: '11', amount: '12.30', date: '2026-03-01', accountInfoId: '7' };

  it('stores the entry in effect, by its user and dept, with the defaults of a posting', () => {
    const row = ledgerRowOfEntry(
      ledgerEntryOf(
        { payerName: '本公司', projectId: '9', projectName: '南京某项目', costType: 2 },
        { ...event, direction: 'expense', userId: '5', deptId: '6' },
      ),
      '100',
    );
    expect(row).toEqual({
      id: '100',
      tenantId: '000000',
      createUser: '5',
      createDept: '6',
      updateUser: '5',
      status: APPROVAL_STATUS.approved,
      isDraft: APPROVAL_DRAFT.none,
      incomeOrExpend: INCOME_OR_EXPEND.expend,
      costStage: null,
      costType: 2,
      transactionDate: '2026-03-01',
      tradeAmount: '12.30',
      accountInfoId: '7',
      transactionReferenceNumber: null,
      payerName: '本公司',
      debitAccountNo: null,
      payerAccountBank: null,
      payeeName: '',
      payeeAccountNumber: null,
      beneficiaryAccountBank: null,
      projectId: '9',
      projectName: '南京某项目',
      isRefund: 0,
      isKnowGet: KNOW_GET.claimed,
      optionPersonName: null,
      bizType: 'hjl_apply_payment',
      bizId: '11',
      filePath: null,
      remark: null,
    });
  });

  it('keeps what the event says and cuts texts to their columns', () => {
    const row = ledgerRowOfEntry(
      ledgerEntryOf(
        { transactionReferenceNumber: 'R'.repeat(70) },
        {
          ...event,
          direction: 'income',
          accountInfoId: null,
          isRefund: 1,
          isKnowGet: KNOW_GET.unclaimed,
          remark: '备'.repeat(600),
          payeeName: '乙'.repeat(120),
        },
      ),
      '101',
    );
    expect(row.incomeOrExpend).toBe(INCOME_OR_EXPEND.income);
    expect(row.accountInfoId).toBeNull();
    expect(row.createUser).toBeNull();
    expect(row.isRefund).toBe(1);
    expect(row.isKnowGet).toBe(KNOW_GET.unclaimed);
    expect(row.transactionReferenceNumber).toHaveLength(64);
    expect(row.remark).toHaveLength(500);
    expect(row.payeeName).toHaveLength(100);
    expect(row.payerName).toBe('');
  });
});
