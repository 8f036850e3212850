/** Posts (/api/blade-system/post): a plain entity, plus `select` for pickers. */
import { postEntity } from '@hjl/core';
import { and, asc } from 'drizzle-orm';
import { z } from 'zod';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { posts } from './schema.ts';
import { actingIn } from '../../platform/auth/user.ts';
import { optionalTenant } from '../../platform/http/params.ts';
import { dictValues } from '../dict/api.ts';

export function registerPost(ctx: ModuleContext) {
  const { route, database } = ctx;
  const repo = ctx.repo(postEntity, posts);

  registerEntityRoutes(route, repo, ctx.access, {
    async beforeWrite(_user, data) {
      if (data.category != null && !(await dictValues(database.db, 'post_category')).has(String(data.category))) throw fail('请选择正确的岗位类型');
    },
    // BladeX's PostVO: the category's label beside its key.
    async decorateRows(_user, rows) {
      const names = await dictValues(database.db, 'post_category');
      return rows.map((r) => ({ ...r, categoryName: names.get(String(r.category)) ?? '' }));
    },
    async decorate(_user, row) {
      return { ...row, categoryName: (await dictValues(database.db, 'post_category')).get(String(row.category)) ?? '' };
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/post/select',
    summary: '岗位下拉数据',
    tags: [postEntity.label.zh],
    requires: 'user',
    query: z.object({ tenantId: optionalTenant }),
    handler: async ({ user, query }) =>
      database.db
        .select({ id: posts.id, tenantId: posts.tenantId, category: posts.category, postCode: posts.postCode, postName: posts.postName, sort: posts.sort })
        .from(posts)
        .where(and(...(await repo.scope(actingIn(user, query.tenantId)))))
        .orderBy(asc(posts.sort), asc(posts.id)),
  });
}
