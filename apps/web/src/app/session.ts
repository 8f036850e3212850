/**
 * The signed-in session: tokens, the user, their menus and permission codes, kept in localStorage (so every
 * browser tab shares them) and mirrored in memory as an immutable snapshot for React.
 *
 * This module does no network calls; the API client (api.ts) and the auth module (auth.tsx) build on it.
 */
import type { TokenAnswer } from '@hjl/core';
import { useSyncExternalStore } from 'react';
import { KEYS, storage } from './storage';

/** The user as the token answer describes them (everything but the tokens). */
export type UserInfo = Omit<TokenAnswer, 'access_token' | 'refresh_token' | 'token_type' | 'expires_in' | 'scope'>;

/** A node of GET /api/blade-system/menu/routes. */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias?: string;
  path: string;
  /** Icon: the name of an @ant-design/icons component such as `SettingOutlined`, or empty. */
  source?: string;
  sort?: number;
  category?: number;
  action?: number;
  /** 2: opens in a new browser window. */
  isOpen?: number;
  children?: MenuNode[];
}

/** A node of GET /api/blade-system/menu/buttons. */
export interface ButtonNode {
  code: string;
  children?: ButtonNode[];
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  /** When the tokens were issued, ms since epoch. */
  tokenTime: number;
  /** Life of the access token in seconds. */
  expiresIn: number;
  tenantId: string;
  user: UserInfo;
  menus: MenuNode[];
  permissions: ReadonlySet<string>;
}

type Listener = () => void;
const listeners = new Set<Listener>();
const endListeners = new Set<Listener>();

function read(): Session | null {
  const accessToken = storage.get<string>(KEYS.accessToken);
  const user = storage.get<UserInfo>(KEYS.userInfo);
  if (!accessToken || !user) return null;
  return {
    accessToken,
    refreshToken: storage.get<string>(KEYS.refreshToken) ?? '',
    tokenTime: storage.get<number>(KEYS.tokenTime) ?? 0,
    expiresIn: storage.get<number>(KEYS.expiresIn) ?? 0,
    tenantId: storage.get<string>(KEYS.tenantId) ?? user.tenant_id,
    user,
    menus: storage.get<MenuNode[]>(KEYS.menu) ?? [],
    permissions: new Set(storage.get<string[]>(KEYS.permission) ?? []),
  };
}

const SESSION_KEYS = [KEYS.accessToken, KEYS.refreshToken, KEYS.tokenTime, KEYS.expiresIn, KEYS.userInfo, KEYS.menu, KEYS.permission];

let snapshot: Session | null = read();

function changed() {
  snapshot = read();
  for (const listener of listeners) listener();
}

// Another browser tab signed in, refreshed the token or signed out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || SESSION_KEYS.some((key) => storage.key(key) === e.key)) {
      const wasIn = snapshot !== null;
      changed();
      if (wasIn && !snapshot) for (const listener of endListeners) listener();
    }
  });
}

export function getSession(): Session | null {
  return snapshot;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called when the session ends (logout, expiry, another tab signing out): other stores clear themselves. */
export function onSessionEnd(listener: Listener): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Stores the tokens of a login or refresh answer. */
export function saveTokens(answer: TokenAnswer, now = Date.now()) {
  const user: Partial<TokenAnswer> = { ...answer };
  for (const key of ['access_token', 'refresh_token', 'token_type', 'expires_in', 'scope'] as const) delete user[key];
  storage.set(KEYS.accessToken, answer.access_token);
  storage.set(KEYS.refreshToken, answer.refresh_token);
  storage.set(KEYS.tokenTime, now);
  storage.set(KEYS.expiresIn, answer.expires_in);
  storage.set(KEYS.tenantId, answer.tenant_id);
  storage.set(KEYS.userInfo, user);
  changed();
}

export function saveAccess(menus: MenuNode[], permissions: string[]) {
  storage.set(KEYS.menu, menus);
  storage.set(KEYS.permission, permissions);
  changed();
}

/**
 * 以此身份查看: keeps the signed-in session aside (its stored values) before the view-as session replaces it, so
 * that ending the view brings the administrator back without signing in again.
 */
export function stashSession() {
  storage.set(KEYS.viewAsReturn, Object.fromEntries(SESSION_KEYS.map((key) => [key, storage.get(key) ?? null])));
}

/** Puts the session kept by `stashSession` back; false when none was kept. */
export function restoreStashedSession(): boolean {
  const kept = storage.get<Record<string, unknown>>(KEYS.viewAsReturn);
  if (!kept) return false;
  for (const key of SESSION_KEYS) {
    if (kept[key] === null || kept[key] === undefined) storage.remove(key);
    else storage.set(key, kept[key]);
  }
  storage.remove(KEYS.viewAsReturn);
  changed();
  return true;
}

/** Forgets the session (tokens, user, menus, permissions) and tells the stores that depend on it. */
export function endSession() {
  const wasIn = snapshot !== null;
  storage.remove(...SESSION_KEYS, KEYS.viewAsReturn);
  changed();
  if (wasIn) for (const listener of endListeners) listener();
}

/** The tenant last signed in to (kept after logout so the login form can offer it). */
export function lastTenantId(): string | undefined {
  return storage.get<string>(KEYS.tenantId);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
