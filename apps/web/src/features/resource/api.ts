/**
 * The resource area's own calls beside its definitions' derived ones (components/CrudPage/api.ts): enabling
 * a storage or SMS configuration, 调试 of a storage, 发送 through an SMS configuration, and the attachments'
 * upload and download links.
 */
import { attachEntity, ossEntity, smsEntity, type EntityDef } from '@hjl/core';
import { post, request } from '../../app/api';
import { fileUrl } from '../../app/download';
import { entityApi } from '../../components/CrudPage/api';

/** Makes a configuration the tenant's enabled one (oss, sms). */
export const enableConfig = (def: EntityDef, id: string) => post(entityApi(def).url('enable'), undefined, { id });

/** Writes, reads and deletes a test file through a storage configuration. */
export const debugOss = (id: string) => post(entityApi(ossEntity).url('debug'), undefined, { id });

/** Sends a message through an SMS configuration (its code). */
export const sendSms = (body: { code: string; phones: string; params?: string }) => post(entityApi(smsEntity).url('endpoint/send-message'), body);

const attach = entityApi(attachEntity);

/** Stores a file as an attachment, within the tenant's size and type limits (the server refuses the rest). */
export function uploadAttach(file: File) {
  const body = new FormData();
  body.append('file', file);
  return request('/api/blade-resource/oss/endpoint/put-file-attach', { method: 'POST', body });
}

/** The download link of an attachment (the token in the query). */
export const attachDownloadHref = (id: string) => fileUrl(attach.url('download'), { id });
/** One zip of the attachments. */
export const attachZipHref = (ids: readonly string[]) => fileUrl(attach.url('download-zip'), { ids: ids.join(',') });
