import { ProcessListPage } from './ProcessListPage';

export default function SendListPage() {
  return <ProcessListPage kind="send" />;
}
