/**
 * /api/blade-auth: the OAuth token call (password, captcha and refresh_token grants), captcha, logout,
 * user-info and clear-cache, as API.md describes them.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { type TokenAnswer, WEB_CLIENT_ID } from '@hjl/core';
import type { ModuleContext } from '../../platform/module.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { rolesOf, type SystemAccess } from '../system/api.ts';
import { authenticateClient, findClient, findTenant } from '../tenant/api.ts';
import {
  checkPassword,
  clearLoginFailures,
  findUser,
  findUserByAccount,
  hashPassword,
  isLocked,
  publicUser,
  recordLoginFailure,
  type UserRow,
  userIdOfOauth,
} from '../user/api.ts';
import { tokenClaims } from './api.ts';
import { checkCaptcha, issueCaptcha } from './captcha.ts';
import { isProviderGrant, LoginRefused, PROVIDER_GRANTS, type LoginProviders, type ProviderIdentity } from './providers.ts';
import { unknownLoginFailures } from './schema.ts';

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
  unbound: '第三方账号未绑定系统用户,请先注册',
  badTicket: '令牌不存在或已过期',
} as const;

const LOCK_MINUTES = 30;

/** The OAuth error answer (not wrapped). */
class GrantError extends Error {
  constructor(
    readonly description: string,
    readonly status = 400,
    readonly error = 'invalid_grant',
    /** More fields of the answer (the guest ticket of an unbound social login). */
    readonly extra: Record<string, string> = {},
  ) {
    super(description);
  }
}

/** A sliding one-minute window per key against password guessing; per instance. */
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

/** A bcrypt hash (of random bytes) no password matches: an unknown account costs the same time as a known one. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')));

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

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The login providers in force (social, SSO, phone; none by default) — an installation or a test sets them —
     * and the single-use login tickets a provider's redirect hands to the browser for `get-token/{id}`.
     */
    loginAuth: { providers: LoginProviders; loginTicket(tenantId: string, userId: string, clientId?: string): Promise<string> };
  }
}

export interface AuthOptions {
  /** Social, single sign-on and phone logins (none by default: those grants answer a clear 400). */
  providers?: LoginProviders;
}

