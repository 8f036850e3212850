/**
 * The side form of one field of the form designer: name, description, type, the switches (required, shown in
 * lists, a search condition) and what the type needs — a dictionary (select, radio), a tree source (dept or
 * post), a format pattern (text). The whole list is checked with the server's rule before the field is kept.
 */
import { FORM_COLUMN_TYPE, type FormColumn } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useLabel } from '../../../../app/i18n';
import { formDictsQuery } from '../api';
import { COLUMN_TYPES, FORMAT_LABELS, FORMAT_NAMES, MODEL_PATHS, newColumn, placeColumn, usesDict } from './columns';

/** The system dictionaries to pick a select's options from (searched on the server by code or name). */
function DictSelect({ value, onChange }: { value?: string; onChange?: (v: string | undefined) => void }) {
  const label = useLabel();
  const [search, setSearch] = useState('');
  const dicts = useQuery(formDictsQuery(search));
  const found = dicts.data ?? [];
  // A stored code not among the options of the moment still shows.
  const options = value && !found.some((o) => o.value === value) ? [{ value, label: value }, ...found] : found;
  return (
    <Select
      value={value}
      onChange={onChange}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={dicts.isFetching}
      options={options}
      placeholder={label({ zh: '请选择字典', en: 'Choose a dictionary' })}
      data-testid="column-dictTag"
    />
  );
}

type Values = Omit<FormColumn, 'isRequired' | 'isShowList' | 'isCondition'> & { isRequired: boolean; isShowList: boolean; isCondition: boolean };

export interface ColumnDialogProps {
  /** The list being designed; `index` -1 adds a field, else edits that one. */
  columns: readonly FormColumn[];
  index: number | null;
  onClose: () => void;
  onDone: (columns: FormColumn[]) => void;
}

export function ColumnDialog({ columns, index, onClose, onDone }: ColumnDialogProps) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('columnType', form);
  const open = index !== null;

  useEffect(() => {
    if (!open) return;
    const c = index >= 0 ? columns[index]! : newColumn();
    form.resetFields();
    form.setFieldsValue({ ...c, isRequired: c.isRequired === 1, isShowList: c.isShowList === 1, isCondition: c.isCondition === 1 });
  }, [open, index, columns, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const edited = {
      ...(index !== null && index >= 0 ? columns[index] : {}),
      ...v,
      isRequired: v.isRequired ? 1 : 0,
      isShowList: v.isShowList ? 1 : 0,
      isCondition: v.isCondition ? 1 : 0,
    } as FormColumn;
    const placed = placeColumn(columns, index ?? -1, edited);
    if ('error' in placed) {
      void message.error(placed.error);
      return;
    }
    onDone(placed.columns);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={420}
      title={label(index === -1 ? { zh: '新增字段', en: 'New field' } : { zh: '编辑字段', en: 'Edit field' })}
      extra={
        <Space>
          <Button onClick={onClose}>{label({ zh: '取消', en: 'Cancel' })}</Button>
          <Button type="primary" onClick={() => void submit()} data-testid="column-ok">
            {label({ zh: '确定', en: 'OK' })}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="column-form">
        <Form.Item
          name="columnName"
          label={label({ zh: '字段名', en: 'Name' })}
          rules={[{ required: true, whitespace: true, message: label({ zh: '请输入字段名', en: 'Enter a name' }) }]}
          extra={label({ zh: '字母、数字和下划线,以字母或下划线开头', en: 'Letters, digits and _' })}
        >
          <Input maxLength={64} data-testid="column-columnName" />
        </Form.Item>
        <Form.Item
          name="columnDescribe"
          label={label({ zh: '字段描述', en: 'Label' })}
          rules={[{ required: true, whitespace: true, message: label({ zh: '请输入字段描述', en: 'Enter a label' }) }]}
        >
          <Input maxLength={64} data-testid="column-columnDescribe" />
        </Form.Item>
        <Form.Item name="columnType" label={label({ zh: '字段类型', en: 'Type' })} rules={[{ required: true }]}>
          <Select options={COLUMN_TYPES.map((t) => ({ value: t.value, label: label(t.label) }))} data-testid="column-columnType" />
        </Form.Item>
        {type !== undefined && usesDict(type) && (
          <Form.Item
            name="dictTag"
            label={label({ zh: '数据字典', en: 'Dictionary' })}
            rules={[{ required: type === FORM_COLUMN_TYPE.select, message: label({ zh: '请选择字典', en: 'Choose a dictionary' }) }]}
          >
            <DictSelect />
          </Form.Item>
        )}
        {type === FORM_COLUMN_TYPE.tree && (
          <Form.Item
            name="modelPath"
            label={label({ zh: '数据来源', en: 'Source' })}
            rules={[{ required: true, message: label({ zh: '请选择数据来源', en: 'Choose a source' }) }]}
          >
            <Select options={MODEL_PATHS.map((m) => ({ value: m.value, label: label(m.label) }))} data-testid="column-modelPath" />
          </Form.Item>
        )}
        {type === FORM_COLUMN_TYPE.text && (
          <Form.Item name="format" label={label({ zh: '格式校验', en: 'Format' })}>
            <Select
              allowClear
              options={FORMAT_NAMES.map((f) => ({ value: f, label: label(FORMAT_LABELS[f]) }))}
              placeholder={label({ zh: '不校验', en: 'None' })}
              data-testid="column-format"
            />
          </Form.Item>
        )}
        <Space size="large">
          <Form.Item name="isRequired" label={label({ zh: '必填', en: 'Required' })} valuePropName="checked">
            <Switch data-testid="column-isRequired" />
          </Form.Item>
          <Form.Item name="isShowList" label={label({ zh: '列表显示', en: 'In lists' })} valuePropName="checked">
            <Switch data-testid="column-isShowList" />
          </Form.Item>
          <Form.Item name="isCondition" label={label({ zh: '搜索条件', en: 'Searchable' })} valuePropName="checked">
            <Switch data-testid="column-isCondition" />
          </Form.Item>
        </Space>
      </Form>
    </Drawer>
  );
}
