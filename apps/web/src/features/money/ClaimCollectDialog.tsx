/**
 * 认领款项 (BUSINESS.md WP3), the collections list's toolbar: unclaimed bank money (a row of 待认领款项) taken as a
 * collection of a project — the money, the project and the collection type chosen here, amount, date and account
 * the money's own (POST hjlProjectCollect/claim; within the project's ought income, once).
 */
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { moneyText } from '../../components/MoneyText';
import { useDict } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { ProjectPickerInput } from '../../components/RecordPicker';
import { claimAsCollection, pendingMoneyQuery } from './api';

const T = {
  title: { zh: '认领为项目收款', en: 'Claim as a project collection' },
  money: { zh: '待认领款项', en: 'Unclaimed money' },
  moneyRequired: { zh: '请选择待认领款项', en: 'Choose the money' },
  project: { zh: '项目', en: 'Project' },
  projectRequired: { zh: '请选择项目', en: 'Choose the project' },
  type: { zh: '收款类型', en: 'Type' },
  typeRequired: { zh: '请选择收款类型', en: 'Choose the type' },
  done: { zh: '已认领为项目收款', en: 'Claimed as a collection' },
};

export function ClaimCollectDialog({
  open,
  projectId,
  onClose,
  onDone,
}: {
  open: boolean;
  projectId?: string;
  onClose: () => void;
  onDone: () => void | Promise<void>;
}) {
  const label = useLabel();
  const { message } = App.useApp();
  const types = useDict('biz:collect_type');
  const pending = useQuery({ ...pendingMoneyQuery(), enabled: open });
  const [form] = Form.useForm<{ incomeExpendId?: string; projectId?: string; collectType?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let v: { incomeExpendId?: string; projectId?: string; collectType?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await claimAsCollection({ incomeExpendId: v.incomeExpendId!, projectId: v.projectId!, collectType: Number(v.collectType) });
      void message.success(label(T.done));
      await onDone();
    } catch {
      // The API client has shown the server's reason (e.g. 收款金额不能大于应收金额).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={label(T.title)}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'claim-collect-ok' } as never}
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="claim-collect-form">
        <Form.Item name="incomeExpendId" label={label(T.money)} rules={[{ required: true, message: label(T.moneyRequired) }]}>
          <Select
            loading={pending.isPending}
            options={(pending.data?.records ?? [])
              .filter((r) => r.incomeExpendId && Number(r.status ?? 0) === 0)
              .map((r) => ({
                value: String(r.incomeExpendId),
                label: `${String(r.transactionDate ?? '')} ${String(r.payerName ?? '')} ${moneyText(String(r.amount ?? ''))}`,
              }))}
            data-testid="claim-collect-money"
          />
        </Form.Item>
        <Form.Item name="projectId" label={label(T.project)} initialValue={projectId} rules={[{ required: true, message: label(T.projectRequired) }]}>
          <ProjectPickerInput disabled={!!projectId} testId="claim-collect-project" />
        </Form.Item>
        <Form.Item name="collectType" label={label(T.type)} rules={[{ required: true, message: label(T.typeRequired) }]}>
          <Select options={types.map((t) => ({ value: t.dictKey, label: t.dictValue }))} data-testid="claim-collect-type" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
