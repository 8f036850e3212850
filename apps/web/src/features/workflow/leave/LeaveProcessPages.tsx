/**
 * /work/process/leave/handle/:taskId/:processInstanceId/:businessId and /work/process/leave/detail/:processInstanceId/:businessId:
 * the leave record read only with the process's screen (the same approval panel and timeline as every process).
 */
import { useParams } from 'react-router';
import { ProcessView } from '../process/ProcessView';
import LeaveRecord from './LeaveRecord';

export function LeaveHandlePage() {
  const { taskId, processInstanceId, businessId } = useParams();
  return <ProcessView key={taskId} taskId={taskId} processInsId={processInstanceId} body={() => <LeaveRecord businessId={businessId} />} />;
}

export function LeaveDetailPage() {
  const { processInstanceId, businessId } = useParams();
  return <ProcessView key={processInstanceId} processInsId={processInstanceId} body={() => <LeaveRecord businessId={businessId} />} />;
}
