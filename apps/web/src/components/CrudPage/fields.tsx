/** How a field of an entity definition is edited and searched: its control, value conversion and rules. */
import { formatMoney, rangeMessage, type FieldDef } from '@hjl/core';
import { DatePicker, Input, InputNumber, Select, type FormItemProps, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dictLabel, type DictItem } from '../../app/dict';
import { Attachments, type FileItem } from '../Attachments';
import { MoneyInput } from '../MoneyInput';
import { refControlOf } from '../RefControl';

const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DD HH:mm:ss';

export type Row = Record<string, unknown> & { id: string };

export function isTextarea(field: FieldDef): boolean {
  return field.form === 'textarea' || (field.type === 'text' && field.form !== false);
}

/**
 * Form.Item props that keep the form value in the API's shape: dates as 'YYYY-MM-DD' strings (the picker
 * works on dayjs objects).
 */
export function valueProps(field: FieldDef): Pick<FormItemProps, 'getValueProps' | 'normalize'> {
  if (field.type !== 'date' && field.type !== 'datetime') return {};
  const format = field.type === 'date' ? DATE : DATETIME;
  return {
    getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, format) : undefined }),
    normalize: (value: Dayjs | null | undefined) => (value ? value.format(format) : undefined),
  };
}

export function rules(field: FieldDef, label: string, t: TFunction): FormRule[] {
  const list: FormRule[] = [];
  // A rule without a type is checked as a string, which a number (InputNumber of an int field) never is; an
  // int field with a dictionary is a Select of the string dictKeys, checked as a string.
  if (field.required)
    list.push({
      required: true,
      type: field.type === 'int' && !field.dict ? 'number' : undefined,
      whitespace: field.type === 'string' || field.type === 'text',
      message: field.required,
    });
  if (field.type === 'string') {
    const max = field.max ?? 255;
    list.push({ max, message: t('crud.maxLength', { label, max }) });
  }
  if (field.pattern) list.push({ pattern: field.pattern.regex, message: field.pattern.message });
  const check = field.check;
  if (check) {
    list.push({
      validator: (_, value: unknown) => {
        const message = typeof value === 'string' && value.trim() ? check(value.trim()) : undefined;
        return message ? Promise.reject(new Error(message)) : Promise.resolve();
      },
    });
  }
  if (field.range) list.push({ type: 'number', min: field.range.min, max: field.range.max, message: rangeMessage(field) });
  return list;
}

interface ControlProps {
  field: FieldDef;
  label: string;
  dict: readonly DictItem[];
  testId: string;
  /** Search form: single-line inputs, clearable. */
  search?: boolean;
  /** 查看: the record is shown, not edited (the attachment widget hides upload and delete). */
  readOnly?: boolean;
  /** The record edited or viewed (a reference's picker shows the name it carries under `display`). */
  record?: Record<string, unknown>;
  // Injected by Form.Item:
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

/** The input of a field (Form.Item injects value and onChange). */
export function FieldControl({ field, label, dict, testId, search = false, readOnly = false, record, ...rest }: ControlProps) {
  const { t } = useTranslation();
  // A reference (FieldDef.ref): the picker of its kind (components/RefControl).
  const refControl = refControlOf(field);
  if (refControl) {
    const name = field.display ? record?.[field.display] : undefined;
    return refControl({
      field,
      value: rest.value as string | null | undefined,
      onChange: rest.onChange,
      disabled: rest.disabled,
      testId,
      search,
      name: typeof name === 'string' && name ? name : undefined,
    });
  }
  const input = { 'data-testid': testId, ...rest } as Record<string, unknown>;
  const inputPlaceholder = t('crud.inputPlaceholder', { label });
  const selectPlaceholder = t('crud.selectPlaceholder', { label });
  if (field.dict) {
    return (
      <Select
        {...input}
        allowClear
        placeholder={selectPlaceholder}
        options={dict.map((item) => ({ value: item.dictKey, label: item.dictValue }))}
        style={search ? { width: 180 } : undefined}
      />
    );
  }
  switch (field.type) {
    case 'int':
      return (
        <InputNumber
          {...input}
          precision={0}
          min={field.range?.min}
          max={field.range?.max}
          placeholder={inputPlaceholder}
          style={{ width: search ? 180 : '100%' }}
        />
      );
    case 'money':
      return (
        <MoneyInput
          value={rest.value as string | number | null | undefined}
          onChange={rest.onChange}
          disabled={rest.disabled}
          testId={testId}
          negative
          hideUpper={search}
          placeholder={inputPlaceholder}
          style={{ width: search ? 180 : '100%' }}
        />
      );
    case 'files':
      return <Attachments value={rest.value as FileItem[] | null | undefined} onChange={rest.onChange} mode={readOnly ? 'view' : 'edit'} testId={testId} />;
    case 'date':
      return <DatePicker {...input} placeholder={selectPlaceholder} style={{ width: search ? 180 : '100%' }} />;
    case 'datetime':
      return <DatePicker {...input} showTime placeholder={selectPlaceholder} style={{ width: search ? 200 : '100%' }} />;
    default:
      // A secret arrives masked (SECRET_MASK); sent back unchanged it keeps the stored value.
      if (field.secret && !search) return <Input.Password {...input} placeholder={inputPlaceholder} autoComplete="new-password" />;
      if (!search && isTextarea(field)) return <Input.TextArea {...input} rows={4} placeholder={inputPlaceholder} />;
      return <Input {...input} allowClear={search} placeholder={inputPlaceholder} />;
  }
}

/** How a value is shown in the list. */
export function displayValue(field: FieldDef, dict: readonly DictItem[], value: unknown): string {
  if (field.dict) return dictLabel(dict, value);
  if (value === undefined || value === null) return '';
  if (field.type === 'money') return formatMoney(value as string | number, { decimals: 2 });
  if (field.type === 'files') return Array.isArray(value) && value.length ? (value as FileItem[]).map((f) => f.label).join(', ') : '';
  return String(value);
}

/** A record as the edit form holds it: dictionary keys as text (Select options are dictKey strings). */
export function toFormValues(fields: [string, FieldDef][], row: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of fields) {
    const value = row[name];
    values[name] = field.dict && value !== undefined && value !== null ? String(value) : value;
  }
  return values;
}

/** The submit body from the form: ints as numbers; an emptied field is '' (text) or null (other types). */
export function toSubmitBody(fields: [string, FieldDef][], values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of fields) {
    let value = values[name];
    const text = field.type === 'string' || field.type === 'text';
    if (value === undefined || value === null || value === '') value = text ? '' : null;
    else if (field.type === 'int' && typeof value === 'string') value = Number(value);
    body[name] = value;
  }
  return body;
}
