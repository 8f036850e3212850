import { describe, expect, it } from 'vitest';
import { sumMoney } from '../money.ts';
import { collectShareAmounts, percentRate } from './project-money.ts';

describe('collectShareAmounts (BUSINESS.md WP3: shares of a collection to the fen)', () => {
  it('turns percentages into rates', () => {
    expect(percentRate('60')).toBe('0.6000');
    expect(percentRate('12.5')).toBe('0.1250');
    expect(percentRate('100')).toBe('1.0000');
    expect(percentRate('0.01')).toBe('0.0001');
  });

  it.each([
    ['12345.67', ['60', '40'], ['7407.40', '4938.27']],
    ['12345.67', ['50', '25', '25'], ['6172.83', '3086.42', '3086.42']],
    ['100.00', ['33.33', '33.33', '33.34'], ['33.33', '33.33', '33.34']],
    ['0.10', ['33.33', '33.33', '33.34'], ['0.04', '0.03', '0.03']],
    ['1000.00', ['60', '30'], ['600.00', '300.00']],
    // 0.005 rounds up to 0.01 twice: the first gives the extra cent back.
    ['0.01', ['50', '50'], ['0.00', '0.01']],
  ])('%s split %j → %j', (amount, ratios, parts) => {
    expect(collectShareAmounts(amount, ratios)).toEqual(parts);
  });

  it('adds up to exactly the amount at 100 %', () => {
    for (const amount of ['0.01', '0.07', '99.99', '12345.67', '1000000.01'])
      for (const ratios of [['33.33', '33.33', '33.34'], ['10', '20', '30', '40'], ['99.99', '0.01'], ['100']])
        expect(sumMoney(collectShareAmounts(amount, ratios))).toBe(amount);
  });
});
