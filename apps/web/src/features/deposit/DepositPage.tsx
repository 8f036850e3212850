/**
 * /finance/hjlApplyGuaranteeMoney (保证金): deposits by type (投标 / 履约 / 质量 / 农民工工资保证金) in approval mode —
 * 缴纳 is the list's 新增 and 提交 (payTheDeposit) —, and on an approved deposit with money still out: 退还 (a refund,
 * never above what is left: 退还金额不能大于已缴金额), 替换 (a new deposit replacing it), 退还投标人 (a bidder's deposit
 * received), 退还记录 (its refunds); 批量退还 refunds the selected deposits in one approval.
 */
import {
  APPROVAL_STATUS,
  DEPOSIT_CODES,
  DEPOSIT_DIRECTION,
  DEPOSIT_REFUND_STATUS,
  DEPOSIT_TYPES,
  depositEntity,
  depositRefundEntity,
  subtractMoney,
} from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Descriptions, Drawer, Form, Input, Modal, Select, Table, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { ApprovalStatusTag } from '../../components/ApprovalStatusTag';
import { CrudPage, type CrudPageContext, type Row } from '../../components/CrudPage';
import { MoneyInput } from '../../components/MoneyInput';
import { MoneyText, moneyText } from '../../components/MoneyText';
import { AccountPickerInput } from '../../components/RecordPicker';
import { refundHistoryQuery, refundableDepositsQuery, replaceDeposit, returnAttract, startBatchRefund, startRefund } from './api';
import { depositLabel } from './DepositSelect';

const DATE = 'YYYY-MM-DD';
const DATE_VALUE = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, DATE) : undefined }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE) : undefined),
};
const T = {
  all: { zh: '全部', en: 'All' },
  refund: { zh: '退还', en: 'Refund' },
  returnBidder: { zh: '退还投标人', en: 'Return to bidder' },
  replace: { zh: '替换', en: 'Replace' },
  history: { zh: '退还记录', en: 'Refunds' },
  batch: { zh: '批量退还', en: 'Batch refund' },
  chooseRows: { zh: '请选择要退还的保证金', en: 'Choose deposits to refund' },
  deposits: { zh: '退还的保证金', en: 'Deposits' },
  left: { zh: '可退金额', en: 'Left to refund' },
  paid: { zh: '已缴金额', en: 'Paid' },
  refunded: { zh: '已退金额', en: 'Refunded' },
  refunding: { zh: '退还中', en: 'Being refunded' },
  started: { zh: '已提交审批', en: 'Sent for approval' },
  submit: { zh: '提交审批', en: 'Submit' },
  cancel: { zh: '取消', en: 'Cancel' },
  amountRequired: { zh: '请输入退还金额', en: 'Enter the amount' },
  dateRequired: { zh: '请选择退还日期', en: 'Choose the date' },
  newAmount: { zh: '新保证金金额', en: 'New amount' },
  newAmountRequired: { zh: '请输入保证金金额', en: 'Enter the amount' },
  payDateRequired: { zh: '请选择缴纳日期', en: 'Choose the date' },
  expectedRequired: { zh: '请选择预计退还日期', en: 'Choose the date' },
  approval: { zh: '审批状态', en: 'Approval' },
  batchHint: { zh: '所选保证金按可退金额全部退还,一个审批流程', en: 'Each deposit is refunded in full, in one approval' },
};

const f = depositEntity.fields;
const rf = depositRefundEntity.fields;
/** What is left of a deposit by its approved refunds. */
const leftOf = (row: Row) => subtractMoney(String(row.amount ?? '0'), String(row.refundedAmount ?? '0'));
/** An approved deposit with money still out and not replaced. */
const open = (row: Row) => Number(row.status) === APPROVAL_STATUS.approved && Number(row.refundStatus) !== DEPOSIT_REFUND_STATUS.full && !row.replacedById;
const received = (row: Row) => Number(row.direction) === DEPOSIT_DIRECTION.received;

type Action = { kind: 'refund' | 'return' | 'replace'; row: Row; reload: () => Promise<void> };

