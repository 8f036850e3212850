/**
 * The finance views of the approval detail drawer (S2 L252-259, BUSINESS.md WP4), registered by process key with the
 * form entries (app/processForms.tsx):
 * - 付款详情 of an application paid with the payment information (付款申请, 费用报销, 借款): how it was paid — method,
 *   date, reference, payer, account — then the approval detail and history;
 * - 还款详情 of a loan and of a repayment: the loan's repayments (return-money/{id}).
 * The drawer shows these tabs only for an approved record (status 2).
 */
import { dictKeyOf, lendMoneyEntity, PAY_STATUS } from '@hjl/core';
import { Descriptions, Flex, Tag } from 'antd';
import { dictLabel, useDict } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { ApprovalDetail, type ApprovalViewProps } from '../../components/ApprovalDrawer';
import { MoneyText } from '../../components/MoneyText';
import { RepaymentsTable } from './LendPage';

const f = lendMoneyEntity.fields;
const T = {
  paid: { zh: '已付款', en: 'Paid' },
  unpaid: { zh: '未付款', en: 'Unpaid' },
  lend: { zh: '借款金额', en: 'Loan' },
};

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

/** 付款详情: the payment information the cashier filled, then the approval detail and its history. */
export function PaymentDetailView({ record, api }: ApprovalViewProps) {
  const label = useLabel();
  const methods = useDict(dictKeyOf(f.expenseType));
  const paid = Number(record.payStatus) === PAY_STATUS.paid;
  // The amount paid: the detail form's money, else the application's own amount (claim total, request, loan).
  const amount = [record.money, record.totalAmount, record.amount, record.lendAmount].find((v) => v !== undefined && v !== null);
  return (
    <Flex vertical gap={16} data-testid="payment-detail">
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={label(f.payStatus.label)}>
          <Tag color={paid ? 'green' : 'default'} data-testid="payment-detail-status">
            {label(paid ? T.paid : T.unpaid)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={label(f.payTime.label)}>{text(record.payTime)}</Descriptions.Item>
        <Descriptions.Item label={label(f.expenseType.label)}>{dictLabel(methods, record.expenseType) || '-'}</Descriptions.Item>
        <Descriptions.Item label={label(f.transactionDate.label)}>{text(record.transactionDate)}</Descriptions.Item>
        <Descriptions.Item label={label(f.transactionReferenceNumber.label)} span={2}>
          <span data-testid="payment-detail-reference">{text(record.transactionReferenceNumber)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={label(f.payerName.label)}>{text(record.payerName)}</Descriptions.Item>
        <Descriptions.Item label={label(f.debitAccountNo.label)}>{text(record.debitAccountNo)}</Descriptions.Item>
        <Descriptions.Item label={label(f.payerAccountBank.label)}>{text(record.payerAccountBank)}</Descriptions.Item>
        <Descriptions.Item label={label(f.accountInfoId.label)}>{text(record.accountName ?? record.accountNum)}</Descriptions.Item>
        {amount !== undefined && (
          <Descriptions.Item label={label({ zh: '付款金额', en: 'Amount' })} span={2}>
            <MoneyText value={amount as string | null} testId="payment-detail-money" />
          </Descriptions.Item>
        )}
      </Descriptions>
      <ApprovalDetail record={record} api={api} />
    </Flex>
  );
}

/** 还款详情 of a loan: its repayments. */
export function LoanRepaymentsView({ record }: ApprovalViewProps) {
  return <RepaymentsTable lendId={record.id} />;
}

/** 还款详情 of a repayment: the repayments of its loan. */
export function RepaymentRepaymentsView({ record }: ApprovalViewProps) {
  return <RepaymentsTable lendId={record.lendId ? String(record.lendId) : null} />;
}
