/**
 * The start forms of 出差 and 采购 (the form urls /workflow/auditEvectionProcess and /workflow/auditShoppingProcess,
 * e.g. from 新建流程): the head, the lines and their total; 提交审批 saves and starts the record in one call, then the
 * tab closes and the sent list (我的请求) opens. A failed start only clears the loading state.
 */
import { App, Button, Card, Flex, Form } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLabel } from '../../app/i18n';
import { useCloseTabAndGo } from '../../app/tabs';
import { startWithLines } from './api';
import { EVECTION, SHOPPING, type OfficeKind } from './kinds';
import { OfficeFields, officeBody, type OfficeValues } from './LinesForm';
import { OFFICE } from './labels';

const SENT_LIST = '/workflow/process/send';

function OfficeStartForm({ kind, processId }: { kind: OfficeKind; processId?: string }) {
  const label = useLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const leave = useCloseTabAndGo();
  const [form] = Form.useForm<OfficeValues>();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    let values: OfficeValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!values.lines?.length) return void message.error(label(kind.texts.noLines));
    setBusy(true);
    try {
      await startWithLines(kind.def, { ...officeBody(kind, values), ...(processId ? { processDefinitionId: processId } : {}) });
      void message.success(label(OFFICE.started));
      leave(SENT_LIST);
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={label(kind.texts.add)} data-testid={`${kind.testId}-start-form`}>
      <Form form={form} layout="vertical" initialValues={{ lines: [kind.newLine()] }}>
        <OfficeFields kind={kind} form={form} />
      </Form>
      <Flex gap={8} justify="center">
        <Button onClick={() => navigate(-1)}>{label(OFFICE.back)}</Button>
        <Button type="primary" loading={busy} onClick={() => void start()} data-testid={`${kind.testId}-start-submit`}>
          {label(OFFICE.submitApproval)}
        </Button>
      </Flex>
    </Card>
  );
}

export const EvectionStartForm = ({ processId }: { processId?: string }) => <OfficeStartForm kind={EVECTION} processId={processId} />;
export const ShoppingStartForm = ({ processId }: { processId?: string }) => <OfficeStartForm kind={SHOPPING} processId={processId} />;
