/**
 * Model scope (/api/blade-workflow/design/model-scope): who may start a model — users, roles, depts or posts,
 * named by id. A model with no scope row may be started by everyone; `mayStart` answers it for the engine's
 * start list (WORKFLOW.md, Lists: "latest active definitions the user may start (model scope)").
 */
import { WF_SCOPE_TYPE, wfModelEntity, wfModelScopeEntity } from '@hjl/core';
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { RefRegistry } from '../../platform/crud/refs.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { Db } from '../../platform/db/index.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { wfModels, wfModelScopes } from './schema.ts';

/** Per scope type: the reference kind its ids name (FieldDef.ref) and what to call it in messages. */
const TARGETS: Record<number, { kind: string; label: string }> = {
  [WF_SCOPE_TYPE.user]: { kind: 'user', label: '用户' },
  [WF_SCOPE_TYPE.role]: { kind: 'role', label: '角色' },
  [WF_SCOPE_TYPE.dept]: { kind: 'dept', label: '部门' },
  [WF_SCOPE_TYPE.post]: { kind: 'post', label: '岗位' },
};

/** Names of the tenant's live users / roles / depts / posts among `ids`. */
async function targetNames(refs: RefRegistry, tenantId: string, type: number, ids: string[]): Promise<Map<string, string>> {
  const target = TARGETS[type];
  if (!target || !ids.length) return new Map();
  return refs.resolver(target.kind).names(tenantId, ids, { liveOnly: true });
}

const idsOf = (v: unknown) => [
  ...new Set(
    String(v ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
];

/** The model scope calls under the product's path and the spec's (design/model/scope). */
export function registerModelScope(ctx: ModuleContext) {
  for (const api of [wfModelScopeEntity.api, '/api/blade-workflow/design/model/scope']) registerModelScopeAt(ctx, api);
}

function registerModelScopeAt(ctx: ModuleContext, api: string) {
  const db = ctx.database.db;
  const repo = ctx.repo({ ...wfModelScopeEntity, api }, wfModelScopes);
  const models = ctx.repo(wfModelEntity, wfModels);

  const decorate = async (user: AuthUser, rows: Row[]) => {
    const modelIds = [...new Set(rows.map((r) => String(r.modelId)))];
    const modelNames = new Map(
      modelIds.length
        ? (
            await db
              .select({ id: wfModels.id, name: wfModels.name })
              .from(wfModels)
              .where(and(eq(wfModels.tenantId, user.tenantId), inArray(wfModels.id, modelIds)))
          ).map((m) => [String(m.id), String(m.name)])
        : [],
    );
    const out: Row[] = [];
    for (const r of rows) {
      const ids = idsOf(r.scopeValue);
      const names = await targetNames(ctx.refs, user.tenantId, Number(r.scopeType), ids);
      out.push({
        ...r,
        modelName: modelNames.get(String(r.modelId)) ?? '',
        scopeText: ids
          .map((i) => names.get(i))
          .filter(Boolean)
          .join(','),
      });
    }
    return out;
  };

  registerEntityRoutes(ctx.route, repo, ctx.access, {
    async beforeWrite(user, data, id) {
      const current = id ? await repo.detail(user, id) : undefined;
      if (id && !current) throw fail('数据不存在或已被删除');
      const merged = { ...current, ...data };
      const model = await models.detail(user, String(merged.modelId));
      if (!model) throw fail('流程模型不存在');
      data.modelKey = model.modelKey;
      const type = Number(merged.scopeType);
      const target = TARGETS[type];
      if (!target) throw fail('权限类型不正确');
      const ids = idsOf(merged.scopeValue);
      const names = await targetNames(ctx.refs, user.tenantId, type, ids);
      const missing = ids.filter((i) => !names.has(i));
      if (missing.length) throw fail(`${target.label}不存在: ${missing.join(',')}`);
      data.scopeValue = ids.join(',');
    },
    decorate: async (user, row) => firstRow(await decorate(user, [row]), 'scope names'),
    decorateRows: decorate,
  });
}

/** Who is asking: a user with their roles, depts and posts. */
export type Starter = Pick<AuthUser, 'tenantId' | 'userId' | 'roleIds' | 'deptIds' | 'postIds'>;

/** Whether `who` may start the model with this key: no scope rows (open to all), or a row naming them. */
export async function mayStart(db: Db, who: Starter, modelKey: string): Promise<boolean> {
  return (await startableKeys(db, who, [modelKey])).has(modelKey);
}

/** A model scope row as the start check reads it. */
export interface ScopeRow {
  key: string;
  type: number;
  value: string | null;
}

/** The model keys among `modelKeys` that `who` may start, in one query (the start list asks for all of them). */
export async function startableKeys(db: Db, who: Starter, modelKeys: readonly string[]): Promise<Set<string>> {
  if (!modelKeys.length) return new Set();
  const rows = await db
    .select({ key: wfModelScopes.modelKey, type: wfModelScopes.scopeType, value: wfModelScopes.scopeValue })
    .from(wfModelScopes)
    .where(and(eq(wfModelScopes.tenantId, who.tenantId), eq(wfModelScopes.isDeleted, 0), inArray(wfModelScopes.modelKey, [...modelKeys])));
  return keysAllowed(
    rows.map((r) => ({ key: String(r.key), type: Number(r.type), value: r.value === null ? null : String(r.value) })),
    who,
    modelKeys,
  );
}

/**
 * The live scope rows of the tenant's model with key `key` (a column of the outer query), as one JSON array of
 * `{ key, type, value }`: for a statement that reads them with something else (the start reads them with its
 * definition, process/start.ts). `key` must name its table (the subquery's own columns are not written bare).
 */
export function scopeRowsOf(tenantId: string | SQLWrapper, key: SQLWrapper): SQL<ScopeRow[]> {
  const s = wfModelScopes;
  // Columns named through the alias: the outer query's columns may be written unqualified.
  const c = (col: { name: string }) => sql`ms.${sql.identifier(col.name)}`;
  return sql<
    ScopeRow[]
  >`(SELECT coalesce(json_agg(json_build_object('key', ${c(s.modelKey)}, 'type', ${c(s.scopeType)}, 'value', ${c(s.scopeValue)})), '[]'::json)
    FROM ${s} ms WHERE ${c(s.tenantId)} = ${tenantId} AND ${c(s.isDeleted)} = 0 AND ${c(s.modelKey)} = ${key})`;
}

/** The keys among `modelKeys` that `who` may start given the live scope rows of those keys: no rows (open to all), or a row naming them. */
export function keysAllowed(rows: readonly ScopeRow[], who: Starter, modelKeys: readonly string[]): Set<string> {
  const mine: Record<number, string[]> = {
    [WF_SCOPE_TYPE.user]: [who.userId],
    [WF_SCOPE_TYPE.role]: who.roleIds,
    [WF_SCOPE_TYPE.dept]: who.deptIds,
    [WF_SCOPE_TYPE.post]: who.postIds,
  };
  const scoped = new Set(rows.map((r) => String(r.key)));
  const named = new Set(rows.filter((r) => idsOf(r.value).some((id) => (mine[Number(r.type)] ?? []).includes(id))).map((r) => String(r.key)));
  return new Set(modelKeys.filter((k) => !scoped.has(k) || named.has(k)));
}
