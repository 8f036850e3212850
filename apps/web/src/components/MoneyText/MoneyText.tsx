/**
 * A read-only amount (spec 2 sections 5 and 9, details and drawers): two decimals with thousands separators,
 * the unit, and the uppercase Chinese amount (大写) beside it. With `unit="wan"` the value is in 万元 and the
 * uppercase amount is of the value times 10000, as the money input does. An empty value shows `-`; text that is
 * not an amount is shown as it is, without an uppercase amount.
 */
import { formatMoney, moneyToChinese, type Label } from '@hjl/core';
import { Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useLabel } from '../../app/i18n';

const UNITS: Record<'yuan' | 'wan', Label> = { yuan: { zh: '元', en: 'yuan' }, wan: { zh: '万元', en: '×10k yuan' } };
const AMOUNT = /^-?\d+(\.\d+)?$/;

export interface MoneyTextProps {
  /** A decimal text or number (a row's value as read); anything else shows as it is. */
  value: unknown;
  unit?: 'yuan' | 'wan';
  /** Leaves out the uppercase amount (a table cell). */
  hideUpper?: boolean;
  /** Leaves out the unit. */
  hideUnit?: boolean;
  testId?: string;
  style?: CSSProperties;
}

/** The amount with separators and two decimals ('' when empty, the text itself when it is not an amount). */
export function moneyText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim().replace(/,/g, '');
  return AMOUNT.test(text) ? formatMoney(text, { decimals: 2 }) : String(value);
}

export function MoneyText({ value, unit = 'yuan', hideUpper, hideUnit, testId = 'money-text', style }: MoneyTextProps) {
  const label = useLabel();
  const shown = moneyText(value);
  if (!shown) return <span data-testid={testId}>-</span>;
  const isAmount = AMOUNT.test(String(value).trim().replace(/,/g, ''));
  return (
    <span data-testid={testId} style={{ display: 'inline-flex', alignItems: 'baseline', gap: 8, flexWrap: 'wrap', ...style }}>
      <span data-testid={`${testId}-amount`} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {shown}
        {isAmount && !hideUnit ? ` ${label(UNITS[unit])}` : ''}
      </span>
      {isAmount && !hideUpper && (
        <Typography.Text type="secondary" data-testid={`${testId}-upper`}>
          {moneyToChinese(String(value).replace(/,/g, ''), { unit })}
        </Typography.Text>
      )}
    </span>
  );
}
