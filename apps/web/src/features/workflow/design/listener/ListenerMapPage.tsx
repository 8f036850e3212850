/**
 * /workflow/design/listener, 监听器映射 (WORKFLOW.md "Listeners"): models imported from Java systems name listener
 * classes; here the administrator maps each class name to a built-in handler (设置办理人, 添加候选人 …) with its
 * parameters, so such a model deploys and runs without a release. Codes wf_listener(_add/_edit/_delete).
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Modal, Select, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useSession } from '../../../../app/auth';
import { useLabel } from '../../../../app/i18n';
import { useList } from '../../../../components/CrudPage';
import { listenerHandlersQuery, listenerMaps, removeListenerMap, saveListenerMap, type ListenerMapRow } from '../../api';

interface Values {
  className: string;
  handler: string;
  params?: Record<string, string>;
}

function MappingDialog({ row, onClose, onSaved }: { row: ListenerMapRow | null; onClose: () => void; onSaved: () => void }) {
  const label = useLabel();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const handlers = useQuery(listenerHandlersQuery()).data ?? [];
  const chosen = Form.useWatch('handler', form);
  const info = handlers.find((h) => h.name === chosen);
  useEffect(() => {
    form.setFieldsValue(row ? { className: row.className, handler: row.handler, params: row.params } : { className: '', handler: undefined, params: {} });
  }, [row, form]);

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await saveListenerMap({ ...(row ? { id: row.id } : {}), className: v.className.trim(), handler: v.handler, params: v.params ?? {} });
      onSaved();
    } catch {
      // the API client has shown the server's message; the dialog stays open
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={row ? label({ zh: '修改映射', en: 'Edit mapping' }) : label({ zh: '新增映射', en: 'New mapping' })}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'listener-ok' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="className"
          label={label({ zh: '监听器类名', en: 'Listener class' })}
          rules={[{ required: true, whitespace: true, message: label({ zh: '请输入监听器类名', en: 'Enter the class name' }) }]}
        >
          <Input placeholder="com.example.flow.ManagerTaskHandler" data-testid="listener-class" />
        </Form.Item>
        <Form.Item
          name="handler"
          label={label({ zh: '处理程序', en: 'Handler' })}
          rules={[{ required: true, message: label({ zh: '请选择处理程序', en: 'Choose a handler' }) }]}
        >
          <Select options={handlers.map((h) => ({ value: h.name, label: `${h.label} (${h.name})` }))} data-testid="listener-handler" />
        </Form.Item>
        {info?.params.map((p) => (
          <Form.Item
            key={p.name}
            name={['params', p.name]}
            label={p.label}
            rules={p.required ? [{ required: true, whitespace: true, message: `${label({ zh: '请填写参数', en: 'Enter' })} ${p.label}` }] : []}
          >
            <Input data-testid={`listener-param-${p.name}`} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

export default function ListenerMapPage() {
  const label = useLabel();
  const { modal, message } = App.useApp();
  const permissions = useSession()?.permissions;
  const [editing, setEditing] = useState<ListenerMapRow | null | undefined>(undefined);
  const { search, setAnchor, tableProps, reload } = useList(listenerMaps);

  const remove = (row: ListenerMapRow) =>
    modal.confirm({
      title: label({ zh: '删除', en: 'Delete' }),
      content: label({ zh: '确定将选择数据删除?', en: 'Delete the selected data?' }),
      onOk: async () => {
        await removeListenerMap(row.id);
        void message.success(label({ zh: '操作成功', en: 'Done' }));
        void reload();
      },
    });

  const columns: TableColumnsType<ListenerMapRow> = [
    { key: 'className', dataIndex: 'className', title: label({ zh: '监听器类名', en: 'Listener class' }) },
    { key: 'handler', dataIndex: 'handlerName', title: label({ zh: '处理程序', en: 'Handler' }), width: 160 },
    {
      key: 'params',
      dataIndex: 'params',
      title: label({ zh: '参数', en: 'Parameters' }),
      render: (p: Record<string, string>) =>
        Object.entries(p ?? {})
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
    },
    { key: 'updateTime', dataIndex: 'updateTime', title: label({ zh: '更新时间', en: 'Updated' }), width: 170 },
    {
      key: 'actions',
      title: label({ zh: '操作', en: 'Actions' }),
      fixed: 'right',
      width: 120,
      render: (_, row) => (
        <Space size={0}>
          {permissions?.has('wf_listener_edit') && (
            <Button type="link" size="small" onClick={() => setEditing(row)} data-testid={`listener-edit-${row.id}`}>
              {label({ zh: '编辑', en: 'Edit' })}
            </Button>
          )}
          {permissions?.has('wf_listener_delete') && (
            <Button type="link" size="small" danger onClick={() => remove(row)} data-testid={`listener-delete-${row.id}`}>
              {label({ zh: '删除', en: 'Delete' })}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="wf-listener">
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder={label({ zh: '监听器类名', en: 'Listener class' })}
            style={{ maxWidth: 360 }}
            onSearch={(v) => search(v.trim() ? { className: v.trim() } : {})}
            data-testid="listener-search"
          />
          {permissions?.has('wf_listener_add') && (
            <Button type="primary" onClick={() => setEditing(null)} data-testid="listener-add">
              {label({ zh: '新增', en: 'New' })}
            </Button>
          )}
        </Flex>
        <div ref={setAnchor}>
          <Table<ListenerMapRow> rowKey="id" size="middle" data-testid="listener-table" columns={columns} scroll={{ x: 'max-content' }} {...tableProps} />
        </div>
      </Flex>
      {editing !== undefined && (
        <MappingDialog
          row={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void message.success(label({ zh: '操作成功', en: 'Done' }));
            void reload();
          }}
        />
      )}
    </Card>
  );
}
