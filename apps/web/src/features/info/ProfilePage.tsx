/** /info/index: the personal profile (spec 2 sections 3 and 5): 个人信息 and 修改密码. */
import { LoadingOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_RULE, FORMATS, phoneError } from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Flex, Form, Input, Space, Tabs, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useLabel } from '../../app/i18n';
import { profileQuery, updateProfile, uploadAvatar, type Profile } from './api';
import { queryKeys } from '../../app/queryKeys';
import { PasswordForm } from './PasswordForm';
import { T } from './texts';

/** The avatar rule of the specs, checked before anything is sent; answers the message or undefined. */
export function avatarError(file: { type: string; size: number }): string | undefined {
  if (!(AVATAR_RULE.types as readonly string[]).includes(file.type)) return AVATAR_RULE.typeMessage;
  if (file.size > AVATAR_RULE.maxBytes) return AVATAR_RULE.sizeMessage;
  return undefined;
}

function InfoForm() {
  const label = useLabel();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const info = useQuery(profileQuery());
  const avatar = Form.useWatch('avatar', form) as string | undefined;

  useEffect(() => {
    if (info.data) form.setFieldsValue(info.data);
  }, [info.data, form]);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const r = await uploadAvatar(file);
      form.setFieldValue('avatar', r.link);
    } catch {
      // shown by the API client
    } finally {
      setUploading(false);
    }
  };

  const submit = async (v: Profile) => {
    setSaving(true);
    try {
      const { account: _readOnly, ...changes } = v;
      await updateProfile(changes);
      void message.success(label(T.saved));
      await queryClient.invalidateQueries({ queryKey: queryKeys.account.profile() });
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} labelCol={{ flex: '100px' }} style={{ maxWidth: 520 }} onFinish={(v) => void submit(v)} data-testid="info-form">
      <Form.Item label={label(T.avatar)} extra={label(T.avatarHint)}>
        <Flex align="center" gap={16}>
          <Avatar size={72} src={avatar || undefined} icon={uploading ? <LoadingOutlined /> : <UserOutlined />} data-testid="info-avatar" />
          <Upload
            accept=".jpg,.jpeg,.png"
            showUploadList={false}
            beforeUpload={(file) => {
              const m = avatarError(file);
              if (m) void message.error(m);
              else void upload(file);
              return false;
            }}
          >
            <Button loading={uploading} data-testid="info-avatar-upload">
              {label(T.upload)}
            </Button>
          </Upload>
        </Flex>
      </Form.Item>
      <Form.Item name="avatar" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="account" label={label(T.account)}>
        <Input disabled data-testid="info-account" />
      </Form.Item>
      <Form.Item name="name" label={label(T.name)} rules={[{ required: true, whitespace: true, message: label(T.nameRequired) }]}>
        <Input maxLength={20} data-testid="info-name" />
      </Form.Item>
      <Form.Item name="realName" label={label(T.realName)} rules={[{ required: true, whitespace: true, message: label(T.realNameRequired) }]}>
        <Input maxLength={10} data-testid="info-realName" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={label(T.phone)}
        required
        rules={[
          {
            validator: (_, v) => {
              const m = phoneError(v);
              return m ? Promise.reject(new Error(m)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input data-testid="info-phone" />
      </Form.Item>
      <Form.Item name="email" label={label(T.email)} rules={[{ pattern: FORMATS.email.regex, message: label(T.emailInvalid) }]}>
        <Input maxLength={45} data-testid="info-email" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="info-submit">
            {label(T.submit)}
          </Button>
          <Button onClick={() => info.data && form.setFieldsValue(info.data)} data-testid="info-reset">
            {label(T.clear)}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

export default function ProfilePage() {
  const label = useLabel();
  return (
    <Card data-testid="profile-page">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {label(T.title)}
      </Typography.Title>
      <Tabs
        items={[
          { key: 'info', label: <span data-testid="profile-tab-info">{label(T.info)}</span>, children: <InfoForm /> },
          { key: 'password', label: <span data-testid="profile-tab-password">{label(T.password)}</span>, children: <PasswordForm /> },
        ]}
      />
    </Card>
  );
}
