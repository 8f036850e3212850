/**
 * Signing in and out, the user's menus and permission codes, and keeping the token fresh. The session
 * itself (tokens, user, menus, permissions in localStorage) is in session.ts.
 */
import type { TokenAnswer } from '@hjl/core';
import { md5 } from 'js-md5';
import { useEffect, type ReactNode } from 'react';
import { ApiError, get, post, refreshSession, request, showSessionExpired } from './api';
import { settings } from './config';
import { queryClient } from './queryClient';
import {
  endSession,
  getSession,
  onSessionEnd,
  restoreStashedSession,
  saveAccess,
  saveTokens,
  stashSession,
  useSession,
  type ButtonNode,
  type MenuNode,
} from './session';
import { resetTabs } from './tabs';

export interface LoginForm {
  tenantId: string;
  username: string;
  /** As typed; sent as its lower-case md5 hex. */
  password: string;
  captchaKey: string;
  captchaCode: string;
}

/** Signs in with account, password and captcha (grant_type captcha), then loads menus and permissions. */
export async function login(form: LoginForm): Promise<void> {
  const answer = await request<TokenAnswer>('/api/blade-auth/oauth/token', {
    method: 'POST',
    params: {
      tenantId: form.tenantId,
      username: form.username,
      password: md5(form.password),
      grant_type: 'captcha',
      scope: 'all',
      type: 'account',
    },
    headers: { 'Tenant-Id': form.tenantId, 'Captcha-Key': form.captchaKey, 'Captcha-Code': form.captchaCode },
    raw: true,
    anonymous: true,
    noRefresh: true,
  });
  // A generated first password (a new tenant's administrator) must be changed before the session starts.
  if (answer.detail?.mustChangePassword) throw new PasswordChangeRequired(answer.access_token);
  resetTabs();
  queryClient.clear();
  saveTokens(answer);
  access = null;
  await ensureAccess();
}

/** The login succeeded with a password that must be changed first; `token` may only change it. */
export class PasswordChangeRequired extends Error {
  constructor(readonly token: string) {
    super('password change required');
  }
}

function flattenCodes(nodes: ButtonNode[], into: string[] = []): string[] {
  for (const node of nodes) {
    if (node.code) into.push(node.code);
    if (node.children) flattenCodes(node.children, into);
  }
  return into;
}

/** Fetches the user's menu tree and button codes into the session. */
async function loadAccess(): Promise<void> {
  const [menus, buttons] = await Promise.all([get<MenuNode[]>('/api/blade-system/menu/routes'), get<ButtonNode[]>('/api/blade-system/menu/buttons')]);
  saveAccess(menus ?? [], flattenCodes(buttons ?? []));
}

let access: Promise<void> | null = null;

/**
 * Loads menus and permissions once per page load and session (login does it; after a reload the layout
 * does, since grants may have changed). Concurrent callers share the call; a failure may be retried.
 */
export function ensureAccess(): Promise<void> {
  access ??= loadAccess().catch((e: unknown) => {
    access = null;
    throw e;
  });
  return access;
}

/**
 * Switch mode (用户信息选择): moves the session to another of the user's own departments and roles by refreshing
 * the token with Dept-Id / Role-Id, then reloads menus and permissions (they follow the role).
 */
export async function switchDeptRole(deptId: string, roleId: string): Promise<void> {
  const session = getSession();
  if (!session?.refreshToken) throw new ApiError(401, 'no session');
  const answer = await request<TokenAnswer>('/api/blade-auth/oauth/token', {
    method: 'POST',
    params: { grant_type: 'refresh_token', refresh_token: session.refreshToken, scope: 'all', tenantId: session.tenantId },
    headers: { 'Tenant-Id': session.tenantId, 'Dept-Id': deptId, 'Role-Id': roleId },
    raw: true,
    anonymous: true,
    noRefresh: true,
  });
  saveTokens(answer);
  access = null;
  await ensureAccess();
  // Lists and details answered under the old role or department are dropped; the open pages ask again.
  await queryClient.resetQueries();
}

