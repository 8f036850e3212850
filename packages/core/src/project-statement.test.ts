import { describe, expect, it } from 'vitest';
import { PROJECT_FIGURE_RE, PROJECT_LEDGER_BIZ, figureOfRow, marginPercent } from './project-statement.ts';

describe('project statement figures', () => {
  it('tells a ledger row’s figure by its producing kind and cost type', () => {
    expect(figureOfRow({ incomeOrExpend: 0, bizType: PROJECT_LEDGER_BIZ.collect })).toBe('collect');
    expect(figureOfRow({ incomeOrExpend: '0', bizType: null })).toBe('otherIncome');
    expect(figureOfRow({ incomeOrExpend: 1, bizType: PROJECT_LEDGER_BIZ.labour, costType: 1 })).toBe('labour');
    expect(figureOfRow({ incomeOrExpend: 1, bizType: PROJECT_LEDGER_BIZ.settlement })).toBe('settlement');
    expect(figureOfRow({ incomeOrExpend: 1, bizType: PROJECT_LEDGER_BIZ.expense, costType: 3 })).toBe('cost:3');
    expect(figureOfRow({ incomeOrExpend: 1, bizType: null, costType: null })).toBe('cost:none');
    expect(PROJECT_FIGURE_RE.test('cost:12')).toBe(true);
    expect(PROJECT_FIGURE_RE.test('cost:x')).toBe(false);
    expect(PROJECT_FIGURE_RE.test('profit')).toBe(false);
  });

  it('guarantee money has figures of its own, whatever its cost type: paid out and back', () => {
    expect(figureOfRow({ incomeOrExpend: 1, bizType: PROJECT_LEDGER_BIZ.deposit, costType: 2 })).toBe('depositOut');
    expect(figureOfRow({ incomeOrExpend: 0, bizType: PROJECT_LEDGER_BIZ.deposit })).toBe('depositIn');
    expect(figureOfRow({ incomeOrExpend: 0, bizType: PROJECT_LEDGER_BIZ.depositRefund })).toBe('depositIn');
    expect(figureOfRow({ incomeOrExpend: 1, bizType: PROJECT_LEDGER_BIZ.depositRefund })).toBe('depositOut');
    expect(PROJECT_FIGURE_RE.test('depositOut')).toBe(true);
  });

  it('margin: profit ÷ income in percent, two decimals, half up; none without income', () => {
    expect(marginPercent('92367.61', '133333.34')).toBe('69.28');
    expect(marginPercent('1.00', '3.00')).toBe('33.33');
    expect(marginPercent('2.00', '3.00')).toBe('66.67');
    expect(marginPercent('-1.00', '8.00')).toBe('-12.50');
    expect(marginPercent('-0.01', '300.00')).toBe('0.00');
    expect(marginPercent('-5.00', '0.00')).toBeNull();
    expect(marginPercent('100.00', '100.00')).toBe('100.00');
  });
});
