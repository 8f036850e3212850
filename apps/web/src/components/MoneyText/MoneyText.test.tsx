import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../app/i18n';
import { MoneyText, moneyText } from './MoneyText';

describe('MoneyText', () => {
  it.each([
    ['1234567.5', '1,234,567.50 元', '壹佰贰拾叁万肆仟伍佰陆拾柒元伍角'],
    [50000, '50,000.00 元', '伍万元整'],
    ['0', '0.00 元', '零元整'],
    ['-1200.05', '-1,200.05 元', '负壹仟贰佰元零伍分'],
    ['1,000.126', '1,000.13 元', '壹仟元壹角叁分'],
  ])('%s shows %s and %s', (value, amount, upper) => {
    render(<MoneyText value={value} />);
    expect(screen.getByTestId('money-text-amount').textContent).toBe(amount);
    expect(screen.getByTestId('money-text-upper').textContent).toBe(upper);
  });

  it('an amount in 万元 shows the uppercase of ten thousand times it', () => {
    render(<MoneyText value="12.5" unit="wan" />);
    expect(screen.getByTestId('money-text-amount').textContent).toBe('12.50 万元');
    expect(screen.getByTestId('money-text-upper').textContent).toBe('壹拾贰万伍仟元整');
  });

  it('empty shows a dash; text that is no amount is shown as it is, without 大写', () => {
    const { unmount } = render(<MoneyText value={null} />);
    expect(screen.getByTestId('money-text').textContent).toBe('-');
    unmount();
    render(<MoneyText value="待定" />);
    expect(screen.getByTestId('money-text-amount').textContent).toBe('待定');
    expect(screen.queryByTestId('money-text-upper')).toBeNull();
  });

  it('hideUpper and hideUnit leave the amount alone; English names the unit', async () => {
    await setLanguage('en');
    try {
      const { unmount } = render(<MoneyText value="8" />);
      expect(screen.getByTestId('money-text-amount').textContent).toBe('8.00 yuan');
      unmount();
      render(<MoneyText value="8" hideUpper hideUnit />);
      expect(screen.getByTestId('money-text').textContent).toBe('8.00');
    } finally {
      await setLanguage('zh-CN');
    }
  });

  it('moneyText formats for cells and exports', () => {
    expect(moneyText('1234')).toBe('1,234.00');
    expect(moneyText(undefined)).toBe('');
  });
});
