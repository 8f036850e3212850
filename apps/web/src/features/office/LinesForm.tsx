/**
 * The form of an office approval with lines (出差 with its trip lines, 采购 with its item lines; kinds.ts): the head
 * fields, the lines edited in place (添加一行 / 删除), the total of the lines shown as they change (a purchase line's
 * amount = quantity × price shown in its row), files and remark. 保存 keeps a draft (未发起); 提交审批 saves and
 * starts the approval in one call (with `id`: 重新提交). 查看 shows it read only. Like the finance claim form.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { dictKeyOf, sumMoney, type FieldDef } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Button, ConfigProvider, Flex, Form, Modal, Table, Typography, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dictLabel, useDicts } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import type { CrudEditorProps } from '../../components/CrudPage';
import { FieldControl, rules, toFormValues, toSubmitBody, valueProps } from '../../components/CrudPage/fields';
import { draftFooter, useDraftSubmit } from '../../components/DraftSubmit';
import { MoneyInput } from '../../components/MoneyInput';
import { MoneyText, moneyText } from '../../components/MoneyText';
import { officeKeys, saveWithLines, startWithLines, withLinesQuery, type LineRow } from './api';
import type { Line, OfficeKind } from './kinds';
import { OFFICE } from './labels';

export type OfficeValues = Record<string, unknown> & { lines?: Line[] };

const entries = (def: { fields: Record<string, FieldDef> }, names: readonly string[]) => names.map((n) => [n, def.fields[n]!] as [string, FieldDef]);
/** The head's fields shown above the lines; files and remark go below them. */
const AFTER_LINES = new Set(['filePath', 'remark']);
/** Widths of the line inputs, by field type. */
const WIDTH: Partial<Record<FieldDef['type'], number>> = { date: 140, int: 100, money: 150 };

/** The total of the lines typed so far (incomplete lines count nothing). */
export function officeTotal(kind: OfficeKind, lines: readonly Line[] | undefined): string {
  return sumMoney((lines ?? []).map((l) => kind.lineAmount(l)).filter((a): a is string => a !== null));
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
export function OfficeFields({ kind, form, readOnly = false }: { kind: OfficeKind; form: FormInstance<OfficeValues>; readOnly?: boolean }) {
  const label = useLabel();
  const { t } = useTranslation();
  const lines = Form.useWatch('lines', form) as Line[] | undefined;
  const dictCodes = [...entries(kind.def, kind.head), ...entries(kind.lineDef, kind.lineFields)].map(([, f]) => dictKeyOf(f)).filter(Boolean);
  const dicts = useDicts(dictCodes);
  const headItem = ([name, field]: [string, FieldDef]) => (
    <Form.Item key={name} name={name} label={label(field.label)} rules={rules(field, label(field.label), t)} {...valueProps(field)}>
      <FieldControl field={field} label={label(field.label)} dict={dicts[dictKeyOf(field)] ?? []} testId={`${kind.testId}-${name}`} readOnly={readOnly} />
    </Form.Item>
  );
  const head = entries(kind.def, kind.head);
  const total = officeTotal(kind, lines);
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
      <Form.List name="lines">
        {(items, { add, remove }) => (
          <Flex vertical gap={0} style={{ marginTop: 8 }} data-testid={`${kind.testId}-lines`}>
            {items.map((item, i) => (
              <Flex key={item.key} gap={8} align="start" data-testid={`${kind.testId}-line-${i}`}>
                {entries(kind.lineDef, kind.lineFields).map(([name, field]) => {
                  const text = label(field.label);
                  const testId = `${kind.testId}-line-${i}-${name}`;
                  return (
                    <Form.Item
                      key={name}
                      name={[item.name, name]}
                      rules={rules(field, text, t)}
                      {...valueProps(field)}
                      style={{ width: WIDTH[field.type] ?? undefined, flex: name === 'remark' ? 1 : WIDTH[field.type] ? undefined : '1 1 120px' }}
                    >
                      {field.type === 'money' ? (
                        <MoneyInput placeholder={text} testId={testId} hideUpper />
                      ) : (
                        <FieldControl field={{ ...field, form: true }} label={text} dict={dicts[dictKeyOf(field)] ?? []} testId={testId} readOnly={readOnly} />
                      )}
                    </Form.Item>
                  );
                })}
                {!kind.lineFields.includes(kind.amountField) && (
                  <Flex style={{ width: 130, height: 32 }} align="center" justify="end">
                    <MoneyText value={kind.lineAmount(lines?.[i])} testId={`${kind.testId}-line-${i}-amount`} hideUpper />
                  </Flex>
                )}
                {!readOnly && (
                  <Button
                    icon={<DeleteOutlined />}
                    onClick={() => remove(item.name)}
                    disabled={items.length === 1}
                    data-testid={`${kind.testId}-line-${i}-remove`}
                  >
                    {label(OFFICE.removeLine)}
                  </Button>
                )}
              </Flex>
            ))}
            {!readOnly && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(kind.newLine())} style={{ width: 200 }} data-testid={`${kind.testId}-add-line`}>
                {label(OFFICE.addLine)}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
      <Flex gap={8} align="baseline" style={{ margin: '16px 0' }}>
        <Typography.Text strong>{label(kind.texts.total)}:</Typography.Text>
        <MoneyText value={total} testId={`${kind.testId}-total`} />
      </Flex>
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
            <OfficeFields kind={kind} form={form} readOnly={readOnly} />
          </Form>
        </ConfigProvider>
      )}
    </Modal>
  );
}

/** The lines of a record, read only, with their total (process screens and the approval drawer). */
export function OfficeLinesTable({ kind, lines }: { kind: OfficeKind; lines: readonly LineRow[] }) {
  const label = useLabel();
  const fields = entries(kind.lineDef, [
    ...kind.lineFields.filter((f) => f !== 'remark'),
    ...(kind.lineFields.includes(kind.amountField) ? [] : [kind.amountField]),
    'remark',
  ]);
  const dicts = useDicts(fields.map(([, f]) => dictKeyOf(f)).filter(Boolean));
  const amountAt = fields.findIndex(([n]) => n === kind.amountField);
  return (
    <Table
      rowKey={(r, i) => String(r.id ?? i)}
      size="small"
      pagination={false}
      dataSource={lines as LineRow[]}
      data-testid={`${kind.testId}-lines-table`}
      columns={fields.map(([name, field]) => ({
        key: name,
        dataIndex: name,
        title: label(field.label),
        align: field.type === 'money' || field.type === 'int' ? ('right' as const) : undefined,
        render: (v: unknown) =>
          field.dict
            ? dictLabel(dicts[dictKeyOf(field)] ?? [], v)
            : field.type === 'money'
              ? moneyText(v as string)
              : v === null || v === undefined
                ? ''
                : String(v),
      }))}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={amountAt}>
            {label(OFFICE.total)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={amountAt} align="right">
            <span data-testid={`${kind.testId}-lines-total`}>{moneyText(sumMoney(lines.map((l) => String(l[kind.amountField] ?? '0'))))}</span>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={amountAt + 1} colSpan={fields.length - amountAt - 1} />
        </Table.Summary.Row>
      )}
    />
  );
}
