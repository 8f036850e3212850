/**
 * 以此身份查看 (view as): an administrator opens a read-only session as a user of their tenant, to see exactly
 * their menus, lists and totals. The session is an access token with that user's claims (the same as their login,
 * explain.ts `subjectOf`) that also names the administrator (`view_as_by`, AuthUser.viewAs); the router refuses
 * every write of it (platform/http/route.ts, VIEW_AS_READ_ONLY) but its end. Start and end are written to the
 * usual log (blade_log_usual: view-as-start / view-as-end, who viewed as whom).
 */
import { z } from 'zod';
import { isAdministrator } from '../../platform/auth/user.ts';
import { fail, forbidden } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { VIEW_AS_END_ROUTES } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { EXPLAIN_API, subjectOf, VIEW_AS_CODE } from './explain.ts';

/** How long a view-as session lasts at most: one hour, with no refresh token. */
const VIEW_AS_SECONDS = 3600;
const VIEW_AS_END = `${EXPLAIN_API}/view-as/end`;
if (!VIEW_AS_END_ROUTES.has(VIEW_AS_END)) throw new Error(`the router must let ${VIEW_AS_END} through a view-as session`);

export const VIEW_AS_MSG = {
  self: '不能以自己的身份查看',
  disabled: '该用户已停用,不能以其身份查看',
  noRole: '该用户没有有效角色,不能以其身份查看',
  notViewing: '当前没有以其他用户的身份查看',
} as const;

export function registerViewAs(ctx: ModuleContext) {
  const { route, database, tokens, logs } = ctx;
  const db = database.db;
  const tags = ['权限解释'];

  route({
    method: 'POST',
    url: `${EXPLAIN_API}/view-as`,
    summary: '以此用户的身份查看(只读)',
    tags,
    requires: { code: VIEW_AS_CODE },
    body: z.object({ userId: idField() }),
    handler: async ({ req, user, body }) => {
      // Only an administrator sees the product as someone else, whatever role the code was granted to.
      if (!isAdministrator(user)) throw forbidden();
      if (body.userId === user.userId) throw fail(VIEW_AS_MSG.self);
      const s = await subjectOf(db, user, body.userId);
      if (s.row.status !== 1) throw fail(VIEW_AS_MSG.disabled);
      if (!s.roleRows.length) throw fail(VIEW_AS_MSG.noRole);
      const viewer = { userId: user.userId, account: user.account, name: user.realName || user.account };
      const { token, jti } = await tokens.sign(
        { ...s.claims, view_as_by: viewer.userId, view_as_by_account: viewer.account, view_as_by_name: viewer.name },
        VIEW_AS_SECONDS,
        'access',
      );
      logs.usual(req, 'view-as-start', {
        viewer,
        viewed: { userId: s.row.id, account: s.row.account, name: s.claims.nick_name },
        tenantId: user.tenantId,
        jti,
      });
      return { access_token: token, token_type: 'bearer', expires_in: VIEW_AS_SECONDS, jti, ...s.claims, viewer };
    },
  });

  route({
    method: 'POST',
    url: VIEW_AS_END,
    summary: '退出以他人身份查看',
    tags,
    requires: 'user',
    handler: async ({ req, user }) => {
      if (!user.viewAs) throw fail(VIEW_AS_MSG.notViewing);
      await tokens.revoke(user.jti, user.exp);
      logs.usual(req, 'view-as-end', {
        viewer: user.viewAs,
        viewed: { userId: user.userId, account: user.account, name: user.realName || user.account },
        tenantId: user.tenantId,
        jti: user.jti,
      });
    },
  });
}
