/** Add / edit / view of a user: account, names, phone (the specs' rules), roles, depts and posts. */
import { FORMATS, phoneError } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, ConfigProvider, DatePicker, Form, Input, Modal, Row, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { md5 } from 'js-md5';
import { useEffect, useState } from 'react';
import { useDict } from '../../../app/dict';
import { useLabel } from '../../../app/i18n';
import type { CrudEditorProps } from '../../../components/CrudPage';
import { useDeptTree, usePostOptions, useRoleTree } from '../../../components/OrgSelect';
import { submitUser, userDetailQuery } from './api';
import { T } from './texts';

const READ_ONLY_THEME = { token: { colorTextDisabled: 'rgba(0, 0, 0, 0.88)' } };
const list = (v: string | undefined) => (v ? v.split(',').filter(Boolean) : []);

/** CrudPage's `editor` of the user page. */
export function UserDialog({ state, onClose, onSaved }: CrudEditorProps) {
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
  const detail = useQuery(userDetailQuery(id));

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
      await submitUser(body);
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
