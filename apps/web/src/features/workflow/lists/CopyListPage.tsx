import { ProcessListPage } from './ProcessListPage';

export default function CopyListPage() {
  return <ProcessListPage kind="copy" />;
}
