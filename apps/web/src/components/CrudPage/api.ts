/**
 * The calls of an entity definition, derived from `def.api` and `def.routes`: its list, one record, the
 * submit, the removal and the export, and any other call under its base by name (`url('setting')`). CrudPage,
 * TreeCrudPage and EditDialog use them, and so do the features' api.ts files for their definitions' own calls,
 * so that no component writes a URL. Keys: queryKeys.entity(def.api).
 */
import type { EntityDef } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post, request, type Query } from '../../app/api';
import { download } from '../../app/download';
import { queryKeys } from '../../app/queryKeys';
import type { Row } from './fields';
import { pagedList } from './useList';

export function entityApi(def: Pick<EntityDef, 'api' | 'routes' | 'exportPath'>) {
  const keys = queryKeys.entity(def.api);
  /** A call under the definition's base, e.g. `url('tree')` → `<api>/tree`. */
  const url = (name: string) => `${def.api}/${name}`;
  /** The record style of the /api/server services (create, PUT update, DELETE delete, get, page). */
  const recordStyle = def.routes.includes('create');
  return {
    keys,
    url,
    /** The paged list (`<api>/list`, or another list call of the base such as `<api>/my`). */
    list: <T = Row>(listUrl?: string) => pagedList<T>(keys.lists(listUrl), listUrl ?? url(recordStyle ? 'page' : 'list')),
    /** One record (`<api>/detail?id=`); `fresh`: fetched afresh on every use (a form starts from the record as it is now). */
    detailQuery: (id: string | null, { fresh = false } = {}) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => get<Row>(url(recordStyle ? 'get' : 'detail'), { id }, { signal }),
        enabled: id !== null,
        ...(fresh ? { gcTime: 0 } : {}),
      }),
    /**
     * Adds or changes a record: `submit` (also where a module serves it by hand); a definition declaring
     * `save` and `update` instead uses those.
     */
    submit: <T = unknown>(body: Record<string, unknown>, editing: boolean) =>
      recordStyle
        ? editing
          ? request<T>(url('update'), { method: 'PUT', body })
          : post<T>(url('create'), body)
        : post<T>(url(def.routes.includes('save') ? (editing ? 'update' : 'save') : 'submit'), body),
    remove: (ids: readonly string[]) =>
      recordStyle ? request(url('delete'), { method: 'DELETE', params: { id: ids.join(',') } }) : post(url('remove'), undefined, { ids: ids.join(',') }),
    /** The Excel export of the list under its conditions (`<api>/export`, or the page's own export call). */
    exportList: (params: Query, exportUrl?: string) => download(exportUrl ?? url(def.exportPath ?? 'export'), params),
  };
}

export type EntityApi = ReturnType<typeof entityApi>;
