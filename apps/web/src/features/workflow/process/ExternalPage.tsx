/**
 * /workflow/process/external/{suffix}/{start|detail}?p={payload}: the page of the external form `wf_ex_<suffix>`
 * with the decoded params — its start form, or the handle / detail screen (which shows its record).
 */
import { Result, Spin } from 'antd';
import { Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useLabel } from '../../../app/i18n';
import { EXTERNAL_FORMS } from './externalForms';
import { L } from './labels';
import { decodeProcessParams } from './processRoute';
import { ProcessView } from './ProcessView';

export default function ExternalPage() {
  const label = useLabel();
  const { suffix = '', type } = useParams();
  const [search] = useSearchParams();
  const entry = Object.hasOwn(EXTERNAL_FORMS, suffix) ? EXTERNAL_FORMS[suffix] : undefined;
  const params = decodeProcessParams(search.get('p') ?? '');
  if (!entry) return <Result status="warning" title={label(L.externalUnknown)} subTitle={`wf_ex_${suffix}`} data-testid="wf-external-unknown" />;
  if (!params || (type !== 'start' && type !== 'detail')) return <Result status="warning" title={label(L.badPayload)} data-testid="wf-bad-payload" />;
  if (type === 'detail') {
    if (!params.taskId && !params.processInsId) return <Result status="warning" title={label(L.badPayload)} data-testid="wf-bad-payload" />;
    return <ProcessView taskId={params.taskId} processInsId={params.processInsId} />;
  }
  if (!params.processId && !params.processDefKey) return <Result status="warning" title={label(L.badPayload)} data-testid="wf-bad-payload" />;
  return (
    <Suspense fallback={<Spin />}>
      <entry.start processId={params.processId} processDefKey={params.processDefKey} />
    </Suspense>
  );
}
