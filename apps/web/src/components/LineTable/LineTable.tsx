/**
 * The one editor of a record's lines (出差 / 采购 lines, 报销明细, 项目费用明细, 财务单据明细): the child definition's
 * form fields as table columns, each typed with the widget the forms use (CrudPage FieldControl: dictionary
 * selects, dates, numbers, text; money with MoneyInput), 添加 / 删除 a row, an optional computed line amount
 * (e.g. quantity × price) and the total of the amount column, summed on fen (@hjl/core sumMoney).
 *
 * Inside the caller's `<Form>` it edits the Form.List `name` (read only with `readOnly`, as 查看 shows a record);
 * `LinesView` shows stored lines with their total (process screens, the approval drawer).
 *
 * Test ids, from the prefix `testId`: `<p>-lines`, `<p>-line-<i>`, `<p>-line-<i>-<column>`, `<p>-line-<i>-amount`
 * (computed), `<p>-line-<i>-remove`, `<p>-add-line`, `<p>-total`; the view: `<p>-lines-table`, `<p>-lines-total`.
 * On a phone (screen class 0) the view shows each line as a small card of its fields, one a row, then the total.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { dictKeyOf, sumMoney, toFen, type FieldDef, type Label } from '@hjl/core';
import { Button, Card, Descriptions, Flex, Form, Table, Typography, type TableColumnsType } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dictLabel, useDicts } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { usePhone } from '../../app/layout/screen';
import { FieldControl, rules, valueProps } from '../CrudPage/fields';
import { MoneyInput } from '../MoneyInput';
import { MoneyText, moneyText } from '../MoneyText';

export type Line = Record<string, unknown>;

/** The child definition (an EntityDef, or just its fields). */
export interface LineDef {
  fields: Record<string, FieldDef>;
}

/**
 * A column: a field of the child definition, optionally with its own test-id suffix, width, and what the
 * editor checks beyond the definition (`field`, e.g. a range).
 */
export type LineColumn = string | { name: string; testId?: string; width?: number; field?: Partial<FieldDef> };

/** The money column the total sums: a typed field, or one computed from the line (null while incomplete). */
export interface LineAmount {
  field: string;
  compute?: (line: Line | undefined) => string | null;
}

const TEXTS = {
  addLine: { zh: '添加一行', en: 'Add a line' },
  removeLine: { zh: '删除', en: 'Remove' },
  total: { zh: '合计', en: 'Total' },
  amount: { zh: '金额', en: 'Amount' },
} satisfies Record<string, Label>;

const MONEY_RE = /^\d{1,16}(\.\d{1,2})?$/;
/** Widths of the line inputs, by field type (text fields share the rest). */
const WIDTH: Partial<Record<FieldDef['type'], number>> = { date: 150, int: 110, money: 170 };

/** A money text as typed, or null when it is not (yet) a valid amount. */
export function moneyOf(value: unknown): string | null {
  const text = value === undefined || value === null ? '' : String(value).trim();
  return MONEY_RE.test(text) ? text : null;
}

/** The amount of a line: computed, or its typed amount field (null while incomplete). */
export function lineAmountOf(amount: LineAmount, line: Line | undefined): string | null {
  return amount.compute ? amount.compute(line) : moneyOf(line?.[amount.field]);
}

/** The total of the lines typed so far, exact to the fen (incomplete lines count nothing). */
export function linesTotal(amount: LineAmount, lines: readonly (Line | undefined)[] | undefined): string {
  return sumMoney((lines ?? []).map((l) => lineAmountOf(amount, l)).filter((a): a is string => a !== null));
}

const columnsOf = (def: LineDef, columns: readonly LineColumn[]) =>
  columns.map((c) => {
    const column = typeof c === 'string' ? { name: c } : c;
    const field = def.fields[column.name];
    if (!field) throw new Error(`LineTable: no field ${column.name}`);
    return { ...column, field: { ...field, ...column.field }, testId: column.testId ?? column.name };
  });

export interface LineTableProps {
  /** The child definition whose fields are the columns. */
  def: LineDef;
  /** The columns, in order (fields of `def`). */
  columns: readonly LineColumn[];
  /** Prefix of the test ids. */
  testId: string;
  /** The Form.List name (default `lines`). */
  name?: string;
  /** The money column the total sums; a computed one (not among `columns`) is shown after the typed ones. */
  amount?: LineAmount;
  /** The total's label; without it no total is shown. */
  totalLabel?: Label;
  /** Show no total while it is zero (nothing typed yet). */
  hideZeroTotal?: boolean;
  /** A new row's values. */
  newLine?: () => Line;
  readOnly?: boolean;
  addLabel?: Label;
  removeLabel?: Label;
  /** Shown between the table and the total (e.g. a hint). */
  extra?: ReactNode;
}

