/**
 * A tree table derived from an entity definition whose records have a `parentId` (roles, menus): search form,
 * the whole tree (or, with `lazyUrl`, one level at a time, children loaded when a row opens), add at the top
 * and 新增子项 per row, view / edit / delete, buttons by permission. The edit dialog is CrudPage's, with the
 * parent picked from a tree (`parentTreeUrl`, with 顶级 on top).
 */
import { PlusOutlined } from '@ant-design/icons';
import { dictKeyOf, permissionCodes, type EntityDef, type FieldDef } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Space, Table, TreeSelect, type TableColumnsType } from 'antd';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get, type Query } from '../../app/api';
import { Permit } from '../../app/auth';
import { useDicts } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { entityApi } from './api';
import { EditDialog, type DialogState } from './EditDialog';
import { displayValue, type Row } from './fields';
import { SearchForm } from './SearchForm';
import { useDeleteConfirm } from './useDeleteConfirm';
import { allIds, disableNodes, subtreeIds, withChildren, type SelectNode } from './tree';

export type TreeRow = Row & { parentId: string; hasChildren?: boolean; children?: TreeRow[] };

export interface TreeCrudPageProps {
  def: EntityDef;
  /** The tree of the list (default `<api>/list`); with `lazyUrl`, used for searches only. */
  listUrl?: string;
  /** One level of the tree (`?parentId=`), rows carrying `hasChildren`. */
  lazyUrl?: string;
  /** Tree-select nodes ({title, value, children}) of the parent picker. */
  parentTreeUrl: string;
  /** Extra row buttons, after the standard ones (`reload` reloads the tree). */
  rowActions?: (row: TreeRow, ctx: { reload: () => Promise<void> }) => ReactNode;
  /** Cell renderers replacing the derived ones, by field name. */
  render?: Record<string, (value: unknown, row: TreeRow) => ReactNode>;
  /** Form controls replacing the derived ones, by field name. */
  controls?: Record<string, ReactElement>;
  actionWidth?: number;
}

const ROOT = '0';

