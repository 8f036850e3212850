/**
 * /api/blade-auth: the OAuth token call (password, captcha and refresh_token grants), captcha, logout,
 * user-info and clear-cache, as API.md describes them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type TokenAnswer } from '@hjl/core';
import type { ModuleContext } from '../../platform/module.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { SystemAccess } from '../system/access.ts';
import { authenticateClient, findTenant, rolesOf } from '../system/service.ts';
import { checkPassword, clearLoginFailures, findUser, findUserByAccount, isLocked, publicUser, recordLoginFailure, type UserRow } from '../user/service.ts';
import { checkCaptcha, issueCaptcha } from './captcha.ts';

export const AUTH_MSG = {
  captcha: '验证码不正确',
  tenantNotFound: '租户ID未找到',
  noTenant: '未获得用户的租户信息',
  tenantExpired: '租户授权已过期,请联系管理员',
  locked: '登录错误次数过多,请稍后再试',
  badCredentials: '用户名或密码错误',
  noRole: '未获得用户的角色信息',
  badClient: '客户端认证失败',
  badGrant: '不支持的授权类型',
  badRefresh: '刷新令牌无效或已过期',
  badDept: '所选部门不属于当前用户',
  badRole: '所选角色不属于当前用户',
  tooMany: '请求过于频繁,请稍后再试',
  disabled: '账号已停用,请联系管理员',
} as const;

const LOCK_MINUTES = 30;

/** The OAuth error answer (not wrapped). */
class GrantError extends Error {
  constructor(
    readonly description: string,
    readonly status = 400,
    readonly error = 'invalid_grant',
  ) {
    super(description);
  }
}

/** A small per-address window on the token call against password guessing; per instance. */
function rateLimiter(limit: number, windowMs: number) {
  const hits = new Map<string, number[]>();
  return (key: string) => {
    const now = Date.now();
    const recent = (hits.get(key) ?? []).filter((t) => now - t < windowMs);
    recent.push(now);
    hits.set(key, recent);
    if (hits.size > 10_000) hits.clear();
    return recent.length <= limit;
  };
}

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
};

