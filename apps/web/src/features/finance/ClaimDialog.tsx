/**
 * The expense claim form (费用报销, S1 L120; BUSINESS.md WP4): the reason, the lines (date, expense type, amount,
 * bills, remark) whose sum is the claim's total (shown with its 大写 as the lines change), files and a remark.
 * 保存 keeps a draft (未发起); 提交审批 saves and starts the approval in one call, where the server checks each line
 * against its department's budget of the year and type (超出预算,剩余可用金额为x元). 查看 shows it read only.
 */
import { applyExpenseInfoEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, ConfigProvider, Form, Input, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useLabel } from '../../app/i18n';
import { Attachments, type FileItem } from '../../components/Attachments';
import type { CrudEditorProps } from '../../components/CrudPage';
import { draftFooter, useDraftSubmit } from '../../components/DraftSubmit';
import { LineTable, LinesView, linesTotal, type Line, type LineTableProps } from '../../components/LineTable';
import { claimDetailQuery, claimKeys, saveClaim, startClaim, type ClaimLine } from './api';
import { FIN } from './labels';

const DATE = 'YYYY-MM-DD';

export interface ClaimValues {
  title?: string;
  lines?: Partial<ClaimLine>[];
  filePath?: FileItem[] | null;
  remark?: string | null;
}

/** The claim's lines (报销明细) as the form and the record view show them; the tests' ids are short (`date`, …). */
const CLAIM_LINES = {
  def: applyExpenseInfoEntity,
  columns: [{ name: 'expenseDate', testId: 'date' }, { name: 'expenseType', testId: 'type' }, 'amount', { name: 'billCount', testId: 'bills' }, 'remark'],
  testId: 'claim',
} satisfies Pick<LineTableProps, 'def' | 'columns' | 'testId'>;
const CLAIM_AMOUNT = { field: 'amount' };
const newClaimLine = () => ({ expenseDate: dayjs().format(DATE), billCount: 1 });

/** The total of the lines typed so far (lines without a valid amount count nothing). */
export function claimTotal(lines: readonly Partial<ClaimLine>[] | undefined): string {
  return linesTotal(CLAIM_AMOUNT, lines);
}

/** The body the server takes: the lines with their types as numbers, amounts as text. */
export function claimBody(values: ClaimValues): Record<string, unknown> {
  const lines = (values.lines ?? []).map((l) => ({
    expenseDate: l.expenseDate,
    expenseType: l.expenseType === undefined || l.expenseType === null ? undefined : Number(l.expenseType),
    amount: l.amount === undefined || l.amount === null ? undefined : String(l.amount),
    billCount: l.billCount ?? 0,
    remark: l.remark?.trim() || null,
  }));
  return {
    title: values.title?.trim(),
    lines,
    totalAmount: claimTotal(values.lines),
    filePath: values.filePath ?? null,
    remark: values.remark?.trim() || null,
  };
}

export function ClaimDialog({ state, onClose, onSaved }: CrudEditorProps) {
  const label = useLabel();
  const [form] = Form.useForm<ClaimValues>();
  const id = state && state.mode !== 'add' ? state.id : null;
  const detail = useQuery(claimDetailQuery(id));
  const readOnly = state?.mode === 'view';
  const open = state !== null;
  const loading = id !== null && detail.isPending;

  useEffect(() => {
    if (!open || loading) return;
    form.resetFields();
    const r = detail.data;
    if (r)
      form.setFieldsValue({
        title: r.title as string,
        lines: (r.lines ?? []).map((l) => ({ ...l, expenseType: l.expenseType === null ? undefined : String(l.expenseType) })),
        filePath: (r.filePath as FileItem[] | null) ?? null,
        remark: (r.remark as string | null) ?? null,
      });
    else form.setFieldsValue({ lines: [newClaimLine()] });
  }, [open, loading, detail.data, form]);

  const { busy, send } = useDraftSubmit<ClaimValues>({
    form,
    id,
    check: (values) => (values.lines?.length ? null : FIN.noLines),
    body: claimBody,
    send: (body, how, editing) => (how === 'save' ? saveClaim(body, editing) : startClaim(body)),
    // The lists and the statistics of claims (我的报销) follow.
    queryKey: claimKeys.all,
    onSaved,
  });

  const footer = draftFooter(label, { readOnly, busy, onClose, send, testId: 'claim' });

  const title = label(state?.mode === 'add' ? FIN.addClaim : state?.mode === 'edit' ? FIN.editClaim : FIN.viewClaim);
  return (
    <Modal open={open} title={title} width={1000} onCancel={onClose} footer={footer} loading={loading} destroyOnHidden mask={{ closable: false }}>
      {!loading && (
        <ConfigProvider theme={readOnly ? { token: { colorTextDisabled: 'rgba(0, 0, 0, 0.88)' } } : undefined}>
          <Form form={form} layout="vertical" disabled={readOnly} preserve={false} data-testid="claim-form">
            <ClaimFields readOnly={readOnly} />
          </Form>
        </ConfigProvider>
      )}
    </Modal>
  );
}

/** The claim's fields inside the caller's `<Form>`: reason, lines with their total, files and remark. */
export function ClaimFields({ readOnly = false }: { readOnly?: boolean }) {
  const label = useLabel();
  return (
    <>
      <Form.Item
        name="title"
        label={label(FIN.claimTitle)}
        rules={[{ required: true, whitespace: true, message: label(FIN.claimTitleRequired) }, { max: 200 }]}
      >
        <Input placeholder={label(FIN.claimTitleRequired)} data-testid="claim-title" />
      </Form.Item>
      <Typography.Text strong>{label(FIN.lines)}</Typography.Text>
      {!readOnly && <Alert type="info" showIcon title={label(FIN.budgetHint)} style={{ margin: '8px 0' }} />}
      <LineTable
        {...CLAIM_LINES}
        amount={CLAIM_AMOUNT}
        totalLabel={FIN.total}
        hideZeroTotal
        newLine={newClaimLine}
        readOnly={readOnly}
        addLabel={FIN.addLine}
        removeLabel={FIN.removeLine}
      />
      <Form.Item name="filePath" label={label(FIN.files)}>
        <Attachments mode={readOnly ? 'view' : 'edit'} testId="claim-files" />
      </Form.Item>
      <Form.Item name="remark" label={label(FIN.remark)}>
        <Input.TextArea rows={2} maxLength={500} data-testid="claim-remark" />
      </Form.Item>
    </>
  );
}

/** The lines of a claim, read only (the record view of a process screen). */
export function ClaimLinesTable({ lines }: { lines: readonly (ClaimLine & { id?: string })[] }) {
  return <LinesView {...CLAIM_LINES} lines={lines as unknown as Line[]} amountField="amount" totalLabel={FIN.total} />;
}
