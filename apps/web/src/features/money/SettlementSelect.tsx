/**
 * The `project_decision` reference kind (完工付款's 结算记录, projectCompletionPayEntity.decisionId): a searchable select
 * of the caller's approved settlements whose fee is unpaid (hjlProjectDecision/list with status 2; `feePayStatus` 0
 * and a fee above zero), each shown as its project and fee. Picking one in a form with an empty 付款金额 fills it with
 * the fee. Registered as the kind's control, so the 完工付款 dialog, its search form and the process form offer it.
 */
import { formatMoney, toFen } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useLabel } from '../../app/i18n';
import { registerRefControl, type RefControlProps } from '../../components/RefControl';
import { approvedSettlementsQuery, type SettlementOption } from './api';

const TEXT = {
  choose: { zh: '请选择结算记录', en: 'Choose a settlement' },
  none: { zh: '没有待付款的结算', en: 'No settlement with an unpaid fee' },
};

/** Whether the fee of an approved settlement is still to be paid (none under approval nor paid, above zero). */
const unpaid = (s: SettlementOption) => Number(s.feePayStatus ?? 0) === 0 && toFen(String(s.settlementFee ?? '0')) > 0n;

/** `某某项目 · 结算费用 12,345.00`, as the server names the kind. */
export const settlementLabel = (s: SettlementOption) => `${s.projectName ?? ''} · 结算费用 ${formatMoney(s.settlementFee ?? '0', { decimals: 2 })}`;

export function SettlementSelect({ value, onChange, disabled, testId, search, name }: RefControlProps) {
  const label = useLabel();
  const form = Form.useFormInstance();
  const list = useQuery(approvedSettlementsQuery());
  const rows = (list.data?.records ?? []).filter(unpaid);
  const options = rows.map((s) => ({ value: String(s.id), label: settlementLabel(s) }));
  // The record's own settlement (an edit, or one paid meanwhile) keeps its name.
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: name || value });
  const pick = (v: string | undefined) => {
    onChange?.(v ?? null);
    const chosen = rows.find((s) => String(s.id) === v);
    if (search || !chosen || !form) return;
    const amount: unknown = form.getFieldValue('amount');
    if (amount === undefined || amount === null || amount === '') form.setFieldValue('amount', String(chosen.settlementFee));
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

registerRefControl('project_decision', (props) => <SettlementSelect {...props} />);
