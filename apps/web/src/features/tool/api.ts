/**
 * The tool area's own calls: backups (立即备份, the summary, downloads), the data sources' 连接测试, and the data
 * models' tables and columns and the code generator's zip (数据模型, 代码生成).
 */
import { backupsEntity, codeEntity, datasourceEntity, modelEntity, modelPrototypeEntity } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { downloadHref, fileUrl, saveBlob } from '../../app/download';
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

export interface ModelColumn {
  modelId: string;
  jdbcName: string;
  jdbcType: string;
  comment: string | null;
  propertyType: string | null;
  propertyName: string | null;
  isList: number;
  isForm: number;
  isRequired: number;
  isQuery: number;
  dictCode: string | null;
}

const modelApi = entityApi(modelEntity);

/** The tables of a data source (none named: the product's own database). */
export const modelTablesQuery = (datasourceId?: string) =>
  queryOptions({
    queryKey: modelApi.keys.call('table-list', datasourceId ?? ''),
    queryFn: () => get<{ name: string; comment: string }[]>(modelApi.url('table-list'), datasourceId ? { datasourceId } : {}),
  });

/** A model's columns as the generated pages show them (its table's, until saved). */
export const modelColumnsQuery = (modelId: string | null) =>
  queryOptions({
    queryKey: modelApi.keys.call('model-prototype', modelId),
    queryFn: () => get<ModelColumn[]>(modelApi.url('model-prototype'), { modelId }),
    enabled: modelId !== null,
    gcTime: 0,
  });

export const saveModelColumns = (columns: ModelColumn[]) => post(`${modelPrototypeEntity.api}/submit-list`, columns);

/** The generated files of a generation setting, as a zip the browser saves. */
export async function downloadGeneratedCode(id: string): Promise<void> {
  const res = await fetch(downloadHref(`${codeEntity.api}/gen-code`, { ids: id }), { method: 'POST' });
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await res.json().catch(() => ({}))) as { msg?: string };
    throw new Error(body.msg ?? `HTTP ${res.status}`);
  }
  saveBlob(await res.blob(), '代码生成.zip');
}

export const copyCode = (id: string) => post(`${codeEntity.api}/copy`, undefined, { id });
