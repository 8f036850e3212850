/**
 * A business form url (`/workflow/makePayment?p=…`, `/workflow/payTheDeposit/{type}`, `/workflow/applyPayment/finalStep`;
 * S1 L33, S2 L60-85): the registered form (formRegistry.ts) for the params of `?p=` —
 * - no task and no instance: its start form (the area's, else the one derived from the record's definition);
 * - a task or an instance: the handle / detail screen with the approval panel, showing the record and, on a task of
 *   a step's node (`finalStep`), the step form whose values go with 同意.
 * A bare url (from a menu) starts the form's process by its key.
 */
import { Result, Spin } from 'antd';
import { Suspense } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useLabel } from '../../../app/i18n';
import { matchFormUrl, startKeyOf, type FormMatch } from './formRegistry';
import { L } from './labels';
import { decodeProcessParams, type ProcessParams } from './processRoute';
import { ProcessView } from './ProcessView';
import RecordStartForm from './RecordStartForm';

const T = {
  unknown: { zh: '未找到该业务表单', en: 'No business form is registered at this address' },
  notStartable: { zh: '该表单在流程办理时填写，请从待办事务打开', en: 'This form is filled in while handling the process: open it from the to-do list' },
};

/** The start form or the process screen of a matched business form. */
export function FormScreen({ match, params }: { match: FormMatch; params: ProcessParams }) {
  const label = useLabel();
  const { form, step, type } = match;
  if (params.type === 'detail' || params.taskId || params.processInsId) {
    if (!params.taskId && !params.processInsId) return <Result status="warning" title={label(L.badPayload)} data-testid="wf-bad-payload" />;
    return <ProcessView key={`${params.taskId ?? ''}-${params.processInsId ?? ''}`} taskId={params.taskId} processInsId={params.processInsId} hint={match} />;
  }
  // A step other than the applicant's is filled at its node, not started.
  if (step && step !== 'startStep') return <Result status="info" title={label(T.notStartable)} data-testid="wf-form-not-startable" />;
  const Start = form.start ?? RecordStartForm;
  return (
    <Suspense fallback={<Spin />}>
      <Start processId={params.processId} processDefKey={params.processDefKey ?? startKeyOf(form)} type={type} form={form} />
    </Suspense>
  );
}

export default function FormUrlPage() {
  const label = useLabel();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const match = matchFormUrl(pathname);
  if (!match) return <Result status="warning" title={label(T.unknown)} subTitle={pathname} data-testid="wf-form-unknown" />;
  const payload = search.get('p');
  const params = payload === null ? {} : decodeProcessParams(payload);
  if (!params) return <Result status="warning" title={label(L.badPayload)} data-testid="wf-bad-payload" />;
  return <FormScreen key={`${pathname}?${payload ?? ''}`} match={match} params={params} />;
}
