import { ProcessListPage } from './ProcessListPage';

export default function TodoListPage() {
  return <ProcessListPage kind="todo" />;
}
