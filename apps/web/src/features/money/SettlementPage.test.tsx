import { describe, expect, it } from 'vitest';
import { payable } from './SettlementPage';

describe('项目结算 list: 完工付款 offered', () => {
  it('only on an approved settlement with a fee and no payment under approval or approved', () => {
    expect(payable({ id: '1', status: 2, settlementFee: '8800.00', feePayStatus: 0 })).toBe(true);
    expect(payable({ id: '1', status: 2, settlementFee: '0.01' })).toBe(true);
    expect(payable({ id: '1', status: 1, settlementFee: '8800.00', feePayStatus: 0 })).toBe(false);
    expect(payable({ id: '1', status: 2, settlementFee: null, feePayStatus: 0 })).toBe(false);
    expect(payable({ id: '1', status: 2, settlementFee: '0.00', feePayStatus: 0 })).toBe(false);
    expect(payable({ id: '1', status: 2, settlementFee: '8800.00', feePayStatus: 1 })).toBe(false);
    expect(payable({ id: '1', status: 2, settlementFee: '8800.00', feePayStatus: 2 })).toBe(false);
  });
});
