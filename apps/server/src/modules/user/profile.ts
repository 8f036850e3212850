/** The personal profile (/info/index): one's own info and password. Any logged-in user; only themself. */
import { PASSWORD_RULE } from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import { fail } from '../../platform/http/errors.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { passwordBody, profileBody } from './schemas.ts';
import { users } from './schema.ts';
import { checkPassword, hashPassword } from './service.ts';

export function registerProfile(ctx: ModuleContext) {
  const { route } = ctx;
  const db = ctx.database.db;
  const tags = ['个人中心'];
  const own = (user: AuthUser) => and(eq(users.id, user.userId), eq(users.tenantId, user.tenantId), eq(users.isDeleted, 0));

  route({
    method: 'POST',
    url: '/api/blade-user/update-info',
    summary: '修改个人信息(账号不可改)',
    tags,
    requires: 'user',
    body: profileBody,
    handler: async ({ user, body }) => {
      const done = await db
        .update(users)
        .set({ ...body, updateUser: user.userId, updateTime: sql`now()` })
        .where(own(user))
        .returning({ id: users.id });
      if (!done.length) throw fail('数据不存在或已被删除');
    },
  });

  route({
    method: 'POST',
    url: '/api/blade-user/update-password',
    summary: '修改密码',
    tags,
    requires: 'user',
    handler: async ({ user, req }) => {
      // The Saber client sends the three passwords as query parameters; a JSON or form body is read as well.
      const body = parseOrFail(passwordBody, { ...(req.query as object), ...(req.body && typeof req.body === 'object' ? req.body : {}) });
      const [u] = await db.select({ password: users.password }).from(users).where(own(user));
      if (!u) throw fail('数据不存在或已被删除');
      if (!(await checkPassword(body.oldPassword, u.password))) throw fail(PASSWORD_RULE.wrongOld);
      await db
        .update(users)
        .set({ password: await hashPassword(body.newPassword), mustChangePassword: 0, updateUser: user.userId, updateTime: sql`now()` })
        .where(own(user));
      ctx.logs.usual(req, 'update-password', { account: user.account });
    },
  });
}
