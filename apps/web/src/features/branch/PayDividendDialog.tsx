/** 发放 of a dividend: the paying internal account and the date; the server posts the expense once. */
import { dividendEntity } from '@hjl/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLabel } from '../../app/i18n';
import type { Row } from '../../components/CrudPage/fields';
import { refControlOf } from '../../components/RefControl';
import { dividendCalls, payDividend } from './api';

const AccountControl = refControlOf(dividendEntity.fields.accountInfoId);

export function PayDividendDialog({ row, onClose, onPaid }: { row: Row | null; onClose: () => void; onPaid: () => void }) {
  const label = useLabel();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ accountInfoId?: string; payDate?: Dayjs }>();
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    const v = await form.validateFields();
    if (!row || !v.accountInfoId || !v.payDate) return;
    setBusy(true);
    try {
      await payDividend({ id: row.id, accountInfoId: v.accountInfoId, payDate: v.payDate.format('YYYY-MM-DD') });
      message.success(label({ zh: '发放成功', en: 'Paid' }));
      await client.invalidateQueries({ queryKey: dividendCalls.keys.all });
      onPaid();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={row !== null}
      title={label({ zh: '发放分红', en: 'Pay the dividend' })}
      onCancel={onClose}
      onOk={() => void pay()}
      okButtonProps={{ loading: busy, 'data-testid': 'dividend-pay-ok' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="dividend-pay-form">
        <Form.Item name="accountInfoId" label={label(dividendEntity.fields.accountInfoId.label)} rules={[{ required: true, message: '请选择付款账户' }]}>
          {AccountControl ? <AccountControl field={dividendEntity.fields.accountInfoId} testId="dividend-pay-account" /> : null}
        </Form.Item>
        <Form.Item name="payDate" label={label(dividendEntity.fields.payDate.label)} rules={[{ required: true, message: '请选择发放日期' }]}>
          <DatePicker style={{ width: '100%' }} data-testid="dividend-pay-date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
