import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import type { PaymentFormProps } from '../../components/PaymentForm';
import { RowPaymentForm, type RowPaying } from './RowPaymentForm';

// The payment form itself is tested in components/PaymentForm: here it hands over a filled form on a click.
vi.mock('../../components/PaymentForm', () => ({
  PaymentForm: ({ open, title, onSubmit, onClose }: PaymentFormProps) =>
    open ? (
      <div>
        <span data-testid="title">{title}</span>
        <button data-testid="submit" onClick={() => void Promise.resolve(onSubmit({ expenseType: 1, transactionDate: '2025-03-05' })).catch(() => undefined)} />
        <button data-testid="close" onClick={onClose} />
      </div>
    ) : null,
}));

const SLOW = { timeout: 5000 };

function show(paying: RowPaying | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const pay = vi.fn(async (_id: string, _payment: Record<string, unknown>) => ({}));
  const onClose = vi.fn();
  render(
    <Providers client={client}>
      <RowPaymentForm
        paying={paying}
        onClose={onClose}
        title={{ zh: '完工付款(结算费用)', en: 'Pay the settlement fee' }}
        amountField="settlementFee"
        pay={pay}
        started={{ zh: '已提交完工付款审批', en: 'Payment sent for approval' }}
        invalidates={['money', 'settlement']}
      />
    </Providers>,
  );
  return { pay, onClose, invalidate };
}

describe('RowPaymentForm', () => {
  it('is closed without a row', () => {
    show(null);
    expect(screen.queryByTestId('title')).toBeNull();
  });

  it("titles the form with the row's amount; submitted, it pays the row, says so, refreshes the area's queries, reloads the list and closes", async () => {
    const reload = vi.fn(async () => undefined);
    const { pay, onClose, invalidate } = show({ row: { id: '42', settlementFee: '8800' }, reload });
    expect(screen.getByTestId('title').textContent).toBe('完工付款(结算费用) (8,800.00)');
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    expect(pay).toHaveBeenCalledWith('42', { expenseType: 1, transactionDate: '2025-03-05' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['money', 'settlement'] });
    expect(reload).toHaveBeenCalled();
    await waitFor(() => expect(document.querySelector('.ant-message-notice')?.textContent).toBe('已提交完工付款审批'), SLOW);
  });

  it('a payment refused by the server keeps the form open and the list as it was', async () => {
    const reload = vi.fn(async () => undefined);
    const { pay, onClose } = show({ row: { id: '42', settlementFee: '8800' }, reload });
    pay.mockRejectedValueOnce(new Error('结算记录不存在'));
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(pay).toHaveBeenCalled(), SLOW);
    expect(onClose).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
