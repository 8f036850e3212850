/** /hjlProject/hjlExpireNotice (到期提醒): the caller's reminders (hjlExpireNotice/my: unread first, by due date), made by the daily job. */
import { expireNoticeEntity } from '@hjl/core';
import { CrudPage } from '../../components/CrudPage';
import { MY_EXPIRE_URL } from './api';

export default function ExpireNoticePage() {
  return <CrudPage def={expireNoticeEntity} listUrl={MY_EXPIRE_URL} viewButton={false} testId="expire-notices" />;
}
