/**
 * /finance/hjlPaymentHis (付款记录, S2 L452, L548-549): one row per payment with the payment information. 新增 pays an
 * approved, unpaid application (费用报销, 退款申请, 付款申请, 借款申请): choose the kind, then the application among
 * those waiting for their payment; the record is started for approval (makePayment, a refund refundMakePay) and,
 * approved, writes the ledger and marks the application paid. Rows the approvals wrote are only viewed.
 */
import { paymentHisEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useLabel } from '../../app/i18n';
import { CrudPage } from '../../components/CrudPage';
import { moneyText } from '../../components/MoneyText';
import { PAYABLE_KINDS, payableQuery } from './api';

const T = {
  chooseKind: { zh: '请先选择付款业务', en: 'Choose the kind first' },
  choose: { zh: '请选择待付款的申请', en: 'Choose the application' },
};

/** 业务单据: the approved, unpaid applications of the kind chosen in 付款业务. */
function PayableSelect({ value, onChange, disabled }: { value?: string | null; onChange?: (v: string | null) => void; disabled?: boolean }) {
  const label = useLabel();
  const form = Form.useFormInstance();
  const bizType = Form.useWatch('bizType', form) as string | undefined;
  const kind = bizType ? PAYABLE_KINDS[bizType] : undefined;
  const rows = useQuery(payableQuery(bizType));
  const options = (rows.data?.records ?? []).map((r) => ({
    value: r.id,
    label: `${String(r[kind?.title ?? 'title'] ?? '')} (${moneyText(r[kind?.amount ?? 'amount'] as string)} 元)`,
  }));
  // A record being viewed or changed keeps its own application among the choices.
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: String(form.getFieldValue('bizTitle') ?? value) });
  return (
    <Select
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      disabled={disabled || !kind}
      loading={rows.isFetching}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={label(kind ? T.choose : T.chooseKind)}
      data-testid="crud-form-bizId"
    />
  );
}

export default function PaymentRecordPage() {
  return (
    <CrudPage
      def={paymentHisEntity}
      testId="payment-record-list"
      dateRange="transactionDate"
      rowLocked={(row) => Number(row.isDraft) === 2}
      controls={{ bizId: <PayableSelect /> }}
    />
  );
}
