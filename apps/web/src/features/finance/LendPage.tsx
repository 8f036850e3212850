/**
 * /finance/hjlApplyLendReturnMoney (借款申请) and /finance/hjlApplyReturnMoney (还款): loans in approval mode — the
 * applicant asks, the approvers agree, the cashier pays at the last node with the payment information — and their
 * repayments. On a paid loan with a balance, 还款 starts a repayment (never above the balance: 还款金额不能大于借款余额);
 * 还款记录 lists the loan's repayments (return-money/{id}).
 */
import { APPROVAL_STATUS, PAY_STATUS, lendMoneyEntity, returnMoneyEntity, toFen } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Descriptions, Drawer, Form, Input, Modal, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { ApprovalStatusTag } from '../../components/ApprovalStatusTag';
import { CrudPage, type Row } from '../../components/CrudPage';
import { MoneyInput } from '../../components/MoneyInput';
import { MoneyText, moneyText } from '../../components/MoneyText';
import { returnMoneyQuery, startRepayment } from './api';
import { FIN } from './labels';

const DATE = 'YYYY-MM-DD';
const DATE_VALUE = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, DATE) : undefined }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE) : undefined),
};

/** A loan that can be repaid: approved, paid and with a balance. */
export const repayable = (row: Row) =>
  Number(row.status) === APPROVAL_STATUS.approved && Number(row.payStatus) === PAY_STATUS.paid && toFen(String(row.balance ?? '0')) > 0n;

function RepayDialog({ lend, onClose, onSaved }: { lend: Row | null; onClose: () => void; onSaved: () => void }) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ returnAmount?: string; returnDate?: string; remark?: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let values: { returnAmount?: string; returnDate?: string; remark?: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await startRepayment({ lendId: lend!.id, returnAmount: values.returnAmount, returnDate: values.returnDate, remark: values.remark?.trim() || null });
      void message.success(label(FIN.started));
      onSaved();
    } catch {
      // The API client has shown the server's reason (还款金额不能大于借款余额).
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={lend !== null}
      title={`${label(FIN.repay)} - ${String(lend?.purpose ?? '')}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={label(FIN.submitApproval)}
      cancelText={label(FIN.cancel)}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'repay-submit' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ returnAmount: lend?.balance, returnDate: dayjs().format(DATE) }}>
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={label(FIN.lendBalance)}>
            <MoneyText value={lend?.balance} testId="repay-balance" />
          </Descriptions.Item>
        </Descriptions>
        <Form.Item name="returnAmount" label={label(FIN.returnAmount)} rules={[{ required: true, message: label(FIN.returnAmountRequired) }]}>
          <MoneyInput testId="repay-amount" />
        </Form.Item>
        <Form.Item name="returnDate" label={label(FIN.returnDate)} rules={[{ required: true, message: label(FIN.returnDateRequired) }]} {...DATE_VALUE}>
          <DatePicker style={{ width: '100%' }} data-testid="repay-date" />
        </Form.Item>
        <Form.Item name="remark" label={label(FIN.remark)}>
          <Input.TextArea rows={2} maxLength={500} data-testid="repay-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The repayments of a loan (the drawer's 还款详情, S2 L253). */
export function RepaymentsTable({ lendId }: { lendId: string | null }) {
  const label = useLabel();
  const rows = useQuery(returnMoneyQuery(lendId));
  const f = returnMoneyEntity.fields;
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      loading={rows.isFetching}
      dataSource={rows.data ?? []}
      pagination={false}
      data-testid="repayments-table"
      columns={[
        { key: 'returnDate', dataIndex: 'returnDate', title: label(f.returnDate.label), width: 120 },
        {
          key: 'returnAmount',
          dataIndex: 'returnAmount',
          title: label(f.returnAmount.label),
          width: 140,
          align: 'right',
          render: (v: unknown) => moneyText(v as string),
        },
        {
          key: 'status',
          dataIndex: 'status',
          title: label({ zh: '审批状态', en: 'Approval' }),
          width: 100,
          render: (v: unknown, r: Row) => <ApprovalStatusTag status={v} isDraft={r.isDraft} />,
        },
        { key: 'remark', dataIndex: 'remark', title: label(FIN.remark), ellipsis: true },
      ]}
    />
  );
}

export default function LendPage() {
  const label = useLabel();
  const [repay, setRepay] = useState<{ row: Row; reload: () => Promise<void> } | null>(null);
  const [shown, setShown] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        def={lendMoneyEntity}
        testId="lend-list"
        actionWidth={400}
        rowActions={(row, ctx) => (
          <>
            {repayable(row) && (
              <Permit code="return_money_add">
                <Button type="link" size="small" onClick={() => setRepay({ row, reload: ctx.reload })} data-testid={`lend-repay-${row.id}`}>
                  {label(FIN.repay)}
                </Button>
              </Permit>
            )}
            {Number(row.payStatus) === PAY_STATUS.paid && (
              <Button type="link" size="small" onClick={() => setShown(row)} data-testid={`lend-repayments-${row.id}`}>
                {label(FIN.repayments)}
              </Button>
            )}
          </>
        )}
      />
      <RepayDialog
        lend={repay?.row ?? null}
        onClose={() => setRepay(null)}
        onSaved={() => {
          void repay?.reload();
          setRepay(null);
        }}
      />
      <Drawer
        open={shown !== null}
        size={800}
        title={`${label(FIN.repayments)} - ${String(shown?.purpose ?? '')}`}
        onClose={() => setShown(null)}
        destroyOnHidden
      >
        <RepaymentsTable lendId={shown?.id ?? null} />
      </Drawer>
    </>
  );
}
