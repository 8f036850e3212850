/** The routes of an entity definition, with the specs' paths and its permission codes. */
import { maskSecrets, permissionCodes, submitSchema, filterableFields, SECRET_MASK, type EntityDef, type ListRowOf } from '@hjl/core';
import { z } from 'zod';
import { forbidden, notFound, fail } from '../http/errors.ts';
import { idField, idsField } from '../http/params.ts';
import type { Router } from '../http/route.ts';
import type { AccessProvider } from '../access/index.ts';
import type { AuthUser } from '../auth/user.ts';
import type { EntityRepo, Executor, Row } from './repo.ts';
import { registerEntityExport, type DictionaryLookup } from './export.ts';

/** What a submit received besides the field values a hook may change. */
export interface SubmitInput {
  /** The validated body: the fields and the keys of `extraBody`. */
  body: Row;
  /** The request body as it was sent (keys no schema declares included). */
  raw: unknown;
}

/** What a write changed, for afterWrite. */
export interface WriteChange {
  op: 'insert' | 'update' | 'remove';
  ids: string[];
}

/** What `inTransaction` is told: the record written and the declared fields the write set. */
export interface TransactionChange {
  op: 'insert' | 'update';
  id: string;
  values: Row;
  /** The validated submit body (with the keys of `extraBody`: lines written with the record); absent on an approval start. */
  body?: Row;
}

export interface EntityHooks<D extends EntityDef = EntityDef> {
  /**
   * Extra keys of the submit body that are not fields (validated and published with it, never written);
   * beforeWrite reads them from `input.body`.
   */
  extraBody?: Record<string, z.ZodType>;
  /** Adjusts or checks a validated body before it is written; `id` is set on an update. */
  beforeWrite?(user: AuthUser, data: Row, id: string | undefined, input: SubmitInput): Promise<void> | void;
  /** Adds derived fields to a record read for detail (after the names of its references). */
  decorate?(user: AuthUser, row: ListRowOf<D>): Promise<Row> | Row;
  /** Adds derived fields to the rows of a list page (after the names of their references), in one go. */
  decorateRows?(user: AuthUser, rows: ListRowOf<D>[]): Promise<Row[]> | Row[];
  /** Checks the rows about to be removed (e.g. refuses one still in use). */
  beforeRemove?(user: AuthUser, ids: string[]): Promise<void> | void;
  /**
   * Runs in the write's transaction, right after the row is inserted or updated: a number taken from a counter,
   * rows kept in step with the record. Throwing rolls the write back. (The approval kit's `start` runs it too.)
   */
  inTransaction?(tx: Executor, user: AuthUser, change: TransactionChange): Promise<void> | void;
  /** Runs after a successful insert, update or remove (cache invalidation and the like). */
  afterWrite?(user: AuthUser, change: WriteChange): Promise<void> | void;
  /** Dictionary labels for the Excel export of an `exportable` definition (required by it). */
  dictionary?: DictionaryLookup;
}

/**
 * "May this user add (or edit) records of this definition?": the button code `<name>_add` for a new record,
 * `<name>_edit` for a change. A submit route accepts either code; this decides which one the body needs.
 */
export async function assertMayWrite(access: AccessProvider, user: AuthUser, def: Pick<EntityDef, 'name'>, isUpdate: boolean): Promise<void> {
  const codes = permissionCodes(def);
  if (!(await access.permissions(user)).has(isUpdate ? codes.edit : codes.add)) throw forbidden();
}

const idQuery = z.object({ id: idField() });
const idsQuery = z.object({ ids: idsField() });

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

