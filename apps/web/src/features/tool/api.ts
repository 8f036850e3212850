/** The tool area's own calls: backups (立即备份, the summary, downloads) and the data sources' 连接测试. */
import { backupsEntity, datasourceEntity } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { fileUrl } from '../../app/download';
import { entityApi } from '../../components/CrudPage/api';

export interface BackupSummary {
  total: number;
  totalSize: number;
  lastBackupTime: string | null;
}

const backups = entityApi(backupsEntity);

/** How many backups there are, their size and the last one's time. */
export const backupSummaryQuery = () =>
  queryOptions({ queryKey: backups.keys.call('summary'), queryFn: () => get<BackupSummary>('/api/blade-system/param/backups') });

/** Writes the tenant's data as JSON into the file store. */
export const backupNow = () => post(backups.url('backup'), {});
export const backupDownloadHref = (id: string) => fileUrl(backups.url('download'), { id });

/** Connects to a data source with its settings. */
export const testDatasource = (id: string) => post(entityApi(datasourceEntity).url('test'), { id });
