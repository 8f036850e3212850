import { ProcessListPage } from './ProcessListPage';

export default function DoneListPage() {
  return <ProcessListPage kind="done" />;
}