export function registerEntityRoutes<D extends EntityDef>(route: Router, repo: EntityRepo<D>, access: AccessProvider, hooks: EntityHooks<D> = {}) {
  const def: EntityDef = repo.def;
  const codes = permissionCodes(def);
  const tags = [def.label.zh];
  const body = submitSchema(def, hooks.extraBody);
  const extraKeys = Object.keys(hooks.extraBody ?? {});

  const secrets = Object.entries(def.fields).filter(([, f]) => f.secret);
  /** Changes of platform-wide records are the platform administrator's. */
  const platform = def.tenant === false;

  /** Writes a record; answers its id. */
  const write = async (user: AuthUser, data: Row & { id?: string }, raw: unknown, mode: 'submit' | 'save' | 'update'): Promise<string> => {
    const { id, ...fields } = data;
    for (const k of extraKeys) delete fields[k];
    if (mode === 'update' && !id) throw fail('缺少必要的请求参数: id');
    const isUpdate = mode === 'update' || (mode === 'submit' && id !== undefined);
    // A secret sent back as the mask the form was given means "unchanged".
    for (const [name, field] of secrets) {
      if (fields[name] !== SECRET_MASK) continue;
      delete fields[name];
      if (!isUpdate && field.required) throw fail(field.required);
    }
    await assertMayWrite(access, user, def, isUpdate);
    await hooks.beforeWrite?.(user, fields, isUpdate ? id : undefined, { body: data, raw });
    if (hooks.inTransaction) {
      const inTransaction = hooks.inTransaction;
      const prepared = await repo.prepareWrite(user, fields, isUpdate ? id : undefined);
      await repo.transaction(async (tx) => {
        await prepared.write(tx);
        await inTransaction(tx, user, { op: prepared.insert ? 'insert' : 'update', id: prepared.id, values: prepared.values, body: data });
      });
      await hooks.afterWrite?.(user, { op: prepared.insert ? 'insert' : 'update', ids: [prepared.id] });
      return prepared.id;
    }
    if (isUpdate && id) {
      await repo.update(user, id, fields);
      await hooks.afterWrite?.(user, { op: 'update', ids: [id] });
      return id;
    }
    const newId = await repo.insert(user, fields);
    await hooks.afterWrite?.(user, { op: 'insert', ids: [newId] });
    return newId;
  };
  /** Removes records (`remove` and the record style's `delete`). */
  const remove = async (user: AuthUser, ids: string[]) => {
    await hooks.beforeRemove?.(user, ids);
    await repo.remove(user, ids);
    await hooks.afterWrite?.(user, { op: 'remove', ids });
  };
  /** The rows with their references' names, then the module's own derived fields. */
  const namedRows = async (user: AuthUser, rows: Row[]): Promise<Row[]> => {
    const named = await repo.withNames(user, rows);
    return hooks.decorateRows ? hooks.decorateRows(user, named) : named;
  };

  if (def.exportable) {
    if (!hooks.dictionary) throw new Error(`${def.name} is exportable: pass hooks.dictionary`);
    registerEntityExport(route, repo, { dictionary: hooks.dictionary, decorateRows: namedRows });
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
            const records = await namedRows(user, p.records);
            return { ...p, records: secrets.length ? records.map((r) => maskSecrets(def, r)) : records };
          },
        });
        break;
      case 'detail':
      case 'get':
        route({
          method: 'GET',
          url: `${def.api}/${r}`,
          summary: `${def.label.zh}详情`,
          tags,
          requires: { code: codes.view },
          query: idQuery,
          handler: async ({ user, query }) => {
            const row = await repo.detail(user, query.id);
            if (!row) throw notFound();
            const [named] = await repo.withNames(user, [row]);
            return maskSecrets(def, hooks.decorate && named ? await hooks.decorate(user, named) : (named ?? row));
          },
        });
        break;
      case 'submit':
      case 'save':
      case 'update':
        route({
          method: r === 'update' ? (def.methods?.update ?? 'POST') : 'POST',
          url: `${def.api}/${r}`,
          summary: `${def.label.zh}${r === 'update' ? '修改' : r === 'save' ? '新增' : '新增或修改'}`,
          tags,
          requires: { anyOf: [codes.add, codes.edit], platform },
          body,
          handler: async ({ user, body, req }) => {
            await write(user, body as Row & { id?: string }, req.body, r);
          },
        });
        break;
      case 'create':
        route({
          method: 'POST',
          url: `${def.api}/create`,
          summary: `${def.label.zh}新增`,
          tags,
          requires: { code: codes.add, platform },
          body,
          handler: async ({ user, body, req }) => {
            const { id: _ignored, ...fields } = body as Row & { id?: string };
            return { id: await write(user, fields, req.body, 'save') };
          },
        });
        break;
      case 'delete':
        // The record style's removal: DELETE with the ids in `?id=` (S2 L467).
        route({
          method: 'DELETE',
          url: `${def.api}/delete`,
          summary: `${def.label.zh}删除`,
          tags,
          requires: { code: codes.delete, platform },
          query: z.object({ id: idsField() }),
          handler: ({ user, query }) => remove(user, query.id),
        });
        break;
      case 'remove': {
        // DELETE with the ids in the body (EntityDef.methods), else POST with them in the query.
        const inBody = def.methods?.remove === 'DELETE';
        route({
          method: inBody ? 'DELETE' : 'POST',
          url: `${def.api}/remove`,
          summary: `${def.label.zh}逻辑删除`,
          tags,
          requires: { code: codes.delete, platform },
          ...(inBody ? { body: idsQuery } : { query: idsQuery }),
          handler: ({ user, query, body }) => remove(user, (inBody ? body : query).ids),
        });
        break;
      }
    }
  }
}
