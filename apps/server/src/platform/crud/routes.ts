/** The routes of an entity definition, with the specs' paths and its permission codes. */
import { isIdText, maskSecrets, permissionCodes, submitSchema, filterableFields, SECRET_MASK, type EntityDef } from '@hjl/core';
import { z } from 'zod';
import { forbidden, notFound, fail } from '../http/errors.ts';
import { parseIds } from '../http/query.ts';
import type { Router } from '../http/route.ts';
import type { AccessProvider } from '../access/index.ts';
import type { AuthUser } from '../auth/user.ts';
import type { EntityRepo, Row } from './repo.ts';
import { registerEntityExport, type DictionaryLookup } from './export.ts';

export interface EntityHooks {
  /** Adjusts or checks a validated body before it is written. */
  beforeWrite?(user: AuthUser, data: Row, id: string | undefined): Promise<void> | void;
  /** Adds derived fields to a record read for detail. */
  decorate?(user: AuthUser, row: Row): Promise<Row> | Row;
  /** Adds derived fields (names of referenced records …) to the rows of a list page, in one go. */
  decorateRows?(user: AuthUser, rows: Row[]): Promise<Row[]> | Row[];
  /** Checks the rows about to be removed (e.g. refuses one still in use). */
  beforeRemove?(user: AuthUser, ids: string[]): Promise<void> | void;
  /** Runs after a successful insert, update or remove (cache invalidation and the like). */
  afterWrite?(user: AuthUser): Promise<void> | void;
  /** Dictionary labels for the Excel export of an `exportable` definition (required by it). */
  dictionary?: DictionaryLookup;
}

const idQuery = z.object({ id: z.union([z.string(), z.number()]).transform(String).refine(isIdText, '请求参数类型错误') });
const idsQuery = z.object({ ids: z.string() });

function listQuerySchema(def: EntityDef) {
  const shape: Record<string, z.ZodType> = {
    current: z.string().optional(),
    size: z.string().optional(),
    ascs: z.string().optional(),
    descs: z.string().optional(),
  };
  for (const f of filterableFields(def)) shape[f] = z.string().optional();
  return z.looseObject(shape);
}

export function registerEntityRoutes(route: Router, repo: EntityRepo, access: AccessProvider, hooks: EntityHooks = {}) {
  const def = repo.def;
  const codes = permissionCodes(def);
  const tags = [def.label.zh];
  const body = submitSchema(def);

  const secrets = Object.entries(def.fields).filter(([, f]) => f.secret);
  /** Changes of platform-wide records are the platform administrator's. */
  const platform = def.tenant === false;

  const write = async (user: AuthUser, data: Row & { id?: string }, mode: 'submit' | 'save' | 'update') => {
    const { id, ...fields } = data;
    if (mode === 'update' && !id) throw fail('缺少必要的请求参数: id');
    const isUpdate = mode === 'update' || (mode === 'submit' && id !== undefined);
    // A secret sent back as the mask the form was given means "unchanged".
    for (const [name, field] of secrets) {
      if (fields[name] !== SECRET_MASK) continue;
      delete fields[name];
      if (!isUpdate && field.required) throw fail(field.required);
    }
    const granted = await access.permissions(user);
    if (!granted.has(isUpdate ? codes.edit : codes.add)) throw forbidden();
    await hooks.beforeWrite?.(user, fields, isUpdate ? id : undefined);
    if (isUpdate) await repo.update(user, id!, fields);
    else await repo.insert(user, fields);
    await hooks.afterWrite?.(user);
  };

  if (def.exportable) {
    if (!hooks.dictionary) throw new Error(`${def.name} is exportable: pass hooks.dictionary`);
    registerEntityExport(route, repo, { dictionary: hooks.dictionary, decorateRows: hooks.decorateRows });
  }

  for (const r of def.routes) {
    switch (r) {
      case 'list':
      case 'page':
        route({
          method: 'GET',
          url: `${def.api}/${r}`,
          summary: `${def.label.zh}分页`,
          tags,
          requires: { code: codes.view },
          query: listQuerySchema(def),
          handler: async ({ user, req }) => {
            const p = await repo.page(user, req.query as Record<string, unknown>);
            const records = hooks.decorateRows ? await hooks.decorateRows(user, p.records) : p.records;
            return { ...p, records: secrets.length ? records.map((r) => maskSecrets(def, r)) : records };
          },
        });
        break;
      case 'detail':
        route({
          method: 'GET',
          url: `${def.api}/detail`,
          summary: `${def.label.zh}详情`,
          tags,
          requires: { code: codes.view },
          query: idQuery,
          handler: async ({ user, query }) => {
            const row = await repo.detail(user, query.id);
            if (!row) throw notFound();
            return maskSecrets(def, hooks.decorate ? await hooks.decorate(user, row) : row);
          },
        });
        break;
      case 'submit':
      case 'save':
      case 'update':
        route({
          method: 'POST',
          url: `${def.api}/${r}`,
          summary: `${def.label.zh}${r === 'update' ? '修改' : r === 'save' ? '新增' : '新增或修改'}`,
          tags,
          requires: { anyOf: [codes.add, codes.edit], platform },
          body,
          handler: ({ user, body }) => write(user, body as Row & { id?: string }, r),
        });
        break;
      case 'remove':
        route({
          method: 'POST',
          url: `${def.api}/remove`,
          summary: `${def.label.zh}逻辑删除`,
          tags,
          requires: { code: codes.delete, platform },
          query: idsQuery,
          handler: async ({ user, req }) => {
            const ids = parseIds((req.query as Record<string, unknown>).ids);
            await hooks.beforeRemove?.(user, ids);
            await repo.remove(user, ids);
            await hooks.afterWrite?.(user);
          },
        });
        break;
    }
  }
}
