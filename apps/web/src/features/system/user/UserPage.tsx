/**
 * /system/user: CrudPage on the user definition, the department tree beside it (a dept includes its
 * descendants), the user dialog with roles, departments, posts and a password as its editor, and the
 * actions of the 用户管理 menu's buttons on the selected users. 注册审核 lists registered guests awaiting
 * approval (user_approve).
 */
import { DesktopOutlined, DownloadOutlined, KeyOutlined, SyncOutlined, TeamOutlined, UnlockOutlined, UploadOutlined } from '@ant-design/icons';
import { userEntity } from '@hjl/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Permit, usePermission } from '../../../app/auth';
import { useLabel } from '../../../app/i18n';
import { CrudPage, useList, type CrudPageContext, type Row } from '../../../components/CrudPage';
import { ImportDialog } from '../../../components/ImportDialog';
import { useDeptTree } from '../../../components/OrgSelect';
import { PlatformDialog, RolesDialog } from './ActionDialogs';
import {
  auditList,
  dimissionUser,
  exportUsers,
  refuseRegistrations,
  resetPasswords,
  syncDirectory,
  unlockUsers,
  USER_IMPORT_URL,
  USER_TEMPLATE_URL,
  userKeys,
  userList,
  type UserRecord,
} from './api';
import { T } from './texts';
import { UserDialog } from './UserDialog';

export default function UserPage() {
  const label = useLabel();
  const canApprove = usePermission('user_approve');
  if (!canApprove) return <UserList />;
  return (
    <Card size="small" data-testid="user-page">
      <Tabs
        items={[
          { key: 'users', label: label(T.users), children: <UserList bordered={false} /> },
          { key: 'approval', label: <span data-testid="user-tab-approval">{label(T.approval)}</span>, children: <ApprovalList /> },
        ]}
      />
    </Card>
  );
}

/** A change of users shows in both lists (an approved guest joins the users). */
function useReloadUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

function UserList({ bordered = true }: { bordered?: boolean }) {
  const label = useLabel();
  const { message, modal } = App.useApp();
  const reloadUsers = useReloadUsers();
  const depts = useDeptTree();
  // 角色配置 of the selected users; the selection is cleared when it is done.
  const [grant, setGrant] = useState<{ ids: string[]; done: () => void } | null>(null);
  const [platform, setPlatform] = useState<string[] | null>(null);
  const [importing, setImporting] = useState(false);
  const text = (k: keyof typeof T) => label(T[k]);

  /** Runs `fn` on the selected users after a confirmation (or at once when there is none to ask). */
  const onSelected = (ctx: CrudPageContext, confirmText: string | null, fn: (ids: string[]) => Promise<unknown> | void, single = false) => {
    const { selected } = ctx;
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
        ctx.setSelected([]);
        await reloadUsers();
      },
    });
  };

  const sync = () =>
    modal.confirm({
      title: text('tip'),
      content: text('syncConfirm'),
      okText: text('confirm'),
      cancelText: text('cancel'),
      onOk: async () => {
        const r = await syncDirectory();
        void message.success(text('syncDone').replace('{updated}', String(r.updated)).replace('{added}', String(r.added)));
        await reloadUsers();
      },
    });

  const dimission = (row: Row) =>
    modal.confirm({
      title: text('tip'),
      content: text('dimissionConfirm'),
      okText: text('confirm'),
      cancelText: text('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await dimissionUser(row.id);
        void message.success(text('ok'));
        await reloadUsers();
      },
    });

  const extraColumns: TableColumnsType<Row> = [
    { key: 'roleName', dataIndex: 'roleName', title: text('role'), ellipsis: true },
    { key: 'deptName', dataIndex: 'deptName', title: text('dept'), ellipsis: true },
    {
      key: 'status',
      title: text('status'),
      width: 120,
      render: (_, r) => (
        <Space size={4}>
          {r.status === 2 ? <Tag>{text('left')}</Tag> : <Tag color="green">{text('active')}</Tag>}
          {Boolean(r.locked) && <Tag color="red">{text('locked')}</Tag>}
        </Space>
      ),
    },
    { key: 'createTime', dataIndex: 'createTime', title: text('createTime'), width: 170 },
  ];

  return (
    <>
      <CrudPage
        def={userEntity}
        source={userList}
        aside={{ title: T.depts, field: 'deptId', nodes: depts, testId: 'user-dept-tree' }}
        editor={(props) => <UserDialog {...props} />}
        viewCode="user_view"
        selectable
        bordered={bordered}
        extraColumns={extraColumns}
        actionWidth={230}
        rowActions={(row) =>
          row.status !== 2 && (
            <Permit code="user_dimission">
              <Button type="link" size="small" onClick={() => dimission(row)} data-testid={`user-row-dimission-${row.id}`}>
                {text('dimission')}
              </Button>
            </Permit>
          )
        }
        toolbar={(ctx) => (
          <>
            <Permit code="user_role">
              <Button
                icon={<TeamOutlined />}
                onClick={() => onSelected(ctx, null, (ids) => setGrant({ ids, done: () => ctx.setSelected([]) }))}
                data-testid="user-grant"
              >
                {text('grant')}
              </Button>
            </Permit>
            <Permit code="user_reset">
              <Button icon={<KeyOutlined />} onClick={() => onSelected(ctx, text('resetConfirm'), resetPasswords)} data-testid="user-reset">
                {text('reset')}
              </Button>
            </Permit>
            <Permit code="user_unlock">
              <Button icon={<UnlockOutlined />} onClick={() => onSelected(ctx, text('unlockConfirm'), unlockUsers)} data-testid="user-unlock">
                {text('unlock')}
              </Button>
            </Permit>
            <Permit code="user_platform">
              <Button icon={<DesktopOutlined />} onClick={() => onSelected(ctx, null, setPlatform, true)} data-testid="user-platform">
                {text('platform')}
              </Button>
            </Permit>
            <Permit code="user_import">
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="user-import">
                {text('import')}
              </Button>
            </Permit>
            <Permit code="user_export">
              <Button icon={<DownloadOutlined />} onClick={() => exportUsers(ctx.filters)} data-testid="user-export">
                {text('export')}
              </Button>
            </Permit>
            <Permit code="user_sync">
              <Button icon={<SyncOutlined />} onClick={sync} data-testid="user-sync">
                {text('sync')}
              </Button>
            </Permit>
          </>
        )}
      />
      <RolesDialog
        userIds={grant?.ids ?? null}
        onClose={() => setGrant(null)}
        onDone={() => {
          grant?.done();
          setGrant(null);
          void reloadUsers();
        }}
      />
      <PlatformDialog
        userIds={platform}
        onClose={() => setPlatform(null)}
        onDone={() => {
          setPlatform(null);
          void reloadUsers();
        }}
      />
      <ImportDialog
        open={importing}
        title={text('userImport')}
        importUrl={USER_IMPORT_URL}
        templateUrl={USER_TEMPLATE_URL}
        coverable
        onClose={() => setImporting(false)}
        onImported={() => {
          setImporting(false);
          void reloadUsers();
        }}
      />
    </>
  );
}

function ApprovalList() {
  const label = useLabel();
  const { message, modal } = App.useApp();
  const reload = useReloadUsers();
  const [approve, setApprove] = useState<string[] | null>(null);
  const { setAnchor, tableProps } = useList(auditList);
  const text = (k: keyof typeof T) => label(T[k]);
  const refuse = (id: string) =>
    modal.confirm({
      title: text('tip'),
      content: text('refuseConfirm'),
      okText: text('confirm'),
      cancelText: text('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await refuseRegistrations([id]);
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
