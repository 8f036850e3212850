/** /resource/sms: SMS configurations, with 启用 (one per tenant) and 发送 (through the configuration's provider). */
import { smsEntity } from '@hjl/core';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../app/auth';
import { CrudPage } from '../../../components/CrudPage';
import type { Row } from '../../../components/CrudPage/fields';
import { sendSms } from '../api';
import { EnableButton, useStatusColumn } from '../shared';

function isJsonObject(text: string) {
  try {
    const v: unknown = JSON.parse(text);
    return !!v && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}

function SendDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ phones: string; params?: string }>();
  const [sending, setSending] = useState(false);
  const send = async (values: { phones: string; params?: string }) => {
    setSending(true);
    try {
      await sendSms({ code: String(row!.smsCode), phones: values.phones, params: values.params || undefined });
      void message.success(t('res.sent'));
      onClose();
    } catch {
      // the API client has shown the reason; the dialog stays open
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open={row !== null}
      title={`${t('res.sendTitle')} - ${String(row?.smsCode ?? '')}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('res.send')}
      cancelText={t('common.cancel')}
      confirmLoading={sending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'sms-send-submit' } as never}
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={send} data-testid="sms-send-form">
        <Form.Item
          name="phones"
          label={t('res.phones')}
          extra={t('res.phonesHint')}
          rules={[{ required: true, whitespace: true, message: t('res.phonesRequired') }]}
        >
          <Input.TextArea rows={2} placeholder="13912345678,13812345678" data-testid="sms-send-phones" />
        </Form.Item>
        <Form.Item
          name="params"
          label={t('res.smsParams')}
          extra={t('res.paramsHint')}
          rules={[{ validator: async (_r, v?: string) => (v && !isJsonObject(v) ? Promise.reject(new Error(t('res.paramsInvalid'))) : undefined) }]}
        >
          <Input.TextArea rows={3} placeholder='{"code":"1234"}' data-testid="sms-send-params" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function SmsPage() {
  const { t } = useTranslation();
  const status = useStatusColumn();
  const [sending, setSending] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        def={smsEntity}
        extraColumns={[status]}
        actionWidth={300}
        rowActions={(row, { reload }) => (
          <>
            <EnableButton def={smsEntity} code="sms_enable" row={row} reload={reload} />
            <Permit code="sms_send">
              <Button type="link" size="small" onClick={() => setSending(row)} data-testid={`sms-send-${row.id}`}>
                {t('res.send')}
              </Button>
            </Permit>
          </>
        )}
      />
      <SendDialog row={sending} onClose={() => setSending(null)} />
    </>
  );
}
