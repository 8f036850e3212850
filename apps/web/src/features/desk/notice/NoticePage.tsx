/** /desk/notice: notices (spec 1 section 7). */
import { noticeEntity } from '@hjl/core';
import { CrudPage } from '../../../components/CrudPage';

export default function NoticePage() {
  return <CrudPage def={noticeEntity} />;
}
