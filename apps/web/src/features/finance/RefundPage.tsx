/**
 * /finance/hjlApplyRefund (退款申请): money received that goes back, in approval mode. An approved, unpaid refund is
 * paid with 付款: the payment information (付款信息, S2 L190-197, the 1000 px drawer) becomes a payment record whose
 * approval (refundMakePay) writes the ledger and marks the refund paid.
 */
import { APPROVAL_STATUS, PAY_STATUS, applyRefundEntity } from '@hjl/core';
import { App, Button } from 'antd';
import { useState } from 'react';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { CrudPage, type Row } from '../../components/CrudPage';
import { PaymentForm, type PaymentValues } from '../../components/PaymentForm';
import { startPayment } from './api';
import { FIN } from './labels';

/** An application that waits for its payment: approved and unpaid. */
export const awaitsPayment = (row: Row) => Number(row.status) === APPROVAL_STATUS.approved && Number(row.payStatus) !== PAY_STATUS.paid;

export default function RefundPage() {
  const label = useLabel();
  const { message } = App.useApp();
  const [paying, setPaying] = useState<{ row: Row; reload: () => Promise<void> } | null>(null);
  const pay = async (values: PaymentValues) => {
    const row = paying!.row;
    await startPayment({ ...values, bizType: applyRefundEntity.table, bizId: row.id, payeeName: row.payeeName ?? null });
    void message.success(label(FIN.started));
    await paying!.reload();
    setPaying(null);
  };
  return (
    <>
      <CrudPage
        def={applyRefundEntity}
        testId="refund-list"
        dateRange="applyTime"
        rowActions={(row, ctx) =>
          awaitsPayment(row) && (
            <Permit code="payment_his_add">
              <Button type="link" size="small" onClick={() => setPaying({ row, reload: ctx.reload })} data-testid={`refund-pay-${row.id}`}>
                {label(FIN.pay)}
              </Button>
            </Permit>
          )
        }
      />
      <PaymentForm
        open={paying !== null}
        title={`${label(FIN.pay)} - ${String(paying?.row.title ?? '')}`}
        onClose={() => setPaying(null)}
        onSubmit={pay}
        initialValues={{ businessSubjectType: paying?.row.businessSubjectType as number | undefined }}
      />
    </>
  );
}
