/**
 * Money input (spec 2 section 5): digits and one decimal point only, at most 2 decimals, thousands separators
 * while shown, the uppercase Chinese amount beside it, and the value emitted 300 ms after the last keystroke
 * (at once when the input loses focus). With `unit="wan"` the value is in 万元 and the uppercase amount is of
 * the value times 10000. The value is the plain decimal text ('12345.6'), as the API takes money.
 */
import { formatMoney, moneyToChinese, sanitizeMoneyText } from '@hjl/core';
import { Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLabel } from '../../app/i18n';

/** Delay between the last keystroke and the emitted value (spec 2 section 9). */
export const MONEY_DEBOUNCE_MS = 300;

export interface MoneyInputProps {
  value?: string | number | null;
  onChange?: (value: string | null) => void;
  /** 'wan': the value is in 万元. */
  unit?: 'yuan' | 'wan';
  /** Allows a leading minus. */
  negative?: boolean;
  /** Hides the uppercase amount (a search form). */
  hideUpper?: boolean;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  'data-testid'?: string;
  style?: React.CSSProperties;
}

const textOf = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function MoneyInput({ value, onChange, unit = 'yuan', negative, hideUpper, placeholder, disabled, testId, style, ...rest }: MoneyInputProps) {
  const label = useLabel();
  const id = testId ?? rest['data-testid'] ?? 'money-input';
  const [text, setText] = useState(() => textOf(value));
  const [focused, setFocused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const emitted = useRef(textOf(value));

  // A value set from outside (form reset, record loaded) replaces what is shown.
  useEffect(() => {
    const next = textOf(value);
    if (next !== emitted.current) {
      emitted.current = next;
      setText(next);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const emit = (next: string) => {
    clearTimeout(timer.current);
    const out = next === '' || next === '-' || next === '.' ? null : next.replace(/\.$/, '');
    if ((out ?? '') === emitted.current) return;
    emitted.current = out ?? '';
    onChange?.(out);
  };

  const change = (typed: string) => {
    const next = sanitizeMoneyText(typed, { negative });
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => emit(next), MONEY_DEBOUNCE_MS);
  };

  const upper = moneyToChinese(text === '-' || text === '.' ? '' : text, { unit });
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap', ...style }}>
      <Input
        data-testid={id}
        inputMode="decimal"
        value={focused ? text : formatMoney(text)}
        onChange={(e) => change(e.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          emit(text);
        }}
        disabled={disabled}
        placeholder={placeholder ?? label({ zh: '请输入金额', en: 'Enter an amount' })}
        suffix={<span style={{ color: 'rgba(0,0,0,0.45)' }}>{unit === 'wan' ? label({ zh: '万元', en: '×10k yuan' }) : label({ zh: '元', en: 'yuan' })}</span>}
        style={{ flex: '1 1 160px', minWidth: 140 }}
      />
      {!hideUpper && (
        <Typography.Text type="secondary" data-testid={`${id}-upper`} style={{ flex: '0 1 auto' }}>
          {upper}
        </Typography.Text>
      )}
    </div>
  );
}
