/**
 * The controls of the project-money forms that depend on the project chosen in the same form: the issued
 * invoices of the project (a collection's 关联发票) and the invoice titles of its client (an invoice's 发票抬头),
 * and the project's ought income under the collection's amount.
 */
import { Form, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useLabel } from '../../app/i18n';
import { MoneyInput } from '../../components/MoneyInput';
import { oughtQuery, projectInvoicesQuery, titlesQuery } from './api';

interface SelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  /** The project when the page fixes it (not a field of the form then). */
  projectId?: string;
}

const TEXT = {
  chooseProject: { zh: '请先选择项目', en: 'Choose the project first' },
  ought: { zh: '应收金额', en: 'Ought income' },
  pending: { zh: '确认中', en: 'being confirmed' },
};

/** The project: fixed by the page (a project's tab), else the one the form holds now. */
function useProjectId(fixed?: string): string | undefined {
  const form = Form.useFormInstance();
  const v = Form.useWatch('projectId', form) as string | null | undefined;
  return fixed ?? (v ? String(v) : undefined);
}

/** 关联发票: the issued invoices of the project chosen. */
export function ProjectInvoiceSelect({ value, onChange, disabled, projectId: fixed }: SelectProps) {
  const label = useLabel();
  const projectId = useProjectId(fixed);
  const list = useQuery(projectInvoicesQuery(projectId));
  return (
    <Select
      allowClear
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      disabled={disabled || !projectId}
      placeholder={projectId ? undefined : label(TEXT.chooseProject)}
      loading={list.isFetching}
      data-testid="collect-invoice-select"
      options={(list.data ?? []).map((i) => ({ value: String(i.id), label: `${i.invoiceNum ?? '-'} · ${i.invoiceTitle ?? ''} · ${i.invoiceAmount}` }))}
    />
  );
}

/** 发票抬头: the invoice titles of the project's client. */
export function InvoiceTitleSelect({ value, onChange, disabled, projectId: fixed }: SelectProps) {
  const label = useLabel();
  const projectId = useProjectId(fixed);
  const list = useQuery(titlesQuery(projectId));
  return (
    <Select
      allowClear
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      disabled={disabled || !projectId}
      placeholder={projectId ? undefined : label(TEXT.chooseProject)}
      loading={list.isFetching}
      data-testid="invoice-title-select"
      options={(list.data ?? []).map((t) => ({ value: t.id, label: `${t.invoiceTitle}(${t.taxNumber})` }))}
    />
  );
}

/** Under the amount: what the project's contract may still receive (and what is being confirmed). */
export function OughtHint({ projectId: fixed }: { projectId?: string }) {
  const label = useLabel();
  const projectId = useProjectId(fixed);
  const ought = useQuery(oughtQuery(projectId));
  if (!ought.data) return null;
  const d = ought.data;
  return (
    <Typography.Text type="secondary" data-testid="collect-ought">
      {label(TEXT.ought)}: {d.oughtIncome}
      {Number(d.pendingAmount) > 0 ? `(${label(TEXT.pending)} ${d.pendingAmount})` : ''}
    </Typography.Text>
  );
}

/** 收款金额 with the project's ought income under it. */
export function CollectAmountInput({ value, onChange, disabled, projectId }: SelectProps) {
  return (
    <div>
      <MoneyInput value={value} onChange={onChange} disabled={disabled} testId="crud-form-collectAmount" />
      <OughtHint projectId={projectId} />
    </div>
  );
}
