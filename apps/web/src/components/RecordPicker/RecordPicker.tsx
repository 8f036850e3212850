/**
 * The record picker: one dialog for choosing records of a kind (customers, projects, contracts, internal
 * accounts …), with the customer picker's behaviour (spec 2, Customer-picker dialog): single choice (radio; a
 * click chooses, a double-click confirms) or several (checkboxes, kept across pages); a search on the kind's
 * name field; 10 per page on the server; confirming with nothing chosen warns (请选择客户 …). Closed or
 * confirmed, it forgets its search text and page, so it opens fresh. Rows come from the kind's list call (the
 * caller's tenant and data scope). `RecordPickerInput` is the form control of a record id that opens it.
 *
 * A kind is data (./kinds.ts): its list and detail calls, its columns, its texts. A list call of any shape that
 * answers the `Page` envelope (`records`, `total`) works.
 */
import { SearchOutlined } from '@ant-design/icons';
import type { Label } from '@hjl/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import type { Query } from '../../app/api';
import { dictLabel, useDicts } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { pickerPageQuery, pickerRecordQuery } from './api';

export const PICKER_PAGE_SIZE = 10;

/** A row of a picker: an id and whatever its columns show. */
export interface PickerRow {
  id: string;
  [field: string]: unknown;
}

export interface PickerColumn {
  /** The row field shown. */
  field: string;
  title: Label;
  width?: number;
  /** A dictionary code (`biz:…` for the tenant's business dictionary): the field holds its key. */
  dict?: string;
  /** Renders the value (e.g. an amount); `dict` is applied first when given. */
  render?: (value: unknown, row: PickerRow) => ReactNode;
}

/** What a kind of record the picker chooses from is. */
export interface PickerKind {
  /** Test ids are `<name>-picker-…`. */
  name: string;
  /** The records' API base (`/api/business/hjlProject`): the list is `<api>/list`, a name `<api>/detail?id=`. */
  api: string;
  /** List call when not `<api>/list`. */
  listUrl?: string;
  /** Detail call when not `<api>/detail` (the input shows the name of an id it was given). */
  detailUrl?: string;
  /** Dialog title (选择客户). */
  title: Label;
  /** Warning when confirming with nothing chosen, and the input's placeholder (请选择客户). */
  nothing: Label;
  /** The list condition the search box sets (customerName) and its placeholder. */
  searchField: string;
  searchPlaceholder: Label;
  columns: PickerColumn[];
  /** The name an input shows for a row (default: the first column's field). */
  nameOf?: (row: PickerRow) => string;
  /** Dialog width (default 800). */
  width?: number;
}

const T = {
  ok: { zh: '确定', en: 'OK' },
  cancel: { zh: '取消', en: 'Cancel' },
  choose: { zh: '选择', en: 'Choose' },
  clear: { zh: '清除', en: 'Clear' },
  total: { zh: '共 {n} 条', en: '{n} in all' },
};

/** The name a row shows in an input. */
export function pickerNameOf(kind: PickerKind, row: PickerRow | undefined): string {
  if (!row) return '';
  if (kind.nameOf) return kind.nameOf(row);
  const v = row[kind.columns[0]?.field ?? 'id'];
  return v === null || v === undefined ? '' : String(v);
}

export interface RecordPickerProps<T extends PickerRow = PickerRow> {
  kind: PickerKind;
  open: boolean;
  /** Several records (checkboxes) instead of one (radio). */
  multiple?: boolean;
  /** Conditions every list call carries (e.g. only approved contracts: `{ status: 2 }`). */
  query?: Query;
  onOk: (rows: T[]) => void;
  onCancel: () => void;
}

