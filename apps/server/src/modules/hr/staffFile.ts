/**
 * 员工档案 (bladeUser, /api/business/bladeUser; S2 L451): one per person. A staff member whose data scope is 本人档案
 * changes only the contact fields of their own (STAFF_SELF_FIELDS). `GET detail` answers by the file's `id` or by the
 * person's `userId` (BUSINESS.md WP6): a person who has no file yet gets an empty one to fill (`userId` and the name,
 * no `id`); someone else's person outside the caller's data scope, or no such person, is not found.
 */
import { HR_MSG, STAFF_SELF_FIELDS, staffFileEntity } from '@hjl/core';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { personHooks, same, type HrShared } from './context.ts';
import { staffFiles } from './schema.ts';

export function registerStaffFiles(s: HrShared) {
  const { ctx } = s;
  // `detail` is this file's own (by id or person), the rest the definition's.
  const repo = ctx.repo({ ...staffFileEntity, routes: staffFileEntity.routes.filter((r) => r !== 'detail') }, staffFiles);
  const hooks = personHooks(s, repo, staffFiles, {
    check(_user, data, current, self) {
      if (!self) return;
      const own = new Set<string>(STAFF_SELF_FIELDS);
      for (const [k, v] of Object.entries(data)) if (!own.has(k) && k !== 'userId' && !same(v, current?.[k])) throw fail(HR_MSG.onlyContact);
    },
  });
  registerEntityRoutes(ctx.route, repo, ctx.access, hooks);

  ctx.route({
    method: 'GET',
    url: `${staffFileEntity.api}/detail`,
    summary: '员工档案详情(按id或员工)',
    tags: [staffFileEntity.label.zh],
    requires: { code: staffFileEntity.name },
    query: z.object({ id: idField().optional(), userId: idField().optional() }),
    handler: async ({ user, query }) => {
      if (!query.id && !query.userId) throw fail(HR_MSG.idOrUser);
      const where = query.id ? eq(staffFiles.id, query.id) : eq(staffFiles.userId, query.userId);
      const [row] = await ctx.database.db
        .select()
        .from(staffFiles)
        .where(and(where, ...(await repo.scope(user))))
        .limit(1);
      if (row) {
        const [named] = await repo.withNames(user, [row]);
        return named ?? row;
      }
      if (query.id || !query.userId) throw notFound();
      // No file yet: an empty one for a person of the caller's tenant whom the caller may see.
      if ((await s.selfOnly(user, staffFileEntity, staffFiles)) && query.userId !== user.userId) throw notFound();
      const names = await ctx.refs.resolver('user').names(user.tenantId, [query.userId]);
      const userName = names.get(query.userId);
      if (!userName) throw notFound();
      return { userId: query.userId, userName };
    },
  });
  return repo;
}