export function TreeCrudPage({ def, listUrl, lazyUrl, parentTreeUrl, rowActions, render = {}, controls, actionWidth }: TreeCrudPageProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const queryClient = useQueryClient();
  const codes = permissionCodes(def);
  const calls = entityApi(def);
  const fields = useMemo(() => Object.entries(def.fields) as [string, FieldDef][], [def]);
  const dictCodes = useMemo(() => [...new Set(fields.flatMap(([, f]) => (f.dict ? [dictKeyOf(f)] : [])))], [fields]);
  const dicts = useDicts(dictCodes);

  const [filters, setFilters] = useState<Query>({});
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [presetParent, setPresetParent] = useState<string>(ROOT);
  const searching = Object.keys(filters).length > 0;
  const lazy = Boolean(lazyUrl) && !searching;

  const list = useQuery({
    queryKey: calls.keys.tree({ ...filters, lazy }),
    queryFn: async () => {
      if (lazy) return (await get<TreeRow[]>(lazyUrl!, { parentId: ROOT })).map((r) => (r.hasChildren ? { ...r, children: [] } : r));
      return get<TreeRow[]>(listUrl ?? calls.url('list'), filters);
    },
  });
  // Lazily loaded children replace the placeholders as rows open.
  const [loaded, setLoaded] = useState<{ base: TreeRow[] | undefined; rows: TreeRow[] }>({ base: undefined, rows: [] });
  const [expanded, setExpanded] = useState<string[]>([]);
  if (list.data !== loaded.base) {
    setLoaded({ base: list.data, rows: list.data ?? [] });
    // A whole tree opens fully; a lazy one starts closed.
    setExpanded(lazy ? [] : allIds(list.data ?? []));
  }
  const rows = loaded.rows;

  const openRow = async (row: TreeRow) => {
    if (!lazy || (row.children && row.children.length)) return;
    const children = (await get<TreeRow[]>(lazyUrl!, { parentId: row.id })).map((r) => (r.hasChildren ? { ...r, children: [] } : r));
    setLoaded((l) => ({ ...l, rows: withChildren(l.rows, row.id, children) }));
  };

  const parents = useQuery({
    queryKey: calls.keys.options('parents'),
    queryFn: () => get<SelectNode[]>(parentTreeUrl),
    enabled: dialog !== null && dialog.mode !== 'view',
  });
  // A record may not move under itself or anything below it.
  const editing = dialog?.mode === 'edit' ? dialog.id : null;
  const parentOptions = useMemo(() => {
    const below = editing ? subtreeIds(rows, editing) : new Set<string>();
    return [{ title: t('org.topLevel'), value: ROOT, children: disableNodes(parents.data ?? [], below) }];
  }, [parents.data, rows, editing, t]);
  const defaults = useMemo(() => ({ parentId: presetParent }), [presetParent]);

  const reload = () => queryClient.invalidateQueries({ queryKey: calls.keys.all });

  const confirmDelete = useDeleteConfirm();
  const remove = (row: TreeRow) => confirmDelete(() => calls.remove([row.id]), reload);

  const add = (parentId: string) => {
    setPresetParent(parentId);
    setDialog({ mode: 'add' });
  };

  const columns: TableColumnsType<TreeRow> = fields
    .filter(([, f]) => f.list)
    .map(([name, field]) => ({
      key: name,
      dataIndex: name,
      title: label(field.label),
      width: field.width,
      render: (value: unknown, row: TreeRow) => render[name]?.(value, row) ?? displayValue(field, dicts[dictKeyOf(field)] ?? [], value),
    }));
  columns.push({
    key: 'actions',
    title: t('crud.actions'),
    width: actionWidth ?? 300,
    fixed: 'right',
    render: (_, row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', id: row.id })} data-testid={`${def.name}-row-view-${row.id}`}>
          {t('crud.view')}
        </Button>
        <Permit code={codes.edit}>
          <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', id: row.id })} data-testid={`${def.name}-row-edit-${row.id}`}>
            {t('crud.edit')}
          </Button>
        </Permit>
        <Permit code={codes.add}>
          <Button type="link" size="small" onClick={() => add(row.id)} data-testid={`${def.name}-row-add-${row.id}`}>
            {t('org.addChild')}
          </Button>
        </Permit>
        <Permit code={codes.delete}>
          <Button type="link" size="small" danger onClick={() => remove(row)} data-testid={`${def.name}-row-delete-${row.id}`}>
            {t('crud.delete')}
          </Button>
        </Permit>
        {rowActions?.(row, { reload })}
      </Space>
    ),
  });

  return (
    <Card data-testid={`${def.name}-page`}>
      <Flex vertical gap={16}>
        <SearchForm fields={fields.filter(([, f]) => f.search)} dicts={dicts} onSearch={setFilters} />
        <Space>
          <Permit code={codes.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => add(ROOT)} data-testid={`${def.name}-add`}>
              {t('crud.add')}
            </Button>
          </Permit>
          {!lazy && (
            <Button onClick={() => setExpanded(expanded.length ? [] : allIds(rows))} data-testid={`${def.name}-toggle-expand`}>
              {expanded.length ? t('org.collapseAll') : t('org.expandAll')}
            </Button>
          )}
        </Space>
        <div data-testid={`${def.name}-table`}>
          <Table<TreeRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={list.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            expandable={{
              expandedRowKeys: expanded,
              onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
              onExpand: (open, row) => {
                if (open) void openRow(row);
              },
            }}
          />
        </div>
      </Flex>
      <EditDialog
        def={def}
        state={dialog}
        dicts={dicts}
        defaults={defaults}
        title={dialog?.mode === 'add' && presetParent !== ROOT ? t('org.addChild') : undefined}
        controls={{
          parentId: (
            <TreeSelect treeData={parentOptions} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} data-testid={`${def.name}-form-parentId`} />
          ),
          ...controls,
        }}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          void reload();
        }}
      />
    </Card>
  );
}