/** The lines of the caller's `<Form>`, edited in place. */
export function LineTable({
  def,
  columns,
  testId,
  name = 'lines',
  amount,
  totalLabel,
  hideZeroTotal = false,
  newLine = () => ({}),
  readOnly = false,
  addLabel = TEXTS.addLine,
  removeLabel = TEXTS.removeLine,
  extra,
}: LineTableProps) {
  const label = useLabel();
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const lines = Form.useWatch(name, form) as Line[] | undefined;
  const cols = columnsOf(def, columns);
  const dicts = useDicts(cols.map((c) => dictKeyOf(c.field)).filter(Boolean));
  const computed = amount?.compute && !cols.some((c) => c.name === amount.field) ? amount : null;
  const total = amount ? linesTotal(amount, lines) : '0';

  return (
    <Form.List name={name}>
      {(items, { add, remove }) => {
        const tableColumns: TableColumnsType<(typeof items)[number]> = cols.map((c) => {
          const text = label(c.field.label);
          return {
            key: c.name,
            title: text,
            width: c.width ?? WIDTH[c.field.type],
            render: (_: unknown, item, i) => {
              const id = `${testId}-line-${i}-${c.testId}`;
              return (
                <Form.Item name={[item.name, c.name]} rules={rules(c.field, text, t)} {...valueProps(c.field)} style={{ margin: 0 }}>
                  {c.field.type === 'money' ? (
                    <MoneyInput placeholder={text} testId={id} hideUpper />
                  ) : (
                    // `form: true`: a one-line input even for a textarea field (a remark in a row).
                    <FieldControl field={{ ...c.field, form: true }} label={text} dict={dicts[dictKeyOf(c.field)] ?? []} testId={id} readOnly={readOnly} />
                  )}
                </Form.Item>
              );
            },
          };
        });
        if (computed)
          tableColumns.push({
            key: computed.field,
            title: label(def.fields[computed.field]?.label ?? TEXTS.amount),
            width: 130,
            align: 'right',
            render: (_: unknown, _item, i) => <MoneyText value={lineAmountOf(computed, lines?.[i])} testId={`${testId}-line-${i}-amount`} hideUpper />,
          });
        if (!readOnly)
          tableColumns.push({
            key: 'remove',
            width: 100,
            render: (_: unknown, item, i) => (
              <Button icon={<DeleteOutlined />} onClick={() => remove(item.name)} disabled={items.length === 1} data-testid={`${testId}-line-${i}-remove`}>
                {label(removeLabel)}
              </Button>
            ),
          });
        return (
          <Flex vertical gap={8} style={{ marginTop: 8 }} data-testid={`${testId}-lines`}>
            <Table
              size="small"
              bordered
              pagination={false}
              rowKey="key"
              dataSource={items}
              columns={tableColumns}
              onRow={(_, i) => ({ 'data-testid': `${testId}-line-${i}` }) as HTMLAttributes<HTMLElement>}
            />
            {!readOnly && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newLine())} style={{ width: 200 }} data-testid={`${testId}-add-line`}>
                {label(addLabel)}
              </Button>
            )}
            {extra}
            {amount && totalLabel && (
              <Flex gap={8} align="baseline" style={{ margin: '8px 0 16px' }}>
                <Typography.Text strong>{label(totalLabel)}:</Typography.Text>
                <MoneyText value={hideZeroTotal && toFen(total) === 0n ? null : total} testId={`${testId}-total`} />
              </Flex>
            )}
          </Flex>
        );
      }}
    </Form.List>
  );
}

export interface LinesViewProps {
  def: LineDef;
  columns: readonly LineColumn[];
  lines: readonly Line[];
  testId: string;
  /** The money column summed in the footer. */
  amountField?: string;
  totalLabel?: Label;
}

/** Stored lines, read only, with the total of their amount column. */
export function LinesView({ def, columns, lines, testId, amountField, totalLabel = TEXTS.total }: LinesViewProps) {
  const label = useLabel();
  const cols = columnsOf(def, columns);
  const dicts = useDicts(cols.map((c) => dictKeyOf(c.field)).filter(Boolean));
  const amountAt = amountField ? cols.findIndex((c) => c.name === amountField) : -1;
  const phone = usePhone();
  const shown = (c: (typeof cols)[number], v: unknown) =>
    c.field.dict
      ? dictLabel(dicts[dictKeyOf(c.field)] ?? [], v)
      : c.field.type === 'money'
        ? moneyText(v as string)
        : v === null || v === undefined
          ? ''
          : String(v);
  const total = amountField ? moneyText(sumMoney(lines.map((l) => String(l[amountField] ?? '0')))) : null;
  if (phone)
    return (
      <Flex vertical gap={8} data-testid={`${testId}-lines-table`}>
        {lines.map((line, i) => (
          <Card key={String(line.id ?? i)} size="small" data-testid={`${testId}-line-${i}`}>
            <Descriptions size="small" column={1}>
              {cols.map((c) => (
                <Descriptions.Item key={c.name} label={label(c.field.label)}>
                  {shown(c, line[c.name])}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
        ))}
        {total !== null && (
          <Flex gap={8} justify="space-between">
            <Typography.Text strong>{label(totalLabel)}</Typography.Text>
            <span data-testid={`${testId}-lines-total`}>{total}</span>
          </Flex>
        )}
      </Flex>
    );
  return (
    <Table
      rowKey={(r, i) => String(r.id ?? i)}
      size="small"
      pagination={false}
      dataSource={lines as Line[]}
      data-testid={`${testId}-lines-table`}
      columns={cols.map((c) => ({
        key: c.name,
        dataIndex: c.name,
        title: label(c.field.label),
        width: c.width ?? c.field.width,
        align: c.field.type === 'money' || (c.field.type === 'int' && !c.field.dict) ? ('right' as const) : undefined,
        render: (v: unknown) => shown(c, v),
      }))}
      summary={
        amountAt < 0
          ? undefined
          : () => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={Math.max(amountAt, 1)}>
                  {label(totalLabel)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={amountAt} align="right">
                  <span data-testid={`${testId}-lines-total`}>{total}</span>
                </Table.Summary.Cell>
                {amountAt < cols.length - 1 && <Table.Summary.Cell index={amountAt + 1} colSpan={cols.length - amountAt - 1} />}
              </Table.Summary.Row>
            )
      }
    />
  );
}
