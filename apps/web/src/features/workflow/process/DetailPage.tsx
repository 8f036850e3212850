/** /workflow/process/detail/{payload}: the handle / detail screen of the task or instance the payload names. */
import { Result } from 'antd';
import { useParams } from 'react-router';
import { useLabel } from '../../../app/i18n';
import { L } from './labels';
import { decodeProcessParams } from './processRoute';
import { ProcessView } from './ProcessView';

export default function DetailPage() {
  const label = useLabel();
  const params = decodeProcessParams(useParams()['*'] ?? '');
  if (!params?.taskId && !params?.processInsId) return <Result status="warning" title={label(L.badPayload)} data-testid="wf-bad-payload" />;
  return <ProcessView key={`${params.taskId ?? ''}-${params.processInsId ?? ''}`} taskId={params.taskId} processInsId={params.processInsId} />;
}
