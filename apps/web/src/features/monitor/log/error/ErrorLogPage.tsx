/** /monitor/log/error */
import { LogPage } from '../LogPage';

export default function ErrorLogPage() {
  return <LogPage kind="error" />;
}
