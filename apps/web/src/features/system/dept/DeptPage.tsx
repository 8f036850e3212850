/**
 * /system/dept: the departments of the company as a tree table (the tree of one tenant is small, so it is
 * loaded whole and shown expanded), with search, add (top level and 新增子项 per row), edit, view and delete.
 */
import { PlusOutlined } from '@ant-design/icons';
import { deptEntity, permissionCodes, type FieldDef } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post, type Query } from '../../../app/api';
import { Permit } from '../../../app/auth';
import { dictLabel, useDict } from '../../../app/dict';
import { useLabel } from '../../../app/i18n';
import { displayValue } from '../../../components/CrudPage/fields';
import { SearchForm } from '../../../components/CrudPage/SearchForm';
import { DEPT_API, DeptDialog, type DeptDialogState } from './DeptDialog';
import { allIds } from './tree';

export interface DeptNode {
  id: string;
  parentId: string;
  deptName: string;
  fullName: string | null;
  deptCategory: number;
  sort: number;
  children?: DeptNode[];
}

const codes = permissionCodes(deptEntity);
const fields = Object.entries(deptEntity.fields) as [string, FieldDef][];

export default function DeptPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const categories = useDict('org_category');
  const [filters, setFilters] = useState<Query>({});
  const [dialog, setDialog] = useState<DeptDialogState | null>(null);

  const list = useQuery({ queryKey: ['dept', 'list', filters], queryFn: () => get<DeptNode[]>(`${DEPT_API}/list`, filters) });
  const ids = useMemo(() => allIds(list.data ?? []), [list.data]);
  const [expanded, setExpanded] = useState<string[]>([]);
  // Every load (first visit, search, change) shows the tree open.
  const [shown, setShown] = useState<DeptNode[] | undefined>();
  if (list.data !== shown) {
    setShown(list.data);
    setExpanded(ids);
  }

  const reload = () => queryClient.invalidateQueries({ queryKey: ['dept'] });

  const remove = (row: DeptNode) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('crud.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await post(`${DEPT_API}/remove`, undefined, { ids: row.id });
        } catch {
          return; // a refusal (children, users) has been shown by the API client with the server's message
        }
        void message.success(t('crud.deleted'));
        await reload();
      },
    });

  const columns: TableColumnsType<DeptNode> = fields
    .filter(([, f]) => f.list)
    .map(([name, field]) => ({
      key: name,
      dataIndex: name,
      title: label(field.label),
      render: (value: unknown) => (name === 'deptCategory' ? dictLabel(categories, value) : displayValue(field, [], value)),
    }));
  columns.push({
    key: 'actions',
    title: t('crud.actions'),
    width: 280,
    render: (_, row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', id: row.id })} data-testid={`dept-row-view-${row.id}`}>
          {t('crud.view')}
        </Button>
        <Permit code={codes.edit}>
          <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', id: row.id })} data-testid={`dept-row-edit-${row.id}`}>
            {t('crud.edit')}
          </Button>
        </Permit>
        <Permit code={codes.add}>
          <Button type="link" size="small" onClick={() => setDialog({ mode: 'add', parentId: row.id })} data-testid={`dept-row-add-${row.id}`}>
            {t('org.addChild')}
          </Button>
        </Permit>
        <Permit code={codes.delete}>
          <Button type="link" size="small" danger onClick={() => remove(row)} data-testid={`dept-row-delete-${row.id}`}>
            {t('crud.delete')}
          </Button>
        </Permit>
      </Space>
    ),
  });

  return (
    <Card data-testid="dept-page">
      <Flex vertical gap={16}>
        <SearchForm fields={fields.filter(([, f]) => f.search)} dicts={{}} onSearch={setFilters} />
        <Space>
          <Permit code={codes.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })} data-testid="dept-add">
              {t('crud.add')}
            </Button>
          </Permit>
          <Button onClick={() => setExpanded(expanded.length ? [] : ids)} data-testid="dept-toggle-expand">
            {expanded.length ? t('org.collapseAll') : t('org.expandAll')}
          </Button>
        </Space>
        <div data-testid="dept-table">
          <Table<DeptNode>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data ?? []}
            loading={list.isFetching}
            pagination={false}
            expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }}
          />
        </div>
      </Flex>
      <DeptDialog
        state={dialog}
        categories={categories}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          void reload();
        }}
      />
    </Card>
  );
}
