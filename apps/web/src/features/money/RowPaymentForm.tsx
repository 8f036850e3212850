/**
 * Pays a row of a money list with the kit's PaymentForm (完工付款 of a settlement, 付款 of a project expense): the
 * row's amount in the title; submitted, the payment starts its process, the success message shows, the area's
 * queries are invalidated and the list reloads.
 */
import type { Label } from '@hjl/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { useLabel } from '../../app/i18n';
import type { Row } from '../../components/CrudPage';
import { moneyText } from '../../components/MoneyText';
import { PaymentForm } from '../../components/PaymentForm';

/** The row being paid and the reload of its list (what a row action sets). */
export interface RowPaying {
  row: Row;
  reload: () => Promise<void>;
}

export interface RowPaymentFormProps {
  /** The row being paid; null: the form is closed. */
  paying: RowPaying | null;
  onClose: () => void;
  /** The form's title; the row's amount follows it in brackets. */
  title: Label;
  /** The row's field of the amount paid. */
  amountField: string;
  /** Starts the payment of the row (its process). */
  pay: (id: string, payment: Record<string, unknown>) => Promise<unknown>;
  /** The message once started. */
  started: Label;
  /** The queries of the area to refresh (its query-key factory's `all`). */
  invalidates: QueryKey;
}

export function RowPaymentForm({ paying, onClose, title, amountField, pay, started, invalidates }: RowPaymentFormProps) {
  const label = useLabel();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <PaymentForm
      accountRequired
      open={!!paying}
      title={`${label(title)}${paying ? ` (${moneyText(String(paying.row[amountField] ?? ''))})` : ''}`}
      onClose={onClose}
      onSubmit={async (payment) => {
        if (!paying) return;
        await pay(String(paying.row.id), payment as Record<string, unknown>);
        void message.success(label(started));
        void queryClient.invalidateQueries({ queryKey: invalidates });
        await paying.reload();
        onClose();
      }}
    />
  );
}
