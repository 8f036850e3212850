/**
 * The start form of 费用报销 (the form url /workflow/applyExpence, e.g. from 新建流程): the claim's reason, lines,
 * files and remark; 提交审批 saves and starts it in one call (budgets checked there), then the tab closes and the
 * sent list (我的请求) opens. A failed start only clears the loading state.
 */
import { Card, Form } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useLabel } from '../../app/i18n';
import { useCloseTabAndGo } from '../../app/tabs';
import { StartFooter, useDraftSubmit } from '../../components/DraftSubmit';
import { startClaim } from './api';
import { claimBody, ClaimFields, type ClaimValues } from './ClaimDialog';
import { FIN } from './labels';

export const SENT_LIST = '/workflow/process/send';

export default function ClaimStartForm({ processId }: { processId?: string }) {
  const label = useLabel();
  const navigate = useNavigate();
  const leave = useCloseTabAndGo();
  const [form] = Form.useForm<ClaimValues>();
  const { busy, send } = useDraftSubmit<ClaimValues>({
    form,
    id: null,
    check: (values) => (values.lines?.length ? null : FIN.noLines),
    // The server checks the budgets (超出预算,剩余可用金额为x元).
    body: (values) => ({ ...claimBody(values), ...(processId ? { processDefinitionId: processId } : {}) }),
    send: (body) => startClaim(body),
    onSaved: () => leave(SENT_LIST),
  });
  return (
    <Card title={label(FIN.addClaim)} data-testid="claim-start-form">
      <Form form={form} layout="vertical" initialValues={{ lines: [{ expenseDate: dayjs().format('YYYY-MM-DD'), billCount: 1 }] }}>
        <ClaimFields />
      </Form>
      <StartFooter busy={busy} onBack={() => navigate(-1)} send={send} testId="claim-start-submit" />
    </Card>
  );
}
