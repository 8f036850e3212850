/**
 * The expense claim on a process screen (handle and detail of 费用报销): its status, fields and lines. A step form
 * (the payment information finance fills at its node) shows below it.
 */
import { applyExpenseEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Flex, Spin } from 'antd';
import { useLabel } from '../../app/i18n';
import { RecordDetails } from '../../components/ApprovalDrawer';
import { ApprovalStatusTag } from '../../components/ApprovalStatusTag';
import { claimDetailQuery } from './api';
import { ClaimLinesTable } from './ClaimDialog';
import { FIN } from './labels';

/** The id of the record an instance is about, from its business key `<table>:<id>` (or a bare id). */
export const businessIdOf = (businessKey: string | null | undefined) => (businessKey ? /(?:^|:)(\d+)$/.exec(businessKey)?.[1] : undefined);

const T = { status: { zh: '审批状态', en: 'Approval status' }, missing: { zh: '未找到业务单据', en: 'The record was not found' } };

/** What a process screen gives a record view (features/workflow/process FormRecordProps, structurally). */
export interface ProcessRecordProps {
  detail: { process: { businessKey?: string | null } };
}

export default function ClaimRecord({ detail }: ProcessRecordProps) {
  const label = useLabel();
  const id = businessIdOf(detail.process.businessKey) ?? null;
  const record = useQuery({ ...claimDetailQuery(id), gcTime: 5 * 60_000 });
  if (!id) return <Empty description={label(T.missing)} />;
  if (record.isError) return <Empty description={record.error.message} />;
  if (!record.data) return <Spin />;
  return (
    <Flex vertical gap={12} data-testid="wf-record">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={label(T.status)}>
          <ApprovalStatusTag status={record.data.status} isDraft={record.data.isDraft} testId="wf-record-status" />
        </Descriptions.Item>
      </Descriptions>
      <RecordDetails def={applyExpenseEntity} record={record.data} testId="wf-record-fields" />
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={label(FIN.lines)}>{null}</Descriptions.Item>
      </Descriptions>
      <ClaimLinesTable lines={record.data.lines ?? []} />
    </Flex>
  );
}
