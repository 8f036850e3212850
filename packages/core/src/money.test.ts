import { describe, expect, it } from 'vitest';
import { formatMoney, moneyToChinese, sanitizeMoneyText } from './money.ts';

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
