/** 修改密码: old password, new password (the specs' rule) and its confirmation. */
import { PASSWORD_RULE, newPasswordError } from '@hjl/core';
import { App, Button, Form, Input, Space } from 'antd';
import { md5 } from 'js-md5';
import { useState } from 'react';
import { useLabel } from '../../app/i18n';
import { updatePassword } from './api';
import { T } from './texts';

export function PasswordForm() {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  // The new password goes as typed so the server can check the rule; the old one as its md5 like the login.
  const submit = async (v: { oldPassword: string; newPassword: string; newPassword1: string }) => {
    setSaving(true);
    try {
      await updatePassword({ ...v, oldPassword: md5(v.oldPassword) });
      void message.success(label(T.saved));
      form.resetFields();
    } catch {
      // the API client has shown the message (e.g. 原密码不正确!)
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} labelCol={{ flex: '100px' }} style={{ maxWidth: 520 }} onFinish={(v) => void submit(v)} data-testid="password-form">
      <Form.Item name="oldPassword" label={label(T.oldPassword)} rules={[{ required: true, message: PASSWORD_RULE.oldRequired }]}>
        <Input.Password autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={label(T.newPassword)}
        required
        rules={[
          {
            validator: (_, v) => {
              const m = newPasswordError(v ?? '');
              return m ? Promise.reject(new Error(m)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} data-testid="password-new" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={label(T.newPassword1)}
        dependencies={['newPassword']}
        required
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, v) => {
              if (!v) return Promise.reject(new Error(PASSWORD_RULE.confirmRequired));
              return v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(PASSWORD_RULE.mismatch));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} data-testid="password-confirm" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="password-submit">
            {label(T.submit)}
          </Button>
          <Button onClick={() => form.resetFields()} data-testid="password-reset">
            {label(T.clear)}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
