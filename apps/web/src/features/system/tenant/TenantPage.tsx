/**
 * /system/tenant: tenants (platform administrator only). Besides the list and form: 授权配置 sets the account
 * quota and expiry of the selected tenants, 产品包配置 the package of one tenant.
 */
import { SafetyCertificateOutlined, GiftOutlined } from '@ant-design/icons';
import { tenantEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Descriptions, Form, InputNumber, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Permit } from '../../../app/auth';
import { useLabel } from '../../../app/i18n';
import { CrudPage, type CrudPageContext } from '../../../components/CrudPage';
import { saveTenantPackage, saveTenantSetting, tenantPackageQuery, tenantSettingQuery } from '../api';
import { PackageSelect } from './PackageSelect';

const texts = {
  setting: { zh: '授权配置', en: 'Licence' },
  package: { zh: '产品包配置', en: 'Package' },
  accountNumber: { zh: '账号额度', en: 'Account quota' },
  accountHint: { zh: '-1 表示不限制', en: '-1: unlimited' },
  expireTime: { zh: '过期时间', en: 'Expires' },
  expireHint: { zh: '不填则永不过期', en: 'Empty: never' },
  packageName: { zh: '产品包', en: 'Package' },
  required: { zh: '请输入账号额度', en: 'Enter the quota' },
  selectOne: { zh: '请选择一条数据', en: 'Select one row' },
  selectAtLeastOne: { zh: '请选择至少一条数据', en: 'Select at least one row' },
  saved: { zh: '操作成功', en: 'Saved' },
  adminTitle: { zh: '租户管理员账号', en: 'Tenant administrator' },
  adminOnce: {
    zh: '请立即复制并交给租户管理员,关闭后将无法再次查看;首次登录须修改此密码:',
    en: 'Copy it now and hand it to the tenant administrator; it cannot be shown again and must be changed at the first login:',
  },
  tenantId: { zh: '租户ID', en: 'Tenant ID' },
  account: { zh: '账号', en: 'Account' },
  password: { zh: '初始密码', en: 'First password' },
};

/** What tenant/submit answers for a new tenant: its administrator's generated first password, shown this once. */
interface CreatedTenant {
  tenantId?: string;
  account?: string;
  password?: string;
}

type Dialog = { kind: 'setting' | 'package'; ids: string[]; ctx: CrudPageContext } | null;

export default function TenantPage() {
  const label = useLabel();
  const { message, modal } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);

  const showAdmin = (answer: unknown, mode: 'add' | 'edit') => {
    const created = answer as CreatedTenant | undefined;
    if (mode !== 'add' || !created?.password) return;
    modal.info({
      title: label(texts.adminTitle),
      width: 560,
      content: (
        <>
          <p>{label(texts.adminOnce)}</p>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={label(texts.tenantId)}>
              <span data-testid="tenant-admin-tenant">{created.tenantId}</span>
            </Descriptions.Item>
            <Descriptions.Item label={label(texts.account)}>{created.account}</Descriptions.Item>
            <Descriptions.Item label={label(texts.password)}>
              <Typography.Text copyable code data-testid="tenant-admin-password">
                {created.password}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      ),
    });
  };

  const open = (kind: 'setting' | 'package', ctx: CrudPageContext) => {
    if (kind === 'package' && ctx.selected.length !== 1) return void message.warning(label(texts.selectOne));
    if (ctx.selected.length === 0) return void message.warning(label(texts.selectAtLeastOne));
    setDialog({ kind, ids: ctx.selected, ctx });
  };

  return (
    <>
      <CrudPage
        def={tenantEntity}
        onSaved={showAdmin}
        controls={{ packageId: <PackageSelect testId="crud-form-packageId" /> }}
        toolbar={(ctx) => (
          <>
            <Permit code="tenant_setting">
              <Button icon={<SafetyCertificateOutlined />} onClick={() => open('setting', ctx)} data-testid="tenant-setting">
                {label(texts.setting)}
              </Button>
            </Permit>
            <Permit code="tenant_package_setting">
              <Button icon={<GiftOutlined />} onClick={() => open('package', ctx)} data-testid="tenant-package">
                {label(texts.package)}
              </Button>
            </Permit>
          </>
        )}
      />
      {dialog?.kind === 'setting' && <SettingDialog ids={dialog.ids} onClose={() => setDialog(null)} onSaved={() => void dialog.ctx.reload()} />}
      {dialog?.kind === 'package' && <PackageDialog id={dialog.ids[0]!} onClose={() => setDialog(null)} onSaved={() => void dialog.ctx.reload()} />}
    </>
  );
}

interface DialogProps {
  onClose: () => void;
  onSaved: () => void;
}

function SettingDialog({ ids, onClose, onSaved }: DialogProps & { ids: string[] }) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ accountNumber: number; expireTime?: Dayjs | null }>();
  const [saving, setSaving] = useState(false);
  // One tenant: start from its values.
  const one = useQuery({ ...tenantSettingQuery(ids[0]), enabled: ids.length === 1 });
  const initial = one.data
    ? { accountNumber: one.data.accountNumber, expireTime: one.data.expireTime ? dayjs(one.data.expireTime) : null }
    : { accountNumber: -1 };

  const save = async (v: { accountNumber: number; expireTime?: Dayjs | null }) => {
    setSaving(true);
    try {
      await saveTenantSetting(ids, v.accountNumber, v.expireTime ? v.expireTime.format('YYYY-MM-DD HH:mm:ss') : '');
      void message.success(label(texts.saved));
      onSaved();
      onClose();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={label(texts.setting)}
      width={500}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      loading={ids.length === 1 && one.isPending}
      destroyOnHidden
    >
      {!(ids.length === 1 && one.isPending) && (
        <Form form={form} labelCol={{ flex: '100px' }} initialValues={initial} onFinish={save} data-testid="tenant-setting-form">
          <Form.Item
            name="accountNumber"
            label={label(texts.accountNumber)}
            extra={label(texts.accountHint)}
            rules={[{ required: true, message: label(texts.required) }]}
          >
            <InputNumber min={-1} precision={0} style={{ width: '100%' }} data-testid="tenant-setting-accountNumber" />
          </Form.Item>
          <Form.Item name="expireTime" label={label(texts.expireTime)} extra={label(texts.expireHint)}>
            <DatePicker showTime style={{ width: '100%' }} data-testid="tenant-setting-expireTime" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function PackageDialog({ id, onClose, onSaved }: DialogProps & { id: string }) {
  const label = useLabel();
  const { message } = App.useApp();
  const current = useQuery(tenantPackageQuery(id));
  const [packageId, setPackageId] = useState<string | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const value = packageId === undefined ? (current.data?.id ?? null) : packageId;

  const save = async () => {
    setSaving(true);
    try {
      await saveTenantPackage(id, value);
      void message.success(label(texts.saved));
      onSaved();
      onClose();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={label(texts.package)} width={500} onCancel={onClose} onOk={save} confirmLoading={saving} loading={current.isPending} destroyOnHidden>
      <Form labelCol={{ flex: '100px' }}>
        <Form.Item label={label(texts.packageName)}>
          <PackageSelect value={value} onChange={setPackageId} testId="tenant-package-select" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
