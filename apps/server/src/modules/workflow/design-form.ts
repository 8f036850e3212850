/**
 * Form designs (/api/blade-workflow/design/form) and their history versions (/design/form/history). Every save
 * that carries the field list writes a new version; the form row holds the main version, and any history
 * version can be made the main one again (setMainVersion).
 */
import { parseFormColumns, permissionCodes, submitSchema, wfFormEntity, wfFormHistoryEntity, type EntityDef } from '@hjl/core';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Row } from '../../platform/crud/repo.ts';
import { assertMayWrite, registerEntityRoutes } from '../../platform/crud/routes.ts';
import { nextId } from '../../platform/db/ids.ts';
import type { Db } from '../../platform/db/index.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { checkUnique, ENABLED, insertRow, registerVersionHistory, requireId } from './design-shared.ts';
import { wfCategories, wfFormHistories, wfForms } from './schema.ts';

const MAX_CONTENT = 1024 * 1024;

/** A definition narrowed to the fields a caller may write (derived fields such as `version` are the server's). */
export function writable(def: EntityDef, fields: string[]): EntityDef {
  return {
    ...def,
    fields: Object.fromEntries(
      fields.map((f) => {
        const field = def.fields[f];
        if (!field) throw new Error(`${def.name} has no field ${f}`);
        return [f, field];
      }),
    ),
  };
}

/** Category names of the tenant, for list rows. */
export async function categoryNames(db: Db, tenantId: string, ids: unknown[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x) => x !== null && x !== undefined && x !== '').map(String))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: wfCategories.id, name: wfCategories.name })
    .from(wfCategories)
    .where(and(eq(wfCategories.tenantId, tenantId), eq(wfCategories.isDeleted, 0), inArray(wfCategories.id, wanted)));
  return new Map(rows.map((r) => [String(r.id), String(r.name)]));
}

/** Refuses a category that is not one of the caller's. */
/**
 * Decorators of a designed record (form or model): the category name beside the category id; lists leave out
 * the (large) content field, details keep it.
 */
export function withCategoryNames(db: Db, contentField: 'content' | 'xml') {
  const decorate = async (user: AuthUser, rows: Row[], keepContent: boolean) => {
    const names = await categoryNames(
      db,
      user.tenantId,
      rows.map((r) => r.categoryId),
    );
    return rows.map(({ [contentField]: content, ...r }) => ({
      ...r,
      ...(keepContent ? { [contentField]: content } : {}),
      categoryName: names.get(String(r.categoryId)) ?? '',
    }));
  };
  return {
    decorateRows: (user: AuthUser, rows: Row[]) => decorate(user, rows, false),
    decorate: async (user: AuthUser, row: Row) => firstRow(await decorate(user, [row], true), 'form names'),
  };
}

export async function checkCategory(db: Db, user: AuthUser, categoryId: unknown) {
  if (categoryId === undefined || categoryId === null) return;
  if (!(await categoryNames(db, user.tenantId, [categoryId])).size) throw fail('流程分类不存在');
}

/** The field list of a body as stored JSON text, or 400 naming the mistake. */
function contentText(raw: unknown): string {
  const r = parseFormColumns(raw);
  if ('error' in r) throw fail(r.error);
  const text = JSON.stringify(r.columns);
  if (text.length > MAX_CONTENT) throw fail('表单字段过多(最多1MB)');
  return text;
}

/** `POST <api>/changeCategory?ids=&categoryId=`: moves the caller's forms or models to a category of theirs. */
export function registerChangeCategory(ctx: ModuleContext, repo: EntityRepo, summary: string, tags: string[]) {
  ctx.route({
    method: 'POST',
    url: `${repo.def.api}/changeCategory`,
    summary,
    tags,
    requires: { code: permissionCodes(repo.def).edit },
    query: z.object({ ids: z.string().optional(), categoryId: z.string().optional(), category: z.string().optional() }),
    handler: async ({ user, query }) => {
      const ids = parseIds(query.ids);
      const categoryId = requireId(query.categoryId ?? query.category, 'categoryId');
      await checkCategory(ctx.database.db, user, categoryId);
      await repo.updateMany(user, ids, { categoryId });
    },
  });
}

export const idParam = z.object({ id: z.string().optional() });