function basicCredentials(req: FastifyRequest): [string, string] | undefined {
  const h = header(req, 'authorization');
  if (!/^basic /i.test(h)) return undefined;
  const decoded = Buffer.from(h.slice(6).trim(), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i > 0 ? [decoded.slice(0, i), decoded.slice(i + 1)] : undefined;
}

export function registerAuth(ctx: ModuleContext & { systemAccess: SystemAccess }) {
  const { route, database, tokens, config, systemAccess, params, logs } = ctx;
  const db = database.db;
  const allowTokenCall = rateLimiter(config.tokenRateLimit, 60_000);

  async function issue(
    user: UserRow,
    client: { clientId: string; accessTokenValidity: number; refreshTokenValidity: number },
    deptId: string,
    roleId: string,
  ): Promise<TokenAnswer> {
    const roleIds = roleId.split(',').filter(Boolean);
    const roleRows = await rolesOf(db, user.tenantId, roleIds);
    if (!roleRows.length) throw new GrantError(AUTH_MSG.noRole);
    const claims = {
      tenant_id: user.tenantId,
      user_id: user.id,
      dept_id: deptId,
      post_id: user.postId,
      role_id: roleRows.map((r) => r.id).join(','),
      oauth_id: '',
      account: user.account,
      user_name: user.account,
      nick_name: user.realName ?? user.name ?? user.account,
      real_name: user.realName ?? '',
      role_name: roleRows.map((r) => r.roleAlias).join(','),
      avatar: user.avatar ?? '',
      client_id: client.clientId,
      detail: { type: 'web' },
      license: 'powered by hjl',
    };
    const refresh = await tokens.sign(claims, client.refreshTokenValidity, 'refresh');
    // The access token names its refresh token, so logout can revoke both.
    const refreshExp = Math.floor(Date.now() / 1000) + client.refreshTokenValidity;
    const access = await tokens.sign({ ...claims, refresh_jti: refresh.jti, refresh_exp: refreshExp }, client.accessTokenValidity, 'access');
    return {
      access_token: access.token,
      token_type: 'bearer',
      refresh_token: refresh.token,
      expires_in: client.accessTokenValidity,
      scope: 'all',
      jti: access.jti,
      ...claims,
    };
  }

  /** Switch mode: the Dept-Id / Role-Id headers narrow the token to one of the user's own depts / roles. */
  function narrowed(req: FastifyRequest, user: UserRow): { deptId: string; roleId: string } {
    const own = (list: string) => list.split(',').filter(Boolean);
    const dept = header(req, 'dept-id');
    const role = header(req, 'role-id');
    if (dept && !own(user.deptId).includes(dept)) throw new GrantError(AUTH_MSG.badDept);
    if (role && !own(user.roleId).includes(role)) throw new GrantError(AUTH_MSG.badRole);
    return { deptId: dept || user.deptId, roleId: role || user.roleId };
  }

  async function tenantOk(tenantId: string) {
    const tenant = await findTenant(db, tenantId);
    if (!tenant) throw new GrantError(AUTH_MSG.tenantNotFound);
    if (tenant.expired) throw new GrantError(AUTH_MSG.tenantExpired);
  }

  async function passwordGrant(req: FastifyRequest, p: Record<string, string>, withCaptcha: boolean) {
    const tenantId = header(req, 'tenant-id') || p.tenantId || '';
    if (withCaptcha && !(await checkCaptcha(db, header(req, 'captcha-key'), header(req, 'captcha-code')))) throw new GrantError(AUTH_MSG.captcha);
    if (!tenantId) throw new GrantError(AUTH_MSG.tenantNotFound);
    await tenantOk(tenantId);
    const account = p.username ?? '';
    const user = account ? await findUserByAccount(db, tenantId, account) : undefined;
    if (!user || !p.password) throw new GrantError(AUTH_MSG.badCredentials);
    if (await isLocked(db, user.id)) throw new GrantError(AUTH_MSG.locked);
    if (!(await checkPassword(p.password, user.password))) {
      const limit = Math.max(1, await params.getInt(tenantId, 'account.failCount', 5));
      if (user.lockUntil) await clearLoginFailures(db, user.id); // an earlier lock has run out: count afresh
      const locked = await recordLoginFailure(db, user.id, limit, LOCK_MINUTES);
      throw new GrantError(locked ? AUTH_MSG.locked : AUTH_MSG.badCredentials);
    }
    if (user.failCount || user.lockUntil) await clearLoginFailures(db, user.id);
    // status 2: the user has left the company (blade-user dimission)
    if (user.status !== 1) throw new GrantError(AUTH_MSG.disabled);
    if (!user.roleId || user.approvalStatus !== 1) throw new GrantError(AUTH_MSG.noRole);
    return user;
  }

  async function refreshGrant(req: FastifyRequest, p: Record<string, string>) {
    let claims;
    try {
      claims = await tokens.verify(p.refresh_token ?? '', 'refresh');
    } catch {
      throw new GrantError(AUTH_MSG.badRefresh);
    }
    const tenantId = String(claims.tenant_id);
    const asked = header(req, 'tenant-id') || p.tenantId;
    if (asked && asked !== tenantId) throw new GrantError(AUTH_MSG.badRefresh);
    await tenantOk(tenantId);
    const user = await findUser(db, tenantId, String(claims.user_id));
    if (!user || !user.roleId || user.approvalStatus !== 1 || user.status !== 1) throw new GrantError(AUTH_MSG.badRefresh);
    // Switch mode: a refresh with Dept-Id / Role-Id moves the session to another of the user's own depts / roles.
    const switched = header(req, 'dept-id') || header(req, 'role-id') ? narrowed(req, user) : undefined;
    await tokens.revoke(claims.jti, claims.exp); // refresh tokens are single use
    return {
      user,
      deptId: header(req, 'dept-id') ? switched!.deptId : String(claims.dept_id ?? user.deptId),
      roleId: header(req, 'role-id') ? switched!.roleId : String(claims.role_id ?? user.roleId),
    };
  }

  async function token(req: FastifyRequest, reply: FastifyReply) {
    try {
      if (!allowTokenCall(req.ip)) throw new GrantError(AUTH_MSG.tooMany, 429, 'too_many_requests');
      const creds = basicCredentials(req);
      const client = creds && (await authenticateClient(db, creds[0], creds[1]));
      if (!client) throw new GrantError(AUTH_MSG.badClient, 401, 'invalid_client');
      const p = { ...(req.query as Record<string, string>), ...((req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, string>) };
      const grant = String(p.grant_type ?? '');
      if (
        !client.authorizedGrantTypes
          .split(',')
          .map((s) => s.trim())
          .includes(grant)
      )
        throw new GrantError(AUTH_MSG.badGrant, 400, 'unsupported_grant_type');
      let answer: TokenAnswer;
      if (grant === 'password' || grant === 'captcha') {
        const user = await passwordGrant(req, p, grant === 'captcha');
        const n = narrowed(req, user);
        answer = await issue(user, client, n.deptId, n.roleId);
        logs.usual(req, 'login', { account: user.account, tenantId: user.tenantId, result: 'success' });
      } else if (grant === 'refresh_token') {
        const r = await refreshGrant(req, p);
        answer = await issue(r.user, client, r.deptId, r.roleId);
      } else {
        throw new GrantError(AUTH_MSG.badGrant, 400, 'unsupported_grant_type');
      }
      return reply.code(200).header('cache-control', 'no-store').send(answer);
    } catch (e) {
      if (!(e instanceof GrantError)) throw e;
      return reply.code(e.status).send({ error_code: e.status, error: e.error, error_description: e.description });
    }
  }

  for (const url of ['/api/blade-auth/oauth/token', '/api/blade-auth/token']) {
    route({ method: 'POST', url, summary: '获取令牌', tags: ['auth'], requires: 'public', raw: true, handler: ({ req, reply }) => token(req, reply) });
  }

  route({
    method: 'GET',
    url: '/api/blade-auth/oauth/captcha',
    summary: '获取验证码',
    tags: ['auth'],
    requires: 'public',
    raw: true,
    handler: async ({ reply }) => {
      const { key, image, code } = await issueCaptcha(db);
      // The expected answer is only ever revealed when the test switch is explicitly enabled.
      return reply.header('cache-control', 'no-store').send(config.captchaTestMode ? { key, image, testCode: code } : { key, image });
    },
  });

  for (const method of ['GET', 'POST'] as const) {
    route({
      method,
      url: '/api/blade-auth/oauth/logout',
      summary: '退出登录',
      tags: ['auth'],
      requires: 'public',
      raw: true,
      handler: async ({ req, reply }) => {
        if (req.user) {
          await tokens.revoke(req.user.jti, req.user.exp);
          if (req.user.refresh) await tokens.revoke(req.user.refresh.jti, req.user.refresh.exp);
          logs.usual(req, 'logout', { account: req.user.account });
        }
        return reply.send({ success: 'true', msg: 'success' });
      },
    });
  }

  route({
    method: 'GET',
    url: '/api/blade-auth/oauth/user-info',
    summary: '当前用户信息',
    tags: ['auth'],
    requires: 'user',
    handler: async ({ user }) => {
      const row = await findUser(db, user.tenantId, user.userId);
      if (!row) throw new ApiError(401, '请求未授权');
      return { ...publicUser(row), roleName: user.roleAliases.join(','), userName: row.account, tenantId: row.tenantId, userId: row.id };
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-auth/oauth/clear-cache',
    summary: '清除缓存',
    tags: ['auth'],
    requires: 'user',
    handler: async () => {
      systemAccess.invalidate();
    },
  });
}
