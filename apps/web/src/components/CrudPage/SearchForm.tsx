/** The search form of a list: the fields marked `search`, with 搜索 and 清空. */
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import type { FieldDef } from '@hjl/core';
import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../app/api';
import type { DictItem } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { FieldControl, valueProps } from './fields';

interface Props {
  fields: [string, FieldDef][];
  dicts: Record<string, DictItem[]>;
  onSearch: (filters: Query) => void;
}

/** Drops empty conditions (the server treats a missing key as no condition). */
function filtersOf(values: Record<string, unknown>): Query {
  const filters: Query = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === '') continue;
    filters[key] = typeof text === 'number' || typeof text === 'boolean' ? text : String(text);
  }
  return filters;
}

export function SearchForm({ fields, dicts, onSearch }: Props) {
  const { t } = useTranslation();
  const label = useLabel();
  const [form] = Form.useForm<Record<string, unknown>>();
  if (fields.length === 0) return null;

  return (
    <Form form={form} layout="inline" onFinish={(values) => onSearch(filtersOf(values))} style={{ rowGap: 12 }} data-testid="crud-search">
      {fields.map(([name, field]) => (
        <Form.Item key={name} name={name} label={label(field.label)} {...valueProps(field)}>
          <FieldControl field={field} label={label(field.label)} dict={dicts[field.dict ?? ''] ?? []} testId={`crud-search-${name}`} search />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="crud-search-submit">
            {t('crud.search')}
          </Button>
          <Button
            icon={<DeleteOutlined />}
            data-testid="crud-search-reset"
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
