/** The resource pages (资源管理): object storage, attachments, SMS. */
import { attachEntity, ossEntity, smsEntity } from '@hjl/core';
import { entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [
  entityPage(ossEntity, () => import('./oss/OssPage')),
  entityPage(attachEntity, () => import('./attach/AttachPage')),
  entityPage(smsEntity, () => import('./sms/SmsPage')),
];
