/**
 * The start forms of 出差 and 采购 (the form urls /workflow/auditEvectionProcess and /workflow/auditShoppingProcess,
 * e.g. from 新建流程): the head, the lines and their total; 提交审批 saves and starts the record in one call, then the
 * tab closes and the sent list (我的请求) opens. A failed start only clears the loading state.
 */
import { Card, Form } from 'antd';
import { useNavigate } from 'react-router';
import { useLabel } from '../../app/i18n';
import { useCloseTabAndGo } from '../../app/tabs';
import { StartFooter, useDraftSubmit } from '../../components/DraftSubmit';
import { startWithLines } from './api';
import { EVECTION, SHOPPING, type OfficeKind } from './kinds';
import { OfficeFields, officeBody, type OfficeValues } from './LinesForm';

const SENT_LIST = '/workflow/process/send';

function OfficeStartForm({ kind, processId }: { kind: OfficeKind; processId?: string }) {
  const label = useLabel();
  const navigate = useNavigate();
  const leave = useCloseTabAndGo();
  const [form] = Form.useForm<OfficeValues>();
  const { busy, send } = useDraftSubmit<OfficeValues>({
    form,
    id: null,
    check: (values) => (values.lines?.length ? null : kind.texts.noLines),
    body: (values) => ({ ...officeBody(kind, values), ...(processId ? { processDefinitionId: processId } : {}) }),
    send: (body) => startWithLines(kind.def, body),
    onSaved: () => leave(SENT_LIST),
  });
  return (
    <Card title={label(kind.texts.add)} data-testid={`${kind.testId}-start-form`}>
      <Form form={form} layout="vertical" initialValues={{ lines: [kind.newLine()] }}>
        <OfficeFields kind={kind} />
      </Form>
      <StartFooter busy={busy} onBack={() => navigate(-1)} send={send} testId={`${kind.testId}-start-submit`} />
    </Card>
  );
}

export const EvectionStartForm = ({ processId }: { processId?: string }) => <OfficeStartForm kind={EVECTION} processId={processId} />;
export const ShoppingStartForm = ({ processId }: { processId?: string }) => <OfficeStartForm kind={SHOPPING} processId={processId} />;
