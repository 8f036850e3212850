/**
 * The form of an office approval with lines (出差 with its trip lines, 采购 with its item lines; kinds.ts): the head
 * fields, the lines edited in place (添加一行 / 删除), the total of the lines shown as they change (a purchase line's
 * amount = quantity × price shown in its row), files and remark. 保存 keeps a draft (未发起); 提交审批 saves and
 * starts the approval in one call (with `id`: 重新提交). 查看 shows it read only. Like the finance claim form.
 */
import { dictKeyOf, type FieldDef } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { ConfigProvider, Flex, Form, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDicts } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import type { CrudEditorProps } from '../../components/CrudPage';
import { FieldControl, rules, toFormValues, toSubmitBody, valueProps } from '../../components/CrudPage/fields';
import { draftFooter, useDraftSubmit } from '../../components/DraftSubmit';
import { LineTable, LinesView, linesTotal } from '../../components/LineTable';
import { officeKeys, saveWithLines, startWithLines, withLinesQuery, type LineRow } from './api';
import type { Line, OfficeKind } from './kinds';
import { OFFICE } from './labels';

export type OfficeValues = Record<string, unknown> & { lines?: Line[] };

const entries = (def: { fields: Record<string, FieldDef> }, names: readonly string[]) => names.map((n) => [n, def.fields[n]!] as [string, FieldDef]);
/** The head's fields shown above the lines; files and remark go below them. */
const AFTER_LINES = new Set(['filePath', 'remark']);

/** The total of the lines typed so far (incomplete lines count nothing). */
export function officeTotal(kind: OfficeKind, lines: readonly Line[] | undefined): string {
  return linesTotal({ field: kind.amountField, compute: kind.lineAmount }, lines);
}

/** The body the server takes: the head's fields, the lines (ints as numbers, amounts as text) and their total. */
export function officeBody(kind: OfficeKind, values: OfficeValues): Record<string, unknown> {
  const lineFields = entries(kind.lineDef, kind.lineFields);
  return {
    ...toSubmitBody(entries(kind.def, kind.head), values),
    lines: (values.lines ?? []).map((l) => {
      const body = toSubmitBody(lineFields, l);
      for (const [name, field] of lineFields) if (field.type === 'money' && body[name] !== null) body[name] = String(body[name]);
      return body;
    }),
    totalAmount: officeTotal(kind, values.lines),
  };
}

/** The record as the form holds it: dictionary keys as text, the lines likewise. */
export function officeFormValues(kind: OfficeKind, record: Record<string, unknown> & { lines?: LineRow[] }): OfficeValues {
  const lineFields = entries(kind.lineDef, kind.lineFields);
  return { ...toFormValues(entries(kind.def, kind.head), record), lines: (record.lines ?? []).map((l) => toFormValues(lineFields, l)) };
}

/** The fields inside the caller's `<Form>`: head, lines with their total, files and remark. */
export function OfficeFields({ kind, readOnly = false }: { kind: OfficeKind; readOnly?: boolean }) {
  const label = useLabel();
  const { t } = useTranslation();
  const dictCodes = entries(kind.def, kind.head)
    .map(([, f]) => dictKeyOf(f))
    .filter(Boolean);
  const dicts = useDicts(dictCodes);
  const headItem = ([name, field]: [string, FieldDef]) => (
    <Form.Item key={name} name={name} label={label(field.label)} rules={rules(field, label(field.label), t)} {...valueProps(field)}>
      <FieldControl field={field} label={label(field.label)} dict={dicts[dictKeyOf(field)] ?? []} testId={`${kind.testId}-${name}`} readOnly={readOnly} />
    </Form.Item>
  );
  const head = entries(kind.def, kind.head);
  return (
    <>
      <Flex wrap gap={16}>
        {head
          .filter(([n]) => !AFTER_LINES.has(n))
          .map((e) => (
            <div key={e[0]} style={{ flex: '1 1 calc(50% - 16px)' }}>
              {headItem(e)}
            </div>
          ))}
      </Flex>
      <Typography.Text strong>{label(kind.texts.lines)}</Typography.Text>
      <LineTable
        def={kind.lineDef}
        columns={kind.lineFields}
        testId={kind.testId}
        amount={{ field: kind.amountField, compute: kind.lineAmount }}
        totalLabel={kind.texts.total}
        newLine={kind.newLine}
        readOnly={readOnly}
        addLabel={OFFICE.addLine}
        removeLabel={OFFICE.removeLine}
      />
      {head.filter(([n]) => AFTER_LINES.has(n)).map(headItem)}
    </>
  );
}

/** The add / edit / view dialog of a kind with lines (CrudPage's `editor`). */
export function OfficeDialog({ kind, state, onClose, onSaved }: CrudEditorProps & { kind: OfficeKind }) {
  const label = useLabel();
  const [form] = Form.useForm<OfficeValues>();
  const id = state && state.mode !== 'add' ? state.id : null;
  const detail = useQuery(withLinesQuery(kind.def, id));
  const readOnly = state?.mode === 'view';
  const open = state !== null;
  const loading = id !== null && detail.isPending;

  useEffect(() => {
    if (!open || loading) return;
    form.resetFields();
    if (detail.data) form.setFieldsValue(officeFormValues(kind, detail.data));
    else form.setFieldsValue({ lines: [kind.newLine()] });
  }, [open, loading, detail.data, form, kind]);

  const { busy, send } = useDraftSubmit<OfficeValues>({
    form,
    id,
    check: (values) => (values.lines?.length ? null : kind.texts.noLines),
    body: (values) => officeBody(kind, values),
    send: (body, how, editing) => (how === 'save' ? saveWithLines(kind.def, body, editing) : startWithLines(kind.def, body)),
    queryKey: officeKeys(kind.def).all,
    onSaved,
  });

  const footer = draftFooter(label, { readOnly, busy, onClose, send, testId: kind.testId });
  const title = label(state?.mode === 'add' ? kind.texts.add : state?.mode === 'edit' ? kind.texts.edit : kind.texts.view);
  return (
    <Modal open={open} title={title} width={1100} onCancel={onClose} footer={footer} loading={loading} destroyOnHidden mask={{ closable: false }}>
      {!loading && (
        <ConfigProvider theme={readOnly ? { token: { colorTextDisabled: 'rgba(0, 0, 0, 0.88)' } } : undefined}>
          <Form form={form} layout="vertical" disabled={readOnly} preserve={false} data-testid={`${kind.testId}-form`}>
            <OfficeFields kind={kind} readOnly={readOnly} />
          </Form>
        </ConfigProvider>
      )}
    </Modal>
  );
}

/** The lines of a record, read only, with their total (process screens and the approval drawer). */
export function OfficeLinesTable({ kind, lines }: { kind: OfficeKind; lines: readonly LineRow[] }) {
  const columns = [...kind.lineFields.filter((f) => f !== 'remark'), ...(kind.lineFields.includes(kind.amountField) ? [] : [kind.amountField]), 'remark'];
  return <LinesView def={kind.lineDef} columns={columns} lines={lines} testId={kind.testId} amountField={kind.amountField} totalLabel={OFFICE.total} />;
}
