/** A leave request, read only (the handle and detail screens of the leave process show it instead of a form). */
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Spin } from 'antd';
import { useDict } from '../../../app/dict';
import { useLabel } from '../../../app/i18n';
import { ApprovalStatusTag } from '../../../components/ApprovalStatusTag';
import type { FormRecordProps } from '../process/formTypes';
import { LEAVE_TYPE_DICT, leaveRecordQuery } from './api';
import { LL } from './labels';

export interface LeaveRecordProps extends Partial<FormRecordProps> {
  /** The record's id (the leave pages' address); else the record of the detail's process. */
  businessId?: string;
}

export default function LeaveRecord({ detail, businessId }: LeaveRecordProps) {
  const label = useLabel();
  const types = useDict(LEAVE_TYPE_DICT);
  const by = businessId ? { id: businessId } : { processInstanceId: detail?.process.processInstanceId };
  const query = useQuery(leaveRecordQuery(by));
  if (query.isError) return <Empty description={query.error.message} />;
  if (!query.data) return <Spin />;
  const r = query.data;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="leave-record" title={label(LL.record)}>
      <Descriptions.Item label={label(LL.applicant)}>{r.applyUserName}</Descriptions.Item>
      <Descriptions.Item label={label(LL.status)}>
        <ApprovalStatusTag status={r.status} processInstanceId={r.processInstanceId} />
      </Descriptions.Item>
      <Descriptions.Item label={label(LL.leaveType)}>{types.find((t) => t.dictKey === String(r.leaveType))?.dictValue ?? r.leaveType}</Descriptions.Item>
      <Descriptions.Item label={label(LL.days)}>{r.days}</Descriptions.Item>
      <Descriptions.Item label={label(LL.startTime)}>{r.startTime}</Descriptions.Item>
      <Descriptions.Item label={label(LL.endTime)}>{r.endTime}</Descriptions.Item>
      <Descriptions.Item label={label(LL.approver)}>{r.taskUserName}</Descriptions.Item>
      <Descriptions.Item label={label(LL.reason)} span={2}>
        {r.reason}
      </Descriptions.Item>
    </Descriptions>
  );
}
