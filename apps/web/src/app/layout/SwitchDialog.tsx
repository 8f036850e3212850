/**
 * 用户信息选择 (switch mode): choose one of the user's own departments and roles (both required: 请选择部门,
 * 请选择角色); 切换 refreshes the token narrowed to them.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../api';
import { switchDeptRole } from '../auth';
import { useSession } from '../session';

interface UserInfo {
  deptId: string;
  roleId: string;
}
interface DeptOption {
  id: string;
  deptName: string;
}
interface RoleOption {
  id: string;
  roleName: string;
}

const split = (list: string | undefined) => (list ?? '').split(',').filter(Boolean);

export function SwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const [form] = Form.useForm<{ deptId: string; roleId: string }>();
  const [busy, setBusy] = useState(false);

  // The user's own departments and roles (the token may carry only the current ones).
  const options = useQuery({
    queryKey: ['switch-options', session?.user.user_id],
    enabled: open,
    queryFn: async () => {
      const [info, depts, roles] = await Promise.all([
        get<UserInfo>('/api/blade-auth/oauth/user-info'),
        get<DeptOption[]>('/api/blade-system/dept/select'),
        get<RoleOption[]>('/api/blade-system/role/select'),
      ]);
      const ownDepts = new Set(split(info.deptId));
      const ownRoles = new Set(split(info.roleId));
      return {
        depts: depts.filter((d) => ownDepts.has(String(d.id))).map((d) => ({ value: String(d.id), label: d.deptName })),
        roles: roles.filter((r) => ownRoles.has(String(r.id))).map((r) => ({ value: String(r.id), label: r.roleName })),
      };
    },
  });

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await switchDeptRole(values.deptId, values.roleId);
      void message.success(t('switch.done'));
      onClose();
    } finally {
      setBusy(false);
    }
  };

  const current = session?.user;
  return (
    <Modal
      open={open}
      title={t('switch.title')}
      okText={t('switch.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      width={480}
      okButtonProps={{ 'data-testid': 'switch-ok' } as Record<string, string>}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          deptId: split(current?.dept_id).length === 1 ? current?.dept_id : undefined,
          roleId: split(current?.role_id).length === 1 ? current?.role_id : undefined,
        }}
      >
        <Form.Item name="deptId" label={t('switch.dept')} rules={[{ required: true, message: t('switch.deptRequired') }]}>
          <Select options={options.data?.depts ?? []} loading={options.isLoading} placeholder={t('switch.deptRequired')} data-testid="switch-dept" />
        </Form.Item>
        <Form.Item name="roleId" label={t('switch.role')} rules={[{ required: true, message: t('switch.roleRequired') }]}>
          <Select options={options.data?.roles ?? []} loading={options.isLoading} placeholder={t('switch.roleRequired')} data-testid="switch-role" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
