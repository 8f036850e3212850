import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { paymentBody, PaymentForm, PAYMENT_MSG, type PaymentValues } from './PaymentForm';

const ACCOUNT = { id: '9', accountName: '华建联基本户', accountNum: '3201 0000 1111 2222', bankName: '中国银行南京河西支行', accountNature: 1 };

function show(props: { initialValues?: PaymentValues; resubmit?: boolean; dict?: boolean } = {}) {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], []);
  mockFetch((call) => {
    if (call.path === '/api/blade-system/dict-biz/dictionary')
      return ok(
        call.query.get('code') === 'payment_method' && props.dict
          ? [
              { dictKey: '0', dictValue: '对公转账' },
              { dictKey: '1', dictValue: '现金支付' },
              { dictKey: '2', dictValue: '承兑汇票' },
            ]
          : [],
      );
    if (call.path === '/api/business/hjlAccountInfo/pick') return ok({ records: [ACCOUNT], total: 1, size: 10, current: 1, pages: 1 });
    return undefined;
  });
  const onSubmit = vi.fn<(v: PaymentValues) => void>();
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PaymentForm open onClose={() => undefined} onSubmit={onSubmit} initialValues={props.initialValues} resubmit={props.resubmit} />
    </Providers>,
  );
  return { onSubmit };
}

/** Validation messages appear after antd's motion; a loaded machine needs more than the default second. */
const SLOW = { timeout: 5000 };
const fieldErrors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
const chooseType = async (label: string) => {
  fireEvent.mouseDown(screen.getByTestId('payment-drawer').querySelector('.ant-select')!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
};
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('PaymentForm (付款信息)', () => {
  it('is a drawer of 1000 px titled 付款信息 with 提交; nothing filled: 请选择付款方式 and 请选择打款日期, nothing sent', async () => {
    const { onSubmit } = show();
    expect(screen.getByText('付款信息')).toBeTruthy();
    expect((document.querySelector('.ant-drawer-content-wrapper') as HTMLElement).style.width).toBe('1000px');
    expect(screen.getByTestId('payment-submit').textContent?.replace(/\s/g, '')).toBe('提交');
    fireEvent.click(screen.getByTestId('payment-submit'));
    await waitFor(() => expect(fieldErrors()).toEqual([PAYMENT_MSG.expenseType, PAYMENT_MSG.transactionDate]), SLOW);
    await waitFor(() => expect(toasts()).toContain('请选择付款方式 | 请选择打款日期'), SLOW);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('bank transfer (0): the payer group and the reference number; its three fields are required with their messages', async () => {
    show();
    expect(screen.queryByTestId('payment-payer-group')).toBeNull();
    expect(screen.queryByTestId('payment-transactionReferenceNumber')).toBeNull();
    await chooseType('银行转账');
    expect(await screen.findByTestId('payment-payer-group')).toBeTruthy();
    expect(screen.getByTestId('payment-transactionReferenceNumber')).toBeTruthy();
    fireEvent.click(screen.getByTestId('payment-submit'));
    await waitFor(
      () => expect(fieldErrors()).toEqual([PAYMENT_MSG.transactionDate, PAYMENT_MSG.payerName, PAYMENT_MSG.debitAccountNo, PAYMENT_MSG.payerAccountBank]),
      SLOW,
    );
  });

  it('cash (1) hides the payer group and the reference number; bill (2) shows only the reference number', async () => {
    show();
    await chooseType('现金');
    await waitFor(() => expect(screen.queryByTestId('payment-payer-group')).toBeNull());
    expect(screen.queryByTestId('payment-transactionReferenceNumber')).toBeNull();
    await chooseType('票据');
    await waitFor(() => expect(screen.getByTestId('payment-transactionReferenceNumber')).toBeTruthy());
    expect(screen.queryByTestId('payment-payer-group')).toBeNull();
  });

  it("the methods come from the tenant's dictionary payment_method when it has them", async () => {
    show({ dict: true });
    await chooseType('对公转账');
    expect(await screen.findByTestId('payment-payer-group')).toBeTruthy();
  });

  it('choosing the internal account fills the account number and the payer name, account and bank', async () => {
    const { onSubmit } = show({ initialValues: { expenseType: 0, transactionDate: '2025-03-05' } });
    fireEvent.click(screen.getByTestId('payment-account-choose'));
    const table = await screen.findByTestId('account-picker-table');
    const row = await waitFor(() => within(table).getByText('华建联基本户').closest('tr')!);
    fireEvent.doubleClick(row);
    await waitFor(() => expect(input('payment-payerName').value).toBe('华建联基本户'));
    expect(input('payment-debitAccountNo').value).toBe('3201 0000 1111 2222');
    expect(input('payment-payerAccountBank').value).toBe('中国银行南京河西支行');
    expect(input('payment-accountNum').value).toBe('3201 0000 1111 2222');
    fireEvent.change(input('payment-transactionReferenceNumber'), { target: { value: ' HX20250305001 ' } });
    fireEvent.click(screen.getByTestId('payment-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      expenseType: 0,
      transactionDate: '2025-03-05',
      transactionReferenceNumber: 'HX20250305001',
      accountInfoId: '9',
      accountNum: '3201 0000 1111 2222',
      payerName: '华建联基本户',
      debitAccountNo: '3201 0000 1111 2222',
      payerAccountBank: '中国银行南京河西支行',
      businessSubjectType: 1,
      filePath: [],
    });
  });

  it('a record sent back reads 重新提交 and starts from its values', () => {
    show({ resubmit: true, initialValues: { expenseType: 1, transactionDate: '2025-03-05', remark: '退回后修改' } });
    expect(screen.getByTestId('payment-submit').textContent).toBe('重新提交');
    expect((screen.getByTestId('payment-remark') as HTMLTextAreaElement).value).toBe('退回后修改');
    expect(screen.queryByTestId('payment-payer-group')).toBeNull();
  });
});

describe('paymentBody', () => {
  it("leaves out hidden groups' values and names the business subject", () => {
    expect(
      paymentBody({
        expenseType: 1,
        transactionReferenceNumber: 'x',
        payerName: 'p',
        debitAccountNo: '1',
        payerAccountBank: 'b',
        businessSubjectType: 2,
        customerId: '5',
        customerName: '南京地铁',
        personId: '7',
        personName: '张伟',
      }),
    ).toMatchObject({
      transactionReferenceNumber: null,
      payerName: null,
      debitAccountNo: null,
      payerAccountBank: null,
      businessSubjectId: '5',
      customerId: '5',
      personId: null,
      personName: null,
    });
    expect(paymentBody({ expenseType: 2, transactionReferenceNumber: ' R1 ', businessSubjectType: 1, personId: '7', personName: '张伟' })).toMatchObject({
      transactionReferenceNumber: 'R1',
      businessSubjectId: '7',
      customerId: null,
    });
  });
});
