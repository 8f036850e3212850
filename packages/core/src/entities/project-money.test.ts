import { describe, expect, it } from 'vitest';
import { sumMoney } from '../money.ts';
import { collectShareAmounts, labourIncomeTax, labourOught, labourShares, percentRate } from './project-money.ts';

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

describe('labour fees (BUSINESS.md §1: ought, shares, individual income tax on labour remuneration)', () => {
  it.each([
    ['0.00', '0.00'],
    ['800.00', '0.00'],
    ['800.01', '0.00'],
    ['800.03', '0.01'],
    ['3000.00', '440.00'],
    ['4000.00', '640.00'],
    // Above 4,000: × 80 % × 20 %.
    ['4000.01', '640.00'],
    ['10592.60', '1694.82'],
    ['7061.73', '1129.88'],
    ['25000.00', '4000.00'],
    // Taxable 20,000.00 exactly is still 20 %; above it 30 % − 2,000.
    ['25000.01', '4000.00'],
    ['25000.10', '4000.02'],
    ['50000.00', '10000.00'],
    ['62500.00', '13000.00'],
    // Taxable above 50,000: 40 % − 7,000.
    ['100000.00', '25000.00'],
  ])('tax on %s is %s', (gross, tax) => {
    expect(labourIncomeTax(gross)).toBe(tax);
  });

  it('the fixture: collections 100 000.00, expenses 12 345.67, ratio 30 % → ought 17 654.33; 60/40 to the cent with the tax', () => {
    const ought = labourOught('100000.00', '30', '12345.67');
    expect(ought).toBe('17654.33');
    const shares = labourShares(ought, ['60', '40']);
    expect(shares).toEqual([
      { amount: '10592.60', taxAmount: '1694.82', netAmount: '8897.78' },
      { amount: '7061.73', taxAmount: '1129.88', netAmount: '5931.85' },
    ]);
    expect(sumMoney(shares.map((s) => s.amount))).toBe(ought);
  });

  it('shares add up to the amount whatever the ratios', () => {
    for (const amount of ['0.01', '99.99', '17654.33', '1000000.01'])
      for (const ratios of [['33.33', '33.33', '33.34'], ['10', '20', '30', '40'], ['99.99', '0.01'], ['100']])
        expect(sumMoney(labourShares(amount, ratios).map((s) => s.amount))).toBe(amount);
  });
});
