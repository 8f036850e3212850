import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { MoneyInput, MONEY_DEBOUNCE_MS } from './MoneyInput';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const input = () => screen.getByTestId('money') as HTMLInputElement;
const upper = () => screen.getByTestId('money-upper').textContent;

describe('MoneyInput', () => {
  it('keeps digits and one decimal point with at most 2 decimals, shows the uppercase amount and emits after 300 ms', () => {
    const onChange = vi.fn();
    render(<MoneyInput testId="money" onChange={onChange} />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '1a2b3.4.567' } });
    expect(input().value).toBe('123.45');
    expect(upper()).toBe('壹佰贰拾叁元肆角伍分');
    act(() => vi.advanceTimersByTime(MONEY_DEBOUNCE_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input(), { target: { value: '1234567.8' } });
    act(() => vi.advanceTimersByTime(MONEY_DEBOUNCE_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('1234567.8');
  });

  it('shows thousands separators when not being typed in, and emits at once on leaving the input', () => {
    const onChange = vi.fn();
    render(<MoneyInput testId="money" onChange={onChange} />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '1234567.5' } });
    expect(input().value).toBe('1234567.5');
    fireEvent.blur(input());
    expect(onChange).toHaveBeenCalledWith('1234567.5');
    expect(input().value).toBe('1,234,567.5');
    act(() => vi.advanceTimersByTime(MONEY_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('zero is 零元整, from 1e15 on 超出最大处理数字, cleared is null', () => {
    const onChange = vi.fn();
    render(<MoneyInput testId="money" onChange={onChange} />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '0' } });
    expect(upper()).toBe('零元整');
    fireEvent.change(input(), { target: { value: '1000000000000000' } });
    expect(upper()).toBe('超出最大处理数字');
    act(() => vi.advanceTimersByTime(MONEY_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith('1000000000000000');
    fireEvent.change(input(), { target: { value: '' } });
    act(() => vi.advanceTimersByTime(MONEY_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(upper()).toBe('');
  });

  it('in 万元 the uppercase amount is of the value times 10000', () => {
    render(<MoneyInput testId="money" unit="wan" value="12.5" />);
    expect(input().value).toBe('12.5');
    expect(upper()).toBe('壹拾贰万伍仟元整');
    expect(screen.getByText('万元')).toBeTruthy();
  });

  it('works as a form control: shows the form value and the form receives the typed one', async () => {
    let form!: ReturnType<typeof Form.useForm>[0];
    function Host() {
      [form] = Form.useForm();
      return (
        <Form form={form} initialValues={{ amount: '2000.00' }}>
          <Form.Item name="amount">
            <MoneyInput testId="money" />
          </Form.Item>
        </Form>
      );
    }
    render(<Host />);
    expect(input().value).toBe('2,000.00');
    expect(upper()).toBe('贰仟元整');
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '30001.05' } });
    act(() => vi.advanceTimersByTime(MONEY_DEBOUNCE_MS));
    expect(form.getFieldValue('amount')).toBe('30001.05');
    expect(upper()).toBe('叁万零壹元零伍分');
    act(() => form.setFieldsValue({ amount: '7' }));
    expect(input().value).toBe('7');
  });
});
