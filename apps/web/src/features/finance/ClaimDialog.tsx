/**
 * The expense claim form (费用报销, S1 L120; BUSINESS.md WP4): the reason, the lines (date, expense type, amount,
 * bills, remark) whose sum is the claim's total (shown with its 大写 as the lines change), files and a remark.
 * 保存 keeps a draft (未发起); 提交审批 saves and starts the approval in one call, where the server checks each line
 * against its department's budget of the year and type (超出预算,剩余可用金额为x元). 查看 shows it read only.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { sumMoney, toFen } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, ConfigProvider, DatePicker, Flex, Form, Input, InputNumber, Modal, Select, Table, Typography, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useDict, dictLabel } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { Attachments, type FileItem } from '../../components/Attachments';
import type { CrudEditorProps } from '../../components/CrudPage';
import { draftFooter, useDraftSubmit } from '../../components/DraftSubmit';
import { MoneyInput } from '../../components/MoneyInput';
import { MoneyText, moneyText } from '../../components/MoneyText';
import { claimDetailQuery, claimKeys, saveClaim, startClaim, type ClaimLine } from './api';
import { FIN } from './labels';

const DATE = 'YYYY-MM-DD';
const DATE_VALUE = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, DATE) : undefined }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE) : undefined),
};
export const EXPENSE_TYPE_DICT = 'biz:expense_type';

export interface ClaimValues {
  title?: string;
  lines?: Partial<ClaimLine>[];
  filePath?: FileItem[] | null;
  remark?: string | null;
}

/** The total of the lines typed so far (lines without a valid amount count nothing). */
export function linesTotal(lines: readonly Partial<ClaimLine>[] | undefined): string {
  const amounts = (lines ?? []).map((l) => String(l?.amount ?? '').trim()).filter((a) => /^\d{1,16}(\.\d{1,2})?$/.test(a));
  return sumMoney(amounts);
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
    totalAmount: linesTotal(values.lines),
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
    else form.setFieldsValue({ lines: [{ expenseDate: dayjs().format(DATE), billCount: 1 }] });
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
            <ClaimFields form={form} readOnly={readOnly} />
          </Form>
        </ConfigProvider>
      )}
    </Modal>
  );
}

/** The claim's fields inside the caller's `<Form>`: reason, lines with their total, files and remark. */
export function ClaimFields({ form, readOnly = false }: { form: FormInstance<ClaimValues>; readOnly?: boolean }) {
  const label = useLabel();
  const types = useDict(EXPENSE_TYPE_DICT);
  const lines = Form.useWatch('lines', form);
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
      <Form.List name="lines">
        {(items, { add, remove }) => (
          <Flex vertical gap={0} data-testid="claim-lines">
            {items.map((item, i) => (
              <Flex key={item.key} gap={8} align="start" data-testid={`claim-line-${i}`}>
                <Form.Item name={[item.name, 'expenseDate']} rules={[{ required: true, message: label(FIN.expenseDateRequired) }]} {...DATE_VALUE}>
                  <DatePicker placeholder={label(FIN.expenseDate)} style={{ width: 140 }} data-testid={`claim-line-${i}-date`} />
                </Form.Item>
                <Form.Item name={[item.name, 'expenseType']} rules={[{ required: true, message: label(FIN.expenseTypeRequired) }]}>
                  <Select
                    placeholder={label(FIN.expenseType)}
                    options={types.map((t) => ({ value: t.dictKey, label: t.dictValue }))}
                    style={{ width: 150 }}
                    data-testid={`claim-line-${i}-type`}
                  />
                </Form.Item>
                <Form.Item name={[item.name, 'amount']} rules={[{ required: true, message: label(FIN.amountRequired) }]} style={{ width: 260 }}>
                  <MoneyInput placeholder={label(FIN.amount)} testId={`claim-line-${i}-amount`} hideUpper />
                </Form.Item>
                <Form.Item name={[item.name, 'billCount']}>
                  <InputNumber
                    min={0}
                    max={9999}
                    precision={0}
                    placeholder={label(FIN.billCount)}
                    style={{ width: 100 }}
                    data-testid={`claim-line-${i}-bills`}
                  />
                </Form.Item>
                <Form.Item name={[item.name, 'remark']} style={{ flex: 1 }}>
                  <Input placeholder={label(FIN.remark)} maxLength={500} data-testid={`claim-line-${i}-remark`} />
                </Form.Item>
                {!readOnly && (
                  <Button icon={<DeleteOutlined />} onClick={() => remove(item.name)} disabled={items.length === 1} data-testid={`claim-line-${i}-remove`}>
                    {label(FIN.removeLine)}
                  </Button>
                )}
              </Flex>
            ))}
            {!readOnly && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ expenseDate: dayjs().format(DATE), billCount: 1 })}
                style={{ width: 200 }}
                data-testid="claim-add-line"
              >
                {label(FIN.addLine)}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
      <Flex gap={8} align="baseline" style={{ margin: '16px 0' }}>
        <Typography.Text strong>{label(FIN.total)}:</Typography.Text>
        <MoneyText value={toFen(linesTotal(lines)) === 0n ? null : linesTotal(lines)} testId="claim-total" />
      </Flex>
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
  const label = useLabel();
  const types = useDict(EXPENSE_TYPE_DICT);
  return (
    <Table
      rowKey={(r, i) => String(r.id ?? i)}
      size="small"
      pagination={false}
      dataSource={lines as (ClaimLine & { id?: string })[]}
      data-testid="claim-lines-table"
      columns={[
        { key: 'expenseDate', dataIndex: 'expenseDate', title: label(FIN.expenseDate), width: 120 },
        { key: 'expenseType', dataIndex: 'expenseType', title: label(FIN.expenseType), width: 120, render: (v: unknown) => dictLabel(types, v) },
        { key: 'amount', dataIndex: 'amount', title: label(FIN.amount), width: 140, align: 'right', render: (v: unknown) => moneyText(v as string) },
        { key: 'billCount', dataIndex: 'billCount', title: label(FIN.billCount), width: 90 },
        { key: 'remark', dataIndex: 'remark', title: label(FIN.remark) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={2}>
            {label(FIN.total)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            <span data-testid="claim-lines-total">{moneyText(sumMoney(lines.map((l) => String(l.amount))))}</span>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} colSpan={2} />
        </Table.Summary.Row>
      )}
    />
  );
}
