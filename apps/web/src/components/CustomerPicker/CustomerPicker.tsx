/**
 * The customer picker (spec 2, Customer-picker dialog): single choice (radio; a double-click confirms) or
 * several (checkboxes); search by customer name; 10 per page on the server; columns customer name, customer
 * type, contact person, contact phone; confirming with nothing chosen warns 请选择客户. Rows come from the
 * customer list (the caller's tenant and data scope). Closed or confirmed, it forgets its search text and
 * page, so it opens fresh. `CustomerPickerInput` is the form control of a customer id that opens it.
 */
import { SearchOutlined } from '@ant-design/icons';
import { customerEntity, type Page } from '@hjl/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { get } from '../../app/api';
import { dictLabel, useDict } from '../../app/dict';
import { useLabel } from '../../app/i18n';

/** A row of the picker (spec 2, Customer picker row). */
export interface CustomerRow {
  id: string;
  customerName: string;
  customerType: number | null;
  contactPerson: string | null;
  contactPhone: string | null;
}

export const PICKER_PAGE_SIZE = 10;

const T = {
  title: { zh: '选择客户', en: 'Choose a customer' },
  name: { zh: '客户名称', en: 'Customer' },
  type: { zh: '客户类型', en: 'Type' },
  contact: { zh: '联系人', en: 'Contact' },
  phone: { zh: '联系电话', en: 'Phone' },
  search: { zh: '请输入客户名称', en: 'Customer name' },
  nothing: { zh: '请选择客户', en: 'Choose a customer' },
  ok: { zh: '确定', en: 'OK' },
  cancel: { zh: '取消', en: 'Cancel' },
  choose: { zh: '选择', en: 'Choose' },
  total: { zh: '共 {n} 条', en: '{n} in all' },
};

export interface CustomerPickerProps {
  open: boolean;
  /** Several customers (checkboxes) instead of one (radio). */
  multiple?: boolean;
  onOk: (rows: CustomerRow[]) => void;
  onCancel: () => void;
}

export function CustomerPicker({ open, multiple = false, onOk, onCancel }: CustomerPickerProps) {
  const label = useLabel();
  const { message } = App.useApp();
  const types = useDict('biz:customer_type');
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [current, setCurrent] = useState(1);
  const [chosen, setChosen] = useState<CustomerRow[]>([]);

  const list = useQuery({
    queryKey: ['customer-picker', name, current],
    queryFn: ({ signal }) =>
      get<Page<CustomerRow>>(`${customerEntity.api}/list`, { current, size: PICKER_PAGE_SIZE, ...(name ? { customerName: name } : {}) }, { signal }),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  // Each opening starts afresh: no search text, page 1, nothing chosen — also when the caller closes it.
  const reset = () => {
    setTyped('');
    setName('');
    setCurrent(1);
    setChosen([]);
  };
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) reset();
  }
  const close = () => {
    reset();
    onCancel();
  };
  const confirm = (rows: CustomerRow[]) => {
    if (!rows.length) {
      void message.warning(label(T.nothing));
      return;
    }
    reset();
    onOk(rows);
  };

  const columns: TableColumnsType<CustomerRow> = [
    { key: 'customerName', dataIndex: 'customerName', title: label(T.name), ellipsis: true },
    { key: 'customerType', dataIndex: 'customerType', title: label(T.type), width: 110, render: (v: unknown) => dictLabel(types, v) },
    { key: 'contactPerson', dataIndex: 'contactPerson', title: label(T.contact), width: 100 },
    { key: 'contactPhone', dataIndex: 'contactPhone', title: label(T.phone), width: 140 },
  ];

  return (
    <Modal
      open={open}
      title={label(T.title)}
      width={800}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {label(T.cancel)}
        </Button>,
        <Button key="ok" type="primary" onClick={() => confirm(chosen)} data-testid="customer-picker-ok">
          {label(T.ok)}
        </Button>,
      ]}
    >
      <Space style={{ marginBottom: 12 }}>
        <Input
          allowClear
          value={typed}
          placeholder={label(T.search)}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => {
            setName(typed.trim());
            setCurrent(1);
          }}
          style={{ width: 280 }}
          data-testid="customer-picker-search"
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => {
            setName(typed.trim());
            setCurrent(1);
          }}
          data-testid="customer-picker-search-submit"
        />
      </Space>
      <div data-testid="customer-picker-table">
        <Table<CustomerRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys: chosen.map((r) => r.id),
            // Rows chosen on other pages stay chosen.
            onChange: (_keys, rows) => setChosen(multiple ? [...chosen.filter((c) => !list.data?.records.some((r) => r.id === c.id)), ...rows] : rows),
          }}
          onRow={(row) => ({
            onClick: () => (multiple ? undefined : setChosen([row])),
            onDoubleClick: () => (multiple ? undefined : confirm([row])),
          })}
          pagination={{
            current,
            pageSize: PICKER_PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (n) => label(T.total).replace('{n}', String(n)),
            onChange: setCurrent,
          }}
        />
      </div>
    </Modal>
  );
}

export interface CustomerPickerInputProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  /** Name of the customer the value names, when the caller already has it (a record's `customerName`). */
  name?: string;
  testId?: string;
}

/** A form control holding a customer id: shows the name, 选择 opens the picker. */
export function CustomerPickerInput({ value, onChange, disabled, name, testId = 'customer-picker-input' }: CustomerPickerInputProps) {
  const label = useLabel();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<CustomerRow | null>(null);
  const known = picked && picked.id === value ? picked.customerName : name;
  const detail = useQuery({
    queryKey: ['customer-picker', 'name', value],
    queryFn: () => get<CustomerRow>(`${customerEntity.api}/detail`, { id: value }),
    enabled: !!value && !known,
    staleTime: 60_000,
  });
  const shown = value ? (known ?? detail.data?.customerName ?? '') : '';
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={shown} placeholder={label(T.nothing)} disabled={disabled} onClick={() => !disabled && setOpen(true)} data-testid={testId} />
        <Button disabled={disabled} onClick={() => setOpen(true)} data-testid={`${testId}-choose`}>
          {label(T.choose)}
        </Button>
      </Space.Compact>
      <CustomerPicker
        open={open}
        onCancel={() => setOpen(false)}
        onOk={([row]) => {
          setPicked(row!);
          setOpen(false);
          onChange?.(row!.id);
        }}
      />
    </>
  );
}
