/** Add / edit / view of a user: account, names, phone (the specs' rules), roles, depts and posts. */
import { FORMATS, phoneError, userEntity } from '@hjl/core';
import { queryKeys } from '../../../app/queryKeys';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, ConfigProvider, DatePicker, Form, Input, Modal, Row, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { md5 } from 'js-md5';
import { useEffect, useState } from 'react';
import { get, post } from '../../../app/api';
import { useDict } from '../../../app/dict';
import { useLabel } from '../../../app/i18n';
import { useDeptTree, usePostOptions, useRoleTree } from '../../../components/OrgSelect';
import { T } from './texts';

export type UserDialogState = { mode: 'add' } | { mode: 'edit' | 'view'; id: string };

export interface UserRecord {
  id: string;
  account: string;
  name?: string;
  realName?: string;
  phone?: string;
  email?: string;
  sex?: number | null;
  birthday?: string | null;
  roleId: string;
  deptId: string;
  postId: string;
  roleName?: string;
  deptName?: string;
  postName?: string;
  status: number;
  locked?: boolean;
  createTime?: string;
  userType?: number;
}

const READ_ONLY_THEME = { token: { colorTextDisabled: 'rgba(0, 0, 0, 0.88)' } };
const list = (v: string | undefined) => (v ? v.split(',').filter(Boolean) : []);

interface Props {
  state: UserDialogState | null;
  onClose: () => void;
  onSaved: () => void;
}

export function UserDialog({ state, onClose, onSaved }: Props) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const open = state !== null;
  const deptTree = useDeptTree(open);
  const roleTree = useRoleTree(open);
  const postTree = usePostOptions(open);
  const sex = useDict('sex');
  const id = state && state.mode !== 'add' ? state.id : null;
  const readOnly = state?.mode === 'view';
  const detail = useQuery({
    queryKey: queryKeys.entity(userEntity.api).detail(id),
    queryFn: () => get<UserRecord>(`${userEntity.api}/detail`, { id }),
    enabled: id !== null,
    gcTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    if (state.mode === 'add') form.resetFields();
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({ ...d, roleId: list(d.roleId), deptId: list(d.deptId), postId: list(d.postId), sex: d.sex ?? undefined });
    }
  }, [open, state, detail.data, form]);

  const submit = async (values: Record<string, unknown>) => {
    const body: Record<string, unknown> = { ...values, id: id ?? undefined };
    if (state?.mode === 'add' && values.password) {
      body.password = md5(String(values.password));
      body.password2 = md5(String(values.password2 ?? ''));
    } else {
      delete body.password;
      delete body.password2;
    }
    setSaving(true);
    try {
      await post('/api/blade-user/submit', body);
      void message.success(label(state?.mode === 'add' ? T.added : T.updated));
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  const text = (k: keyof typeof T) => label(T[k]);
  const treeProps = {
    multiple: true,
    treeDefaultExpandAll: true,
    showSearch: true,
    treeNodeFilterProp: 'title',
    allowClear: true,
    style: { width: '100%' },
  } as const;
  const title = state?.mode === 'add' ? text('addTitle') : state?.mode === 'edit' ? text('editTitle') : text('viewTitle');

  return (
    <Modal
      open={open}
      title={title}
      width={900}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      loading={id !== null && detail.isLoading}
      footer={
        readOnly
          ? [
              <Button key="close" onClick={onClose}>
                {text('cancel')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose} data-testid="user-form-cancel">
                {text('cancel')}
              </Button>,
              <Button key="ok" type="primary" loading={saving} onClick={() => form.submit()} data-testid="user-form-submit">
                {text('confirm')}
              </Button>,
            ]
      }
    >
      <ConfigProvider theme={readOnly ? READ_ONLY_THEME : undefined}>
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ flex: '100px' }}
          disabled={readOnly}
          preserve={false}
          onFinish={(v) => void submit(v)}
          data-testid="user-form"
        >
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="account" label={text('account')} rules={[{ required: true, whitespace: true, message: text('accountRequired') }]}>
                <Input maxLength={45} data-testid="user-form-account" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="name" label={text('name')} rules={[{ required: true, whitespace: true, message: text('nameRequired') }]}>
                <Input maxLength={20} data-testid="user-form-name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="realName" label={text('realName')} rules={[{ required: true, whitespace: true, message: text('realNameRequired') }]}>
                <Input maxLength={10} data-testid="user-form-realName" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="phone"
                label={text('phone')}
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
                <Input data-testid="user-form-phone" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="email" label={text('email')} rules={[{ pattern: FORMATS.email.regex, message: text('emailInvalid') }]}>
                <Input maxLength={45} data-testid="user-form-email" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="sex" label={text('sex')}>
                <Select allowClear options={sex.map((d) => ({ value: Number(d.dictKey), label: d.dictValue }))} data-testid="user-form-sex" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="birthday"
                label={text('birthday')}
                getValueProps={(v: string | null) => ({ value: v ? dayjs(v) : undefined })}
                normalize={(d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null)}
              >
                <DatePicker style={{ width: '100%' }} data-testid="user-form-birthday" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="roleId" label={text('role')} rules={[{ required: true, message: text('roleRequired') }]}>
                <TreeSelect {...treeProps} treeData={roleTree} data-testid="user-form-roleId" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="deptId" label={text('dept')} rules={[{ required: true, message: text('deptRequired') }]}>
                <TreeSelect {...treeProps} treeData={deptTree} data-testid="user-form-deptId" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="postId" label={text('post')}>
                <TreeSelect {...treeProps} treeData={postTree} data-testid="user-form-postId" />
              </Form.Item>
            </Col>
            {state?.mode === 'add' && (
              <>
                <Col span={12}>
                  <Form.Item name="password" label={text('password')} extra={text('passwordHint')}>
                    <Input.Password maxLength={16} autoComplete="new-password" data-testid="user-form-password" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="password2"
                    label={text('password2')}
                    dependencies={['password']}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: (_, v) =>
                          !getFieldValue('password') || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(text('mismatch'))),
                      }),
                    ]}
                  >
                    <Input.Password maxLength={16} autoComplete="new-password" data-testid="user-form-password2" />
                  </Form.Item>
                </Col>
              </>
            )}
          </Row>
        </Form>
      </ConfigProvider>
    </Modal>
  );
}
