/**
 * Settings of the web app: what the server injects into index.html and the constants of the specs.
 */
import { DEFAULT_TENANT_ID } from '@hjl/core';

/** Injected by the server into index.html: `<script>window.__APP_CONFIG__={"clientBasic":"..."}</script>`. */
export interface AppConfig {
  /** base64(clientId:clientSecret) of the web client, sent as `Authorization: Basic ...`. */
  clientBasic: string;
  /** Switch mode: the department/role switch is offered (server setting SWITCH_MODE=on). */
  switchMode: boolean;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

/**
 * The client credential. The server injects it into the page it serves; under `vite` (development) the
 * page comes from Vite, so `VITE_CLIENT_BASIC` in apps/web/.env.local stands in.
 */
export function clientBasic(): string {
  return window.__APP_CONFIG__?.clientBasic ?? (import.meta.env.VITE_CLIENT_BASIC as string | undefined) ?? '';
}

/**
 * Switch mode (spec 1 section 9, off by default): the top bar offers the department/role switch (用户信息选择),
 * which refreshes the token with Dept-Id / Role-Id. The server turns it on with SWITCH_MODE=on.
 */
export function switchMode(): boolean {
  return window.__APP_CONFIG__?.switchMode === true || import.meta.env.VITE_SWITCH_MODE === 'on';
}

export const settings = {
  /** Tenant mode is on: the login form asks for the tenant id (spec 1 section 9). */
  tenantMode: true,
  defaultTenantId: DEFAULT_TENANT_ID,
  /** Prefix of every key the app keeps in localStorage (spec 1 section 9: saber-access-token ...). */
  storagePrefix: 'saber-',
  /** Request timeout (spec 2 section 9). */
  requestTimeoutMs: 120_000,
  /** How often the token's age is checked (spec 2 section 4). */
  tokenCheckIntervalMs: 10_000,
  /** Refresh the access token this long before it expires (at most half its life). */
  tokenRefreshAheadMs: 5 * 60_000,
  /** Pages kept alive (state preserved) while their tab is hidden; older ones unmount. */
  maxKeptTabs: 10,
  homePath: '/wel/index',
  /** Version of the web app (package.json, set at build time), recorded with uncaught UI errors. */
  appVersion: (import.meta.env.VITE_APP_VERSION as string | undefined) ?? 'dev',
  /** Largest number of uncaught UI errors kept in the browser; the top-bar badge shows at most 99. */
  maxErrorLog: 200,
  errorBadgeMax: 99,
  /** The user manual (a PDF the product serves). */
  manualUrl: '/manual/user-manual.pdf',
  /** Detail pages that open without a tab of their own (spec 2 section 2). */
  noTabPaths: ['/marketing/hjlCustomersDetail/', '/finance/hjlFilialeDetail/', '/hjlArchives/hjlArchivesDetail/'],
  loginPath: '/login',
} as const;
