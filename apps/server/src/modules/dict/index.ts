/**
 * Dictionaries: the system dictionary (`/api/blade-system/dict`, platform-wide, changed only by the platform
 * administrator) and the business dictionary (`/api/blade-system/dict-biz`, per tenant), with the same calls
 * (spec 2 section 7), plus the dictType / dictData views of spec 2 over the system dictionary (dict-data.ts).
 */
import { dictBizChildEntity, dictBizEntity, dictChildEntity, dictEntity, isIdText, permissionCodes, type EntityDef } from '@hjl/core';
import { z } from 'zod';
import { idField } from '../../platform/http/params.ts';
import { notFound } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import type { Router } from '../../platform/http/route.ts';
import type { DictionaryLookup } from '../../platform/crud/export.ts';
import { assertMayWrite } from '../../platform/crud/routes.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { dictBiz, dicts } from './schema.ts';
import { registerDictDataViews } from './dict-data.ts';
import { DictStore, fieldDictionary } from './store.ts';

export { DictStore } from './store.ts';

const codeQuery = z.object({ code: z.string().min(1, '缺少必要的请求参数: code').max(255) });
const optionalCodeQuery = z.object({ code: z.string().max(255).optional() });
const idQuery = z.object({ id: idField() });
/** `child-list?parentId=`: BladeX defaults it to -1 (no dictionary chosen yet), which has no entries. */
const parentIdQuery = z.object({
  parentId: z
    .string()
    .default('-1')
    .refine((v) => v === '-1' || isIdText(v), '请求参数类型错误'),
});
const listQuery = z.looseObject({ current: z.string().optional(), size: z.string().optional() });

export interface DictStores {
  system: DictStore;
  biz: DictStore;
  /** A dictionary field's labels for the caller's tenant (`fieldDictionary`): the entity hooks' `dictionary` of an export. */
  optionsOf: DictionaryLookup;
}

export function registerDict(ctx: ModuleContext): DictStores {
  const db = ctx.database.db;
  const system = new DictStore(dicts, ctx.repo(dictEntity, dicts), dictChildEntity, db);
  const biz = new DictStore(dictBiz, ctx.repo(dictBizEntity, dictBiz), dictBizChildEntity, db);
  registerDictRoutes(ctx.route, ctx, system, 'dict');
  registerDictRoutes(ctx.route, ctx, biz, 'dict-biz');
  registerDictDataViews(ctx, system);
  return { system, biz, optionsOf: fieldDictionary({ system, biz }) };
}

function registerDictRoutes(route: Router, ctx: ModuleContext, store: DictStore, service: 'dict' | 'dict-biz') {
  const def: EntityDef = store.repo.def;
  const codes = permissionCodes(def);
  const base = `/api/blade-system/${service}`;
  const tags = [def.label.zh];
  const view = { code: codes.view };
  /** The system dictionary is platform-wide: its changes are the platform administrator's. */
  const platform = def.tenant === false;

  route({
    method: 'GET',
    url: `${base}/list`,
    summary: `${def.label.zh}列表`,
    tags,
    requires: view,
    query: listQuery,
    handler: ({ user, req }) => store.repo.page(user, req.query as Record<string, unknown>),
  });
  route({
    method: 'GET',
    url: `${base}/parent-list`,
    summary: `${def.label.zh}父级列表`,
    tags,
    requires: view,
    query: listQuery,
    handler: async ({ user, req }) => {
      const page = await store.repo.page(user, req.query as Record<string, unknown>, [store.isRoot()]);
      return { ...page, records: await store.withHasChildren(user, page.records) };
    },
  });
  route({
    method: 'GET',
    url: `${base}/child-list`,
    summary: `${def.label.zh}子级树`,
    tags,
    requires: view,
    query: parentIdQuery,
    handler: async ({ user, query }) => (query.parentId === '-1' ? [] : store.childTree(user, query.parentId)),
  });
  route({
    method: 'GET',
    url: `${base}/detail`,
    summary: `${def.label.zh}详情`,
    tags,
    requires: view,
    query: idQuery,
    handler: async ({ user, query }) => {
      const row = await store.detail(user, query.id);
      if (!row) throw notFound();
      return row;
    },
  });
  route({
    method: 'POST',
    url: `${base}/submit`,
    summary: `${def.label.zh}新增或修改`,
    tags,
    requires: { anyOf: [codes.add, codes.edit], platform },
    handler: async ({ user, req }) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const isUpdate = body.id !== undefined && body.id !== null && body.id !== '';
      await assertMayWrite(ctx.access, user, def, isUpdate);
      await store.submit(user, body);
    },
  });
  route({
    method: 'POST',
    url: `${base}/remove`,
    summary: `${def.label.zh}删除`,
    tags,
    requires: { code: codes.delete, platform },
    handler: ({ user, req }) => store.remove(user, parseIds((req.query as Record<string, unknown>).ids)),
  });
  route({
    method: 'GET',
    url: `${base}/tree`,
    summary: `${def.label.zh}树`,
    tags,
    requires: 'user',
    query: optionalCodeQuery,
    handler: ({ user, query }) => store.selectTree(user.tenantId, query.code),
  });
  route({
    method: 'GET',
    url: `${base}/dictionary`,
    summary: `获取${def.label.zh}`,
    tags,
    requires: 'user',
    query: codeQuery,
    handler: ({ user, query }) => store.items(user.tenantId, query.code),
  });
  if (service === 'dict-biz') {
    route({
      method: 'GET',
      url: `${base}/dictionary-tree`,
      summary: `获取${def.label.zh}树`,
      tags,
      requires: 'user',
      query: codeQuery,
      handler: ({ user, query }) => store.entryTree(user.tenantId, query.code),
    });
  }
}
