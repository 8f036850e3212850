/**
 * A trip's or a purchase's record with its lines: on the process screens (handle and detail, e.g. an approver's
 * 待办) and as the 基本信息 of the approval drawer (审批详情). The record is read by its id (the business key
 * `<table>:<id>` of the instance, or the drawer's row).
 */
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Flex, Spin } from 'antd';
import { useLabel } from '../../app/i18n';
import { RecordDetails, type ApprovalViewProps } from '../../components/ApprovalDrawer';
import { ApprovalStatusTag } from '../../components/ApprovalStatusTag';
import { withLinesQuery } from './api';
import { EVECTION, SHOPPING, type OfficeKind } from './kinds';
import { OfficeLinesTable } from './LinesForm';
import { OFFICE } from './labels';

/** The id of the record an instance is about, from its business key `<table>:<id>` (or a bare id). */
export const businessIdOf = (businessKey: string | null | undefined) => (businessKey ? /(?:^|:)(\d+)$/.exec(businessKey)?.[1] : undefined);

/** What a process screen gives a record view (features/workflow/process FormRecordProps, structurally). */
interface ProcessRecordProps {
  detail: { process: { businessKey?: string | null } };
}

function OfficeRecord({ kind, id, status = true }: { kind: OfficeKind; id: string | null; status?: boolean }) {
  const label = useLabel();
  const record = useQuery({ ...withLinesQuery(kind.def, id), gcTime: 5 * 60_000 });
  if (!id) return <Empty description={label(OFFICE.recordMissing)} />;
  if (record.isError) return <Empty description={record.error.message} />;
  if (!record.data) return <Spin />;
  return (
    <Flex vertical gap={12} data-testid="wf-record">
      {status && (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={label(OFFICE.status)}>
            <ApprovalStatusTag status={record.data.status} isDraft={record.data.isDraft} testId="wf-record-status" />
          </Descriptions.Item>
        </Descriptions>
      )}
      <RecordDetails def={kind.def} record={record.data} testId="wf-record-fields" />
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={label(kind.texts.lines)}>{null}</Descriptions.Item>
      </Descriptions>
      <OfficeLinesTable kind={kind} lines={record.data.lines ?? []} />
    </Flex>
  );
}

export const EvectionRecord = ({ detail }: ProcessRecordProps) => <OfficeRecord kind={EVECTION} id={businessIdOf(detail.process.businessKey) ?? null} />;
export const ShoppingRecord = ({ detail }: ProcessRecordProps) => <OfficeRecord kind={SHOPPING} id={businessIdOf(detail.process.businessKey) ?? null} />;
/** 基本信息 of the approval drawer. */
export const EvectionDrawerView = ({ record }: ApprovalViewProps) => <OfficeRecord kind={EVECTION} id={record.id} status={false} />;
export const ShoppingDrawerView = ({ record }: ApprovalViewProps) => <OfficeRecord kind={SHOPPING} id={record.id} status={false} />;
