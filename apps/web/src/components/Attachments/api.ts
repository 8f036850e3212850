/** The attachment widget's calls: upload, the zip of several files and the tenant's preview service. */
import { queryOptions } from '@tanstack/react-query';
import { get, request } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

export const UPLOAD_URL = '/api/blade-resource/oss/endpoint/put-file-attach';
export const ZIP_URL = '/api/blade-resource/oss/endpoint/file-zip';
export const PREVIEW_SERVICE_URL = '/api/blade-resource/oss/endpoint/preview-service';

/** Stores a file (the caller shows a refusal itself) and answers its link and original name. */
export function uploadFile(file: File) {
  const body = new FormData();
  body.append('file', file);
  return request<{ link: string; originalName: string }>(UPLOAD_URL, { method: 'POST', body, silent: true });
}

/** The tenant's preview service (parameter preview.serviceUrl); empty when none is set. */
export const previewServiceQuery = () =>
  queryOptions({
    queryKey: queryKeys.files.previewService(),
    queryFn: ({ signal }) => get<{ url: string }>(PREVIEW_SERVICE_URL, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
