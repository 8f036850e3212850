/**
 * The dynamic form of a process (spec 1 sections 3 and 5): renders a form design's columns — 1 text input,
 * 2 select, 3 date, 4 tree (dept or post), anything else radio — at a place (the start, a node, or a read-only
 * view). A field the place may not read is left out; one it may not write is read-only and carries no rules;
 * the others are required unless isRequired is 0 (请填写{describe}) and have their format pattern. The rules
 * are `columnAccess` / `columnValueError` of `@hjl/core`, which the server checks again.
 */
import { columnAccess, columnValueError, FORM_COLUMN_TYPE, type FormColumn, type FormPlace } from '@hjl/core';
import { Col, DatePicker, Form, Input, Radio, Row, Select, TreeSelect, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../app/dict';
import { useDeptTree, usePostOptions } from '../OrgSelect';

const DATE = 'YYYY-MM-DD';

export interface DynamicFormProps {
  columns: readonly FormColumn[];
  form: FormInstance;
  /** The node and its field rules (the handle screen), or readOnly (a detail view); nothing for the start form. */
  place?: FormPlace;
  initialValues?: Record<string, unknown>;
  /** Fields per row (1 or 2). */
  columnsPerRow?: 1 | 2;
  /** data-testid of each control: `${testIdPrefix}-${columnName}`. */
  testIdPrefix?: string;
}

export function DynamicForm({ columns, form, place, initialValues, columnsPerRow = 2, testIdPrefix = 'dyn' }: DynamicFormProps) {
  const shown = columns.map((column) => ({ column, access: columnAccess(column, place) })).filter((c) => c.access.readable);
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} data-testid={`${testIdPrefix}-form`}>
      <Row gutter={16}>
        {shown.map(({ column, access }) => (
          <Col key={column.columnName} span={columnsPerRow === 2 ? 12 : 24}>
            <Form.Item
              name={column.columnName}
              label={column.columnDescribe}
              required={access.required}
              rules={access.writable ? [{ validator: (_, value: unknown) => rejectWith(columnValueError(column, access, value)) }] : []}
              {...(column.columnType === FORM_COLUMN_TYPE.date ? DATE_VALUE : {})}
            >
              <ColumnControl column={column} disabled={!access.writable} testId={`${testIdPrefix}-${column.columnName}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form>
  );
}

const rejectWith = (message: string | undefined) => (message ? Promise.reject(new Error(message)) : Promise.resolve());

/** Dates are kept as 'YYYY-MM-DD' text in the form values (process variables); the picker works on dayjs. */
const DATE_VALUE = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, DATE) : undefined }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE) : undefined),
};

interface ControlProps {
  column: FormColumn;
  disabled: boolean;
  testId: string;
  // Injected by Form.Item:
  value?: unknown;
  onChange?: (value: unknown) => void;
}

function ColumnControl({ column, disabled, testId, value, onChange }: ControlProps) {
  const { t } = useTranslation();
  const common = { 'data-testid': testId, disabled, value, onChange } as Record<string, unknown>;
  const select = t('crud.selectPlaceholder', { label: column.columnDescribe });
  switch (column.columnType) {
    case FORM_COLUMN_TYPE.text:
      return <Input {...common} onChange={(e) => onChange?.(e.target.value)} placeholder={t('crud.inputPlaceholder', { label: column.columnDescribe })} />;
    case FORM_COLUMN_TYPE.select:
      return <DictSelect {...common} code={column.dictTag ?? ''} placeholder={select} />;
    case FORM_COLUMN_TYPE.date:
      return <DatePicker {...common} placeholder={select} style={{ width: '100%' }} />;
    case FORM_COLUMN_TYPE.tree:
      return column.modelPath === 'post' ? <PostTree {...common} placeholder={select} /> : <DeptTree {...common} placeholder={select} />;
    default:
      return <DictRadio {...common} code={column.dictTag ?? ''} />;
  }
}

type Passed = Record<string, unknown> & { placeholder?: string };

function DictSelect({ code, ...rest }: Passed & { code: string }) {
  const items = useDict(code);
  return <Select {...rest} allowClear options={items.map((i) => ({ value: i.dictKey, label: i.dictValue }))} />;
}

function DictRadio({ code, onChange, ...rest }: Passed & { code: string; onChange?: (v: unknown) => void }) {
  const items = useDict(code);
  return <Radio.Group {...rest} onChange={(e) => onChange?.(e.target.value)} options={items.map((i) => ({ value: i.dictKey, label: i.dictValue }))} />;
}

function DeptTree(props: Passed) {
  const tree = useDeptTree();
  return <TreeSelect {...props} allowClear treeData={tree} treeDefaultExpandAll style={{ width: '100%' }} />;
}

function PostTree(props: Passed) {
  const posts = usePostOptions();
  return <TreeSelect {...props} allowClear treeData={posts} style={{ width: '100%' }} />;
}
