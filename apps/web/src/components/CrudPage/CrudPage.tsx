/**
 * A list page derived from an entity definition of @hjl/core (ARCHITECTURE.md, "The backbone"): search
 * form, server-paged and sorted table, add / edit / view dialog and deletes, with buttons by permission.
 */
import { DeleteOutlined, DownloadOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { dictKeyOf, LIST_PAGE_SIZES, permissionCodes, type EntityDef, type FieldDef, type Label, type Page } from '@hjl/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Flex, Popover, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post, type Query } from '../../app/api';
import { Permit, usePermission } from '../../app/auth';
import { useDicts } from '../../app/dict';
import { download } from '../../app/download';
import { useLabel } from '../../app/i18n';
import { useListPagination } from '../PaginationBar';
import { EditDialog, type DialogState, type EditDialogProps } from './EditDialog';
import { displayValue, type Row } from './fields';
import { listParams, type Paging, type Sort } from './listParams';
import { SearchForm } from './SearchForm';

/** What a page's own toolbar buttons and row actions may use. */
export interface CrudPageContext {
  /** Ids of the selected rows. */
  selected: string[];
  /** Reloads the list. */
  reload: () => Promise<void>;
}

export interface CrudPageProps {
  def: EntityDef;
  /** List call, when it is not `<api>/list` (e.g. a dictionary's `parent-list`). */
  listUrl?: string;
  /** The row button 查看 (default shown; the tenant package table has none). */
  viewButton?: boolean;
  /** Extra toolbar buttons, after 新增 and 删除. */
  toolbar?: (ctx: CrudPageContext) => ReactNode;
  /** Extra row buttons, after the standard ones. */
  rowActions?: (row: Row, ctx: CrudPageContext) => ReactNode;
  /** Form controls replacing the derived ones, by field name (Form.Item injects value and onChange). */
  controls?: EditDialogProps['controls'];
  /** Search-form controls replacing the derived ones, by field name (e.g. a region select for a region code). */
  searchControls?: Record<string, ReactElement>;
  /** Called with the answer of a successful submit (e.g. a secret shown once). */
  onSaved?: (answer: unknown, mode: 'add' | 'edit') => void;
  /** Columns after the definition's list columns (e.g. a derived name or the status of a configuration). */
  extraColumns?: TableColumnsType<Row>;
  /** Width of the action column when rowActions adds buttons. */
  actionWidth?: number;
  /**
   * Conditions every list call carries and values every submit sends (e.g. the menu whose rules are shown,
   * the customer whose contacts a detail-page tab lists). Their fields are left out of the columns, the
   * search form and the edit form.
   */
  fixed?: Record<string, string>;
  /** A date range in the search form on createTime (创建时间), or on the named date field. */
  dateRange?: boolean | string;
  /** Card title (a tab of a detail page has none). */
  bordered?: boolean;
  /** 新增 opens a page of its own instead of the dialog (e.g. 请假申请 → the leave form), with this text. */
  addButton?: { label: Label; onClick: () => void };
}

export function CrudPage({
  def,
  listUrl,
  viewButton = true,
  toolbar,
  rowActions,
  controls,
  searchControls,
  onSaved,
  extraColumns = [],
  actionWidth,
  fixed,
  dateRange,
  bordered = true,
  addButton,
}: CrudPageProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const codes = permissionCodes(def);
  const canDelete = usePermission(codes.delete);

  const fixedKey = Object.keys(fixed ?? {}).join(',');
  const fields = useMemo(() => (Object.entries(def.fields) as [string, FieldDef][]).filter(([name]) => !fixedKey.split(',').includes(name)), [def, fixedKey]);
  const formDef = useMemo(() => ({ ...def, fields: Object.fromEntries(fields) }), [def, fields]);
  // 列设置: list columns the user has hidden; the export writes the columns shown.
  const [hidden, setHidden] = useState<string[]>([]);
  const listed = fields.filter(([, f]) => f.list);
  const shown = listed.filter(([name]) => !hidden.includes(name));
  const dictCodes = useMemo(() => [...new Set(fields.flatMap(([, f]) => (f.dict ? [dictKeyOf(f)] : [])))], [fields]);
  const dicts = useDicts(dictCodes);

  const [filters, setFilters] = useState<Query>({});
  const [paging, setPaging] = useState<Paging>({ current: 1, size: LIST_PAGE_SIZES[0] });
  const [sort, setSort] = useState<Sort | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const params = { ...listParams(paging, filters, sort), ...fixed };
  const list = useQuery({
    queryKey: ['crud', def.api, 'list', params],
    queryFn: ({ signal }) => get<Page<Row>>(listUrl ?? `${def.api}/list`, params, { signal }),
    placeholderData: keepPreviousData,
  });

  // After deleting the last rows of the last page, show the page that now is the last.
  const pages = list.data?.pages ?? 0;
  if (list.data && !list.isPlaceholderData && list.data.records.length === 0 && paging.current > 1 && pages < paging.current) {
    setPaging({ ...paging, current: Math.max(1, pages) });
  }

  const { setAnchor, pagination } = useListPagination({ paging, setPaging, total: list.data?.total ?? 0 });

  const rangeOf = (field: string) => ({ field, label: field === 'createTime' ? label({ zh: '创建时间', en: 'Created' }) : label(def.fields[field]!.label) });

  const reload = () => queryClient.invalidateQueries({ queryKey: ['crud', def.api, 'list'] });
  const ctx: CrudPageContext = { selected, reload };

  /** 搜索 / 清空: new conditions from page 1; searching again with the same conditions reloads. */
  const search = (next: Query) => {
    const same = paging.current === 1 && JSON.stringify(Object.entries(next).sort()) === JSON.stringify(Object.entries(filters).sort());
    setFilters(next);
    setPaging((p) => ({ ...p, current: 1 }));
    setSelected([]);
    if (same) void list.refetch();
  };

  const remove = (ids: string[]) => {
    if (ids.length === 0) {
      void message.warning(t('crud.selectAtLeastOne'));
      return;
    }
    modal.confirm({
      title: t('common.tip'),
      content: t('crud.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await post(`${def.api}/remove`, undefined, { ids: ids.join(',') });
        void message.success(t('crud.deleted'));
        setSelected((keys) => keys.filter((k) => !ids.includes(k)));
        await reload();
      },
    });
  };

  const columns: TableColumnsType<Row> = shown.map(([name, field]) => ({
    key: name,
    dataIndex: name,
    title: label(field.label),
    width: field.width,
    ellipsis: true,
    sorter: field.sortable ? true : undefined,
    sortOrder: sort?.field === name ? (sort.dir === 'asc' ? 'ascend' : 'descend') : null,
    render: (value: unknown, row: Row) => displayValue(field, dicts[dictKeyOf(field)] ?? [], field.display ? (row[field.display] ?? value) : value),
  }));
  columns.push(...extraColumns);
  columns.push({
    key: 'actions',
    title: t('crud.actions'),
    fixed: 'right',
    width: actionWidth ?? (rowActions ? 260 : 170),
    render: (_, row) => (
      <Space size={0}>
        {viewButton && (
          <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', id: row.id })} data-testid={`crud-row-view-${row.id}`}>
            {t('crud.view')}
          </Button>
        )}
        <Permit code={codes.edit}>
          <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', id: row.id })} data-testid={`crud-row-edit-${row.id}`}>
            {t('crud.edit')}
          </Button>
        </Permit>
        <Permit code={codes.delete}>
          <Button type="link" size="small" danger onClick={() => remove([row.id])} data-testid={`crud-row-delete-${row.id}`}>
            {t('crud.delete')}
          </Button>
        </Permit>
        {rowActions?.(row, ctx)}
      </Space>
    ),
  });

  const onTableChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.order ? String(s.columnKey ?? s.field) : null;
    setSort(field && s?.order ? { field, dir: s.order === 'ascend' ? 'asc' : 'desc' } : null);
    setPaging((p) => ({ ...p, current: 1 }));
  };

  return (
    <Card data-testid={`crud-${def.name}`} variant={bordered ? 'outlined' : 'borderless'} styles={bordered ? undefined : { body: { padding: 0 } }}>
      <Flex vertical gap={16}>
        <SearchForm
          fields={fields.filter(([, f]) => f.search)}
          dicts={dicts}
          onSearch={search}
          controls={searchControls}
          dateRange={dateRange ? rangeOf(dateRange === true ? 'createTime' : dateRange) : undefined}
        />
        <Space>
          <Permit code={codes.add}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => (addButton ? addButton.onClick() : setDialog({ mode: 'add' }))}
              data-testid="crud-add"
            >
              {addButton ? label(addButton.label) : t('crud.add')}
            </Button>
          </Permit>
          <Permit code={codes.delete}>
            <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)} data-testid="crud-bulk-delete">
              {t('crud.delete')}
            </Button>
          </Permit>
          {def.exportable && (
            <Permit code={codes.export}>
              <Button
                icon={<DownloadOutlined />}
                data-testid="crud-export"
                onClick={() =>
                  download(`${def.api}/export`, {
                    ...filters,
                    ...fixed,
                    ...(sort ? { [sort.dir === 'asc' ? 'ascs' : 'descs']: sort.field } : {}),
                    columns: shown.map(([n]) => n).join(','),
                  })
                }
              >
                {t('crud.export')}
              </Button>
            </Permit>
          )}
          {toolbar?.(ctx)}
          {listed.length > 1 && (
            <Popover
              trigger="click"
              placement="bottomLeft"
              content={
                <Checkbox.Group
                  style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
                  value={shown.map(([n]) => n)}
                  onChange={(keep) => setHidden(listed.map(([n]) => n).filter((n) => !keep.includes(n)))}
                  options={listed.map(([name, field]) => ({ value: name, label: label(field.label), disabled: shown.length === 1 && shown[0]![0] === name }))}
                  data-testid="crud-columns-options"
                />
              }
            >
              <Button icon={<SettingOutlined />} data-testid="crud-columns">
                {t('crud.columns')}
              </Button>
            </Popover>
          )}
        </Space>
        <div data-testid="crud-table" ref={setAnchor}>
          <Table<Row>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            rowSelection={canDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
            onChange={onTableChange}
            pagination={pagination}
          />
        </div>
      </Flex>
      <EditDialog
        def={formDef}
        state={dialog}
        dicts={dicts}
        controls={controls}
        extraBody={fixed}
        onClose={() => setDialog(null)}
        onSaved={(answer) => {
          const mode = dialog?.mode === 'add' ? 'add' : 'edit';
          setDialog(null);
          void reload();
          onSaved?.(answer, mode);
        }}
      />
    </Card>
  );
}
