/** Helpers the design-time routes share. */
import { permissionCodes } from '@hjl/core';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { AccessProvider } from '../../platform/access/index.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { Db } from '../../platform/db/index.ts';
import { columnOf, type EntityTable } from '../../platform/crud/table.ts';
import { fail } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import type { Router } from '../../platform/http/route.ts';

/** `status` of catalogue records (categories, conditions, buttons). */
export const ENABLED = 1;
export const DISABLED = 2;

export const optionalText = z.string().max(255).optional();

/**
 * `POST <api>/changeStatus?ids=&status=1|2`: enables or disables the caller's records (code `<name>_edit`).
 * The entity framework keeps `status` out of submit bodies, so this is how a catalogue entry is switched.
 */
export function registerChangeStatus(route: Router, repo: EntityRepo) {
  const def = repo.def;
  route({
    method: 'POST',
    url: `${def.api}/changeStatus`,
    summary: `${def.label.zh}启用或停用`,
    tags: [def.label.zh],
    requires: { code: permissionCodes(def).edit },
    query: z.object({ ids: z.string().optional(), status: z.string().optional() }),
    handler: async ({ user, query }) => {
      const ids = parseIds(query.ids);
      if (query.status === undefined) throw fail('缺少必要的请求参数: status');
      const status = Number(query.status);
      if (status !== ENABLED && status !== DISABLED) throw fail('状态只能是1(启用)或2(停用)');
      await repo.updateMany(user, ids, { status });
    },
  });
}

/** Inserts a tenant row of an entity table with the audit columns of the caller. */
export async function insertRow(tx: Executor, table: EntityTable, user: AuthUser, id: string, values: Row) {
  await tx
    .insert(table)
    .values({ ...values, id, tenantId: user.tenantId, createUser: user.userId, createDept: user.deptIds[0] ?? null, updateUser: user.userId });
}

/** The one id of a parameter (`缺少必要的请求参数: <name>` when blank, as parseIds answers). */
export function requireId(raw: string | undefined, name = 'id'): string {
  const [id] = parseIds(raw, name);
  if (id === undefined) throw fail(`缺少必要的请求参数: ${name}`);
  return id;
}

/** Refuses a value of a unique key another live row of the tenant already has. */
export async function checkUnique(repo: EntityRepo, user: AuthUser, field: string, value: unknown, id: string | undefined, message: string) {
  if (value === undefined || value === null) return;
  const other = await repo.find(user, [eq(repo.column(field), value), ...(id ? [ne(repo.columns.id, id)] : [])]);
  if (other) throw fail(message);
}

/**
 * The routes every version history (forms, models) has: list, detail and remove of the entity framework — the
 * main version cannot be removed — and `POST <api>/submit` changing a version's note. `setMainVersion` is each
 * history's own.
 */
export function registerVersionHistory(
  ctx: { route: Router; access: AccessProvider; db: Db },
  history: EntityRepo,
  main: { table: EntityTable; parentCol: string; label: string; tags: string[] },
  decorateRows?: (user: AuthUser, rows: Row[]) => Row[],
) {
  const h = history.table as EntityTable;
  const t = main.table;
  registerEntityRoutes(ctx.route, history, ctx.access, {
    ...(decorateRows ? { decorateRows } : {}),
    async beforeRemove(user, ids) {
      const rows = await ctx.db
        .select({ version: history.column('version'), main: columnOf(t, 'version') })
        .from(h)
        .innerJoin(t, eq(t.id, history.column(main.parentCol)))
        .where(and(...(await history.scope(user)), inArray(h.id, ids)));
      if (rows.some((r) => r.version === r.main)) throw fail('不能删除当前主版本');
    },
  });
  ctx.route({
    method: 'POST',
    url: `${history.def.api}/submit`,
    summary: `修改${main.label}历史版本说明`,
    tags: main.tags,
    requires: { code: permissionCodes(history.def).edit },
    body: z.object({
      id: z.union([z.string(), z.number()]).transform(String).optional(),
      remark: z.string().max(255, '版本说明最多255个字符').nullable().optional(),
    }),
    handler: async ({ user, body }) => {
      await history.update(user, requireId(body.id), { remark: body.remark ?? null });
    },
  });
}
