/** /monitor/log/usual */
import { LogPage } from '../LogPage';

export default function UsualLogPage() {
  return <LogPage kind="usual" />;
}
