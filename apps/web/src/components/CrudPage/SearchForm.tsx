/** The search form of a list: the fields marked `search`, with 搜索 and 清空. */
import { dictKeyOf, type FieldDef } from '@hjl/core';
import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactElement } from 'react';
import type { Query } from '../../app/api';
import type { DictItem } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { FieldControl, valueProps } from './fields';
import { dateRangeQuery } from './useList';
import { SearchActions } from './SearchActions';

interface Props {
  fields: [string, FieldDef][];
  dicts: Record<string, DictItem[]>;
  onSearch: (filters: Query) => void;
  /** A date range on this field (createTime: 创建时间), sent as <field>_dategt / <field>_datelt. */
  dateRange?: { field: string; label: string };
  /** Controls replacing the derived ones, by field name (Form.Item injects value and onChange). */
  controls?: Record<string, ReactElement>;
}

/** Drops empty conditions (the server treats a missing key as no condition). */
function filtersOf(values: Record<string, unknown>, dateRange?: { field: string }): Query {
  const filters: Query = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === RANGE) {
      Object.assign(filters, dateRangeQuery(value as [Dayjs, Dayjs] | null, { field: dateRange?.field }));
      continue;
    }
    if (value === undefined || value === null) continue;
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === '') continue;
    filters[key] = typeof text === 'number' || typeof text === 'boolean' ? text : String(text);
  }
  return filters;
}

const RANGE = '__dateRange';

export function SearchForm({ fields, dicts, onSearch, dateRange, controls }: Props) {
  const label = useLabel();
  const [form] = Form.useForm<Record<string, unknown>>();
  if (fields.length === 0 && !dateRange) return null;

  return (
    <Form form={form} layout="inline" onFinish={(values) => onSearch(filtersOf(values, dateRange))} style={{ rowGap: 12 }} data-testid="crud-search">
      {fields.map(([name, field]) => (
        <Form.Item key={name} name={name} label={label(field.label)} {...valueProps(field)}>
          {controls?.[name] ?? (
            <FieldControl field={field} label={label(field.label)} dict={dicts[dictKeyOf(field)] ?? []} testId={`crud-search-${name}`} search />
          )}
        </Form.Item>
      ))}
      {dateRange && (
        <Form.Item name={RANGE} label={dateRange.label}>
          <DatePicker.RangePicker data-testid="crud-search-dateRange" />
        </Form.Item>
      )}
      <Form.Item>
        <SearchActions form={form} onReset={() => onSearch({})} testId="crud-search" />
      </Form.Item>
    </Form>
  );
}
