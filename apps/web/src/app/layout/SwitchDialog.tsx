/**
 * 用户信息选择 (switch mode): choose one of the user's own departments and roles (both required: 请选择部门,
 * 请选择角色); 切换 refreshes the token narrowed to them.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchDeptRole } from '../auth';
import { useSession } from '../session';
import { splitIds, switchOptionsQuery } from './api';

export function SwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const [form] = Form.useForm<{ deptId: string; roleId: string }>();
  const [busy, setBusy] = useState(false);

  // The user's own departments and roles (the token may carry only the current ones).
  const options = useQuery({ ...switchOptionsQuery(session?.user.user_id), enabled: open });

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
          deptId: splitIds(current?.dept_id).length === 1 ? current?.dept_id : undefined,
          roleId: splitIds(current?.role_id).length === 1 ? current?.role_id : undefined,
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
