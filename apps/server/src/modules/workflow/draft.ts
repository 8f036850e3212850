/**
 * Drafts (/api/blade-workflow/process/draft): form values a user saved before starting a process (per process
 * definition key) or before completing a task (per task). One draft per user and key or task: saving again
 * replaces it. Everyone sees, changes and removes only their own drafts, whatever their data scope. The engine
 * deletes the draft when the process starts (WORKFLOW.md, Task actions: start).
 */
import { permissionCodes, submitSchema, wfDraftEntity } from '@hjl/core';
import { and, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { assertMayWrite, registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { Db } from '../../platform/db/index.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { writable } from './design-form.ts';
import { insertRow } from './design-shared.ts';
import { wfDrafts } from './schema.ts';

const MAX_VARIABLES = 1024 * 1024;
const FIELDS = ['processDefKey', 'processDefId', 'taskId', 'title', 'formKey'];

/** The form values of a body as stored JSON text (an object, or its JSON text). */
function variablesText(raw: unknown): string {
  let v = raw ?? {};
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v || '{}');
    } catch {
      throw fail('表单数据不是有效的JSON');
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw fail('表单数据应为JSON对象');
  const text = JSON.stringify(v);
  if (text.length > MAX_VARIABLES) throw fail('表单数据过大(最多1MB)');
  return text;
}

const answer = ({ variables, isDeleted: _d, ...r }: Row) => {
  let values: unknown = {};
  try {
    values = JSON.parse(String(variables ?? '{}'));
  } catch {
    /* stored by us as JSON; an unreadable value reads as empty */
  }
  return { ...r, variables: values };
};

/** Deletes the user's draft of a process key (or of a task): called when the process starts or the task completes. */
export async function deleteDraft(db: Db, user: Pick<AuthUser, 'tenantId' | 'userId'>, by: { processDefKey?: string; taskId?: string }) {
  const t = wfDrafts;
  const where: SQL[] = [eq(t.tenantId, user.tenantId), eq(t.createUser, user.userId), eq(t.isDeleted, 0)];
  if (by.taskId) where.push(eq(t.taskId, by.taskId));
  else if (by.processDefKey) where.push(eq(t.processDefKey, by.processDefKey), isNull(t.taskId));
  else return;
  await db
    .update(t)
    .set({ isDeleted: 1 })
    .where(and(...where));
}

/**
 * Whether the user has a draft of the process key `key` (a column of the outer query): for a statement that reads
 * it with something else (the start reads it with its definition and deletes the draft only when there is one).
 * `key` must name its table.
 */
export function hasDraftOf(user: { tenantId: string | SQLWrapper; userId: string | SQLWrapper }, key: SQLWrapper): SQL<boolean> {
  // Columns named through the alias: the outer query's columns may be written unqualified.
  const t = wfDrafts;
  const c = (col: { name: string }) => sql`dr.${sql.identifier(col.name)}`;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${t} dr WHERE ${c(t.tenantId)} = ${user.tenantId} AND ${c(t.createUser)} = ${user.userId}
    AND ${c(t.isDeleted)} = 0 AND ${c(t.processDefKey)} = ${key} AND ${c(t.taskId)} IS NULL)`;
}

export function registerDraft(ctx: ModuleContext) {
  const { route, access } = ctx;
  const db = ctx.database.db;
  const repo = ctx.repo(wfDraftEntity, wfDrafts);
  const codes = permissionCodes(wfDraftEntity);
  const body = submitSchema(writable(wfDraftEntity, FIELDS));
  const api = wfDraftEntity.api;
  const tags = ['草稿箱'];
  const t = wfDrafts;
  const own = (user: AuthUser) => eq(t.createUser, user.userId);

  route({
    method: 'GET',
    url: `${api}/list`,
    summary: '我的草稿',
    tags,
    requires: { code: codes.view },
    query: z.looseObject({ current: z.string().optional(), size: z.string().optional(), processDefKey: z.string().optional(), title: z.string().optional() }),
    handler: async ({ user, req }) => {
      const p = await repo.page(user, req.query as Record<string, unknown>, [own(user)]);
      return { ...p, records: p.records.map(({ variables: _v, isDeleted: _d, ...r }) => r) };
    },
  });

  route({
    method: 'GET',
    url: `${api}/detail`,
    summary: '我的草稿详情(按id、流程标识或任务)',
    tags,
    requires: { code: codes.view },
    query: z.object({
      id: idField().optional(),
      processDefKey: z.string().max(64).optional(),
      taskId: z.string().max(64).optional(),
    }),
    handler: async ({ user, query }) => {
      const where: SQL[] = [own(user)];
      if (query.id) where.push(eq(t.id, query.id));
      else if (query.taskId) where.push(eq(t.taskId, query.taskId));
      else if (query.processDefKey) where.push(eq(t.processDefKey, query.processDefKey), isNull(t.taskId));
      else throw fail('缺少必要的请求参数: id');
      const row = await repo.find(user, where);
      // No draft yet is no mistake: the form starts empty.
      return row ? answer(row) : null;
    },
  });

  route({
    method: 'POST',
    url: `${api}/submit`,
    summary: '保存草稿',
    tags,
    requires: { anyOf: [codes.add, codes.edit] },
    body: z.looseObject({ variables: z.unknown().optional() }),
    handler: async ({ user, body: raw }) => {
      const data = parseOrFail(body, raw) as Row & { id?: string };
      await assertMayWrite(access, user, wfDraftEntity, !!data.id);
      const fields: Row = {};
      for (const f of FIELDS) if (data[f] !== undefined) fields[f] = data[f];
      fields.variables = variablesText(raw.variables);

      let current: Row | undefined;
      if (data.id) {
        current = await repo.find(user, [eq(t.id, data.id), own(user)]);
        if (!current) throw fail('草稿不存在或已被删除');
      }
      const merged = { ...current, ...fields };
      if (!merged.processDefKey && !merged.taskId) throw fail('请选择流程');
      if (!current) {
        // One draft per process key (or task): saving again replaces it.
        current = await repo.find(user, [
          own(user),
          ...(merged.taskId ? [eq(t.taskId, String(merged.taskId))] : [eq(t.processDefKey, String(merged.processDefKey)), isNull(t.taskId)]),
        ]);
      }
      const id = current ? String(current.id) : nextId();
      if (current) await repo.updateMany(user, [id], fields);
      else await insertRow(db, t, user, id, fields);
      return { id };
    },
  });

  registerEntityRoutes(route, repo, access, {
    async beforeRemove(user, ids) {
      for (const id of ids) {
        const row = await repo.detail(user, id);
        if (row && String(row.createUser) !== user.userId) throw fail('只能删除自己的草稿');
      }
    },
  });
}
