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

export function entityApi(def: Pick<EntityDef, 'api' | 'routes' | 'methods'>) {
  const keys = queryKeys.entity(def.api);
  /** A call under the definition's base, e.g. `url('tree')` → `<api>/tree`. */
  const url = (name: string) => `${def.api}/${name}`;
  return {
    keys,
    url,
    /** The paged list (`<api>/list`, or another list call of the base such as `<api>/my`). */
    list: <T = Row>(listUrl?: string) => pagedList<T>(keys.lists(listUrl), listUrl ?? url('list')),
    /** One record (`<api>/detail?id=`); `fresh`: fetched afresh on every use (a form starts from the record as it is now). */
    detailQuery: (id: string | null, { fresh = false } = {}) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => get<Row>(url('detail'), { id }, { signal }),
        enabled: id !== null,
        ...(fresh ? { gcTime: 0 } : {}),
      }),
    /**
     * Adds or changes a record: `submit` (also where a module serves it by hand); a definition declaring
     * `save` and `update` instead uses those.
     */
    submit: <T = unknown>(body: Record<string, unknown>, editing: boolean) =>
      editing && def.methods?.update
        ? request<T>(url('update'), { method: def.methods.update, body })
        : post<T>(url(def.routes.includes('save') ? (editing ? 'update' : 'save') : 'submit'), body),
    /** Removes records: ids in the query, or in the body of a DELETE where the definition says so (EntityDef.methods). */
    remove: (ids: readonly string[]) =>
      def.methods?.remove === 'DELETE' ? request(url('remove'), { method: 'DELETE', body: { ids } }) : post(url('remove'), undefined, { ids: ids.join(',') }),
    /** The Excel export of the list under its conditions (`<api>/export`, or the page's own export call). */
    exportList: (params: Query, exportUrl?: string) => download(exportUrl ?? url('export'), params),
  };
}

export type EntityApi = ReturnType<typeof entityApi>;
