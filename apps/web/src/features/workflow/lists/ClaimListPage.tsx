import { ProcessListPage } from './ProcessListPage';

export default function ClaimListPage() {
  return <ProcessListPage kind="claim" />;
}
