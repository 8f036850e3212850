/**
 * The record of a business form on the handle and detail screens, when its area gives no view of its own: the
 * record the instance is about (business key `<table>:<id>`), read with the definition's detail call (open to the
 * people in its process), its approval status and its fields.
 */
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Flex, Spin } from 'antd';
import { useLabel } from '../../../app/i18n';
import { RecordDetails } from '../../../components/ApprovalDrawer';
import { ApprovalStatusTag } from '../../../components/ApprovalStatusTag';
import { recordIdOf } from './formRegistry';
import type { FormRecordProps } from './formTypes';
import { formRecordQuery } from './api';

const T = {
  status: { zh: '审批状态', en: 'Approval status' },
  missing: { zh: '未找到业务单据', en: 'The record was not found' },
};

export function RecordView({ detail, form }: FormRecordProps) {
  const label = useLabel();
  const def = form?.def;
  const id = recordIdOf(detail.process.businessKey);
  const record = useQuery(formRecordQuery(def, id ?? undefined));
  if (!def || !id) return <Empty description={label(T.missing)} />;
  if (record.isError) return <Empty description={record.error.message} />;
  if (!record.data) return <Spin />;
  return (
    <Flex vertical gap={12} data-testid="wf-record">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={label(T.status)}>
          <ApprovalStatusTag status={record.data.status} isDraft={record.data.isDraft} testId="wf-record-status" />
        </Descriptions.Item>
      </Descriptions>
      <RecordDetails def={def} record={record.data} testId="wf-record-fields" />
    </Flex>
  );
}
