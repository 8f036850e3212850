/**
 * The calls of an entity definition, derived from `def.api` and `def.routes`: its list, one record, the
 * submit, the removal and the export, and any other call under its base by name (`url('setting')`). CrudPage,
 * TreeCrudPage and EditDialog use them, and so do the features' api.ts files for their definitions' own calls,
 * so that no component writes a URL. Keys: queryKeys.entity(def.api).
 */
import type { EntityDef, EntityRoute } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post, request, type Query } from '../../app/api';
import { download } from '../../app/download';
import { queryKeys } from '../../app/queryKeys';
import type { Row } from './fields';
import { pagedList } from './useList';

export function entityApi(def: Pick<EntityDef, 'api' | 'routes' | 'methods' | 'exportPath'>) {
  const keys = queryKeys.entity(def.api);
  /** A call under the definition's base, e.g. `url('tree')` → `<api>/tree`. */
  const url = (name: string) => `${def.api}/${name}`;
  const has = (route: EntityRoute) => def.routes.includes(route);
  return {
    keys,
    url,
    /** The paged list (`<api>/list` or `<api>/page`, or another list call of the base such as `<api>/my`). */
    list: <T = Row>(listUrl?: string) => pagedList<T>(keys.lists(listUrl), listUrl ?? url(!has('list') && has('page') ? 'page' : 'list')),
    /** One record (`<api>/detail?id=` or `<api>/get?id=`); `fresh`: fetched afresh on every use (a form starts from the record as it is now). */
    detailQuery: (id: string | null, { fresh = false } = {}) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => get<Row>(url(!has('detail') && has('get') ? 'get' : 'detail'), { id }, { signal }),
        enabled: id !== null,
        ...(fresh ? { gcTime: 0 } : {}),
      }),
    /**
     * Adds or changes a record: `submit` (also where a module serves it by hand); a definition declaring
     * `save` or `create` and `update` instead uses those, by the method EntityDef.methods gives.
     */
    submit: <T = unknown>(body: Record<string, unknown>, editing: boolean) => {
      if (editing && (has('save') || has('create') || def.methods?.update)) return request<T>(url('update'), { method: def.methods?.update ?? 'POST', body });
      return post<T>(url(has('create') ? 'create' : has('save') ? 'save' : 'submit'), body);
    },
    /**
     * Removes records: `<api>/remove` with the ids in the query, or in the body of a DELETE where the
     * definition says so (EntityDef.methods); `<api>/delete` is a DELETE with them in `?id=`.
     */
    remove: (ids: readonly string[]) => {
      if (has('delete')) return request(url('delete'), { method: 'DELETE', params: { id: ids.join(',') } });
      if (def.methods?.remove === 'DELETE') return request(url('remove'), { method: 'DELETE', body: { ids } });
      return post(url('remove'), undefined, { ids: ids.join(',') });
    },
    /** The Excel export of the list under its conditions (`<api>/export` or EntityDef.exportPath, or the page's own export call). */
    exportList: (params: Query, exportUrl?: string) => download(exportUrl ?? url(def.exportPath ?? 'export'), params),
  };
}

export type EntityApi = ReturnType<typeof entityApi>;
