/**
 * 补充协议: a supplementary agreement of an approved main contract (POST hjlContract/replenish). Its number is the
 * main's with -BC01, -BC02 …; it is approved on its own (提交 in the list), and once approved its amount counts in
 * the main contract's effective amount (a reduction is a negative amount).
 */
import { contractEntity, dictKeyOf } from '@hjl/core';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useDict } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { MoneyInput } from '../../components/MoneyInput';
import { replenish } from './api';

const L = {
  title: { zh: '新增补充协议', en: 'New supplementary agreement' },
  main: { zh: '主合同', en: 'Main contract' },
  type: { zh: '补充类型', en: 'Type' },
  name: { zh: '协议名称', en: 'Name' },
  namePlaceholder: { zh: '不填则为“主合同名称+补充协议N”', en: 'Default: the main contract’s name + 补充协议N' },
  amount: { zh: '协议金额', en: 'Amount' },
  amountHelp: { zh: '增加填正数,减少填负数;审批通过后计入主合同有效金额', en: 'Negative for a reduction; counts once approved' },
  sign: { zh: '签订日期', en: 'Signed' },
  start: { zh: '开始日期', en: 'From' },
  end: { zh: '结束日期', en: 'To' },
  remark: { zh: '备注', en: 'Remark' },
  done: { zh: '补充协议已保存,编号 {num},请提交审批', en: 'Saved as {num}; send it for approval' },
};

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

export function ReplenishDialog({ main, onClose, onSaved }: { main: { id: string; contractName?: unknown } | null; onClose: () => void; onSaved: () => void }) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const types = useDict(dictKeyOf(contractEntity.fields.replenishType));

  const submit = async (v: Record<string, unknown>) => {
    if (!main) return;
    setSaving(true);
    try {
      const answer = await replenish({
        parentId: main.id,
        replenishType: v.replenishType,
        contractName: v.contractName || undefined,
        contractAmount: v.contractAmount,
        signDate: day(v.signDate as Dayjs),
        startDate: day(v.startDate as Dayjs),
        endDate: day(v.endDate as Dayjs),
        remark: v.remark || undefined,
      });
      void message.success(label(L.done).replace('{num}', answer.contractNum));
      form.resetFields();
      onSaved();
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!main}
      title={label(L.title)}
      width={640}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'replenish-submit' } as never}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ signDate: dayjs() }} data-testid="replenish-form">
        <Form.Item label={label(L.main)}>
          <Input value={String(main?.contractName ?? '')} disabled />
        </Form.Item>
        <Form.Item name="replenishType" label={label(L.type)} rules={[{ required: true, message: '请选择补充类型' }]}>
          <Select options={types.map((d) => ({ value: d.dictKey, label: d.dictValue }))} data-testid="replenish-type" />
        </Form.Item>
        <Form.Item name="contractName" label={label(L.name)}>
          <Input maxLength={200} placeholder={label(L.namePlaceholder)} />
        </Form.Item>
        <Form.Item name="contractAmount" label={label(L.amount)} extra={label(L.amountHelp)} rules={[{ required: true, message: '请输入合同金额' }]}>
          <MoneyInput negative testId="replenish-amount" />
        </Form.Item>
        <Form.Item name="signDate" label={label(L.sign)} rules={[{ required: true, message: '请选择签订日期' }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="startDate" label={label(L.start)}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="endDate" label={label(L.end)}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={label(L.remark)}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