export function registerDesignForm(ctx: ModuleContext) {
  const { route, access } = ctx;
  const db = ctx.database.db;
  const repo = ctx.repo(wfFormEntity, wfForms);
  const history = ctx.repo(wfFormHistoryEntity, wfFormHistories);
  const codes = permissionCodes(wfFormEntity);
  const body = submitSchema(writable(wfFormEntity, ['formKey', 'name', 'categoryId', 'remark']));
  const api = wfFormEntity.api;
  const tags = ['表单设计'];
  const t = wfForms;
  const h = wfFormHistories;

  registerEntityRoutes(route, repo, access, {
    ...withCategoryNames(db, 'content'),
    async beforeRemove(user, ids) {
      // History versions go with their form (only the caller's forms: the ids are checked against the tenant).
      const mine = await db
        .select({ id: t.id })
        .from(t)
        .where(and(...(await repo.scope(user)), inArray(t.id, ids)));
      if (!mine.length) return;
      await db
        .update(h)
        .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` })
        .where(
          and(
            eq(h.tenantId, user.tenantId),
            inArray(
              h.formId,
              mine.map((m) => String(m.id)),
            ),
          ),
        );
    },
  });

  route({
    method: 'POST',
    url: `${api}/submit`,
    summary: '表单新增或修改(保存字段时生成新版本)',
    tags,
    requires: { anyOf: [codes.add, codes.edit] },
    body: z.looseObject({ content: z.unknown().optional(), versionRemark: z.unknown().optional() }),
    handler: async ({ user, body: raw }) => {
      const data = parseOrFail(body, raw) as Row & { id?: string };
      const id = data.id;
      await assertMayWrite(access, user, wfFormEntity, !!id);
      const current = id ? await repo.detail(user, id) : undefined;
      if (id && !current) throw fail('数据不存在或已被删除');
      await checkCategory(db, user, data.categoryId);
      const content = raw.content !== undefined && raw.content !== null ? contentText(raw.content) : id ? undefined : '[]';
      const fields: Row = {};
      for (const f of ['formKey', 'name', 'categoryId', 'remark']) if (data[f] !== undefined) fields[f] = data[f];
      await checkUnique(repo, user, 'formKey', fields.formKey, id, wfFormEntity.fields.formKey.unique);
      const formId = id ?? nextId();
      await db.transaction(async (tx) => {
        let version = current ? Number(current.version ?? 0) : 0;
        if (content !== undefined) {
          const [top] = await tx
            .select({ v: max(h.version) })
            .from(h)
            .where(and(eq(h.tenantId, user.tenantId), eq(h.formId, formId)));
          version = Number(top?.v ?? 0) + 1;
          fields.content = content;
          fields.version = version;
        }
        if (current) await repo.updateMany(user, [formId], fields, tx);
        else await insertRow(tx, t, user, formId, fields);
        if (content !== undefined) {
          await insertRow(tx, h, user, nextId(), {
            formId,
            formKey: fields.formKey ?? current?.formKey,
            name: fields.name ?? current?.name,
            content,
            version,
            remark: typeof raw.versionRemark === 'string' ? raw.versionRemark.slice(0, 255) : null,
          });
        }
      });
      return { id: formId };
    },
  });

  route({
    method: 'GET',
    url: `${api}/listType`,
    summary: '可选的表单(启用的主版本)',
    tags,
    requires: { code: codes.view },
    query: z.object({ categoryId: z.string().optional() }),
    handler: async ({ user, query }) => {
      const where = [...(await repo.scope(user)), eq(t.status, ENABLED)];
      if (query.categoryId) where.push(eq(t.categoryId, requireId(query.categoryId, 'categoryId')));
      return db
        .select({ id: t.id, formKey: t.formKey, name: t.name, categoryId: t.categoryId, version: t.version })
        .from(t)
        .where(and(...where))
        .orderBy(asc(t.formKey));
    },
  });

  registerChangeCategory(ctx, repo, '表单变更分类', tags);

  // History versions.
  registerVersionHistory({ route, access, db }, history, { table: t, parentCol: 'formId', label: '表单', tags });

  route({
    method: 'POST',
    url: `${wfFormHistoryEntity.api}/setMainVersion`,
    summary: '设为表单主版本',
    tags,
    requires: { code: `${wfFormHistoryEntity.name}_main` },
    query: idParam,
    handler: async ({ user, query }) => {
      const version = await history.detail(user, requireId(query.id));
      if (!version) throw notFound('历史版本不存在');
      const form = await repo.detail(user, String(version.formId));
      if (!form) throw fail('表单不存在或已被删除');
      await repo.update(user, String(form.id), { name: version.name, content: version.content, version: version.version });
    },
  });
}
