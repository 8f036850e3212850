import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { PaymentDetailView } from './DrawerViews';
import PaymentRecordPage from './PaymentRecordPage';

const SLOW = { timeout: 5000 };
const page = (records: unknown[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

function show(node: React.ReactNode) {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], ['payment_his_add']);
  const http = mockFetch((call) => {
    if (call.path === '/api/business/hjlPaymentHis/list') return page([{ id: '1', bizType: 'hjl_apply_expense', amount: '10.00', isDraft: 2, status: 2 }]);
    if (call.path === '/api/business/hjlApplyRefund/list') return page([{ id: '41', title: '多收咨询费退回', refundAmount: '14869.53' }]);
    if (call.path === '/api/blade-system/dict-biz/dictionary')
      return ok(
        call.query.get('code') === 'payment_biz_type'
          ? [
              { dictKey: 'hjl_apply_expense', dictValue: '费用报销' },
              { dictKey: 'hjl_apply_refund', dictValue: '退款申请' },
            ]
          : call.query.get('code') === 'payment_method'
            ? [{ dictKey: '0', dictValue: '银行转账' }]
            : [],
      );
    if (call.path.startsWith('/api/')) return ok([]);
    return undefined;
  });
  render(<Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</Providers>);
  return http;
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('付款记录', () => {
  it("新增 lists the chosen kind's approved, unpaid applications; an approval's record is only viewed", async () => {
    const http = show(<PaymentRecordPage />);
    await screen.findByTestId('crud-row-view-1', undefined, SLOW);
    expect(screen.queryByTestId('crud-row-edit-1')).toBeNull();
    fireEvent.click(screen.getByTestId('crud-add'));
    const kind = await screen.findByTestId('crud-form-bizType', undefined, SLOW);
    fireEvent.mouseDown(within(kind).getByRole('combobox'));
    fireEvent.click((await screen.findAllByTitle('退款申请', undefined, SLOW)).at(-1)!);
    await waitFor(() => expect(http.callsTo('/api/business/hjlApplyRefund/list')).toHaveLength(1), SLOW);
    expect(Object.fromEntries(http.callsTo('/api/business/hjlApplyRefund/list')[0]!.query)).toMatchObject({ status: '2', payStatus: '0' });
    fireEvent.mouseDown(within(screen.getByTestId('crud-form-bizId')).getByRole('combobox'));
    expect(await screen.findByText('多收咨询费退回 (14,869.53 元)', undefined, SLOW)).toBeTruthy();
  }, 60_000);
});

describe('付款详情 (the approval drawer)', () => {
  it('shows how an application was paid, with its amount', async () => {
    show(
      <PaymentDetailView
        record={{ id: '5', status: 2, payStatus: 1, expenseType: 0, transactionReferenceNumber: 'BX1', totalAmount: '406.50', accountName: '华建咨询基本户' }}
      />,
    );
    expect((await screen.findByTestId('payment-detail-status', undefined, SLOW)).textContent).toBe('已付款');
    expect(screen.getByTestId('payment-detail-reference').textContent).toBe('BX1');
    expect(screen.getByTestId('payment-detail-money').textContent).toContain('406.50');
    await waitFor(() => expect(screen.getByTestId('payment-detail').textContent).toContain('银行转账'), SLOW);
  });
});
