/**
 * Approval status of a record (spec 2 section 4): 1 under approval, 2 approved, 3 rejected, 6 withdrawn,
 * anything else not yet started; a draft flag of 2 shows a dash instead of the tag. With `onClick` the tag
 * is a button (a list opens the current node's diagram and the circulation drawer from it); with only
 * `processInstanceId` a click opens that process's flow chart (流程图展示).
 */
import { APPROVAL_STATUS, type Label } from '@hjl/core';
import { Tag } from 'antd';
import { useState } from 'react';
import { useLabel } from '../../app/i18n';
import { FlowChartDialog } from '../FlowChartDialog';

interface StatusLook {
  label: Label;
  color: string;
}

const LOOKS: Record<number, StatusLook> = {
  [APPROVAL_STATUS.approving]: { label: { zh: '审批中', en: 'Under approval' }, color: 'processing' },
  [APPROVAL_STATUS.approved]: { label: { zh: '审批通过', en: 'Approved' }, color: 'success' },
  [APPROVAL_STATUS.rejected]: { label: { zh: '审批驳回', en: 'Rejected' }, color: 'error' },
  [APPROVAL_STATUS.withdrawn]: { label: { zh: '已撤回', en: 'Withdrawn' }, color: 'warning' },
};
const NOT_STARTED: StatusLook = { label: { zh: '未发起', en: 'Not started' }, color: 'default' };

/** The draft flag value that shows a dash. */
export const DRAFT_DASH = 2;

/** How a status value is shown (unknown and empty values are "not started"). */
export function approvalLook(status: unknown): StatusLook {
  return LOOKS[Number(status)] ?? NOT_STARTED;
}

export interface ApprovalStatusTagProps {
  status: unknown;
  isDraft?: unknown;
  onClick?: () => void;
  /** The record's process instance: a click shows its flow chart (unless `onClick` is given). */
  processInstanceId?: string | null;
  testId?: string;
}

export function ApprovalStatusTag({ status, isDraft, onClick, processInstanceId, testId = 'approval-status' }: ApprovalStatusTagProps) {
  const label = useLabel();
  const [chartOpen, setChartOpen] = useState(false);
  if (Number(isDraft) === DRAFT_DASH) return <span data-testid={testId}>-</span>;
  const look = approvalLook(status);
  const click = onClick ?? (processInstanceId ? () => setChartOpen(true) : undefined);
  const tag = (
    <Tag color={look.color} data-testid={testId} onClick={click} role={click ? 'button' : undefined} style={click ? { cursor: 'pointer' } : undefined}>
      {label(look.label)}
    </Tag>
  );
  if (!processInstanceId) return tag;
  return (
    <>
      {tag}
      {chartOpen && <FlowChartDialog processInstanceId={processInstanceId} onClose={() => setChartOpen(false)} />}
    </>
  );
}
