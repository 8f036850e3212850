/**
 * /hjlProject/hjlProjectDecision (项目结算): settlements on CrudPage in approval mode (提交 starts
 * projectSettlement; approved, the project is 已完成): submitted and approved amounts, the reduction and its rate
 * computed by the server, the fee and the date. 完工付款 (button project_completion_pay_add) pays an approved
 * settlement's fee with the kit's PaymentForm (projectCompletionPay); 发起完工 (button project_completion_add)
 * starts 项目完工 for a project that has no settlement (projectCompletion; on a project's 结算 tab, that project).
 */
import { APPROVAL_STATUS, projectDecisionEntity, toFen } from '@hjl/core';
import { App, Button, DatePicker, Form, Input, Modal, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { CrudPage, type Row } from '../../components/CrudPage';
import { ProjectPickerInput } from '../../components/RecordPicker';
import { payCompletionFee, settlementKeys, startCompletion } from './api';
import { RowPaymentForm, type RowPaying } from './RowPaymentForm';

const T = {
  pay: { zh: '完工付款', en: 'Pay the fee' },
  payTitle: { zh: '完工付款(结算费用)', en: 'Pay the settlement fee' },
  payStarted: { zh: '已提交完工付款审批', en: 'Payment sent for approval' },
  complete: { zh: '发起完工', en: 'Complete a project' },
  completeTitle: { zh: '发起项目完工', en: 'Project completion' },
  completeHint: {
    zh: '结算审批通过的项目自动完成;没有结算的项目(如招标代理)在此发起完工,经部门经理、总经理审批后项目为已完成。',
    en: 'A settlement approved completes its project; a project without a settlement is completed here, approved by the department manager and the general manager.',
  },
  completeStarted: { zh: '已提交项目完工审批', en: 'Completion sent for approval' },
  project: { zh: '项目', en: 'Project' },
  projectRequired: { zh: '请选择项目', en: 'Choose the project' },
  date: { zh: '完工日期', en: 'Completed on' },
  dateRequired: { zh: '请选择完工日期', en: 'Choose the date' },
  summary: { zh: '完工说明', en: 'Summary' },
  submit: { zh: '提交审批', en: 'Submit for approval' },
  cancel: { zh: '取消', en: 'Cancel' },
  feePay: { zh: '结算费用支付', en: 'Fee paid' },
  unpaid: { zh: '未付款', en: 'Unpaid' },
  paying: { zh: '付款审批中', en: 'Payment under approval' },
  paid: { zh: '已付款', en: 'Paid' },
};
const DATE = 'YYYY-MM-DD';

/** Whether a settlement's fee can be paid: approved, a fee above zero, no payment under approval or approved. */
export const payable = (row: Row) =>
  Number(row.status) === APPROVAL_STATUS.approved && toFen(String(row.settlementFee ?? '0')) > 0n && Number(row.feePayStatus ?? 0) === 0;

/** 发起完工: the project (fixed on a project's tab), the completion date and a summary; started on projectCompletion. */
function CompletionDialog({ open, projectId, onClose, onDone }: { open: boolean; projectId?: string; onClose: () => void; onDone: () => Promise<void> }) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ projectId?: string; completionDate?: Dayjs; summary?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await startCompletion({ projectId: String(projectId ?? v.projectId), completionDate: v.completionDate!.format(DATE), summary: v.summary });
      void message.success(label(T.completeStarted));
      form.resetFields();
      await onDone();
    } catch {
      // The API client has shown the reason; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={label(T.completeTitle)}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={label(T.submit)}
      cancelText={label(T.cancel)}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="completion-dialog"
    >
      <p style={{ color: 'rgba(0,0,0,0.55)' }}>{label(T.completeHint)}</p>
      <Form form={form} layout="vertical" initialValues={{ projectId, completionDate: dayjs() }} preserve={false}>
        {!projectId && (
          <Form.Item name="projectId" label={label(T.project)} rules={[{ required: true, message: label(T.projectRequired) }]}>
            <ProjectPickerInput testId="completion-project" />
          </Form.Item>
        )}
        <Form.Item name="completionDate" label={label(T.date)} rules={[{ required: true, message: label(T.dateRequired) }]}>
          <DatePicker style={{ width: '100%' }} data-testid="completion-date" />
        </Form.Item>
        <Form.Item name="summary" label={label(T.summary)} rules={[{ max: 1000 }]}>
          <Input.TextArea rows={3} data-testid="completion-summary" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The settlements; `fixed` confines them (a project's on its detail page). */
export function SettlementList({ fixed }: { fixed?: Record<string, string> }) {
  const label = useLabel();
  const [paying, setPaying] = useState<RowPaying | null>(null);
  const [completing, setCompleting] = useState<{ reload: () => Promise<void> } | null>(null);
  const feeTag = (row: Row) => {
    if (toFen(String(row.settlementFee ?? '0')) <= 0n) return '-';
    const s = Number(row.feePayStatus ?? 0);
    return s === 2 ? <Tag color="green">{label(T.paid)}</Tag> : s === 1 ? <Tag color="blue">{label(T.paying)}</Tag> : <Tag>{label(T.unpaid)}</Tag>;
  };
  return (
    <>
      <CrudPage
        def={projectDecisionEntity}
        fixed={fixed}
        bordered={!fixed}
        dateRange="decisionDate"
        testId="settlement-list"
        actionWidth={280}
        extraColumns={[{ key: 'feePayStatus', title: label(T.feePay), width: 120, render: (_: unknown, row: Row) => feeTag(row) }]}
        toolbar={(ctx) => (
          <Permit code="project_completion_add">
            <Button onClick={() => setCompleting({ reload: ctx.reload })} data-testid="completion-start">
              {label(T.complete)}
            </Button>
          </Permit>
        )}
        rowActions={(row, ctx) =>
          payable(row) ? (
            <Permit code="project_completion_pay_add">
              <Button type="link" size="small" onClick={() => setPaying({ row, reload: ctx.reload })} data-testid={`settlement-pay-${row.id}`}>
                {label(T.pay)}
              </Button>
            </Permit>
          ) : null
        }
      />
      <RowPaymentForm
        paying={paying}
        onClose={() => setPaying(null)}
        title={T.payTitle}
        amountField="settlementFee"
        pay={payCompletionFee}
        started={T.payStarted}
        invalidates={settlementKeys.all}
      />
      <CompletionDialog
        open={!!completing}
        projectId={fixed?.projectId}
        onClose={() => setCompleting(null)}
        onDone={async () => {
          await completing?.reload();
          setCompleting(null);
        }}
      />
    </>
  );
}

export default function SettlementPage() {
  return <SettlementList />;
}
