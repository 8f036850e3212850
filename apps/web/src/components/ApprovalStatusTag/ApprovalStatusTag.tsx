/**
 * Approval status of a record (spec 2 section 4): 1 under approval, 2 approved, 3 rejected, 6 withdrawn,
 * anything else not yet started; a draft flag of 2 shows a dash instead of the tag. Given the record's
 * `processInstanceId`, the tag is a button that opens the 流转信息 drawer: the diagram with the current node,
 * who holds it, and the history (S2 L114). With `onClick` the caller decides what a click does.
 */
import { APPROVAL_STATUS, type Label } from '@hjl/core';
import { Tag } from 'antd';
import { useState } from 'react';
import { useLabel } from '../../app/i18n';
import { CirculationDrawer } from '../CirculationDrawer';

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
  /** The record's process instance (a row's value as read): a click opens its 流转信息 drawer (unless `onClick` is given). */
  processInstanceId?: unknown;
  testId?: string;
}

export function ApprovalStatusTag({ status, isDraft, onClick, processInstanceId: instance, testId = 'approval-status' }: ApprovalStatusTagProps) {
  const label = useLabel();
  const processInstanceId = instance === undefined || instance === null || instance === '' ? null : String(instance);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer is mounted from the first click on (a list has a tag per row).
  const [opened, setOpened] = useState(false);
  if (Number(isDraft) === DRAFT_DASH) return <span data-testid={testId}>-</span>;
  const look = approvalLook(status);
  const click =
    onClick ??
    (processInstanceId
      ? () => {
          setOpened(true);
          setDrawerOpen(true);
        }
      : undefined);
  const tag = (
    <Tag color={look.color} data-testid={testId} onClick={click} role={click ? 'button' : undefined} style={click ? { cursor: 'pointer' } : undefined}>
      {label(look.label)}
    </Tag>
  );
  if (!processInstanceId) return tag;
  return (
    <>
      {tag}
      {opened && <CirculationDrawer processInstanceId={drawerOpen ? processInstanceId : null} onClose={() => setDrawerOpen(false)} />}
    </>
  );
}
