/**
 * /workflow/process/external/{suffix}/{start|detail}?p={payload}: the page of the external form `wf_ex_<suffix>`
 * (formRegistry.ts) with the decoded params — its start form, or the handle / detail screen (which shows its record).
 */
import { Result } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { useLabel } from '../../../app/i18n';
import { FormScreen } from './FormUrlPage';
import { formOfSuffix } from './formRegistry';
import { L } from './labels';
import { decodeProcessParams } from './processRoute';

export default function ExternalPage() {
  const label = useLabel();
  const { suffix = '', type } = useParams();
  const [search] = useSearchParams();
  const form = formOfSuffix(suffix);
  const params = decodeProcessParams(search.get('p') ?? '');
  if (!form) return <Result status="warning" title={label(L.externalUnknown)} subTitle={`wf_ex_${suffix}`} data-testid="wf-external-unknown" />;
  if (!params || (type !== 'start' && type !== 'detail')) return <Result status="warning" title={label(L.badPayload)} data-testid="wf-bad-payload" />;
  return <FormScreen match={{ form }} params={{ ...params, type }} />;
}
