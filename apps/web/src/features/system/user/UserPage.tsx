/**
 * /system/user: the department tree (left) narrows the user list (right; a dept includes its descendants).
 * Toolbar and row buttons follow the permission codes of the 用户管理 menu; 注册审核 lists registered
 * guests awaiting approval.
 */
import {
  DeleteOutlined,
  DownloadOutlined,
  KeyOutlined,
  PlusOutlined,
  SyncOutlined,
  TeamOutlined,
  UnlockOutlined,
  UploadOutlined,
  DesktopOutlined,
} from '@ant-design/icons';
import { userEntity } from '@hjl/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Flex, Form, Input, Row, Space, Table, Tabs, Tag, Tree, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { get, post, type Query } from '../../../app/api';
import { queryKeys } from '../../../app/queryKeys';
import { Permit, usePermission } from '../../../app/auth';
import { download } from '../../../app/download';
import { pagedList, SearchActions, useList } from '../../../components/CrudPage';
import { useLabel } from '../../../app/i18n';
import { ImportDialog } from '../../../components/ImportDialog';
import { PlatformDialog, RolesDialog } from './ActionDialogs';
import { useDeptTree } from '../../../components/OrgSelect';
import { T } from './texts';
import { UserDialog, type UserDialogState, type UserRecord } from './UserDialog';

const USER_PAGE_URL = `${userEntity.api}/page`;
const AUDIT_PAGE_URL = `${userEntity.api}/audit-page`;
/** The users of the tenant (a department: it and those below it), and the registered guests awaiting approval. */
const userList = pagedList<UserRecord>(queryKeys.entity(userEntity.api).lists(USER_PAGE_URL), USER_PAGE_URL);
const auditList = pagedList<UserRecord>(queryKeys.entity(userEntity.api).lists(AUDIT_PAGE_URL), AUDIT_PAGE_URL);

export default function UserPage() {
  const label = useLabel();
  const canApprove = usePermission('user_approve');
  const depts = useDeptTree();
  const [deptId, setDeptId] = useState<string | undefined>();
  return (
    <Row gutter={16} data-testid="user-page">
      <Col xs={24} md={6} xl={5}>
        <Card title={label(T.depts)} size="small" styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflow: 'auto' } }}>
          <Tree<{ key: string; title: string }>
            blockNode
            defaultExpandAll
            treeData={depts as never}
            selectedKeys={deptId ? [deptId] : []}
            onSelect={(keys) => setDeptId(keys.length ? String(keys[0]) : undefined)}
            data-testid="user-dept-tree"
          />
        </Card>
      </Col>
      <Col xs={24} md={18} xl={19}>
        <Card size="small">
          <Tabs
            items={[
              { key: 'users', label: label(T.users), children: <UserList deptId={deptId} /> },
              ...(canApprove ? [{ key: 'approval', label: <span data-testid="user-tab-approval">{label(T.approval)}</span>, children: <ApprovalList /> }] : []),
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

function SearchBar({ onSearch }: { onSearch: (q: Query) => void }) {
  const label = useLabel();
  const [form] = Form.useForm();
  const read = (v: Record<string, string | undefined>) =>
    Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x && x.trim())
        .map(([k, x]) => [k, x!.trim()]),
    );
  return (
    <Form form={form} layout="inline" onFinish={(v) => onSearch(read(v))} style={{ rowGap: 12 }}>
      <Form.Item name="account" label={label(T.account)}>
        <Input allowClear data-testid="user-search-account" />
      </Form.Item>
      <Form.Item name="realName" label={label(T.realName)}>
        <Input allowClear data-testid="user-search-realName" />
      </Form.Item>
      <Form.Item>
        <SearchActions form={form} onReset={() => onSearch({})} testId="user-search" />
      </Form.Item>
    </Form>
  );
}

