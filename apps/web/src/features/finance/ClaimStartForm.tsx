/**
 * The start form of 费用报销 (the form url /workflow/applyExpence, e.g. from 新建流程): the claim's reason, lines,
 * files and remark; 提交审批 saves and starts it in one call (budgets checked there), then the tab closes and the
 * sent list (我的请求) opens. A failed start only clears the loading state.
 */
import { App, Button, Card, Flex, Form } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLabel } from '../../app/i18n';
import { useCloseTabAndGo } from '../../app/tabs';
import { startClaim } from './api';
import { claimBody, ClaimFields, type ClaimValues } from './ClaimDialog';
import { FIN } from './labels';

export const SENT_LIST = '/workflow/process/send';

export default function ClaimStartForm({ processId }: { processId?: string }) {
  const label = useLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const leave = useCloseTabAndGo();
  const [form] = Form.useForm<ClaimValues>();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    let values: ClaimValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!values.lines?.length) return void message.error(label(FIN.noLines));
    setBusy(true);
    try {
      await startClaim({ ...claimBody(values), ...(processId ? { processDefinitionId: processId } : {}) });
      void message.success(label(FIN.started));
      leave(SENT_LIST);
    } catch {
      // The API client has shown the server's reason (e.g. 超出预算,剩余可用金额为x元).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={label(FIN.addClaim)} data-testid="claim-start-form">
      <Form form={form} layout="vertical" initialValues={{ lines: [{ expenseDate: dayjs().format('YYYY-MM-DD'), billCount: 1 }] }}>
        <ClaimFields form={form} />
      </Form>
      <Flex gap={8} justify="center">
        <Button onClick={() => navigate(-1)}>{label(FIN.back)}</Button>
        <Button type="primary" loading={busy} onClick={() => void start()} data-testid="claim-start-submit">
          {label(FIN.submitApproval)}
        </Button>
      </Flex>
    </Card>
  );
}
