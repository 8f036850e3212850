/** /work/process/leave/form/:processDefinitionId: the leave request form for that version of the process. */
import { useParams } from 'react-router';
import LeaveStartForm from './LeaveStartForm';

export default function LeaveFormPage() {
  const { processDefinitionId } = useParams();
  return <LeaveStartForm processId={processDefinitionId} />;
}