/**
 * Ends the session at once and revokes its tokens on the server in the background: a slow or unreachable
 * server must not keep the user waiting at the logout button. The call is sent (with the token) before the
 * session is cleared; whatever the server answers, the session is over locally.
 */
export function logout(): void {
  request('/api/blade-auth/oauth/logout', { raw: true, noRefresh: true, silent: true }).catch(() => undefined);
  endSession();
}

const VIEW_AS_URL = '/api/blade-system/access-explain/view-as';

/**
 * 以此身份查看: the administrator's session is kept aside and a read-only session as `userId` takes its place —
 * their menus, permissions and lists (the server refuses its writes). No refresh token: it ends by `endViewAs`
 * or by its expiry.
 */
export async function startViewAs(userId: string): Promise<void> {
  const answer = await post<TokenAnswer>(VIEW_AS_URL, { userId });
  stashSession();
  resetTabs();
  queryClient.clear();
  saveTokens({ ...answer, refresh_token: '' });
  access = null;
  await ensureAccess();
}

/** Ends 以此身份查看 with one click: the server revokes the view's token and logs its end; the kept session returns. */
export async function endViewAs(): Promise<void> {
  await request(`${VIEW_AS_URL}/end`, { method: 'POST', noRefresh: true, silent: true }).catch(() => undefined);
  resetTabs();
  queryClient.clear();
  access = null;
  if (!restoreStashedSession()) return endSession();
  await ensureAccess();
}

// Whenever a session ends (logout, expiry, another browser tab), what belonged to it goes too.
onSessionEnd(() => {
  access = null;
  resetTabs();
  // The cached answers of one user must never be shown to the next user of this browser.
  queryClient.clear();
});

/** Whether the access token should be refreshed now: close to its expiry (by its issue time and life). */
export function tokenNeedsRefresh(tokenTime: number, expiresIn: number, now = Date.now()): boolean {
  if (!tokenTime || !expiresIn) return false;
  const life = expiresIn * 1000;
  const ahead = Math.min(settings.tokenRefreshAheadMs, life / 2);
  return now - tokenTime >= life - ahead;
}

/** Checks the token's age every 10 s and refreshes it before it expires, one refresh at a time. */
export function useTokenRefresher() {
  useEffect(() => {
    const timer = setInterval(() => {
      const session = getSession();
      if (!session || !tokenNeedsRefresh(session.tokenTime, session.expiresIn)) return;
      // A view-as session has no refresh token: near its end the administrator's own session comes back.
      if (session.user.viewer) return void endViewAs();
      refreshSession().catch((e: unknown) => {
        // Refused by the server: the session is over. A network failure is retried on the next tick.
        if (e instanceof ApiError && e.code !== 0) showSessionExpired();
      });
    }, settings.tokenCheckIntervalMs);
    return () => clearInterval(timer);
  }, []);
}

/** Whether the signed-in user holds a permission (button) code. */
export function usePermission(code: string): boolean {
  return useSession()?.permissions.has(code) ?? false;
}

function hasMenuCode(nodes: readonly MenuNode[], code: string): boolean {
  return nodes.some((n) => n.code === code || (n.children ? hasMenuCode(n.children, code) : false));
}

/**
 * A test of whether the user holds a code: a menu granted to the user's roles (the server's `view` check of an
 * entity's list and detail) or a button.
 */
export function useGranted(): (code: string) => boolean {
  const session = useSession();
  return (c: string) => (session ? session.permissions.has(c) || hasMenuCode(session.menus, c) : false);
}

/** Renders its children only when the user holds `code` (no code: always). */
export function Permit({ code, children }: { code: string | undefined; children: ReactNode }) {
  const granted = usePermission(code ?? '');
  return code === undefined || granted ? children : null;
}

export { useSession };