export function RecordPicker<T extends PickerRow = PickerRow>({ kind, open, multiple = false, query, onOk, onCancel }: RecordPickerProps<T>) {
  const label = useLabel();
  const { message } = App.useApp();
  const dictCodes = useMemo(() => [...new Set(kind.columns.flatMap((c) => (c.dict ? [c.dict] : [])))], [kind]);
  const dicts = useDicts(open ? dictCodes : []);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [current, setCurrent] = useState(1);
  const [chosen, setChosen] = useState<T[]>([]);
  const prefix = `${kind.name}-picker`;

  const params: Query = { ...query, current, size: PICKER_PAGE_SIZE, ...(search ? { [kind.searchField]: search } : {}) };
  const list = useQuery({ ...pickerPageQuery<T>(kind, params), enabled: open, placeholderData: keepPreviousData });

  // Each opening starts afresh: no search text, page 1, nothing chosen — also when the caller closes it.
  const reset = () => {
    setTyped('');
    setSearch('');
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
  const confirm = (rows: T[]) => {
    if (!rows.length) {
      void message.warning(label(kind.nothing));
      return;
    }
    reset();
    onOk(rows);
  };
  const runSearch = () => {
    setSearch(typed.trim());
    setCurrent(1);
  };

  const columns: TableColumnsType<T> = kind.columns.map((c) => ({
    key: c.field,
    dataIndex: c.field,
    title: label(c.title),
    width: c.width,
    ellipsis: true,
    render: (v: unknown, row: T) => {
      const value = c.dict ? dictLabel(dicts[c.dict] ?? [], v) : v;
      if (c.render) return c.render(value, row);
      return value === null || value === undefined ? '' : String(value);
    },
  }));

  return (
    <Modal
      open={open}
      title={label(kind.title)}
      width={kind.width ?? 800}
      onCancel={close}
      destroyOnHidden
      data-testid={`${prefix}-dialog`}
      footer={[
        <Button key="cancel" onClick={close}>
          {label(T.cancel)}
        </Button>,
        <Button key="ok" type="primary" onClick={() => confirm(chosen)} data-testid={`${prefix}-ok`}>
          {label(T.ok)}
        </Button>,
      ]}
    >
      <Space style={{ marginBottom: 12 }}>
        <Input
          allowClear
          value={typed}
          placeholder={label(kind.searchPlaceholder)}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={runSearch}
          style={{ width: 280 }}
          data-testid={`${prefix}-search`}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={runSearch} data-testid={`${prefix}-search-submit`} />
      </Space>
      <div data-testid={`${prefix}-table`}>
        <Table<T>
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

export interface RecordPickerInputProps<T extends PickerRow = PickerRow> {
  kind: PickerKind;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The whole row chosen (e.g. an account's number, bank and name for the fields beside it); null when cleared. */
  onPick?: (row: T | null) => void;
  disabled?: boolean;
  /** Name of the record the value names, when the caller already has it (a record's `projectName`). */
  name?: string;
  /** Conditions every list call of the dialog carries. */
  query?: Query;
  /** Shows a clear button. */
  allowClear?: boolean;
  testId?: string;
}

/** A form control holding a record id: shows the record's name, 选择 opens the picker. */
export function RecordPickerInput<T extends PickerRow = PickerRow>({
  kind,
  value,
  onChange,
  onPick,
  disabled,
  name,
  query,
  allowClear,
  testId = `${kind.name}-picker-input`,
}: RecordPickerInputProps<T>) {
  const label = useLabel();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<T | null>(null);
  const known = picked && picked.id === value ? pickerNameOf(kind, picked) : name;
  const detail = useQuery({ ...pickerRecordQuery<T>(kind, value), enabled: !!value && !known });
  const shown = value ? (known ?? pickerNameOf(kind, detail.data)) : '';
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={shown} placeholder={label(kind.nothing)} disabled={disabled} onClick={() => !disabled && setOpen(true)} data-testid={testId} />
        {allowClear && value && !disabled && (
          <Button
            onClick={() => {
              setPicked(null);
              onChange?.(null);
              onPick?.(null);
            }}
            data-testid={`${testId}-clear`}
          >
            {label(T.clear)}
          </Button>
        )}
        <Button disabled={disabled} onClick={() => setOpen(true)} data-testid={`${testId}-choose`}>
          {label(T.choose)}
        </Button>
      </Space.Compact>
      <RecordPicker<T>
        kind={kind}
        open={open}
        query={query}
        onCancel={() => setOpen(false)}
        onOk={([row]) => {
          setPicked(row!);
          setOpen(false);
          onChange?.(row!.id);
          onPick?.(row!);
        }}
      />
    </>
  );
}
