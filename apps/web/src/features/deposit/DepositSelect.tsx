/**
 * The `guarantee_money` reference kind (a refund's 保证金, depositRefundEntity.depositId): a searchable select of the
 * caller's approved deposits with money still out and not replaced, each shown as its project, counterparty and what
 * is left. Picking one in a form with an empty 退还金额 fills it with what is left. Registered as the kind's control,
 * so the refund list's dialog, its search form and the process form (refundTheDeposit) offer it.
 */
import { DEPOSIT_REFUND_STATUS, formatMoney, subtractMoney } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useLabel } from '../../app/i18n';
import type { Row } from '../../components/CrudPage';
import { registerRefControl, type RefControlProps } from '../../components/RefControl';
import { refundableDepositsQuery } from './api';

const TEXT = {
  choose: { zh: '请选择保证金', en: 'Choose a deposit' },
  none: { zh: '没有可退还的保证金', en: 'No deposit to refund' },
};

const leftOf = (d: Row) => subtractMoney(String(d.amount ?? '0'), String(d.refundedAmount ?? '0'));
/** `某某项目 · 南京市公共资源交易中心 · 可退 12,345.00`. */
export const depositLabel = (d: Row) => `${String(d.projectName ?? '')} · ${String(d.payeeName ?? '')} · 可退 ${formatMoney(leftOf(d), { decimals: 2 })}`;

export function DepositSelect({ value, onChange, disabled, testId, search, name }: RefControlProps) {
  const label = useLabel();
  const form = Form.useFormInstance();
  const list = useQuery(refundableDepositsQuery());
  const rows = (list.data?.records ?? []).filter((d) => Number(d.refundStatus) !== DEPOSIT_REFUND_STATUS.full && !d.replacedById);
  const options = rows.map((d) => ({ value: String(d.id), label: depositLabel(d) }));
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: name || value });
  const pick = (v: string | undefined) => {
    onChange?.(v ?? null);
    const chosen = rows.find((d) => String(d.id) === v);
    if (search || !chosen || !form) return;
    const amount: unknown = form.getFieldValue('refundAmount');
    if (amount === undefined || amount === null || amount === '') form.setFieldValue('refundAmount', leftOf(chosen));
  };
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={label(TEXT.choose)}
      value={value ?? undefined}
      onChange={pick}
      disabled={disabled}
      data-testid={testId}
      style={search ? { width: 220 } : undefined}
      loading={list.isPending}
      notFoundContent={list.isPending ? undefined : label(TEXT.none)}
      options={options}
    />
  );
}

registerRefControl('guarantee_money', (props) => <DepositSelect {...props} />);
