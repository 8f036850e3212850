/**
 * /tool/model (数据模型, S2 L405-407): tables of a data source read as models (the table picked from `table-list`),
 * and 字段设置: the model's columns as the generated list, form and search show them (model-prototype, saved by
 * `submit-list`).
 */
import { modelEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Input, Modal, Select, Table } from 'antd';
import { useState } from 'react';
import { Permit } from '../../../app/auth';
import { CrudPage } from '../../../components/CrudPage';
import { modelColumnsQuery, modelTablesQuery, saveModelColumns, type ModelColumn } from '../api';

const FLAGS = [
  ['isList', '列表'],
  ['isForm', '表单'],
  ['isQuery', '查询'],
  ['isRequired', '必填'],
] as const;

function ColumnsDialog({ modelId, onClose }: { modelId: string | null; onClose: () => void }) {
  const { message } = App.useApp();
  const columns = useQuery(modelColumnsQuery(modelId));
  // The user's changes by column, over the columns read (the dialog is mounted anew for each model).
  const [edits, setEdits] = useState<Record<string, Partial<ModelColumn>>>({});
  const [saving, setSaving] = useState(false);
  const rows = (columns.data ?? []).map((r) => ({ ...r, ...edits[r.jdbcName] }));
  const change = (i: number, patch: Partial<ModelColumn>) => {
    const name = rows[i]?.jdbcName ?? '';
    setEdits((all) => ({ ...all, [name]: { ...all[name], ...patch } }));
  };
  const save = async () => {
    setSaving(true);
    try {
      await saveModelColumns(rows);
      void message.success('操作成功');
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={modelId !== null} title="字段设置" width={960} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} destroyOnHidden>
      <Table<ModelColumn>
        rowKey="jdbcName"
        size="small"
        loading={columns.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 480 }}
        columns={[
          { title: '列名', dataIndex: 'jdbcName', width: 160 },
          { title: '类型', dataIndex: 'jdbcType', width: 150 },
          {
            title: '注释',
            dataIndex: 'comment',
            render: (v: string | null, _r, i) => <Input size="small" value={v ?? ''} onChange={(e) => change(i, { comment: e.target.value })} />,
          },
          ...FLAGS.map(([key, title]) => ({
            title,
            dataIndex: key,
            width: 64,
            render: (v: number, _r: ModelColumn, i: number) => <Checkbox checked={v === 1} onChange={(e) => change(i, { [key]: e.target.checked ? 1 : 0 })} />,
          })),
        ]}
      />
    </Modal>
  );
}

export default function ModelPage() {
  const tables = useQuery(modelTablesQuery());
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <CrudPage
        def={modelEntity}
        actionWidth={240}
        controls={{
          modelTable: (
            <Select
              showSearch
              placeholder="请选择数据表"
              loading={tables.isLoading}
              options={(tables.data ?? []).map((t) => ({ value: t.name, label: t.comment ? `${t.name}(${t.comment})` : t.name }))}
            />
          ),
        }}
        rowActions={(row) => (
          <Permit code={`${modelEntity.name}_edit`}>
            <Button type="link" size="small" onClick={() => setOpen(String(row.id))} data-testid={`model-columns-${row.id}`}>
              字段设置
            </Button>
          </Permit>
        )}
      />
      <ColumnsDialog key={open ?? ''} modelId={open} onClose={() => setOpen(null)} />
    </>
  );
}
