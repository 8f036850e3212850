import { describe, expect, it } from 'vitest';
import { dateRangeQuery } from '../../components/CrudPage';
import dayjs from 'dayjs';
import { ledgerConditions } from './api';
import { claimBody, claimTotal } from './ClaimDialog';
import { linesOfContent } from './FinanceFormDialog';
import { repayable } from './LendPage';
import { hasAccounts } from './PaymentApplyPage';
import { awaitsPayment } from './RefundPage';

describe('the ledger list conditions', () => {
  it("turns the search form's date range into whole days start_/end_transactionDate, keeping the other conditions", () => {
    const range = dateRangeQuery([dayjs('2026-03-01'), dayjs('2026-03-31')], { field: 'transactionDate' });
    expect(ledgerConditions({ ...range, incomeOrExpend: 1, payeeName: '张伟', empty: '' })).toEqual({
      start_transactionDate: '2026-03-01',
      end_transactionDate: '2026-03-31',
      incomeOrExpend: 1,
      payeeName: '张伟',
    });
    expect(ledgerConditions(dateRangeQuery([dayjs('2026-01-01'), null], { field: 'transactionDate' }))).toEqual({ start_transactionDate: '2026-01-01' });
  });
});

describe('the claim form', () => {
  it('totals the lines to the cent, skipping lines without a valid amount', () => {
    expect(claimTotal([{ amount: '320.5' }, { amount: '86' }, { amount: '0.1' }, { amount: '0.2' }])).toBe('406.80');
    expect(claimTotal([{ amount: '' }, { amount: 'abc' }, {}])).toBe('0.00');
    expect(claimTotal(undefined)).toBe('0.00');
  });

  it('sends the lines with numeric types, amounts as text and the total', () => {
    expect(
      claimBody({
        title: ' 出差 ',
        lines: [
          { expenseDate: '2026-03-02', expenseType: '1', amount: '320.5', billCount: 2, remark: ' 高铁 ' },
          { expenseDate: '2026-03-03', expenseType: '4', amount: '86' },
        ],
      }),
    ).toEqual({
      title: '出差',
      lines: [
        { expenseDate: '2026-03-02', expenseType: 1, amount: '320.5', billCount: 2, remark: '高铁' },
        { expenseDate: '2026-03-03', expenseType: 4, amount: '86', billCount: 0, remark: null },
      ],
      totalAmount: '406.50',
      filePath: null,
      remark: null,
    });
  });
});

describe('loans', () => {
  it('can be repaid when approved, paid and with a balance', () => {
    expect(repayable({ id: '1', status: 2, payStatus: 1, balance: '0.01' })).toBe(true);
    expect(repayable({ id: '1', status: 2, payStatus: 1, balance: '0.00' })).toBe(false);
    expect(repayable({ id: '1', status: 2, payStatus: 0, balance: '5000.00' })).toBe(false);
    expect(repayable({ id: '1', status: 1, payStatus: 1, balance: '5000.00' })).toBe(false);
  });
});

describe('payments', () => {
  it('a staff member is paid only with a maintained account', () => {
    expect(hasAccounts([{ id: '1', realName: '张伟', accountList: [{ id: '3' }] } as never])).toBe(true);
    expect(hasAccounts([{ id: '2', realName: '赵敏', accountList: [] } as never])).toBe(false);
    expect(hasAccounts([{ id: '2', realName: '赵敏', displayName: '赵敏' }])).toBe(false);
  });

  it('an approved, unpaid application waits for its payment', () => {
    expect(awaitsPayment({ id: '1', status: 2, payStatus: 0 })).toBe(true);
    expect(awaitsPayment({ id: '1', status: 2, payStatus: 1 })).toBe(false);
    expect(awaitsPayment({ id: '1', status: 1, payStatus: 0 })).toBe(false);
  });
});

describe('finance forms', () => {
  it('reads the lines of a form from its content', () => {
    expect(linesOfContent('[{"name":"印花税","amount":"120.00"}]')).toEqual([{ name: '印花税', amount: '120.00' }]);
    expect(linesOfContent('not json')).toEqual([]);
    expect(linesOfContent(null)).toEqual([]);
  });
});
