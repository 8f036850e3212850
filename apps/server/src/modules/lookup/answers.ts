/**
 * What every lookup file shares: the route of a /prod-api call (read-only, answered through the LookupProvider),
 * the page and tree answers (records/total/size/current/pages; nodes with children) and their documentation.
 */
import type { EntityDef, FieldDef } from '@hjl/core';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Requirement } from '../../platform/access/index.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import { idField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { buildTree } from '../../platform/tree.ts';
import type { LookupProvider } from './provider.ts';

export const PROD_API = '/prod-api';
export const DATABASE_API = `${PROD_API}/database`;

/** current and size of a page, as every page call takes them (the other keys are the page's filters). */
export const pageQuery = {
  current: z.string().max(10).optional(),
  size: z.string().max(10).optional(),
};

/** An optional id filter (a category, a speciality …). */
export const optionalId = () => idField().optional();

/** The documented shape of a definition's row: its audit id and fields, texts or numbers as stored. */
export function rowSchema(def: EntityDef, more: Record<string, z.ZodType> = {}) {
  const typed = (f: FieldDef): z.ZodType => (f.type === 'int' ? z.number().nullable() : z.string().nullable());
  return z.object({ id: z.string(), ...Object.fromEntries(Object.entries(def.fields).map(([k, f]) => [k, typed(f)])), ...more });
}

/** A page as the front end reads it (data.records, data.total …). */
export const pageSchema = (record: z.ZodType) =>
  z.object({ records: z.array(record), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });

/** A tree of categories: each node with its children (absent on a leaf) and hasChildren. */
export function treeSchema(def: EntityDef) {
  const node: z.ZodType = rowSchema(def, { hasChildren: z.boolean(), children: z.array(z.lazy(() => node)).optional() });
  return z.array(node);
}

export interface LookupRouteDef<Q extends z.ZodType> {
  url: string;
  summary: string;
  tags: string[];
  requires: Requirement;
  query: Q;
  response: z.ZodType;
  /** The answer from the tenant's own tables. */
  local(user: AuthUser, query: z.output<Q>, req: FastifyRequest): Promise<unknown>;
}

export type LookupRouter = <Q extends z.ZodType>(def: LookupRouteDef<Q>) => void;

/** The router of the lookup calls: GET only (the lookups are read-only for users), answered through `provider`. */
export function lookupRouter(ctx: ModuleContext, provider: LookupProvider): LookupRouter {
  return (def) =>
    ctx.route({
      method: 'GET',
      url: def.url,
      summary: def.summary,
      tags: def.tags,
      requires: def.requires,
      query: def.query,
      response: def.response,
      handler: ({ user, query, req }) =>
        provider.answer(user, {
          path: req.url.split('?')[0] ?? def.url,
          query: query as Record<string, unknown>,
          local: () => def.local(user, query, req),
        }),
    });
}

/** The `{id}` of a detail path, or the 400 of a malformed one. */
export const pathId = (req: FastifyRequest) => parseOrFail(idField(), (req.params as { id?: unknown }).id);

/** Every live category of the caller's tenant (by `where`), as a tree in sort order. */
export async function categoryTree(ctx: ModuleContext, user: AuthUser, repo: EntityRepo, table: PgTable, where: SQL[] = []) {
  const rows = await ctx.database.db
    .select()
    .from(table)
    .where(and(...(await repo.scope(user)), ...where))
    .orderBy(asc(repo.column('sort')), asc(repo.column('id')));
  return buildTree(rows.map((r) => ({ ...(r as Record<string, unknown>), id: String(r.id), parentId: String(r.parentId) })));
}

/** The condition of an optional id filter on a column. */
export const idIs = (repo: EntityRepo, field: string, value: string | undefined) => (value ? [eq(repo.column(field), value)] : []);