/** 退还 / 退还投标人 / 替换 of one deposit. */
function ActionDialog({ action, onClose }: { action: Action | null; onClose: () => void }) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, string | undefined>>();
  const [saving, setSaving] = useState(false);
  const row = action?.row;
  const replace = action?.kind === 'replace';
  const submit = async () => {
    let values: Record<string, string | undefined>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!action || !row) return;
    setSaving(true);
    try {
      if (action.kind === 'replace')
        await replaceDeposit({
          replacesId: row.id,
          depositType: row.depositType,
          direction: row.direction,
          projectId: row.projectId,
          payeeName: row.payeeName,
          payeeAccountNumber: row.payeeAccountNumber,
          beneficiaryAccountBank: row.beneficiaryAccountBank,
          ...values,
        });
      else if (action.kind === 'return') await returnAttract({ depositId: row.id, ...values });
      else await startRefund({ depositId: row.id, ...values });
      void message.success(label(T.started));
      void action.reload();
      onClose();
    } catch {
      // The API client has shown the server's reason (退还金额不能大于已缴金额 …).
    } finally {
      setSaving(false);
    }
  };
  const title = action ? label(action.kind === 'replace' ? T.replace : action.kind === 'return' ? T.returnBidder : T.refund) : '';
  return (
    <Modal
      open={action !== null}
      title={`${title} - ${String(row?.projectName ?? '')}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={label(T.submit)}
      cancelText={label(T.cancel)}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'deposit-action-submit' } as never}
      destroyOnHidden
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={label(T.paid)}>
          <MoneyText value={String(row?.amount ?? '0')} hideUpper />
        </Descriptions.Item>
        <Descriptions.Item label={label(T.left)}>
          <MoneyText value={row ? leftOf(row) : '0'} hideUpper testId="deposit-action-left" />
        </Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          replace
            ? { payDate: dayjs().format(DATE), accountInfoId: row?.accountInfoId }
            : { refundAmount: row ? leftOf(row) : undefined, refundDate: dayjs().format(DATE), accountInfoId: row?.accountInfoId }
        }
      >
        {replace ? (
          <>
            <Form.Item name="amount" label={label(T.newAmount)} rules={[{ required: true, message: label(T.newAmountRequired) }]}>
              <MoneyInput testId="deposit-action-amount" />
            </Form.Item>
            <Form.Item name="payDate" label={label(f.payDate.label)} rules={[{ required: true, message: label(T.payDateRequired) }]} {...DATE_VALUE}>
              <DatePicker style={{ width: '100%' }} data-testid="deposit-action-pay-date" />
            </Form.Item>
            <Form.Item
              name="expectedRefundDate"
              label={label(f.expectedRefundDate.label)}
              rules={[{ required: true, message: label(T.expectedRequired) }]}
              {...DATE_VALUE}
            >
              <DatePicker style={{ width: '100%' }} data-testid="deposit-action-expected" />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="refundAmount" label={label(rf.refundAmount.label)} rules={[{ required: true, message: label(T.amountRequired) }]}>
              <MoneyInput testId="deposit-action-amount" />
            </Form.Item>
            <Form.Item name="refundDate" label={label(rf.refundDate.label)} rules={[{ required: true, message: label(T.dateRequired) }]} {...DATE_VALUE}>
              <DatePicker style={{ width: '100%' }} data-testid="deposit-action-date" />
            </Form.Item>
          </>
        )}
        <Form.Item name="accountInfoId" label={label(rf.accountInfoId.label)}>
          <AccountPickerInput name={String(row?.accountName ?? '')} testId="deposit-action-account" />
        </Form.Item>
        <Form.Item name="remark" label={label(rf.remark.label)}>
          <Input.TextArea rows={2} maxLength={500} data-testid="deposit-action-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 批量退还: deposits of the tab's type with money still out — the list's selected ones to begin with (approved rows
 * cannot be selected in approval mode, so the dialog offers them itself) —, each refunded in full, in one approval.
 */
function BatchDialog({ batch, onClose }: { batch: { type?: string; ctx: CrudPageContext } | null; onClose: () => void }) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ refundDate?: string; depositIds?: string[] }>();
  const [saving, setSaving] = useState(false);
  const choices = useQuery({ ...refundableDepositsQuery(), enabled: batch !== null });
  const options = (choices.data?.records ?? [])
    .filter((d) => open(d) && !received(d) && (!batch?.type || String(d.depositType) === batch.type))
    .map((d) => ({ value: String(d.id), label: depositLabel(d) }));
  const submit = async () => {
    let values: { refundDate?: string; depositIds?: string[] };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!batch) return;
    setSaving(true);
    try {
      await startBatchRefund((values.depositIds ?? []).map((depositId) => ({ depositId, refundDate: values.refundDate })));
      void message.success(label(T.started));
      batch.ctx.setSelected([]);
      void batch.ctx.reload();
      onClose();
    } catch {
      // The server's reason is shown (退还金额不能大于已缴金额, 只能退还已缴纳(审批通过)的保证金 …).
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={batch !== null}
      title={label(T.batch)}
      width={720}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={label(T.submit)}
      cancelText={label(T.cancel)}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'deposit-batch-submit' } as never}
      destroyOnHidden
    >
      <p>{label(T.batchHint)}</p>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ refundDate: dayjs().format(DATE), depositIds: batch?.ctx.selected ?? [] }}>
        <Form.Item name="depositIds" label={label(T.deposits)} rules={[{ required: true, message: label(T.chooseRows) }]}>
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="label"
            loading={choices.isPending}
            options={options}
            placeholder={label(T.chooseRows)}
            data-testid="deposit-batch-deposits"
          />
        </Form.Item>
        <Form.Item name="refundDate" label={label(rf.refundDate.label)} rules={[{ required: true, message: label(T.dateRequired) }]} {...DATE_VALUE}>
          <DatePicker style={{ width: '100%' }} data-testid="deposit-batch-date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A deposit's refunds (退还记录, the drawer's 保证金退还详情 too). */
export function RefundHistory({ depositId }: { depositId: string | null }) {
  const label = useLabel();
  const q = useQuery(refundHistoryQuery(depositId));
  const h = q.data;
  return (
    <>
      <Descriptions size="small" column={4} style={{ marginBottom: 12 }} data-testid="refund-history-sums">
        <Descriptions.Item label={label(T.paid)}>{moneyText(h?.paid ?? '0')}</Descriptions.Item>
        <Descriptions.Item label={label(T.refunded)}>
          <span data-testid="refund-history-refunded">{moneyText(h?.refunded ?? '0')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={label(T.refunding)}>{moneyText(h?.refunding ?? '0')}</Descriptions.Item>
        <Descriptions.Item label={label(T.left)}>{moneyText(h?.remaining ?? '0')}</Descriptions.Item>
      </Descriptions>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={h?.records ?? []}
        pagination={false}
        data-testid="refund-history"
        columns={[
          { key: 'refundDate', dataIndex: 'refundDate', title: label(rf.refundDate.label), width: 120 },
          {
            key: 'refundAmount',
            dataIndex: 'refundAmount',
            title: label(rf.refundAmount.label),
            align: 'right',
            render: (v: unknown) => moneyText(v as string),
          },
          { key: 'accountName', dataIndex: 'accountName', title: label(rf.accountInfoId.label) },
          {
            key: 'status',
            dataIndex: 'status',
            title: label(T.approval),
            width: 100,
            render: (v: unknown, r: Row) => <ApprovalStatusTag status={v} isDraft={r.isDraft} />,
          },
          { key: 'remark', dataIndex: 'remark', title: label(rf.remark.label), ellipsis: true },
        ]}
      />
    </>
  );
}

function DepositList({ type }: { type?: string }) {
  const label = useLabel();
  const [action, setAction] = useState<Action | null>(null);
  const [batch, setBatch] = useState<{ type?: string; ctx: CrudPageContext } | null>(null);
  const [shown, setShown] = useState<Row | null>(null);
  const act = (kind: Action['kind'], row: Row, ctx: CrudPageContext, code: string, testId: string, text: typeof T.refund) => (
    <Permit code={code}>
      <Button type="link" size="small" onClick={() => setAction({ kind, row, reload: ctx.reload })} data-testid={`${testId}-${row.id}`}>
        {label(text)}
      </Button>
    </Permit>
  );
  return (
    <>
      <CrudPage
        def={depositEntity}
        testId={`deposit-list-${type ?? 'all'}`}
        fixed={type ? { depositType: type } : undefined}
        actionWidth={420}
        toolbar={(ctx) => (
          <Permit code={DEPOSIT_CODES.refundAdd}>
            <Button onClick={() => setBatch({ type, ctx })} data-testid="deposit-batch-refund">
              {label(T.batch)}
            </Button>
          </Permit>
        )}
        rowActions={(row, ctx) => (
          <>
            {open(row) && !received(row) && act('refund', row, ctx, DEPOSIT_CODES.refundAdd, 'deposit-refund', T.refund)}
            {open(row) && received(row) && act('return', row, ctx, DEPOSIT_CODES.returnAttract, 'deposit-return', T.returnBidder)}
            {open(row) && !received(row) && act('replace', row, ctx, DEPOSIT_CODES.replace, 'deposit-replace', T.replace)}
            {Number(row.status) === APPROVAL_STATUS.approved && (
              <Button type="link" size="small" onClick={() => setShown(row)} data-testid={`deposit-history-${row.id}`}>
                {label(T.history)}
              </Button>
            )}
          </>
        )}
      />
      <ActionDialog action={action} onClose={() => setAction(null)} />
      <BatchDialog batch={batch} onClose={() => setBatch(null)} />
      <Drawer
        open={shown !== null}
        size={800}
        title={`${label(T.history)} - ${String(shown?.projectName ?? '')}`}
        onClose={() => setShown(null)}
        destroyOnHidden
      >
        <RefundHistory depositId={shown ? String(shown.id) : null} />
      </Drawer>
    </>
  );
}

export default function DepositPage() {
  const label = useLabel();
  return (
    <Tabs
      destroyOnHidden
      data-testid="deposit-tabs"
      items={[
        { key: 'all', label: label(T.all), children: <DepositList /> },
        ...Object.entries(DEPOSIT_TYPES).map(([key, name]) => ({ key, label: label(name), children: <DepositList type={key} /> })),
      ]}
    />
  );
}
