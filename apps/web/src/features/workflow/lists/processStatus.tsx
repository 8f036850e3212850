/**
 * The status of a process instance as the lists show it: `processIsFinished` of the list rows is the engine's
 * instance status (unfinished, finished, reject, terminate, withdraw, deleted), and a suspended instance says so.
 */
import type { Label } from '@hjl/core';
import { Tag } from 'antd';
import { useLabel } from '../../../app/i18n';

const LOOKS: Record<string, { label: Label; color: string }> = {
  unfinished: { label: { zh: '审批中', en: 'Running' }, color: 'processing' },
  finished: { label: { zh: '已办结', en: 'Finished' }, color: 'success' },
  reject: { label: { zh: '已驳回', en: 'Rejected' }, color: 'error' },
  terminate: { label: { zh: '已终止', en: 'Terminated' }, color: 'error' },
  withdraw: { label: { zh: '已撤回', en: 'Withdrawn' }, color: 'warning' },
  deleted: { label: { zh: '已删除', en: 'Deleted' }, color: 'default' },
};
const SUSPENDED = { label: { zh: '已挂起', en: 'Suspended' }, color: 'orange' };

/** Whether the row's instance still runs (a rejected one may wait at its start node for the applicant). */
export const isRunning = (row: { processEndTime?: unknown }) => !row.processEndTime;

export function ProcessStatusTag({ row }: { row: { processIsFinished?: unknown; suspended?: unknown; processEndTime?: unknown } }) {
  const label = useLabel();
  const status = String(row.processIsFinished ?? '-');
  const look = row.suspended === true && isRunning(row) ? SUSPENDED : (LOOKS[status] ?? { label: { zh: status, en: status }, color: 'default' });
  return (
    <Tag color={look.color} data-testid="process-status">
      {label(look.label)}
    </Tag>
  );
}