export function registerAuth(ctx: ModuleContext & { systemAccess: SystemAccess }, options: AuthOptions = {}) {
  const { route, database, tokens, config, systemAccess, params, logs } = ctx;
  const db = database.db;
  const providers: LoginProviders = { ...options.providers };
  // TOKEN_RATE_LIMIT token calls a minute per address and account (many people behind one proxy share an
  // address), and ten times that per address whatever the accounts (one client trying many accounts).
  const allowPerAccount = rateLimiter(config.tokenRateLimit, 60_000);
  const allowPerAddress = rateLimiter(config.tokenRateLimit * 10, 60_000);

  async function issue(
    user: UserRow,
    client: { clientId: string; accessTokenValidity: number; refreshTokenValidity: number },
    deptId: string,
    roleId: string,
  ): Promise<TokenAnswer> {
    const roleIds = roleId.split(',').filter(Boolean);
    const roleRows = await rolesOf(db, user.tenantId, roleIds);
    if (!roleRows.length) throw new GrantError(AUTH_MSG.noRole);
    const claims = tokenClaims(user, roleRows, deptId, client.clientId);
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

  /** A single-use login ticket for `get-token/{id}` (a provider's redirect hands it to the browser; 60 seconds). */
  async function loginTicket(tenantId: string, userId: string, clientId = WEB_CLIENT_ID): Promise<string> {
    return (await tokens.sign({ purpose: 'login', tenant_id: tenantId, user_id: userId, client_id: clientId }, 60, 'ticket')).token;
  }

  async function tenantOk(tenantId: string) {
    const tenant = await findTenant(db, tenantId);
    if (!tenant) throw new GrantError(AUTH_MSG.tenantNotFound);
    if (tenant.expired) throw new GrantError(AUTH_MSG.tenantExpired);
  }

  /** Lock-out of an account that does not exist (or of a tenant that does not): counted as a user's own. */
  const unknownKey = (tenantId: string, account: string) => ({ tenantId: tenantId.slice(0, 64), account: account.toLowerCase().slice(0, 64) });
  async function unknownLocked(tenantId: string, account: string) {
    const k = unknownKey(tenantId, account);
    const [r] = await db
      .select({ locked: sql<boolean>`${unknownLoginFailures.lockUntil} IS NOT NULL AND ${unknownLoginFailures.lockUntil} > now()` })
      .from(unknownLoginFailures)
      .where(and(eq(unknownLoginFailures.tenantId, k.tenantId), eq(unknownLoginFailures.account, k.account)));
    return Boolean(r?.locked);
  }
  async function recordUnknownFailure(tenantId: string, account: string, limit: number) {
    const k = unknownKey(tenantId, account);
    const lock = (count: unknown) => sql`CASE WHEN ${count} >= ${limit} THEN now() + make_interval(mins => ${LOCK_MINUTES}) ELSE NULL END`;
    // An expired lock starts the count afresh, as for a known user.
    const next = sql`CASE WHEN ${unknownLoginFailures.lockUntil} IS NOT NULL AND ${unknownLoginFailures.lockUntil} <= now() THEN 1 ELSE ${unknownLoginFailures.failCount} + 1 END`;
    await db
      .insert(unknownLoginFailures)
      .values({ ...k, failCount: 1, lockUntil: lock(1), updateTime: sql`now()` })
      .onConflictDoUpdate({
        target: [unknownLoginFailures.tenantId, unknownLoginFailures.account],
        set: { failCount: next, lockUntil: lock(next), updateTime: sql`now()` },
      });
    if (Math.random() < 0.01) await db.delete(unknownLoginFailures).where(sql`${unknownLoginFailures.updateTime} < now() - interval '1 day'`);
  }
  const failLimit = async (tenantId: string, known: boolean) => Math.max(1, await params.getInt(known ? tenantId : '000000', 'account.failCount', 5));

  /**
   * The password and captcha grants. Every (tenant, account) pair is answered alike whether the tenant or the
   * account exists: the lock-out is checked first and counted for unknown pairs too, a wrong password answers
   * 用户名或密码错误 also on the attempt that reaches account.failCount (the lock-out text comes with the next
   * one), and an unknown account costs one bcrypt comparison like a known one.
   */
  async function passwordGrant(req: FastifyRequest, p: Record<string, string>, withCaptcha: boolean) {
    const tenantId = header(req, 'tenant-id') || String(p.tenantId ?? '');
    if (withCaptcha && !(await checkCaptcha(db, header(req, 'captcha-key'), header(req, 'captcha-code')))) throw new GrantError(AUTH_MSG.captcha);
    if (!tenantId) throw new GrantError(AUTH_MSG.tenantNotFound);
    const account = String(p.username ?? '');
    const password = String(p.password ?? '');
    const tenant = await findTenant(db, tenantId);
    const user = tenant && account ? await findUserByAccount(db, tenantId, account) : undefined;
    if (user ? await isLocked(db, user.id) : await unknownLocked(tenantId, account)) throw new GrantError(AUTH_MSG.locked);
    if (!tenant) {
      await recordUnknownFailure(tenantId, account, await failLimit(tenantId, false));
      throw new GrantError(AUTH_MSG.tenantNotFound);
    }
    if (tenant.expired) throw new GrantError(AUTH_MSG.tenantExpired);
    const matches = await checkPassword(password || '-', user?.password ?? (await dummy()));
    if (!user || !password || !matches) {
      const limit = await failLimit(tenantId, true);
      if (user) {
        if (user.lockUntil) await clearLoginFailures(db, user.id); // an earlier lock has run out: count afresh
        await recordLoginFailure(db, user.id, limit, LOCK_MINUTES);
      } else await recordUnknownFailure(tenantId, account, limit);
      throw new GrantError(AUTH_MSG.badCredentials);
    }
    if (user.failCount || user.lockUntil) await clearLoginFailures(db, user.id);
    return usable(user);
  }

  /** A user may receive tokens: not dimissioned, approved, with a role. */
  function usable(user: UserRow) {
    // status 2: the user has left the company (blade-user dimission)
    if (user.status !== 1) throw new GrantError(AUTH_MSG.disabled);
    if (!user.roleId || user.approvalStatus !== 1) throw new GrantError(AUTH_MSG.noRole);
    return user;
  }

  /** Social, single sign-on and phone logins: the provider says who it is (providers.ts). */
  async function providerGrant(req: FastifyRequest, p: Record<string, string>, grant: keyof typeof PROVIDER_GRANTS) {
    const entry = PROVIDER_GRANTS[grant];
    const provider = providers[entry.provider];
    if (!provider) throw new GrantError(entry.missing);
    const tenantId = header(req, 'tenant-id') || String(p.tenantId ?? '') || '000000';
    await tenantOk(tenantId);
    let identity: ProviderIdentity;
    try {
      identity = await provider.resolve(tenantId, p);
    } catch (e) {
      if (e instanceof LoginRefused) throw new GrantError(e.message);
      throw e;
    }
    let userId = identity.kind === 'user' ? identity.userId : undefined;
    if (identity.kind === 'oauth') {
      userId = await userIdOfOauth(db, tenantId, `${identity.source}:${identity.uuid}`);
      if (!userId) {
        // Unbound: the client offers the registration dialog; register-guest binds the account with this ticket.
        const ticket = await tokens.sign({ tenant_id: tenantId, oauth_uuid: `${identity.source}:${identity.uuid}`, name: identity.name ?? '' }, 1800, 'ticket');
        throw new GrantError(AUTH_MSG.unbound, 400, 'invalid_grant', { oauth_id: ticket.token, tenant_id: tenantId });
      }
    }
    const user = userId ? await findUser(db, tenantId, userId) : undefined;
    if (!user) throw new GrantError(AUTH_MSG.badCredentials);
    return usable(user);
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
      deptId: header(req, 'dept-id') && switched ? switched.deptId : String(claims.dept_id ?? user.deptId),
      roleId: header(req, 'role-id') && switched ? switched.roleId : String(claims.role_id ?? user.roleId),
    };
  }

  /** The token call: BladeX's `oauth/token` (and `oauth/token/refresh`, whose grant defaults to refresh_token). */
  async function token(req: FastifyRequest, reply: FastifyReply, defaultGrant?: string) {
    try {
      const p = { ...(req.query as Record<string, string>), ...((req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, string>) };
      const grant = String(p.grant_type ?? defaultGrant ?? '');
      const who =
        grant === 'refresh_token'
          ? `refresh:${crypto
              .createHash('sha256')
              .update(String(p.refresh_token ?? ''))
              .digest('hex')}`
          : String(p.username ?? '');
      const accountKey = `${req.ip}|${header(req, 'tenant-id') || String(p.tenantId ?? '')}|${who.toLowerCase()}`;
      if (!allowPerAddress(req.ip) || !allowPerAccount(accountKey)) throw new GrantError(AUTH_MSG.tooMany, 429, 'too_many_requests');
      const creds = basicCredentials(req);
      const client = creds && (await authenticateClient(db, creds[0], creds[1]));
      if (!client) throw new GrantError(AUTH_MSG.badClient, 401, 'invalid_client');
      // A login another service vouches for, and none is configured: say so before anything else.
      if (isProviderGrant(grant) && !providers[PROVIDER_GRANTS[grant].provider]) throw new GrantError(PROVIDER_GRANTS[grant].missing);
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
      } else if (isProviderGrant(grant)) {
        const user = await providerGrant(req, p, grant);
        answer = await issue(user, client, user.deptId, user.roleId);
        logs.usual(req, 'login', { account: user.account, tenantId: user.tenantId, result: 'success', grant });
      } else {
        throw new GrantError(AUTH_MSG.badGrant, 400, 'unsupported_grant_type');
      }
      return reply.code(200).header('cache-control', 'no-store').send(answer);
    } catch (e) {
      if (!(e instanceof GrantError)) throw e;
      return reply.code(e.status).send({ error_code: e.status, error: e.error, error_description: e.description, ...e.extra });
    }
  }

  for (const url of ['/api/blade-auth/oauth/token', '/api/blade-auth/token']) {
    route({ method: 'POST', url, summary: '获取令牌', tags: ['auth'], requires: 'public', raw: true, handler: ({ req, reply }) => token(req, reply) });
  }
  // Spec 1 section 7: the refresh call of the web app (grant_type refresh_token unless another is named).
  route({
    method: 'POST',
    url: '/api/blade-auth/oauth/token/refresh',
    summary: '刷新令牌',
    tags: ['auth'],
    requires: 'public',
    raw: true,
    handler: ({ req, reply }) => token(req, reply, 'refresh_token'),
  });

  /**
   * `GET get-token/{id}` (spec 2 section 7; called without the client credential): a login ticket handed out by
   * a provider's redirect (SSO, social) is exchanged, once, for the token answer of the web client.
   */
  route({
    method: 'GET',
    url: '/api/blade-auth/get-token/:id',
    summary: '用登录票据换取令牌',
    tags: ['auth'],
    requires: 'public',
    raw: true,
    handler: async ({ req, reply }) => {
      try {
        const id = String((req.params as { id?: string }).id ?? '');
        let claims;
        try {
          claims = await tokens.verify(id, 'ticket');
        } catch {
          throw new GrantError(AUTH_MSG.badTicket);
        }
        if (claims.purpose !== 'login') throw new GrantError(AUTH_MSG.badTicket);
        await tokens.revoke(claims.jti, claims.exp); // single use
        const tenantId = String(claims.tenant_id);
        await tenantOk(tenantId);
        const user = await findUser(db, tenantId, String(claims.user_id));
        if (!user) throw new GrantError(AUTH_MSG.badTicket);
        const client = await findClient(db, String(claims.client_id ?? WEB_CLIENT_ID));
        if (!client) throw new GrantError(AUTH_MSG.badClient, 401, 'invalid_client');
        const answer = await issue(usable(user), client, user.deptId, user.roleId);
        return reply.code(200).header('cache-control', 'no-store').send(answer);
      } catch (e) {
        if (!(e instanceof GrantError)) throw e;
        return reply.code(e.status).send({ error_code: e.status, error: e.error, error_description: e.description });
      }
    },
  });

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

  ctx.app.decorate('loginAuth', { providers, loginTicket });
  return { loginTicket };
}
