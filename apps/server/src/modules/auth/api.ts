/**
 * What other modules may use of the auth module: the claims a user's access token carries (API.md, the token
 * answer), the one rule shared by login and 以此身份查看 (system/view-as.ts), so both sessions see the same user.
 */
import { userDisplayName, type UserRow } from '../user/api.ts';

/** The claims of a user's tokens, in `roleRows` (their live roles) and `deptId` (switch mode may narrow both). */
export function tokenClaims(user: UserRow, roleRows: readonly { id: string; roleAlias: string | null }[], deptId: string, clientId: string) {
  return {
    tenant_id: user.tenantId,
    user_id: user.id,
    dept_id: deptId,
    post_id: user.postId,
    role_id: roleRows.map((r) => r.id).join(','),
    oauth_id: '',
    account: user.account,
    user_name: user.account,
    nick_name: userDisplayName(user),
    real_name: user.realName ?? '',
    role_name: roleRows.map((r) => r.roleAlias).join(','),
    avatar: user.avatar ?? '',
    client_id: clientId,
    detail: { type: 'web', ...(user.mustChangePassword ? { mustChangePassword: true } : {}) },
    license: 'powered by hjl',
    ...(user.mustChangePassword ? { must_change_password: true } : {}),
  };
}
