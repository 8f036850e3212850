/**
 * The deposit views of the approval detail drawer (S2 L252-259, BUSINESS.md WP5), registered by process key with the
 * form entries (app/processForms.tsx):
 * - hjl_apply_guarantee_money / hjl_apply_replace_guarantee_money (a deposit, and one replacing another): 付款详情 —
 *   the deposit as paid and its refunds, then the approval detail and history;
 * - hjl_refund_guarantee_money (a refund): 付款详情 of the deposit it refunds, then the approval detail;
 * - hjl_refund_replace_guarantee_money (the refund a replacement made): 保证金退还详情 with the two records — the
 *   replaced deposit and the new one — chosen by a radio.
 * The drawer shows these tabs only for an approved record (status 2).
 */
import { depositEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Radio, Skeleton } from 'antd';
import { useState } from 'react';
import { useLabel } from '../../app/i18n';
import { ApprovalDetail, RecordDetails, type ApprovalViewProps } from '../../components/ApprovalDrawer';
import { depositDetailQuery } from './api';
import { RefundHistory } from './DepositPage';

const T = {
  old: { zh: '原保证金', en: 'Replaced deposit' },
  replacement: { zh: '新保证金', en: 'New deposit' },
};

/** A deposit by id: its fields as paid. */
function DepositRecord({ id, testId }: { id: string | null; testId: string }) {
  const q = useQuery(depositDetailQuery(id));
  if (!id || q.isError) return <Empty />;
  if (!q.data) return <Skeleton active />;
  return <RecordDetails def={depositEntity} record={q.data} testId={testId} />;
}

/** 付款详情 of a deposit: as paid, its refunds, the approval. */
export function DepositPaymentView({ record, api }: ApprovalViewProps) {
  return (
    <Flex vertical gap={16} data-testid="deposit-payment-detail">
      <RecordDetails def={depositEntity} record={record} testId="deposit-payment-record" />
      <RefundHistory depositId={String(record.id)} />
      <ApprovalDetail record={record} api={api} />
    </Flex>
  );
}

/** 付款详情 of a refund: the deposit it refunds, as paid, then the refund's approval. */
export function RefundPaymentView({ record, api }: ApprovalViewProps) {
  return (
    <Flex vertical gap={16} data-testid="refund-payment-detail">
      <DepositRecord id={record.depositId ? String(record.depositId) : null} testId="refund-deposit-record" />
      <ApprovalDetail record={record} api={api} />
    </Flex>
  );
}

/** 保证金退还详情 of a replacement's refund: the replaced deposit and the new one, one at a time by a radio. */
export function ReplaceRefundView({ record }: ApprovalViewProps) {
  const label = useLabel();
  const [which, setWhich] = useState<'old' | 'replacement'>('old');
  const id = which === 'old' ? record.depositId : record.replacementId;
  return (
    <Flex vertical gap={12} data-testid="replace-refund-detail">
      <Radio.Group
        optionType="button"
        value={which}
        onChange={(e) => setWhich(e.target.value as 'old' | 'replacement')}
        options={[
          { value: 'old', label: label(T.old) },
          { value: 'replacement', label: label(T.replacement) },
        ]}
        data-testid="replace-refund-radio"
      />
      <DepositRecord key={which} id={id ? String(id) : null} testId={`replace-refund-${which}`} />
    </Flex>
  );
}
