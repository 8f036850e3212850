import { ProcessListPage } from './ProcessListPage';

export default function MyDoneListPage() {
  return <ProcessListPage kind="myDone" />;
}
