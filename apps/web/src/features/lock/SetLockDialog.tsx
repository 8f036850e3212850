/** 设置锁屏密码: asks for the lock password (required: 锁屏密码不能为空), locks and goes to /lock. */
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCK_PATH, lockScreen } from './lock';

export function SetLockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();

  const submit = async () => {
    const { password } = await form.validateFields();
    if (!lockScreen(password)) return;
    form.resetFields();
    onClose();
    navigate(LOCK_PATH);
  };

  return (
    <Modal
      open={open}
      title={t('lock.setTitle')}
      width={400}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'lock-confirm' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="password" label={t('lock.password')} rules={[{ required: true, message: t('lock.required') }]}>
          <Input.Password autoFocus placeholder={t('lock.placeholder')} data-testid="lock-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
