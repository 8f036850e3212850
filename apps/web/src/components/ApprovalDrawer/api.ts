/**
 * The approval drawer's calls: every process instance a record has had (`<api>/get/process_his/{id}`), and the
 * printed approval sheet (`<api>/print`).
 */
import type { Page } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
import { download } from '../../app/download';
import { queryKeys } from '../../app/queryKeys';
import type { FlowHistoryItem } from '../WorkflowTimeline';

/** One process instance of a record, with its timeline. */
export interface RecordInstance {
  processInstanceId: string;
  processDefinitionName?: string | null;
  serialNumber?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  flow?: FlowHistoryItem[];
}

/** The record's process history (every instance, resubmissions included), newest first; a refusal is not shown. */
export const processHistoryQuery = (api: string | undefined, id: string) =>
  queryOptions({
    queryKey: queryKeys.entity(api ?? '').call('process-his', id),
    queryFn: ({ signal }) => get<Page<RecordInstance>>(`${api}/get/process_his/${id}`, { current: 1, size: 10000 }, { signal, silent: true }),
    enabled: !!api,
    retry: false,
  });

/** Most records one printed file holds (the server's limit). */
export const MAX_PRINTED = 50;

/** 打印审批单: the A4 PDF of the records `ids` of a kind (`<api>/print`, one file for several), downloaded. */
export const printSheets = (api: string, ids: readonly string[]) => download(`${api}/print`, { ids: ids.join(',') });