function UserList({ deptId }: { deptId?: string }) {
  const label = useLabel();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const fixed = useMemo(() => ({ deptId }), [deptId]);
  const { filters, search, selected, setSelected, rowSelection, setAnchor, tableProps } = useList(userList, { fixed });
  const [dialog, setDialog] = useState<UserDialogState | null>(null);
  const [grant, setGrant] = useState<string[] | null>(null);
  const [platform, setPlatform] = useState<string[] | null>(null);
  const [importing, setImporting] = useState(false);
  // A change of users shows in both lists (an approved guest joins the users).
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.entity(userEntity.api).all });
  const text = (k: keyof typeof T) => label(T[k]);

  /** Runs `fn` on the selected rows after a confirmation. */
  const onSelected = (confirmText: string | null, fn: (ids: string[]) => Promise<unknown> | void, single = false) => {
    if (!selected.length) return void message.warning(text('selectOne'));
    if (single && selected.length > 1) return void message.warning(text('selectSingle'));
    if (!confirmText) return void fn(selected);
    modal.confirm({
      title: text('tip'),
      content: confirmText,
      okText: text('confirm'),
      cancelText: text('cancel'),
      onOk: async () => {
        await fn(selected);
        void message.success(text('ok'));
        setSelected([]);
        await reload();
      },
    });
  };

  const confirmRow = (content: string, fn: () => Promise<unknown>) =>
    modal.confirm({
      title: text('tip'),
      content,
      okText: text('confirm'),
      cancelText: text('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await fn();
        void message.success(text('ok'));
        await reload();
      },
    });

  const sync = () =>
    modal.confirm({
      title: text('tip'),
      content: text('syncConfirm'),
      okText: text('confirm'),
      cancelText: text('cancel'),
      onOk: async () => {
        const r = await get<{ updated: number; added: number }>('/api/blade-user/dingTalk/syncDingTalkData');
        void message.success(text('syncDone').replace('{updated}', String(r.updated)).replace('{added}', String(r.added)));
        await reload();
      },
    });

  const columns: TableColumnsType<UserRecord> = [
    { key: 'account', dataIndex: 'account', title: text('account'), ellipsis: true },
    { key: 'realName', dataIndex: 'realName', title: text('realName'), ellipsis: true },
    { key: 'roleName', dataIndex: 'roleName', title: text('role'), ellipsis: true },
    { key: 'deptName', dataIndex: 'deptName', title: text('dept'), ellipsis: true },
    { key: 'phone', dataIndex: 'phone', title: text('phone') },
    {
      key: 'status',
      title: text('status'),
      width: 120,
      render: (_, r) => (
        <Space size={4}>
          {r.status === 2 ? <Tag>{text('left')}</Tag> : <Tag color="green">{text('active')}</Tag>}
          {r.locked && <Tag color="red">{text('locked')}</Tag>}
        </Space>
      ),
    },
    { key: 'createTime', dataIndex: 'createTime', title: text('createTime'), width: 170 },
    {
      key: 'actions',
      title: text('actions'),
      fixed: 'right',
      width: 220,
      render: (_, r) => (
        <Space size={0}>
          <Permit code="user_view">
            <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', id: r.id })} data-testid={`user-row-view-${r.id}`}>
              {text('view')}
            </Button>
          </Permit>
          <Permit code="user_edit">
            <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', id: r.id })} data-testid={`user-row-edit-${r.id}`}>
              {text('edit')}
            </Button>
          </Permit>
          <Permit code="user_delete">
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmRow(text('deleteConfirm'), () => post('/api/blade-user/remove', undefined, { ids: r.id }))}
              data-testid={`user-row-delete-${r.id}`}
            >
              {text('del')}
            </Button>
          </Permit>
          {r.status !== 2 && (
            <Permit code="user_dimission">
              <Button
                type="link"
                size="small"
                onClick={() => confirmRow(text('dimissionConfirm'), () => post(`/api/blade-user/dimission/${r.id}`))}
                data-testid={`user-row-dimission-${r.id}`}
              >
                {text('dimission')}
              </Button>
            </Permit>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <SearchBar onSearch={search} />
      <Flex gap={8} wrap>
        <Permit code="user_add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })} data-testid="user-add">
            {text('add')}
          </Button>
        </Permit>
        <Permit code="user_delete">
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => onSelected(text('deleteConfirm'), (ids) => post('/api/blade-user/remove', undefined, { ids: ids.join(',') }))}
            data-testid="user-bulk-delete"
          >
            {text('del')}
          </Button>
        </Permit>
        <Permit code="user_role">
          <Button icon={<TeamOutlined />} onClick={() => onSelected(null, setGrant)} data-testid="user-grant">
            {text('grant')}
          </Button>
        </Permit>
        <Permit code="user_reset">
          <Button
            icon={<KeyOutlined />}
            onClick={() => onSelected(text('resetConfirm'), (ids) => post('/api/blade-user/reset-password', undefined, { userIds: ids.join(',') }))}
            data-testid="user-reset"
          >
            {text('reset')}
          </Button>
        </Permit>
        <Permit code="user_unlock">
          <Button
            icon={<UnlockOutlined />}
            onClick={() => onSelected(text('unlockConfirm'), (ids) => post('/api/blade-user/unlock', undefined, { userIds: ids.join(',') }))}
            data-testid="user-unlock"
          >
            {text('unlock')}
          </Button>
        </Permit>
        <Permit code="user_platform">
          <Button icon={<DesktopOutlined />} onClick={() => onSelected(null, setPlatform, true)} data-testid="user-platform">
            {text('platform')}
          </Button>
        </Permit>
        <Permit code="user_import">
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="user-import">
            {text('import')}
          </Button>
        </Permit>
        <Permit code="user_export">
          <Button icon={<DownloadOutlined />} onClick={() => download('/api/blade-user/export-user', { ...filters, deptId })} data-testid="user-export">
            {text('export')}
          </Button>
        </Permit>
        <Permit code="user_sync">
          <Button icon={<SyncOutlined />} onClick={sync} data-testid="user-sync">
            {text('sync')}
          </Button>
        </Permit>
      </Flex>
      <div data-testid="user-table" ref={setAnchor}>
        <Table<UserRecord> rowKey="id" size="middle" columns={columns} scroll={{ x: 'max-content' }} rowSelection={rowSelection} {...tableProps} />
      </div>
      <UserDialog
        state={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          void reload();
        }}
      />
      <RolesDialog
        userIds={grant}
        onClose={() => setGrant(null)}
        onDone={() => {
          setGrant(null);
          setSelected([]);
          void reload();
        }}
      />
      <PlatformDialog
        userIds={platform}
        onClose={() => setPlatform(null)}
        onDone={() => {
          setPlatform(null);
          void reload();
        }}
      />
      <ImportDialog
        open={importing}
        title={text('userImport')}
        importUrl="/api/blade-user/import-user"
        templateUrl="/api/blade-user/export-template"
        coverable
        onClose={() => setImporting(false)}
        onImported={() => {
          setImporting(false);
          void reload();
        }}
      />
    </Flex>
  );
}

