/** The small dialogs of the user page: role grant, platform, and approval of a registration. */
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useLabel } from '../../../app/i18n';
import { useDeptTree, useRoleTree } from '../../../components/OrgSelect';
import { grantRoles, passRegistrations, platformDetailQuery, updatePlatform } from './api';
import { T } from './texts';

interface Base {
  /** The users the dialog acts on; null when closed. */
  userIds: string[] | null;
  onClose: () => void;
  onDone: () => void;
}

const treeProps = { multiple: true, treeDefaultExpandAll: true, showSearch: true, treeNodeFilterProp: 'title', style: { width: '100%' } } as const;

function useSubmit(onDone: () => void) {
  const label = useLabel();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      void message.success(label(T.ok));
      onDone();
    } catch {
      // the API client has shown the message
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** 角色配置 (POST grant) or 注册审核-通过 (POST audit-pass, roles and optionally depts). */
export function RolesDialog({ userIds, onClose, onDone, approve }: Base & { approve?: boolean }) {
  const label = useLabel();
  const [form] = Form.useForm();
  const open = userIds !== null;
  const roles = useRoleTree(open);
  const depts = useDeptTree(open && Boolean(approve));
  const { busy, run } = useSubmit(onDone);
  const submit = (v: { roleIds: string[]; deptIds?: string[] }) =>
    run(() => (approve ? passRegistrations(userIds!, v.roleIds, v.deptIds) : grantRoles(userIds!, v.roleIds)));
  return (
    <Modal
      open={open}
      title={label(approve ? T.pass : T.grant)}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'roles-dialog-ok' } as Record<string, string>}
    >
      <Form form={form} preserve={false} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="roleIds" label={label(T.role)} rules={[{ required: true, message: label(T.roleRequired) }]}>
          <TreeSelect {...treeProps} treeData={roles} data-testid="roles-dialog-roles" />
        </Form.Item>
        {approve && (
          <Form.Item name="deptIds" label={label(T.dept)}>
            <TreeSelect {...treeProps} treeData={depts} data-testid="roles-dialog-depts" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** 平台配置: the user's platform and its extension text. */
export function PlatformDialog({ userIds, onClose, onDone }: Base) {
  const label = useLabel();
  const [form] = Form.useForm();
  const id = userIds?.[0] ?? null;
  const { busy, run } = useSubmit(onDone);
  const detail = useQuery(platformDetailQuery(id));
  useEffect(() => {
    if (detail.data) form.setFieldsValue({ userType: detail.data.userType, userExt: detail.data.userExt });
  }, [detail.data, form]);
  return (
    <Modal
      open={id !== null}
      title={label(T.platform)}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      loading={detail.isLoading}
      destroyOnHidden
    >
      <Form
        form={form}
        preserve={false}
        layout="vertical"
        onFinish={(v: { userType: number; userExt?: string }) => void run(() => updatePlatform({ userId: id, ...v }))}
      >
        <Form.Item name="userType" label={label(T.userType)} rules={[{ required: true }]}>
          <Select
            options={[
              { value: 1, label: 'WEB' },
              { value: 2, label: 'APP' },
              { value: 3, label: 'OTHER' },
            ]}
            data-testid="platform-type"
          />
        </Form.Item>
        <Form.Item name="userExt" label={label(T.userExt)}>
          <Input.TextArea rows={4} maxLength={2000} data-testid="platform-ext" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
