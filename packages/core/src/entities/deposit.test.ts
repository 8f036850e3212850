import { describe, expect, it } from 'vitest';
import { DEPOSIT_REFUND_STATUS, depositAgeBucket, depositRefundStatus, depositRemaining } from './deposit.ts';

describe('deposit rules', () => {
  it('the refund status follows the approved refunds: 未退, 部分退, 已退', () => {
    expect(depositRefundStatus('20000.00', '0.00')).toBe(DEPOSIT_REFUND_STATUS.none);
    expect(depositRefundStatus('20000.00', '12000.00')).toBe(DEPOSIT_REFUND_STATUS.partly);
    expect(depositRefundStatus('20000.00', '19999.99')).toBe(DEPOSIT_REFUND_STATUS.partly);
    expect(depositRefundStatus('20000.00', '20000.00')).toBe(DEPOSIT_REFUND_STATUS.full);
  });

  it('what is left to refund never goes below zero', () => {
    expect(depositRemaining('20000.00', '12000.00')).toBe('8000.00');
    expect(depositRemaining('100.00', '100.01')).toBe('0.00');
  });

  it('ages by days past the expected refund date', () => {
    expect([-1, 0, 90, 91, 180, 181, 365, 366, 5000].map(depositAgeBucket)).toEqual([
      'notDue',
      'd0_90',
      'd0_90',
      'd90_180',
      'd90_180',
      'd180_365',
      'd180_365',
      'over365',
      'over365',
    ]);
  });
});