function ApprovalList() {
  const label = useLabel();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [approve, setApprove] = useState<string[] | null>(null);
  const { setAnchor, tableProps } = useList(auditList);
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.entity(userEntity.api).all });
  const text = (k: keyof typeof T) => label(T[k]);
  const refuse = (id: string) =>
    modal.confirm({
      title: text('tip'),
      content: text('refuseConfirm'),
      okText: text('confirm'),
      cancelText: text('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await post('/api/blade-user/audit-refuse', undefined, { userIds: id });
        void message.success(text('ok'));
        await reload();
      },
    });
  const columns: TableColumnsType<UserRecord> = [
    { key: 'account', dataIndex: 'account', title: text('account') },
    { key: 'name', dataIndex: 'name', title: text('name') },
    { key: 'createTime', dataIndex: 'createTime', title: text('registerTime') },
    {
      key: 'actions',
      title: text('actions'),
      width: 160,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setApprove([r.id])} data-testid={`user-approve-${r.id}`}>
            {text('pass')}
          </Button>
          <Button type="link" size="small" danger onClick={() => refuse(r.id)} data-testid={`user-refuse-${r.id}`}>
            {text('refuse')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <div ref={setAnchor}>
        <Table<UserRecord> rowKey="id" size="middle" columns={columns} data-testid="user-approval-table" {...tableProps} />
      </div>
      <RolesDialog
        approve
        userIds={approve}
        onClose={() => setApprove(null)}
        onDone={() => {
          setApprove(null);
          void reload();
        }}
      />
    </>
  );
}
