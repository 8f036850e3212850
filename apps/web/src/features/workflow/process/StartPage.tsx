/** /workflow/process/start/{payload}: the start screen of the definition the payload names. */
import { Result } from 'antd';
import { useParams } from 'react-router';
import { useLabel } from '../../../app/i18n';
import { L } from './labels';
import { ProcessStartForm } from './ProcessStartForm';
import { decodeProcessParams } from './processRoute';

export default function StartPage() {
  const label = useLabel();
  const params = decodeProcessParams(useParams()['*'] ?? '');
  if (!params?.processId && !params?.processDefKey) return <Result status="warning" title={label(L.badPayload)} data-testid="wf-bad-payload" />;
  return <ProcessStartForm processId={params.processId} processDefKey={params.processDefKey} />;
}
