/**
 * A list page derived from an entity definition of @hjl/core (ARCHITECTURE.md, "The backbone"): search
 * form, server-paged and sorted table, add / edit / view dialog and deletes, with buttons by permission.
 * A definition with `approval` lists in approval mode (components/ApprovalMode): the 审批状态 column, the row
 * actions 提交 / 重新提交 / 撤回 / 审批详情 by status, and records under approval or approved only viewed.
 */
import { DeleteOutlined, DownloadOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { dictKeyOf, permissionCodes, type EntityDef, type FieldDef, type Label } from '@hjl/core';
import { App, Button, Card, Checkbox, Col, Flex, Popover, Row as GridRow, Space, Table, Tree, type TableColumnsType } from 'antd';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../app/api';
import { Permit, usePermission } from '../../app/auth';
import { useDicts } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { APPROVAL_STATUS_FIELD, ApprovalStatusSelect, useApprovalMode } from '../ApprovalMode';
import { entityApi } from './api';
import { EditDialog, type DialogState, type EditDialogProps } from './EditDialog';
import { displayValue, type Row } from './fields';
import { SearchForm } from './SearchForm';
import { useList, type ListSource } from './useList';

/** The width of a list column whose field names none. */
const DEFAULT_COLUMN_WIDTH = 120;
/** The width of the selection (checkbox) column. */
const SELECTION_WIDTH = 48;

/** What a page's own toolbar buttons and row actions may use. */
export interface CrudPageContext {
  /** Ids of the selected rows. */
  selected: string[];
  /** Replaces the selection (e.g. clears it after an action on the selected rows). */
  setSelected: (ids: string[]) => void;
  /** Reloads the list. */
  reload: () => Promise<void>;
  /** The conditions of the list shown (search, the aside's node, `fixed`), e.g. for an export of one's own. */
  filters: Query;
  /** Opens the add / edit / view dialog (the page's own `editor` when it has one). */
  open: (state: DialogState) => void;
}

/** A node of the left-hand tree filter (tree calls answer `key` and `value` as the node's id). */
export interface AsideNode {
  title: ReactNode;
  key: string;
  children?: AsideNode[];
}

/**
 * The left-hand tree filter: choosing a node narrows the list to `{ [field]: node key }` (choosing it again
 * shows everything). E.g. a department tree on `deptId` (the server takes the department and those below it).
 */
export interface CrudAside {
  /** Title of the card around the tree (e.g. 部门). */
  title: Label;
  /** The list condition the chosen node sets. */
  field: string;
  nodes: readonly AsideNode[];
  /** Test id of the tree (default `crud-aside-tree`). */
  testId?: string;
}

/** What a page's own add / edit / view dialog (`editor`) is given. */
export interface CrudEditorProps {
  state: DialogState | null;
  onClose: () => void;
  /** After a successful submit: closes the dialog and reloads the list. */
  onSaved: () => void;
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
  /** A tree on the left whose chosen node filters the list (see CrudAside). */
  aside?: CrudAside;
  /** Where the pages come from, when not `listUrl` / `<api>/list` (a source from the feature's api.ts). */
  source?: ListSource<Row>;
  /** Cell renderers replacing the derived ones, by field name. */
  render?: Record<string, (value: unknown, row: Row) => ReactNode>;
  /** The page's own add / edit / view dialog instead of the derived one (e.g. a user with roles and a password). */
  editor?: (props: CrudEditorProps) => ReactNode;
  /** Permission code of the row button 查看 (default: shown to everyone who sees the list). */
  viewCode?: string;
  /** The export call, when not `<api>/export` (it gets the list's conditions and sort and the columns shown). */
  exportUrl?: string;
  /** Test id of the card (default `crud-<def.name>`). */
  testId?: string;
  /** Rows can be selected (default: for holders of the delete code), e.g. for toolbar actions on the selection. */
  selectable?: boolean;
  /** Approval mode for a definition with `approval` (default on; a page with its own approval columns turns it off). */
  approvalMode?: boolean;
  /**
   * A row that is shown but neither changed nor removed, besides approval mode's (e.g. a ledger row a process
   * produced): no 编辑 / 删除, not selectable for the bulk delete.
   */
  rowLocked?: (row: Row) => boolean;
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
  aside,
  source,
  render = {},
  editor,
  viewCode,
  exportUrl,
  testId,
  selectable,
  approvalMode = true,
  rowLocked,
}: CrudPageProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message, modal } = App.useApp();
  const codes = permissionCodes(def);
  const calls = useMemo(() => entityApi(def), [def]);
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

  const [dialog, setDialog] = useState<DialogState | null>(null);
  // The aside's chosen node: one more condition of every list call.
  const [node, setNode] = useState<string | undefined>();
  const conditions = useMemo(() => ({ ...fixed, ...(aside && node ? { [aside.field]: node } : {}) }), [fixed, aside, node]);
  const { filters, reload, rowSelection, search, selected, setAnchor, setSelected, sort, sortOrderOf, tableProps } = useList(source ?? calls.list(listUrl), {
    fixed: conditions,
  });

  const rangeOf = (field: string) => ({ field, label: field === 'createTime' ? label({ zh: '创建时间', en: 'Created' }) : label(def.fields[field]!.label) });

  const ctx: CrudPageContext = { selected, setSelected, reload, filters: { ...filters, ...conditions }, open: setDialog };
  const approval = useApprovalMode(def, reload);
  const approving = approvalMode && !!def.approval;
  /** A record under approval or approved is shown, not changed or removed. */
  const locked = (row: Row) => (approving && approval.locked(row)) || !!rowLocked?.(row);

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
        await calls.remove(ids);
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
    width: field.width ?? DEFAULT_COLUMN_WIDTH,
    ellipsis: true,
    sorter: field.sortable ? true : undefined,
    sortOrder: sortOrderOf(name),
    render: (value: unknown, row: Row) =>
      render[name]?.(value, row) ?? displayValue(field, dicts[dictKeyOf(field)] ?? [], field.display ? (row[field.display] ?? value) : value),
  }));
  if (approving && !extraColumns.some((c) => c.key === 'status')) columns.push(approval.column);
  columns.push(...extraColumns);
  columns.push({
    key: 'actions',
    title: t('crud.actions'),
    fixed: 'right',
    width: actionWidth ?? (rowActions ? 260 : 170) + (approving ? 130 : 0),
    render: (_, row) => (
      <Space size={0}>
        {viewButton && (
          <Permit code={viewCode}>
            <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', id: row.id })} data-testid={`crud-row-view-${row.id}`}>
              {t('crud.view')}
            </Button>
          </Permit>
        )}
        {!locked(row) && (
          <Permit code={codes.edit}>
            <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', id: row.id })} data-testid={`crud-row-edit-${row.id}`}>
              {t('crud.edit')}
            </Button>
          </Permit>
        )}
        {!locked(row) && (
          <Permit code={codes.delete}>
            <Button type="link" size="small" danger onClick={() => remove([row.id])} data-testid={`crud-row-delete-${row.id}`}>
              {t('crud.delete')}
            </Button>
          </Permit>
        )}
        {approving && approval.actions(row)}
        {rowActions?.(row, ctx)}
      </Space>
    ),
  });

  // A numeric width (not max-content) keeps the table in fixed layout, so the columns keep their widths and long
  // texts end in an ellipsis: with max-content and the fixed columns the browser widened long project names until
  // the amount and the status left the screen.
  const tableWidth = columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH), SELECTION_WIDTH);

  const card = (
    <Card data-testid={testId ?? `crud-${def.name}`} variant={bordered ? 'outlined' : 'borderless'} styles={bordered ? undefined : { body: { padding: 0 } }}>
      <Flex vertical gap={16}>
        <SearchForm
          fields={approving ? [...fields.filter(([, f]) => f.search), ['status', APPROVAL_STATUS_FIELD]] : fields.filter(([, f]) => f.search)}
          dicts={dicts}
          onSearch={search}
          controls={approving ? { status: <ApprovalStatusSelect />, ...searchControls } : searchControls}
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
                  calls.exportList(
                    {
                      ...filters,
                      ...conditions,
                      ...(sort ? { [sort.dir === 'asc' ? 'ascs' : 'descs']: sort.field } : {}),
                      columns: shown.map(([n]) => n).join(','),
                    },
                    exportUrl,
                  )
                }
              >
                {t('crud.export')}
              </Button>
            </Permit>
          )}
          {approving && approval.printToolbar}
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
            scroll={{ x: tableWidth }}
            rowSelection={
              approving && approval.printSelection
                ? approval.printSelection
                : (selectable ?? canDelete)
                  ? approving || rowLocked
                    ? { ...rowSelection, getCheckboxProps: (row: Row) => ({ disabled: locked(row) }) }
                    : rowSelection
                  : undefined
            }
            {...tableProps}
          />
        </div>
      </Flex>
      {approving && approval.drawer}
      {editor ? (
        editor({ state: dialog, onClose: () => setDialog(null), onSaved: () => (setDialog(null), void reload()) })
      ) : (
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
      )}
    </Card>
  );
  if (!aside) return card;
  return (
    <GridRow gutter={16} wrap={false}>
      <Col flex="260px" style={{ minWidth: 0 }}>
        <Card title={label(aside.title)} size="small" styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflow: 'auto' } }}>
          <Tree<AsideNode>
            blockNode
            defaultExpandAll
            treeData={aside.nodes as AsideNode[]}
            selectedKeys={node ? [node] : []}
            onSelect={(keys) => {
              setNode(keys.length ? String(keys[0]) : undefined);
              setSelected([]);
            }}
            data-testid={aside.testId ?? 'crud-aside-tree'}
          />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {card}
      </Col>
    </GridRow>
  );
}
