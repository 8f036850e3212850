/**
 * `/api/blade-system/search/<kind>`: the pickers of the workflow designer (assignee by role, dept or post), as
 * BladeX's SearchController answers them — a page of the caller's tenant's records, searched by name. Any
 * logged-in user (designers and approvers pick from them); never another tenant's. Each module registers the
 * kinds of its own tables (org: dept, post; system: role).
 */
import { and, asc, count, eq, like, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { page } from '../http/envelope.ts';
import { likePattern } from '../http/params.ts';
import type { Router } from '../http/route.ts';

const pageQuery = z.looseObject({
  current: z
    .string()
    .regex(/^\d{1,9}$/, 'current必须是正整数')
    .optional(),
  size: z
    .string()
    .regex(/^\d{1,9}$/, 'size必须是正整数')
    .optional(),
  roleName: z.string().max(100).optional(),
  deptName: z.string().max(100).optional(),
  postName: z.string().max(100).optional(),
});

export interface Searchable {
  table: PgTable & { tenantId: PgColumn; isDeleted: PgColumn; id: PgColumn; sort: PgColumn };
  name: PgColumn;
  param: 'roleName' | 'deptName' | 'postName';
  columns: Record<string, PgColumn>;
  label: string;
}

export function registerNameSearch(route: Router, db: Db, kind: string, k: Searchable) {
  route({
    method: 'GET',
    url: `/api/blade-system/search/${kind}`,
    summary: `${k.label}选择(流程设计)`,
    tags: ['流程设计选择'],
    requires: 'user',
    query: pageQuery,
    handler: async ({ user, query }) => {
      const current = Math.max(1, Number(query.current ?? 1));
      const size = Math.min(Math.max(1, Number(query.size ?? 10)), 1000);
      const text = query[k.param];
      const where: SQL[] = [eq(k.table.tenantId, user.tenantId), eq(k.table.isDeleted, 0), ...(text ? [like(k.name, likePattern(text))] : [])];
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(k.table)
        .where(and(...where));
      const records = await db
        .select(k.columns)
        .from(k.table)
        .where(and(...where))
        .orderBy(asc(k.table.sort), asc(k.table.id))
        .limit(size)
        .offset((current - 1) * size);
      return page(records, Number(n), current, size);
    },
  });
}
