/** 著录项: the record columns of the document templates (the template picked from the templates). */
import { archivesColumnEntity } from '@hjl/core';
import { CrudPage } from '../../components/CrudPage';
import './controls';

export default function ColumnPage() {
  return <CrudPage def={archivesColumnEntity} />;
}
