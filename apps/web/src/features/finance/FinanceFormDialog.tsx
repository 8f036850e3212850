/**
 * The finance form (财务单据, BUSINESS.md §1): a title, a type, lines (item and amount) whose sum is the form's
 * amount, files and a remark. 保存 keeps a draft; 提交审批 saves and starts it in one call. 查看 shows it read only.
 */
import { dictKeyOf, financeFormEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { ConfigProvider, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useDict } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { Attachments, type FileItem } from '../../components/Attachments';
import type { CrudEditorProps } from '../../components/CrudPage';
import { draftFooter, useDraftSubmit } from '../../components/DraftSubmit';
import { LineTable, type LineDef } from '../../components/LineTable';
import { financeFormDetailQuery, financeFormKeys, saveFinanceForm, type FormLine } from './api';
import { FIN } from './labels';

interface FormValues {
  title?: string;
  formType?: string;
  lines?: Partial<FormLine>[];
  filePath?: FileItem[] | null;
  remark?: string | null;
}

/** The lines a form holds (its `content`, JSON text); none when it is not a list of lines. */
export function linesOfContent(content: unknown): FormLine[] {
  if (typeof content !== 'string' || !content.trim()) return [];
  try {
    const parsed = JSON.parse(content) as unknown;
    return Array.isArray(parsed) ? (parsed as FormLine[]).filter((l) => l && typeof l === 'object') : [];
  } catch {
    return [];
  }
}

/** A form's line (its `content` holds them; no table of their own, so no entity in @hjl/core). */
const FORM_LINE = {
  fields: {
    name: { type: 'string', label: FIN.lineName, required: FIN.lineNameRequired.zh, max: 100 },
    amount: { type: 'money', label: FIN.amount, required: FIN.amountRequired.zh },
  },
} satisfies LineDef;

export function FinanceFormDialog({ state, onClose, onSaved }: CrudEditorProps) {
  const label = useLabel();
  const [form] = Form.useForm<FormValues>();
  const types = useDict(dictKeyOf(financeFormEntity.fields.formType));
  const id = state && state.mode !== 'add' ? state.id : null;
  const detail = useQuery(financeFormDetailQuery(id));
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
        formType: r.formType === null || r.formType === undefined ? undefined : String(r.formType),
        lines: linesOfContent(r.content),
        filePath: (r.filePath as FileItem[] | null) ?? null,
        remark: (r.remark as string | null) ?? null,
      });
    else form.setFieldsValue({ lines: [{}] });
  }, [open, loading, detail.data, form]);

  const { busy, send } = useDraftSubmit<FormValues>({
    form,
    id,
    check: (values) => (values.lines?.length ? null : FIN.formLinesRequired),
    body: (values) => ({
      title: values.title?.trim(),
      formType: values.formType === undefined ? null : Number(values.formType),
      lines: (values.lines ?? []).map((l) => ({ name: l.name?.trim(), amount: l.amount === undefined || l.amount === null ? undefined : String(l.amount) })),
      filePath: values.filePath ?? null,
      remark: values.remark?.trim() || null,
    }),
    send: (body, how) => saveFinanceForm(body, how === 'start'),
    queryKey: financeFormKeys.all,
    onSaved,
  });

  const footer = draftFooter(label, { readOnly, busy, onClose, send, testId: 'finance-form' });
  const f = financeFormEntity.fields;
  return (
    <Modal
      open={open}
      title={label(state?.mode === 'add' ? FIN.addForm : state?.mode === 'edit' ? FIN.editForm : FIN.viewForm)}
      width={900}
      onCancel={onClose}
      footer={footer}
      loading={loading}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {!loading && (
        <ConfigProvider theme={readOnly ? { token: { colorTextDisabled: 'rgba(0, 0, 0, 0.88)' } } : undefined}>
          <Form form={form} layout="vertical" disabled={readOnly} preserve={false} data-testid="finance-form">
            <Flex gap={16}>
              <Form.Item
                name="title"
                label={label(f.title.label)}
                rules={[{ required: true, whitespace: true, message: f.title.required }, { max: 200 }]}
                style={{ flex: 2 }}
              >
                <Input data-testid="finance-form-title" />
              </Form.Item>
              <Form.Item name="formType" label={label(f.formType.label)} rules={[{ required: true, message: f.formType.required }]} style={{ flex: 1 }}>
                <Select options={types.map((t) => ({ value: t.dictKey, label: t.dictValue }))} data-testid="finance-form-type" />
              </Form.Item>
            </Flex>
            <Typography.Text strong>{label(FIN.formLines)}</Typography.Text>
            <LineTable
              def={FORM_LINE}
              columns={['name', { name: 'amount', width: 260 }]}
              testId="finance-form"
              amount={{ field: 'amount' }}
              totalLabel={FIN.formTotal}
              hideZeroTotal
              readOnly={readOnly}
              addLabel={FIN.addLine}
              removeLabel={FIN.removeLine}
            />
            <Form.Item name="filePath" label={label(FIN.files)}>
              <Attachments mode={readOnly ? 'view' : 'edit'} testId="finance-form-files" />
            </Form.Item>
            <Form.Item name="remark" label={label(FIN.remark)}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Form>
        </ConfigProvider>
      )}
    </Modal>
  );
}
