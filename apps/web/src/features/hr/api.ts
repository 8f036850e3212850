/**
 * People (人事管理, BUSINESS.md WP6): the calls of the area. URLs live here only. The asset register lists through
 * `asset/page` (S2 L445), not `<api>/list`; a person's staff file is read by the person (`bladeUser/detail?userId=`,
 * an empty file when they have none yet); certificates are shared for bids and withdrawn (`share`, `cancel-share`);
 * 人事统计 answers four charts (`GET /api/business/report/hr`).
 */
import { assetEntity, staffFileEntity, userCertificateEntity, type ChartData } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import { entityApi } from '../../components/CrudPage/api';
import type { Row } from '../../components/CrudPage';

export const assetListUrl = entityApi(assetEntity).url('page');

const files = entityApi(staffFileEntity);
const certificates = entityApi(userCertificateEntity);

/** A person's staff file: the stored one (with `id`) or an empty one to fill (`userId`, `userName` only). */
export type StaffFile = Partial<Row> & { userId: string; userName?: string };

/** The staff file of the person `userId` (fetched afresh: the form starts from the file as it is now). */
export const staffFileQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: files.keys.call('byUser', userId),
    queryFn: ({ signal }) => get<StaffFile>(files.url('detail'), { userId }, { signal }),
    enabled: !!userId,
    gcTime: 0,
  });

/** Saves the staff file (a new one when it has no id yet). */
export const saveStaffFile = (body: Record<string, unknown>) => files.submit(body, body.id != null);

/** Every cached read of staff files (after a save: the list and the file page). */
export const staffFileKeys = files.keys.all;

/** Shares certificates for bids (refused for an expired or personal one, with the server's message). */
export const shareCertificates = (ids: readonly string[]) => post(certificates.url('share'), undefined, { ids: ids.join(',') });
export const cancelShareCertificates = (ids: readonly string[]) => post(certificates.url('cancel-share'), undefined, { ids: ids.join(',') });

export interface HrReport {
  highestDegree: ChartData;
  certificateCount: ChartData;
  byDept: ChartData;
  byAge: ChartData;
}

export const HR_REPORT_URL = '/api/business/report/hr';
export const hrReportQuery = () => queryOptions({ queryKey: queryKeys.report('hr'), queryFn: () => get<HrReport>(HR_REPORT_URL) });
