import { describe, expect, it } from 'vitest';
import {
  addMoney,
  allocateMoney,
  firstTakesDifference,
  splitMoney,
  compareMoney,
  fenToMoney,
  formatMoney,
  inclusiveTax,
  moneyToChinese,
  multiplyMoney,
  sanitizeMoneyText,
  subtractMoney,
  sumMoney,
  toFen,
} from './money.ts';

describe('moneyToChinese', () => {
  it.each([
    [0, '零元整'],
    ['0.00', '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [100.5, '壹佰元伍角'],
    [0.5, '伍角'],
    [0.05, '伍分'],
    [0.56, '伍角陆分'],
    [1.05, '壹元零伍分'],
    [1001, '壹仟零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [10010, '壹万零壹拾元整'],
    [10000, '壹万元整'],
    [100000, '壹拾万元整'],
    [1001000, '壹佰万壹仟元整'],
    [20030.4, '贰万零叁拾元肆角'],
    [99999999, '玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整'],
    [100000000, '壹亿元整'],
    [100000001, '壹亿零壹元整'],
    [100010000, '壹亿零壹万元整'],
    [110000000, '壹亿壹仟万元整'],
    [1000000000000, '壹万亿元整'],
    [1000100000000, '壹万零壹亿元整'],
    ['999999999999999.99', '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    [1e15, '超出最大处理数字'],
    ['1000000000000000', '超出最大处理数字'],
    [-12.3, '负壹拾贰元叁角'],
    [0.1 + 0.2, '叁角'],
    ['1.005', '壹元零壹分'],
    ['12,345.60', '壹万贰仟叁佰肆拾伍元陆角'],
  ])('%s → %s', (value, text) => {
    expect(moneyToChinese(value)).toBe(text);
  });

  it('the wan unit multiplies by 10000 without floating-point errors', () => {
    expect(moneyToChinese('1.5', { unit: 'wan' })).toBe('壹万伍仟元整');
    expect(moneyToChinese('0.01', { unit: 'wan' })).toBe('壹佰元整');
    expect(moneyToChinese(1.2345, { unit: 'wan' })).toBe('壹万贰仟叁佰肆拾伍元整');
    expect(moneyToChinese('100000000000', { unit: 'wan' })).toBe('超出最大处理数字');
    expect(moneyToChinese('99999999999.99', { unit: 'wan' })).toBe('玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰元整');
  });

  it('gives nothing for no value or text that is not a number', () => {
    expect(moneyToChinese('')).toBe('');
    expect(moneyToChinese(null)).toBe('');
    expect(moneyToChinese('abc')).toBe('');
    expect(moneyToChinese(Number.NaN)).toBe('');
  });
});

describe('sanitizeMoneyText', () => {
  it.each([
    ['12a3', '123'],
    ['1.2.3', '1.23'],
    ['1.234', '1.23'],
    ['1,234.5', '1234.5'],
    ['.5', '.5'],
    ['-5', '5'],
  ])('%s → %s', (typed, kept) => expect(sanitizeMoneyText(typed)).toBe(kept));
  it('keeps a minus only when negative amounts are allowed', () => expect(sanitizeMoneyText('-5.1', { negative: true })).toBe('-5.1'));
});

describe('formatMoney', () => {
  it.each([
    ['1234567.5', '1,234,567.5'],
    ['123', '123'],
    ['1234.', '1,234.'],
    [-1234567, '-1,234,567'],
    ['', ''],
  ])('%s → %s', (value, shown) => expect(formatMoney(value)).toBe(shown));
  it('with two decimals', () => {
    expect(formatMoney('1234567.5', { decimals: 2 })).toBe('1,234,567.50');
    expect(formatMoney(1000, { decimals: 2 })).toBe('1,000.00');
  });
});

describe('money arithmetic (integer fen, half up)', () => {
  it.each([
    ['0.1', '0.2', '0.30'],
    ['1', '2.5', '3.50'],
    ['-1.05', '1', '-0.05'],
    ['9999999999999999.99', '0.01', '10000000000000000.00'],
    ['', null, '0.00'],
    ['1,234.5', '0.005', '1234.51'],
  ])('addMoney(%s, %s) = %s', (a, b, sum) => {
    expect(addMoney(a, b)).toBe(sum);
  });

  it.each([
    ['0.3', '0.1', '0.20'],
    ['1', '2.5', '-1.50'],
    ['100', '', '100.00'],
  ])('subtractMoney(%s, %s) = %s', (a, b, diff) => {
    expect(subtractMoney(a, b)).toBe(diff);
  });

  it('sumMoney adds any number of amounts, blanks as zero', () => {
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['0.1', '0.2', '0.3', null, undefined, ''])).toBe('0.60');
    expect(sumMoney(Array.from({ length: 10 }, () => '0.1'))).toBe('1.00');
  });

  it.each([
    ['100', '0.13', '13.00'],
    ['10.05', '0.5', '5.03'],
    ['-10.05', '0.5', '-5.03'],
    ['1.15', '0.1', '0.12'],
    ['1.14', '0.1', '0.11'],
    ['123.45', '1', '123.45'],
    ['0.01', '0.49', '0.00'],
    ['0.01', '0.5', '0.01'],
    ['8888.88', '7.123456', '63319.55'],
  ])('multiplyMoney(%s, %s) = %s', (amount, rate, product) => {
    expect(multiplyMoney(amount, rate)).toBe(product);
  });

  // BUSINESS.md §1 Invoice tax: the amount is tax-inclusive; tax = amount ÷ (1 + rate) × rate, half up.
  it.each([
    ['144051.60', '0.06', '8153.86', '135897.74'],
    ['10600.00', '0.06', '600.00', '10000.00'],
    ['1130', '0.13', '130.00', '1000.00'],
    ['1.00', '0.06', '0.06', '0.94'],
    ['0.17', '0.06', '0.01', '0.16'],
    ['500', '0', '0.00', '500.00'],
    ['1030.00', '0.03', '30.00', '1000.00'],
  ])('inclusiveTax(%s, %s) = tax %s, excluding %s', (amount, rate, tax, excludingTax) => {
    expect(inclusiveTax(amount, rate)).toEqual({ tax, excludingTax });
    expect(addMoney(tax, excludingTax)).toBe(addMoney(amount, '0'));
  });

  it.each([
    ['100', ['1', '1', '1'], ['33.34', '33.33', '33.33']],
    ['0.02', ['1', '1', '1'], ['0.01', '0.01', '0.00']],
    ['10', ['0.3', '0.7'], ['3.00', '7.00']],
    ['-100', ['1', '1', '1'], ['-33.34', '-33.33', '-33.33']],
    ['100', ['2', '1', '0'], ['66.67', '33.33', '0.00']],
    ['0.05', ['1', '2', '2'], ['0.01', '0.02', '0.02']],
    ['1000.01', ['500', '300', '200.5'], ['499.76', '299.85', '200.40']],
    ['0', ['1', '2'], ['0.00', '0.00']],
  ])('allocateMoney(%s, %j) = %j', (total, shares, parts) => {
    const got = allocateMoney(total, shares);
    expect(got).toEqual(parts);
    expect(sumMoney(got)).toBe(fenToMoney(toFen(total)));
  });

  it('allocateMoney places the remainder on the largest remainders, the earlier share on a tie', () => {
    // 0.10 over 3 equal shares: 3 fen each, 1 fen left → the first share.
    expect(allocateMoney('0.10', ['1', '1', '1'])).toEqual(['0.04', '0.03', '0.03']);
    // Remainders 1/3, 2/3 (× fen): the second share has the larger remainder.
    expect(allocateMoney('0.01', ['1', '2'])).toEqual(['0.00', '0.01']);
  });

  it('refuses what is not an amount, and shares that cannot be split', () => {
    expect(() => addMoney('1e3', '1')).toThrow();
    expect(() => addMoney('abc', '1')).toThrow();
    expect(() => allocateMoney('1', ['0', '0'])).toThrow('分摊比例之和不能为零');
    expect(() => allocateMoney('1', ['-1', '2'])).toThrow('分摊比例不能为负数');
  });

  it('converts between text and fen, and compares', () => {
    expect(toFen('12.345')).toBe(1235n);
    expect(toFen('-0.005')).toBe(-1n);
    expect(fenToMoney(5n)).toBe('0.05');
    expect(fenToMoney(-123456n)).toBe('-1234.56');
    expect(compareMoney('0.1', '0.10')).toBe(0);
    expect(compareMoney('1', '0.99')).toBe(1);
    expect(compareMoney('-1', '')).toBe(-1);
  });

  it.each([
    // Each part half up, the first taking the difference (docs/decisions.md "Splits").
    ['100', ['1', '1', '1'], ['33.34', '33.33', '33.33']],
    ['0.02', ['1', '1', '1'], ['0.00', '0.01', '0.01']],
    ['17654.33', ['60', '40'], ['10592.60', '7061.73']],
    ['1000.01', ['500', '300', '200.5'], ['499.76', '299.85', '200.40']],
    // 0.10 over 3: 0.03 each, the first takes the fen left.
    ['0.10', ['1', '1', '1'], ['0.04', '0.03', '0.03']],
    ['-100', ['1', '1', '1'], ['-33.34', '-33.33', '-33.33']],
    ['1000.20', ['10.5', '10'], ['512.30', '487.90']],
  ])('splitMoney(%s, %j) = %j', (total, weights, parts) => {
    expect(splitMoney(total, weights)).toEqual(parts);
    expect(sumMoney(parts)).toBe(fenToMoney(toFen(total)));
  });

  it('firstTakesDifference gives the first part what the others miss of the total', () => {
    expect(firstTakesDifference('10.00', ['3.34', '3.33', '3.34'])).toEqual(['3.33', '3.33', '3.34']);
    expect(firstTakesDifference('0', [])).toEqual([]);
    expect(() => splitMoney('1', ['0', '0'])).toThrow('分摊比例之和不能为零');
  });
});
