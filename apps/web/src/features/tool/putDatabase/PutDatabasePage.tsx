/** /tool/putDatabase: database connection records. */
import { putDatabaseEntity } from '@hjl/core';
import { CrudPage } from '../../../components/CrudPage';

export default function PutDatabasePage() {
  return <CrudPage def={putDatabaseEntity} />;
}
