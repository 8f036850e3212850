/**
 * The handle / detail screen of a process: its summary, the form (the node's field permissions when the user
 * holds the task, read only otherwise) or the business form of the process (formRegistry.ts: its record view and
 * the step form of the task's node, whose values go with 同意), the start's attachments, the history timeline and
 * the approval panel.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Card, Descriptions, Empty, Flex, Form, Result, Spin, Tag } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { useLabel } from '../../../app/i18n';
import { Attachments, type FileItem } from '../../../components/Attachments';
import { DynamicForm } from '../../../components/DynamicForm';
import { WorkflowTimeline } from '../../../components/WorkflowTimeline';
import { ApprovalPanel } from './ApprovalPanel';
import { formErrors, JOIN } from './formErrors';
import { formOfDetail, type FormMatch } from './formRegistry';
import { L } from './labels';
import { RecordView } from './RecordView';
import { formColumns, processDetailQuery, type ProcessDetail } from './api';

export interface ProcessViewProps {
  taskId?: string;
  processInsId?: string;
  /** Replaces the form (e.g. the leave record); default: the dynamic form, or the external form's record. */
  body?: (detail: ProcessDetail) => ReactNode;
  /** The business form the address named (a form url with its step), when opened at one. */
  hint?: FormMatch;
}

type Collect = () => Promise<Record<string, unknown>>;

export function ProcessView({ taskId, processInsId, body, hint }: ProcessViewProps) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [stepCollect, setStepCollect] = useState<Collect | undefined>(undefined);
  const query = useQuery(processDetailQuery(taskId, processInsId));
  if (query.isError) return <Result status="warning" title={query.error.message} data-testid="wf-detail-error" />;
  if (!query.data) return <Spin data-testid="wf-detail-loading" />;

  const detail = query.data;
  const { process } = detail;
  const columns = formColumns(detail.form.content);
  const holding = detail.isHolder && !!process.taskDefinitionKey;
  const place = holding ? { nodeId: process.taskDefinitionKey, nodeFields: detail.fields } : { readOnly: true };
  const business = formOfDetail(detail, hint);
  const RecordPart = business ? (business.form.record ?? (business.form.def ? RecordView : undefined)) : undefined;
  const StepPart = business?.step ? business.form.steps?.[business.step] : undefined;
  const startFiles = detail.form.variables.attachment;

  const collectVariables = StepPart
    ? holding
      ? stepCollect
      : undefined
    : holding && columns.length
      ? async () => {
          const errors = await formErrors(form);
          if (errors.length) {
            void message.error(errors.join(JOIN));
            throw new Error(errors.join(JOIN));
          }
          return form.getFieldsValue() as Record<string, unknown>;
        }
      : undefined;

  const formPart = body ? (
    body(detail)
  ) : RecordPart || StepPart ? (
    <Suspense fallback={<Spin />}>
      <Flex vertical gap={16}>
        {RecordPart && <RecordPart detail={detail} form={business!.form} />}
        {StepPart && (
          <StepPart
            key={`${process.taskId ?? ''}-${String(query.dataUpdatedAt)}`}
            detail={detail}
            form={business!.form}
            holding={holding}
            onCollect={(collect) => setStepCollect(() => collect)}
          />
        )}
      </Flex>
    </Suspense>
  ) : columns.length ? (
    <DynamicForm
      key={`${process.taskId ?? ''}-${String(query.dataUpdatedAt)}`}
      columns={columns}
      form={form}
      place={place}
      initialValues={detail.form.variables}
    />
  ) : (
    <Empty description={label(L.noForm)} />
  );

  return (
    <Flex vertical gap={16} data-testid="wf-process-view">
      <Card title={process.title || process.processDefinitionName} data-testid="wf-process-summary">
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={label(L.processName)}>{process.processDefinitionName}</Descriptions.Item>
          <Descriptions.Item label={label(L.serialNumber)}>{process.serialNumber}</Descriptions.Item>
          <Descriptions.Item label={label(L.applicant)}>{process.startUserName}</Descriptions.Item>
          <Descriptions.Item label={label(L.applyTime)}>{process.createTime}</Descriptions.Item>
          <Descriptions.Item label={label(L.currentTask)}>
            {process.endTime ? (
              <Tag color="default">{label(L.finished)}</Tag>
            ) : process.taskName ? (
              <Tag color="blue" data-testid="wf-current-task">
                {process.taskName}
              </Tag>
            ) : null}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={label(L.form)}>
        {formPart}
        {Array.isArray(startFiles) && startFiles.length > 0 && (
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={label(L.attachments)}>
              <Attachments value={startFiles as FileItem[]} mode="view" testId="wf-start-files" />
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <ApprovalPanel detail={detail} collectVariables={collectVariables} onChanged={() => void query.refetch()} />
      <Card title={label(L.history)} data-testid="wf-history">
        <WorkflowTimeline flow={detail.flow} />
      </Card>
    </Flex>
  );
}
