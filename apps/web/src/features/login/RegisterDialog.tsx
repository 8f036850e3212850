/**
 * 账号注册 (spec 2 sections 2–5, 8): a guest (third-party login) registers; an administrator approves. The tenant
 * field shows only when the address does not determine the tenant. The four warnings come in the spec's order;
 * on success the server's message says approval is awaited, the session (if any) ends and the user is at /login.
 */
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api';
import { endSession, getSession } from '../../app/session';
import { changeInitialPassword, registerGuest } from './api';

interface Values {
  tenantId?: string;
  name?: string;
  account?: string;
  password?: string;
  password2?: string;
}

export function RegisterDialog(props: { open: boolean; onClose: () => void; boundTenant?: string; defaultTenant?: string; oauthId?: string }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const v = form.getFieldsValue();
    const tenantId = (props.boundTenant ?? v.tenantId ?? '').trim();
    // Checked in this order, each a warning (spec 2 section 5).
    if (!tenantId) return void message.warning(t('login.registerTenant'));
    if (!v.account?.trim()) return void message.warning(t('login.registerAccount'));
    if (!v.password || !v.password2) return void message.warning(t('login.registerPassword'));
    if (v.password !== v.password2) return void message.warning(t('login.registerMismatch'));
    setSubmitting(true);
    try {
      const answer = await registerGuest({
        tenantId,
        name: v.name?.trim() || v.account.trim(),
        account: v.account.trim(),
        password: v.password,
        oauthId: props.oauthId,
      });
      form.resetFields();
      props.onClose();
      if (getSession()) endSession();
      modal.success({ title: answer.msg ?? '注册成功,请等待管理员审核', okButtonProps: { 'data-testid': 'register-done' } as never });
    } catch (e) {
      message.error(e instanceof ApiError && e.message ? e.message : t('login.registerFailed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal title={t('login.registerTitle')} open={props.open} onCancel={props.onClose} footer={null} destroyOnHidden width={420}>
      <Form<Values> form={form} layout="vertical" initialValues={{ tenantId: props.defaultTenant }} autoComplete="off">
        {!props.boundTenant && (
          <Form.Item name="tenantId" label={t('login.tenant')}>
            <Input data-testid="register-tenant" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('login.name')}>
          <Input data-testid="register-name" />
        </Form.Item>
        <Form.Item name="account" label={t('login.account')}>
          <Input data-testid="register-account" />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')}>
          <Input.Password autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item name="password2" label={t('login.password2')}>
          <Input.Password autoComplete="new-password" data-testid="register-password2" />
        </Form.Item>
        <Button type="primary" block loading={submitting} onClick={() => void submit()} data-testid="register-submit">
          {t('login.registerSubmit')}
        </Button>
      </Form>
    </Modal>
  );
}

/** 修改初始密码: the first login of a user whose password was generated; answers when it is changed. */
export function ChangePasswordDialog(props: { token?: string; oldPassword: string; onDone: (newPassword: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ newPassword: string; newPassword1: string }>();
  const [submitting, setSubmitting] = useState(false);
  const submit = async (v: { newPassword: string; newPassword1: string }) => {
    setSubmitting(true);
    try {
      await changeInitialPassword(props.token, props.oldPassword, v.newPassword, v.newPassword1);
      message.success(t('login.changeDone'));
      form.resetFields();
      props.onDone(v.newPassword);
    } catch {
      // the API client has shown the server's message (the password rule)
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Modal title={t('login.changeTitle')} open={!!props.token} onCancel={props.onCancel} footer={null} destroyOnHidden width={420}>
      <p>{t('login.changeHint')}</p>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} autoComplete="off">
        <Form.Item name="newPassword" label={t('login.newPassword')} rules={[{ required: true, message: '请输入新密码' }]}>
          <Input.Password autoComplete="new-password" data-testid="change-new" />
        </Form.Item>
        <Form.Item name="newPassword1" label={t('login.newPassword1')} rules={[{ required: true, message: '请确认密码' }]}>
          <Input.Password autoComplete="new-password" data-testid="change-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="change-submit">
          {t('login.changeSubmit')}
        </Button>
      </Form>
    </Modal>
  );
}
