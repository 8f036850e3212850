/**
 * Dictionary management (spec 2: a parent list and a child tree), for the system dictionary (/system/dict)
 * and the business dictionary (/system/dictbiz). The parent list is the generic list over `parent-list`;
 * 字典配置 on a row opens the entries of that code as a tree (dialog 880 wide), where entries and sub-entries
 * are added, edited and deleted.
 */
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { permissionCodes, type EntityDef, type FieldDef } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Input, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../app/auth';
import { useDict } from '../../../app/dict';
import { useLabel } from '../../../app/i18n';
import { CrudPage, EditDialog, type DialogState, type Row } from '../../../components/CrudPage';
import { entityApi } from '../../../components/CrudPage/api';
import { dictChildrenQuery, dictParentListUrl } from '../api';

const texts = {
  configure: { zh: '字典配置', en: 'Entries' },
  addChild: { zh: '新增子项', en: 'Add child' },
  sealed: { zh: '已封存', en: 'Sealed' },
};

interface Props {
  parent: EntityDef;
  child: EntityDef;
}

export function DictPage({ parent, child }: Props) {
  const label = useLabel();
  const [root, setRoot] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        def={parent}
        listUrl={dictParentListUrl(parent)}
        rowActions={(row) => (
          <Button type="link" size="small" icon={<SettingOutlined />} onClick={() => setRoot(row)} data-testid={`dict-config-${row.id}`}>
            {label(texts.configure)}
          </Button>
        )}
      />
      {root && <ChildDialog root={root} def={child} onClose={() => setRoot(null)} />}
    </>
  );
}

/** Shows a value that the server decides (a child's code is its root's), whatever the form holds. */
function Fixed({ text }: { text: string }) {
  return <Input disabled value={text} />;
}

function ChildDialog({ root, def, onClose }: { root: Row; def: EntityDef; onClose: () => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message, modal } = App.useApp();
  const codes = permissionCodes(def);
  const yesNo = useDict('yes_no');
  const [editing, setEditing] = useState<{ state: DialogState; parentId: string } | null>(null);
  const children = useQuery(dictChildrenQuery(def, root.id));

  const remove = (row: Row) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('crud.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await entityApi(def).remove([row.id]);
        void message.success(t('crud.deleted'));
        await children.refetch();
      },
    });

  const field = (name: string) => def.fields[name] as FieldDef;
  const columns: TableColumnsType<Row> = [
    { key: 'dictValue', dataIndex: 'dictValue', title: label(field('dictValue').label) },
    { key: 'dictKey', dataIndex: 'dictKey', title: label(field('dictKey').label), width: 140 },
    { key: 'sort', dataIndex: 'sort', title: label(field('sort').label), width: 90 },
    {
      key: 'isSealed',
      dataIndex: 'isSealed',
      title: label(field('isSealed').label),
      width: 90,
      render: (v: number) => (v === 1 ? <Tag color="orange">{label(texts.sealed)}</Tag> : (yesNo.find((d) => d.dictKey === String(v))?.dictValue ?? v)),
    },
    {
      key: 'actions',
      title: t('crud.actions'),
      width: 220,
      render: (_, row) => (
        <Space size={0}>
          <Permit code={codes.add}>
            <Button type="link" size="small" onClick={() => setEditing({ state: { mode: 'add' }, parentId: row.id })} data-testid={`dict-child-add-${row.id}`}>
              {label(texts.addChild)}
            </Button>
          </Permit>
          <Permit code={codes.edit}>
            <Button
              type="link"
              size="small"
              onClick={() => setEditing({ state: { mode: 'edit', id: row.id }, parentId: String(row.parentId) })}
              data-testid={`dict-child-edit-${row.id}`}
            >
              {t('crud.edit')}
            </Button>
          </Permit>
          <Permit code={codes.delete}>
            <Button type="link" size="small" danger onClick={() => remove(row)} data-testid={`dict-child-delete-${row.id}`}>
              {t('crud.delete')}
            </Button>
          </Permit>
        </Space>
      ),
    },
  ];

  return (
    <Modal
      open
      width={880}
      title={`${label(texts.configure)} · ${String(root.dictValue)} (${String(root.code)})`}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Permit code={codes.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ state: { mode: 'add' }, parentId: root.id })} data-testid="dict-child-add">
            {t('crud.add')}
          </Button>
        </Permit>
        <div data-testid="dict-child-table">
          <Table<Row>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={children.data ?? []}
            loading={children.isFetching}
            pagination={false}
            expandable={{ defaultExpandAllRows: true }}
          />
        </div>
      </Space>
      <EditDialog
        def={def}
        state={editing?.state ?? null}
        dicts={{ yes_no: yesNo }}
        extraBody={{ parentId: editing?.parentId }}
        controls={{ code: <Fixed text={String(root.code)} /> }}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void children.refetch();
        }}
      />
    </Modal>
  );
}
