/**
 * The labour fee on a process screen (handle and detail of 劳务费申请 and 劳务费发放): its status, fields and
 * persons with their gross, tax withheld and net.
 */
import { labourFeeEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Flex, Spin } from 'antd';
import { useLabel } from '../../app/i18n';
import { RecordDetails } from '../../components/ApprovalDrawer';
import { ApprovalStatusTag } from '../../components/ApprovalStatusTag';
import { labourDetailQuery } from './api';
import { LabourPersonsTable } from './LabourPage';

/** The id of the record an instance is about, from its business key `<table>:<id>`. */
const businessIdOf = (businessKey: string | null | undefined) => (businessKey ? /(?:^|:)(\d+)$/.exec(businessKey)?.[1] : undefined);

const T = {
  status: { zh: '审批状态', en: 'Approval status' },
  missing: { zh: '未找到业务单据', en: 'The record was not found' },
  persons: { zh: '发放人员', en: 'Persons' },
};

export default function LabourRecord({ detail }: { detail: { process: { businessKey?: string | null } } }) {
  const label = useLabel();
  const id = businessIdOf(detail.process.businessKey) ?? null;
  const record = useQuery({ ...labourDetailQuery(id), gcTime: 5 * 60_000 });
  if (!id) return <Empty description={label(T.missing)} />;
  if (record.isError) return <Empty description={record.error.message} />;
  if (!record.data) return <Spin />;
  return (
    <Flex vertical gap={12} data-testid="wf-record">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={label(T.status)}>
          <ApprovalStatusTag status={record.data.status as number} isDraft={record.data.isDraft as number} testId="wf-record-status" />
        </Descriptions.Item>
      </Descriptions>
      <RecordDetails def={labourFeeEntity} record={record.data} testId="wf-record-fields" />
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={label(T.persons)}>{null}</Descriptions.Item>
      </Descriptions>
      <LabourPersonsTable persons={record.data.persons ?? []} />
    </Flex>
  );
}
