/** /monitor/log/api */
import { LogPage } from '../LogPage';

export default function ApiLogPage() {
  return <LogPage kind="api" />;
}
