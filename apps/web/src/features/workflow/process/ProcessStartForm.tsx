/**
 * The start screen's body: the definition's start form (DynamicForm at the start event), the next approver
 * when the first task's assignee is a `${variable}` the starter picks, CC users, attachments; 存为草稿 keeps
 * it all as the user's draft of the process (reopening the screen loads it); 提交 validates (the messages
 * joined by ' | '), starts the process (发起成功) and goes to the sent list. A failed start only clears the
 * loading state (the API client shows the server's reason).
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePermission } from '../../../app/auth';
import { useLabel } from '../../../app/i18n';
import { useCloseTabAndGo } from '../../../app/tabs';
import { Attachments, type FileItem } from '../../../components/Attachments';
import { DynamicForm } from '../../../components/DynamicForm';
import { UserPickerInput } from '../../../components/UserPicker';
import { formErrors, JOIN } from './formErrors';
import { L } from './labels';
import { definitionXmlQuery, draftQuery, formColumns, nextApproverChoices, saveDraft as postDraft, startEventId, startFormQuery, startProcess } from './api';
import { SEND_LIST_PATH } from './processRoute';

/** Fields of the screen that are not the form's: kept in the draft's variables under these names. */
const TITLE = 'title';
const COPY_USER = 'copyUser';
const ATTACHMENT = 'attachment';

export interface ProcessStartFormProps {
  processId?: string;
  processDefKey?: string;
}

interface Extras {
  title?: string;
  copyUser?: string | null;
  attachment?: FileItem[];
  /** The next approvers by variable (comma-separated ids). */
  next?: Record<string, string | null>;
}

export function ProcessStartForm({ processId, processDefKey }: ProcessStartFormProps) {
  const label = useLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const leave = useCloseTabAndGo();
  const [form] = Form.useForm();
  const [extra] = Form.useForm<Extras>();
  const [starting, setStarting] = useState(false);
  const [saving, setSaving] = useState(false);
  const mayDraft = usePermission('wf_draft_add');
  const mayReadDraft = usePermission('wf_draft_view');

  const startForm = useQuery(startFormQuery({ processId, processDefKey }));
  const definitionId = startForm.data?.processDefinitionId;
  const key = startForm.data?.processDefinitionKey;
  const xml = useQuery(definitionXmlQuery(definitionId));
  const draft = useQuery({ ...draftQuery(key), enabled: !!key && mayReadDraft });

  if (startForm.isError) return <Empty description={startForm.error.message} data-testid="wf-start-error" />;
  if (!startForm.data || xml.isLoading || draft.isLoading) return <Spin data-testid="wf-start-loading" />;

  const answer = startForm.data;
  const columns = formColumns(answer.form?.content);
  const choices = nextApproverChoices(xml.data?.xml ?? '');
  const place = { nodeId: startEventId(xml.data?.xml ?? '') ?? 'start' };
  // No draft answers an empty object.
  const savedDraft = draft.data?.id ? draft.data : undefined;
  const saved = savedDraft?.variables ?? {};
  const initialExtras: Extras = {
    title: typeof saved[TITLE] === 'string' ? (saved[TITLE] as string) : undefined,
    copyUser: typeof saved[COPY_USER] === 'string' ? (saved[COPY_USER] as string) : null,
    attachment: Array.isArray(saved[ATTACHMENT]) ? (saved[ATTACHMENT] as FileItem[]) : [],
    next: Object.fromEntries(choices.map((c) => [c.variable, idsText(saved[c.variable])])),
  };

  /** The process variables: the form's values and the chosen approvers (an array for a multi-instance). */
  const variables = () => {
    const e = extra.getFieldsValue() as Extras;
    const next = Object.fromEntries(
      choices.map((c) => {
        const ids = (e.next?.[c.variable] ?? '').split(',').filter(Boolean);
        return [c.variable, c.multiple ? ids : ids[0]];
      }),
    );
    // Only the fields shown (registered): a draft's other keys are not form values.
    return { values: { ...(form.getFieldsValue() as Record<string, unknown>), ...next }, extras: e };
  };

  const submit = async () => {
    const errors = await formErrors(form, extra);
    if (errors.length) return void message.error(errors.join(JOIN));
    const { values, extras } = variables();
    setStarting(true);
    try {
      await startProcess({
        processDefinitionId: answer.processDefinitionId,
        variables: { ...values, ...(extras.attachment?.length ? { [ATTACHMENT]: extras.attachment } : {}) },
        ...(extras.title?.trim() ? { title: extras.title.trim() } : {}),
        ...(extras.copyUser ? { copyUser: extras.copyUser } : {}),
      });
      void message.success(label(L.started));
      leave(SEND_LIST_PATH); // the form is done with: its tab closes
    } catch {
      // A failed start only clears the loading state: the API client has shown the reason.
    } finally {
      setStarting(false);
    }
  };

  const saveDraft = async () => {
    const { values, extras } = variables();
    setSaving(true);
    try {
      await postDraft({
        processDefKey: answer.processDefinitionKey,
        processDefId: answer.processDefinitionId,
        formKey: answer.formKey ?? undefined,
        title: extras.title?.trim() || answer.processDefinitionName,
        variables: { ...values, [TITLE]: extras.title ?? '', [COPY_USER]: extras.copyUser ?? null, [ATTACHMENT]: extras.attachment ?? [] },
      });
      void message.success(label(L.draftSaved));
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={answer.processDefinitionName}
      data-testid="wf-start-form"
      extra={savedDraft ? <span data-testid="wf-draft-loaded">{label(L.draftLoaded)}</span> : null}
    >
      <Flex vertical gap={8}>
        {columns.length ? <DynamicForm columns={columns} form={form} place={place} initialValues={saved} /> : <Empty description={label(L.noForm)} />}
        <Form form={extra} layout="vertical" initialValues={initialExtras}>
          <Form.Item name={TITLE} label={label(L.title)}>
            <Input maxLength={500} placeholder={label(L.titlePlaceholder)} data-testid="wf-start-title" />
          </Form.Item>
          {choices.map((c) => (
            <Form.Item
              key={c.variable}
              name={['next', c.variable]}
              label={`${label(L.nextApprover)}（${c.taskName}）`}
              rules={[{ required: true, message: '请选择下一步审批人' }]}
            >
              <UserPickerInput multiple={c.multiple} testId={`wf-next-${c.variable}`} />
            </Form.Item>
          ))}
          <Form.Item name={COPY_USER} label={label(L.copyUser)}>
            <UserPickerInput multiple testId="wf-start-copy" />
          </Form.Item>
          <Form.Item name={ATTACHMENT} label={label(L.attachments)}>
            <Attachments testId="wf-start-attachments" />
          </Form.Item>
        </Form>
        <Flex gap={8} justify="center">
          <Button type="primary" loading={starting} onClick={() => void submit()} data-testid="wf-start-submit">
            {label(L.submit)}
          </Button>
          {mayDraft && (
            <Button loading={saving} onClick={() => void saveDraft()} data-testid="wf-start-draft">
              {label(L.saveDraft)}
            </Button>
          )}
          <Button onClick={() => navigate(-1)}>{label(L.back)}</Button>
        </Flex>
      </Flex>
    </Card>
  );
}

const idsText = (v: unknown): string | null => (Array.isArray(v) ? v.join(',') : typeof v === 'string' && v ? v : null);
